/**
 * The New puzzle dialog's words about a difficulty: what a choice of difficulty (a level, or
 * a range of ER on the Sudoku Explainer scale) and "minimal" means for the puzzle made
 * (difficultyHelp), and the generator's progress with the time it has left (progressWords).
 *
 * The claims are the measured ones (docs/generator.md, docs/logic.md): minimal 16x16
 * puzzles nearly always need forcing chains (extreme) or search; a difficulty gives a
 * puzzle a person can solve by logic, with as few clues as that difficulty allows; no 4x4
 * puzzle is harder than medium (so none is above ER 3.4, medium's top, and few need more
 * than singles, ER 2.3); at 16x16 a medium or hard puzzle takes a few seconds, expert
 * longer (a range's time was not measured there, so it is said as "a few seconds or
 * more"). The numbers of the techniques are explainerScale.ts's. Sizes are compared, never
 * listed, so a size the app adds gets the words of its neighbours.
 */
import {
  isExplainerTarget,
  targetWords,
  type Difficulty,
  type ExplainerTarget,
  type SetterProgress,
} from '../engine/index.ts';

/** From this size on, minimal puzzles are nearly never solved without forcing chains (16x16: 15 of 15). */
const MINIMAL_NEEDS_SEARCH_SIZE = 16;

/** Up to this size, no puzzle needs a technique harder than medium (4x4). */
const AT_MOST_MEDIUM_SIZE = 4;

/** From this size on, a puzzle at a difficulty takes seconds rather than a moment. */
const SLOW_DIFFICULTY_SIZE = 16;

/** The highest ER of a medium technique (the hidden pair), and of the singles (naked). */
const MEDIUM_TOP_ER = 3.4;
const SINGLES_TOP_ER = 2.3;

/** Where the techniques sit on the Sudoku Explainer scale (explainerScale.ts's numbers). */
export const ER_SCALE_WORDS =
  'Singles rate 1.0–2.3, pointing and claiming 2.6–2.9, subsets, fish, wings and aligned pairs 3.0–6.4, colouring and chains from 6.6, forcing chains from 7.0.';

/** An ER as the scale prints it, with its one decimal: "4.0". */
const erText = (er: number): string => er.toFixed(1);

/** "a" or "an" before `words` ("an easy", "an ER 4.0–5.0"). */
const article = (words: string): string => (/^(?:[aeiou]|ER\b)/i.test(words) ? 'an' : 'a');

/** What the choices mean, one sentence a line. */
export function difficultyHelp(
  size: number,
  minimal: boolean,
  difficulty: Difficulty | undefined,
): string[] {
  const grid = `${size}×${size}`;
  if (difficulty === undefined) {
    const lines = [
      'Any difficulty: clues are removed at random while the answer stays unique, and the puzzle is rated afterwards.',
    ];
    if (minimal && size >= MINIMAL_NEEDS_SEARCH_SIZE) {
      lines.push(
        `Minimal ${grid} puzzles are rarely solvable without forcing chains: they nearly always come out “extreme” or “needs search”, and rating one takes seconds. Choose a difficulty up to expert for a puzzle the everyday techniques solve.`,
      );
    }
    return lines;
  }
  if (difficulty === 'needs search') {
    return [
      'Needs search: puzzles are made and rated until one cannot be finished by logic alone.',
    ];
  }
  if (isExplainerTarget(difficulty)) return rangeHelp(size, minimal, difficulty);
  const lines = [
    `${capitalise(difficulty)}: a puzzle a person can solve by logic, needing no technique harder than ${difficulty}. Clues are removed while it stays ${difficulty} or easier and its answer unique, so it keeps as few clues as ${difficulty} allows.`,
  ];
  if (difficulty === 'extreme') {
    lines.push(
      'Extreme puzzles need forcing chains: each step can be followed, but its chain of placements is long.',
    );
  }
  if (minimal && difficulty !== 'extreme') {
    lines.push(
      size >= MINIMAL_NEEDS_SEARCH_SIZE
        ? `With Minimal: minimal ${grid} puzzles are rarely solvable without forcing chains, so you will almost always get the ${difficulty} puzzle with the fewest clues found instead, not a minimal one; the Logic panel says so.`
        : `With Minimal: ${article(difficulty)} ${difficulty} puzzle from which no clue can be removed is kept if one turns up within a few tries; if not, the one with the fewest clues is given, and the Logic panel says it is not minimal.`,
    );
  }
  if (size <= AT_MOST_MEDIUM_SIZE && difficulty !== 'easy') {
    lines.push(
      `No ${grid} puzzle needs a technique harder than medium, and medium ones are rare: you may get the closest puzzle made, and the Logic panel says so.`,
    );
  }
  if (size >= SLOW_DIFFICULTY_SIZE) {
    lines.push(
      `At ${grid} this takes a few seconds${difficulty === 'expert' ? ', expert longer' : ''}; the time left is shown while it works.`,
    );
  }
  return lines;
}

