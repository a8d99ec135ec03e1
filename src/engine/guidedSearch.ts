/**
 * The guided search for a target difficulty (generator.ts's generateSetterPuzzle with a
 * `difficulty` of easy to extreme, or a range of ER on the Sudoku Explainer scale), and the
 * estimate of the time it has left.
 *
 * An attempt starts from a full solution and takes clues out, orbit by orbit of the clue
 * symmetry in random order, keeping a removal only while the puzzle stays unique and rated
 * at most the target (and, once the target is reached, within the target). A removal is
 * judged by a short uniqueness check, which refuses it cheaply when a second solution turns
 * up, and then by logic with the target's techniques: a solve by logic proves the answer
 * unique (no technique assumes uniqueness), so no complete uniqueness check is made, and
 * the rating of that solve is the full solver's (a target's techniques are the first ones
 * the solver tries: a level's, or a range's up to the last that can stay within its
 * highest ER; target.ts). "At most", "within" and "below" are target.ts's standing: the
 * level for a level, the rating's ER for a range. When the pass ends below the target, a
 * repair trades a clue kept as too hard for one put back where logic then gets stuck, and a
 * second pass follows a trade that reached the target. The caller rates the result again
 * with the full solver: the rating reported is always the solver's.
 *
 * The estimate of the time left follows from how far the pass is (its checks get dearer as
 * the clues go: ATTEMPT_TIME_CURVE) and how long the attempts before took.
 */
import { createBoard } from './board.ts';
import { guessBudget, withBeat } from './contract.ts';
import { countSolutionsBest } from './engines.ts';
import { ratingOf, type Rating } from './logic/rating.ts';
import { solveByLogic } from './logic/solver.ts';
import type { Technique } from './logic/step.ts';
import { shuffle, type Random } from './random.ts';
import { standing, type GuideTarget } from './target.ts';

/**
 * What an attempt is doing: removing clues (the one pass of every clue), repairing (trading
 * a clue for another to reach a difficulty the pass fell short of), or the minimal part
 * (the pass of complete checks without a difficulty; the check that no clue can go, with).
 */
export type SetterPhase = 'removing' | 'repairing' | 'minimal';

/**
 * Estimated share of an attempt's time spent once a share of its cells has been processed:
 * the checks get dearer as the clues go (measured, bench/setter.ts, 9x9 to 16x16).
 */
const ATTEMPT_TIME_CURVE = [0, 0.02, 0.04, 0.06, 0.08, 0.1, 0.14, 0.28, 0.48, 0.74, 1];

function timeShare(fraction: number): number {
  const at = Math.max(0, Math.min(1, fraction)) * 10;
  const low = Math.floor(at);
  if (low >= 10) return 1;
  return (
    ATTEMPT_TIME_CURVE[low] + (at - low) * (ATTEMPT_TIME_CURVE[low + 1] - ATTEMPT_TIME_CURVE[low])
  );
}

/** The estimate of the time left (SetterProgress.estimatedMsLeft). */
export class TimeLeft {
  private readonly start: number;
  private attemptStart: number;
  private readonly durations: number[] = [];

  constructor(private readonly now: () => number) {
    this.start = now();
    this.attemptStart = this.start;
  }

  elapsed(): number {
    return this.now() - this.start;
  }

  /** An attempt ended (it missed): its time is a basis for the next ones. */
  attemptEnded(): void {
    const time = this.now();
    this.durations.push(time - this.attemptStart);
    this.attemptStart = time;
  }

  /** The estimate while `phase` is `done` of `total` through. */
  left(phase: SetterPhase, done: number, total: number): number | null {
    const spent = this.now() - this.attemptStart;
    const mean =
      this.durations.length === 0
        ? null
        : this.durations.reduce((sum, duration) => sum + duration, 0) / this.durations.length;
    if (phase !== 'removing') return mean === null ? null : Math.max(0, mean - spent);
    const share = timeShare(total === 0 ? 1 : done / total);
    // Early in the first attempt there is no basis yet: the cheap checks come first.
    const byCurve = share >= 0.02 && spent > 0 ? (spent * (1 - share)) / share : null;
    if (mean === null) return byCurve;
    const byMean = Math.max(0, mean - spent);
    return byCurve === null ? byMean : (byCurve + byMean) / 2;
  }
}

