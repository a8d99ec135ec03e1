/**
 * A target difficulty (src/engine/target.ts): where a rating stands to a level or an ER
 * range, how far it misses, the range in words, what is wrong with a range, and the
 * techniques of a range: a prefix of the solver's order whose solves are the full solver's,
 * checked on real puzzles (test/data/logic-bench-sample.txt, 17-clue and top1465 lines).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createBoard,
  explainerRangeProblem,
  ratingOf,
  solveByLogic,
  standardRegions,
  standing,
  targetDistance,
  targetTechniques,
  targetWords,
  TECHNIQUE_NAMES,
  type Rating,
} from '../../src/engine/index.ts';
import { lowestDifficulty } from '../../src/engine/logic/explainerScale.ts';
import { REPO_ROOT } from '../fixtures/paths.ts';

/** A rating with only what a target reads: the level and the ER. */
const rated = (level: Rating['level'], er: number | null): Rating => ({
  level,
  hardest: null,
  steps: 1,
  techniques: {},
  explainer: er === null ? null : { er, pearl: er, diamond: er, technique: 'hidden single' },
});

describe('where a rating stands to a target', () => {
  it('a level compares levels; a range compares the ER, both ends included', () => {
    expect(standing('hard', rated('medium', 6.6))).toBe(-1);
    expect(standing('hard', rated('hard', 1.2))).toBe(0);
    expect(standing('hard', rated('expert', 3.2))).toBe(1);
    const range = { er: [4.0, 5.0] } as const;
    // The ER decides, whatever the level says.
    expect(standing(range, rated('expert', 3.8))).toBe(-1);
    expect(standing(range, rated('hard', 4.0))).toBe(0);
    expect(standing(range, rated('expert', 5.0))).toBe(0);
    expect(standing(range, rated('hard', 5.4))).toBe(1);
    // No ER: search is above every range, a full grid (no step) below.
    expect(standing({ er: [7.0, Infinity] }, rated('needs search', null))).toBe(1);
    expect(standing(range, rated('easy', null))).toBe(-1);
  });

  it('misses by levels for a level, by ER from the nearer end for a range', () => {
    expect(targetDistance('expert', rated('medium', 7.0))).toBe(2);
    const range = { er: [4.0, 5.0] } as const;
    expect(targetDistance(range, rated('medium', 3.4))).toBeCloseTo(0.6, 10);
    expect(targetDistance(range, rated('expert', 6.6))).toBeCloseTo(1.6, 10);
    expect(targetDistance(range, rated('hard', 4.2))).toBe(0);
    expect(targetDistance(range, rated('needs search', null))).toBe(Infinity);
  });

  it('says a range in words', () => {
    expect(targetWords('hard')).toBe('hard');
    expect(targetWords({ er: [4, 5] })).toBe('ER 4.0–5.0');
    expect(targetWords({ er: [4.2, 4.2] })).toBe('ER 4.2');
    expect(targetWords({ er: [7, Infinity] })).toBe('ER 7.0 or more');
  });

  it('says what is wrong with a range', () => {
    expect(explainerRangeProblem(4, 5)).toBeNull();
    expect(explainerRangeProblem(7, Infinity)).toBeNull();
    expect(explainerRangeProblem(5, 4)).toBe('the lowest ER, 5.0, is above the highest, 4.0');
    expect(explainerRangeProblem(0.5, 4)).toBe('ER numbers run from 1.0 to 12.0, got 0.5');
    expect(explainerRangeProblem(4, 13)).toBe('ER numbers run from 1.0 to 12.0, got 13');
    expect(explainerRangeProblem(4.55, 5)).toMatch(/^ER numbers have one decimal, .*got 4\.55$/);
    expect(explainerRangeProblem(NaN, 5)).toMatch(/^the lowest ER must be a number/);
    expect(explainerRangeProblem(4, NaN)).toMatch(/^the highest ER must be a number/);
  });
});

describe('the techniques of a range', () => {
  it('are the solver’s first ones, up to the last that can stay within the top', () => {
    const medium = targetTechniques('medium');
    // Up to 3.0: medium's techniques without the hidden pair (3.4), the last of them.
    expect(targetTechniques({ er: [1.0, 3.0] })).toEqual(medium.slice(0, -1));
    expect(medium.at(-1)).toBe('hidden pair');
    // Up to 1.2: the hidden single (1.0 as a full house) to the even or odd cell (1.2), and
    // the naked single (2.3) between them: a prefix, so that solves stay the solver's.
    expect(targetTechniques({ er: [1.0, 1.2] })).toEqual([
      'hidden single',
      'naked single',
      'even or odd cell',
    ]);
    expect(targetTechniques({ er: [7.0, Infinity] })).toEqual(TECHNIQUE_NAMES);
    for (const top of [1.5, 2.3, 3.2, 3.8, 4.4, 5.5, 6.2, 6.6, 7.0, 8.0, 9.0]) {
      const techniques = targetTechniques({ er: [1.0, top] });
      expect(techniques, `up to ${top}`).toEqual(TECHNIQUE_NAMES.slice(0, techniques.length));
      // Every technique left out starts above the top.
      for (const name of TECHNIQUE_NAMES.slice(techniques.length)) {
        expect(lowestDifficulty(name), `${name} up to ${top}`).toBeGreaterThan(top);
      }
    }
  });

  it('solve a puzzle within the top as the full solver does, and no other', () => {
    const lines = readFileSync(resolve(REPO_ROOT, 'test/data/logic-bench-sample.txt'), 'utf8')
      .split('\n')
      // The 17-clue and top1465 lines: standard 9x9, easy to extreme, fast to solve.
      .filter((line) => line.length === 81)
      .slice(0, 24);
    expect(lines.length).toBe(24);
    const ers = new Set<number>();
    for (const line of lines) {
      const givens = Array.from(line, (char) => (char === '.' ? 0 : Number(char)));
      const board = createBoard(9, standardRegions(9), givens);
      const full = solveByLogic(board);
      const er = ratingOf(full).explainer?.er as number;
      ers.add(er);
      // Every step's number is at least its technique's lowest.
      full.steps.forEach((step, index) => {
        expect(full.difficulties[index]).toBeGreaterThanOrEqual(lowestDifficulty(step.technique));
      });
      // With the top at the puzzle's ER: the same solve, step for step.
      const within = solveByLogic(board, { techniques: targetTechniques({ er: [1.0, er] }) });
      expect(within.status, line).toBe('solved');
      expect(within.difficulties).toEqual(full.difficulties);
      // A tenth below: the limited solve cannot finish within the top.
      const below = Math.round(er * 10 - 1) / 10;
      if (below < 1.0) continue;
      const short = solveByLogic(board, { techniques: targetTechniques({ er: [1.0, below] }) });
      const shortEr = short.status === 'solved' ? ratingOf(short).explainer?.er : undefined;
      expect(shortEr === undefined || shortEr > below, line).toBe(true);
    }
    // The sample spans the scale: singles to forcing chains.
    expect(Math.min(...ers)).toBeLessThan(2);
    expect(Math.max(...ers)).toBeGreaterThanOrEqual(7);
  }, 60_000);
});