/** difficultyHelp for an ER range. */
function rangeHelp(size: number, minimal: boolean, target: ExplainerTarget): string[] {
  const grid = `${size}×${size}`;
  const words = targetWords(target);
  const [min, max] = target.er;
  const rated =
    max === Infinity
      ? `${erText(min)} or more`
      : min === max
        ? erText(min)
        : `${erText(min)} to ${erText(max)}`;
  // With an open top a removal is kept while logic can still finish the puzzle (no ER else).
  const kept =
    max === Infinity ? ' and logic can finish it' : ` and its rating at most ${erText(max)}`;
  const lines = [
    `${words}: a puzzle a person can solve by logic whose hardest step is rated ${rated} on the Sudoku Explainer scale, the number puzzle banks sort by. Clues are removed while its answer stays unique${kept}, so it keeps as few clues as that allows.`,
    ER_SCALE_WORDS,
  ];
  if (minimal) {
    lines.push(
      size >= MINIMAL_NEEDS_SEARCH_SIZE
        ? `With Minimal: minimal ${grid} puzzles are rarely solvable without forcing chains, so you will almost always get the ${words} puzzle with the fewest clues found instead, not a minimal one; the Logic panel says so.`
        : `With Minimal: an ${words} puzzle from which no clue can be removed is kept if one turns up within a few tries; if not, the one with the fewest clues is given, and the Logic panel says it is not minimal.`,
    );
  }
  if (size <= AT_MOST_MEDIUM_SIZE && min > SINGLES_TOP_ER) {
    lines.push(
      `No ${grid} puzzle needs a technique harder than medium (ER ${erText(MEDIUM_TOP_ER)} at most), and few need more than singles (up to ${erText(SINGLES_TOP_ER)}): you may get the closest puzzle made, and the Logic panel says so.`,
    );
  }
  if (size >= SLOW_DIFFICULTY_SIZE) {
    lines.push(
      `At ${grid} this takes a few seconds or more; the time left is shown while it works.`,
    );
  }
  return lines;
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "about 3 s left", "less than a second left", "about 2 min left". */
export function timeLeftWords(ms: number | null): string {
  if (ms === null) return 'estimating the time left';
  if (ms < 1000) return 'less than a second left';
  if (ms < 90_000) return `about ${Math.round(ms / 1000)} s left`;
  return `about ${Math.round(ms / 60_000)} min left`;
}

/** The generator's progress in one line: attempt, what it does, how far, the time left. */
export function progressWords(
  progress: SetterProgress,
  difficulty: Difficulty | undefined,
): string {
  const { attempt, maxAttempts, done, total, phase } = progress;
  const doing =
    phase === 'removing'
      ? `removing clues, ${done} of ${total} cells`
      : phase === 'repairing'
        ? `trading clues to reach ${difficulty === undefined ? 'the difficulty' : targetWords(difficulty)}, ${done} of ${total} tries`
        : `making sure no clue can go, ${done} of ${total}`;
  return `Attempt ${attempt} of ${maxAttempts}: ${doing}; ${timeLeftWords(progress.estimatedMsLeft)}`;
}
