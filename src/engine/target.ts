/**
 * A target difficulty for the generator: one of the levels (easy … extreme, or "needs
 * search"), or a range on the Sudoku Explainer scale, the ER of the puzzle (the number of
 * its hardest step: explainerScale.ts), both ends included: `{ er: [2.0, 3.0] }`, or "at
 * least 7.0" as `{ er: [7.0, Infinity] }`.
 *
 * Every judgement of a target goes through here, so the generator and the guided search
 * treat a level and a range alike: where a rating stands to the target (standing: below,
 * in, above), how far it misses (targetDistance: levels apart, or ER apart, which picks the
 * closest puzzle when the target is missed), the techniques the guided search solves with
 * (targetTechniques), and the target in words for notes and messages (targetWords: "hard",
 * "ER 4.0–5.0", "ER 7.0 or more").
 *
 * A range is for puzzles logic finishes: a puzzle that needs search has no ER and stands
 * above every range (no number is as hard), a solve without a step (a full grid) below.
 *
 * The techniques of a range: a solve whose ER is at most `max` uses no technique whose
 * lowest number (lowestDifficulty) is above `max`, so the guided search solves with the
 * solver's techniques in its order up to the last one that can stay within `max`. That is a
 * prefix of the solver's order, as a level's techniques are, so a solve with it that
 * finishes is the full solver's solve (the same steps, so the same ER), and one that gets
 * stuck needed a technique past `max`: above the range either way, with no full solve. The
 * prefix is never longer than the techniques of the level that reaches `max`, and often
 * shorter (up to ER 3.0: medium's without the hidden pair), so a range keeps the cheap
 * technique-limited logic of a level.
 *
 * explainerRangeProblem says what is wrong with a range, in words, for the command line and
 * the dialog: numbers from 1.0 (a full house) to ER_TOP in tenths, the lower end not above
 * the upper.
 */
import { lowestDifficulty } from './logic/explainerScale.ts';
import type { Rating } from './logic/rating.ts';
import type { Technique } from './logic/step.ts';
import { LEVELS, TECHNIQUES, type Level, type TechniqueLevel } from './logic/techniques.ts';

/** A range on the Sudoku Explainer scale: ER from `er[0]` to `er[1]`, both included. */
export interface ExplainerTarget {
  er: readonly [min: number, max: number];
}

/** What the generator can aim at: a level, or an ER range. */
export type Difficulty = Level | ExplainerTarget;

/** What the guided search aims at: a level logic can reach, or an ER range. */
export type GuideTarget = TechniqueLevel | ExplainerTarget;

/** The lowest number of the scale: a full house. */
export const ER_BOTTOM = 1.0;

/**
 * The highest number a range may name. No step of ours reaches it: the hardest, a nested
 * forcing chain, is 9.0 plus its length term, which stays under 2.5 on a 25x25 grid (it
 * grows by 0.1 each time the chain's length passes 4, 6, 8, 12, …, 12,288).
 */
export const ER_TOP = 12.0;

export const isExplainerTarget = (target: Difficulty): target is ExplainerTarget =>
  typeof target === 'object';

export const rank = (level: Level): number => LEVELS.indexOf(level);

/**
 * A rating's ER for comparing with a range: null when logic did not finish (no number), 0
 * for a finished solve without a step (a full grid: easier than any number).
 */
function erOf(rating: Rating): number | null {
  if (rating.level === 'needs search') return null;
  return rating.explainer?.er ?? 0;
}

/** Where `rating` stands to `target`: -1 below it, 0 at (in) it, 1 above it. */
export function standing(target: Difficulty, rating: Rating): -1 | 0 | 1 {
  if (isExplainerTarget(target)) {
    const er = erOf(rating);
    // No number is as hard as search, not even an open top's Infinity.
    if (er === null) return 1;
    return er < target.er[0] ? -1 : er > target.er[1] ? 1 : 0;
  }
  return Math.sign(rank(rating.level) - rank(target)) as -1 | 0 | 1;
}

/**
 * How far `rating` misses `target`, 0 when it meets it: levels apart, or ER apart from the
 * nearer end of the range (Infinity for a puzzle that needs search: it has no ER).
 */
export function targetDistance(target: Difficulty, rating: Rating): number {
  if (!isExplainerTarget(target)) return Math.abs(rank(rating.level) - rank(target));
  const er = erOf(rating);
  if (er === null) return Infinity;
  const [min, max] = target.er;
  return Math.max(0, min - er, er - max);
}

/** The techniques the guided search solves with for `target` (see the file header). */
export function targetTechniques(target: GuideTarget): Technique[] {
  if (!isExplainerTarget(target)) {
    const top = rank(target);
    return TECHNIQUES.filter((entry) => rank(entry.level) <= top).map((entry) => entry.name);
  }
  const max = target.er[1];
  let last = -1;
  TECHNIQUES.forEach((entry, index) => {
    if (lowestDifficulty(entry.name) <= max) last = index;
  });
  return TECHNIQUES.slice(0, last + 1).map((entry) => entry.name);
}

/** An ER in words, with its one decimal: "4.0". */
export const erText = (er: number): string => er.toFixed(1);

/** The target in words: "hard", "ER 4.0–5.0", "ER 4.2", "ER 7.0 or more". */
export function targetWords(target: Difficulty): string {
  if (!isExplainerTarget(target)) return target;
  const [min, max] = target.er;
  if (max === Infinity) return `ER ${erText(min)} or more`;
  if (min === max) return `ER ${erText(min)}`;
  return `ER ${erText(min)}–${erText(max)}`;
}

/**
 * What is wrong with the range `min` to `max`, in words ("the lowest ER, 5.0, is above the
 * highest, 4.0"); null when it is a range a target can name. `max` may be Infinity (no
 * upper end).
 */
export function explainerRangeProblem(min: number, max: number): string | null {
  const scale = `ER numbers run from ${erText(ER_BOTTOM)} to ${erText(ER_TOP)}`;
  if (!Number.isFinite(min)) return `the lowest ER must be a number (${scale})`;
  if (Number.isNaN(max)) return `the highest ER must be a number (${scale})`;
  if (min < ER_BOTTOM || min > ER_TOP) return `${scale}, got ${min}`;
  if (max !== Infinity && (max < ER_BOTTOM || max > ER_TOP)) return `${scale}, got ${max}`;
  // Steps are numbered in tenths: 4.55 would be said as 4.5 or 4.6, and mean neither.
  for (const end of [min, max]) {
    if (end !== Infinity && Math.round(end * 10) / 10 !== end) {
      return `ER numbers have one decimal, as Sudoku Explainer prints them, got ${end}`;
    }
  }
  if (min > max) {
    return `the lowest ER, ${erText(min)}, is above the highest, ${erText(max)}`;
  }
  return null;
}