/** The work of the checks and solves, summed over attempts. */
export interface Work {
  guesses: number;
  checks: number;
  solves: number;
}

/** What the guided search needs to judge a removal. */
export interface Guide {
  size: number;
  regions: Uint8Array;
  solution: Uint8Array;
  orbits: number[][];
  target: GuideTarget;
  /** The target's techniques (targetTechniques). */
  techniques: Technique[];
  checkBudget: number;
  signal?: { readonly aborted: boolean };
  beat?: () => void;
  work: Work;
}

/** A removal judged: refused for good (a second solution), too hard, or kept with its rating. */
type Judgement = { kind: 'needed' } | { kind: 'too hard' } | { kind: 'kept'; rating: Rating };

/**
 * Judge the clues `givens` after a removal: a short uniqueness check first (a second
 * solution refuses it for good, and is cheap to find), then logic with the target's
 * techniques. A solve by logic proves the answer unique (logic never assumes uniqueness),
 * so no complete uniqueness check is needed; and since the techniques are an easiest-first
 * prefix of the solver's, a solve that succeeds is the full solver's solve, whose rating
 * is the puzzle's.
 */
function judge(guide: Guide, givens: Uint8Array): Judgement {
  const board = createBoard(guide.size, guide.regions, givens);
  const budget = guide.checkBudget;
  const check = countSolutionsBest(
    board,
    2,
    withBeat(guessBudget(budget, Math.max(1, Math.min(256, budget))), guide.beat),
  );
  guide.work.guesses += check.nodes;
  guide.work.checks++;
  if (check.count >= 2) return { kind: 'needed' };
  const result = solveByLogic(board, { techniques: guide.techniques, beat: guide.beat });
  guide.work.solves++;
  if (result.status !== 'solved') return { kind: 'too hard' };
  const rating = ratingOf(result);
  return standing(guide.target, rating) > 0 ? { kind: 'too hard' } : { kind: 'kept', rating };
}

/** Where a guided pass ended: its rating, and the orbits it kept for want of logic. */
interface PassResult {
  rating: Rating;
  /** Orbits whose removal was refused as too hard (not for a second solution). */
  tooHard: number[][];
}

/**
 * One pass over `order`: each orbit's clues go when the puzzle stays unique and rated at
 * most the target, and, once the target is reached, within the target. Null on abort.
 */
function guidedPass(
  guide: Guide,
  givens: Uint8Array,
  order: readonly number[][],
  start: Rating,
  onCell: (done: number, total: number) => void,
): PassResult | null {
  const total = order.reduce((sum, orbit) => sum + orbit.length, 0);
  const tooHard: number[][] = [];
  let rating = start;
  let done = 0;
  for (const orbit of order) {
    if (guide.signal?.aborted === true) return null;
    done += orbit.length;
    if (orbit.every((cell) => givens[cell] === 0)) {
      onCell(done, total);
      continue;
    }
    for (const cell of orbit) givens[cell] = 0;
    const judged = judge(guide, givens);
    const reached = standing(guide.target, rating) === 0;
    if (judged.kind === 'kept' && (!reached || standing(guide.target, judged.rating) === 0)) {
      rating = judged.rating;
    } else {
      for (const cell of orbit) givens[cell] = guide.solution[cell];
      if (judged.kind !== 'needed') tooHard.push(orbit);
    }
    onCell(done, total);
  }
  return guide.signal?.aborted === true ? null : { rating, tooHard };
}

/** Add-backs tried per clue taken out while repairing. */
const REPAIR_ADD_BACKS = 3;

/**
 * Trades a repair tries: half the clue orbits left, at least this many. Measured on 9x9
 * hard (bench/setter.ts): the trades that reached the target came within the first third
 * of twice as many, and the rest is better spent on a new attempt.
 */
const REPAIR_MIN_TRIALS = 4;

/**
 * When a pass ends below the target (every further removal is too hard, or loses the
 * answer), trade: take out one of the clues kept as too hard, and put back a clue that
 * was removed where logic now gets stuck, in the hope that the result is then within the
 * target. Up to `trials` puzzles are tried; the rating reached, or null (givens unchanged).
 */
function repair(
  guide: Guide,
  givens: Uint8Array,
  tooHard: readonly number[][],
  random: Random,
  trials: number,
  onTrial: (done: number, total: number) => void,
): Rating | null {
  let tried = 0;
  const restore = (orbit: readonly number[]): void => {
    for (const cell of orbit) givens[cell] = guide.solution[cell];
  };
  const clear = (orbit: readonly number[]): void => {
    for (const cell of orbit) givens[cell] = 0;
  };
  for (const out of shuffle([...tooHard], random)) {
    if (tried >= trials || guide.signal?.aborted === true) break;
    clear(out);
    const stuck = solveByLogic(createBoard(guide.size, guide.regions, givens), {
      techniques: guide.techniques,
      beat: guide.beat,
    });
    guide.work.solves++;
    const where = new Set(stuck.status === 'stuck' ? stuck.stuckCells : []);
    const backs = shuffle(
      guide.orbits.filter(
        (orbit) =>
          orbit !== out &&
          orbit.every((cell) => givens[cell] === 0) &&
          (where.size === 0 || orbit.some((cell) => where.has(cell))),
      ),
      random,
    ).slice(0, REPAIR_ADD_BACKS);
    for (const back of backs) {
      if (tried >= trials) break;
      tried++;
      restore(back);
      const judged = judge(guide, givens);
      onTrial(tried, trials);
      if (judged.kind === 'kept' && standing(guide.target, judged.rating) === 0) {
        return judged.rating;
      }
      clear(back);
    }
    restore(out);
  }
  return null;
}

/** A guided attempt's puzzle, with its rating, and whether it was shown minimal. */
export interface Attempt {
  givens: Uint8Array;
  rating: Rating;
  /** Orbits of clues kept as too hard (for the minimal check). */
  tooHard: number[][];
}

/**
 * One guided attempt from a solution: a pass in random order, a repair when it fell short,
 * and after a repair a second pass (the trade may let more clues go). Null on abort.
 */
export function guidedAttempt(
  guide: Guide,
  random: Random,
  report: (phase: SetterPhase, done: number, total: number) => void,
): Attempt | null {
  const { size, regions, solution } = guide;
  const givens = Uint8Array.from(solution);
  const full = ratingOf(solveByLogic(createBoard(size, regions, givens)));
  const order = shuffle([...guide.orbits], random);
  let pass = guidedPass(guide, givens, order, full, (done, total) =>
    report('removing', done, total),
  );
  if (pass === null) return null;
  if (standing(guide.target, pass.rating) < 0 && pass.tooHard.length > 0) {
    const kept = guide.orbits.filter((orbit) => orbit.some((cell) => givens[cell] !== 0));
    const trials = Math.max(REPAIR_MIN_TRIALS, Math.ceil(kept.length / 2));
    const repaired = repair(guide, givens, pass.tooHard, random, trials, (done, total) =>
      report('repairing', done, total),
    );
    if (guide.signal?.aborted === true) return null;
    if (repaired !== null) {
      const again = shuffle(
        guide.orbits.filter((orbit) => orbit.some((cell) => givens[cell] !== 0)),
        random,
      );
      pass = guidedPass(guide, givens, again, repaired, (done, total) =>
        report('repairing', done, total),
      );
      if (pass === null) return null;
    }
  }
  return { givens, rating: pass.rating, tooHard: pass.tooHard };
}

/**
 * Whether no clue of a guided puzzle can go: only the orbits kept as too hard need a look
 * (one refused for a second solution stays needed, as clues only went since). Logic with
 * every technique proves a removal unique cheaply; otherwise a complete count decides.
 * Null on abort.
 */
export function isMinimal(
  guide: Guide,
  attempt: Attempt,
  onCheck: (done: number, total: number) => void,
): boolean | null {
  const { size, regions } = guide;
  let done = 0;
  for (const orbit of attempt.tooHard) {
    if (guide.signal?.aborted === true) return null;
    const fewer = Uint8Array.from(attempt.givens);
    for (const cell of orbit) fewer[cell] = 0;
    const board = createBoard(size, regions, fewer);
    guide.work.solves++;
    if (solveByLogic(board, { beat: guide.beat }).status === 'solved') return false;
    const check = countSolutionsBest(board, 2, withBeat({ signal: guide.signal }, guide.beat));
    guide.work.guesses += check.nodes;
    guide.work.checks++;
    if (check.aborted) return null;
    if (check.count === 1) return false;
    onCheck(++done, attempt.tooHard.length);
  }
  return true;
}
