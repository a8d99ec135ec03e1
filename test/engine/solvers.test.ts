import { describe, expect, it } from 'vitest';
import { parse9 } from '../fixtures/candidateMarks.ts';
import {
  countSolutionsDlx,
  countSolutionsBasic,
  countSolutionsBitset,
  createBoard,
  findClueConflicts,
  isSolution,
  standardRegions,
  verdictOf,
  type CountFunction,
} from '../../src/engine/index.ts';

// POJ 3074 sample, and a famously hard one (Arto Inkala's "world's hardest").
const SAMPLE = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const SAMPLE_SOLUTION =
  '527389416819426735436751829375692184194538267268174593643217958951843672782965341';
const INKALA = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

const solvers: [string, CountFunction][] = [
  ['DLX', countSolutionsDlx],
  ['basic', countSolutionsBasic],
  ['fast', countSolutionsBitset],
];

describe.each(solvers)('%s solver', (_name, count) => {
  it('solves the POJ 3074 sample to its known answer', () => {
    const result = count(parse9(SAMPLE), 2);
    expect(result.count).toBe(1);
    expect(result.complete).toBe(true);
    expect(Array.from(result.solutions[0]).join('')).toBe(SAMPLE_SOLUTION);
  });

  it('solves a hard puzzle and proves it unique', () => {
    const board = parse9(INKALA);
    const result = count(board, 2);
    expect(verdictOf(result, 2)).toBe('unique');
    expect(isSolution(board, result.solutions[0])).toBe(true);
    expect(result.nodes).toBeGreaterThan(0);
  });

  it('stops at the limit and keeps the solutions it found', () => {
    const empty4 = createBoard(4);
    expect(count(empty4, 1000).count).toBe(288); // all 4x4 Sudoku grids
    const limited = count(empty4, 5);
    expect(limited.count).toBe(5);
    expect(limited.complete).toBe(false);
    expect(limited.solutions).toHaveLength(5);
    expect(new Set(limited.solutions.map((s) => s.join(''))).size).toBe(5);
    limited.solutions.forEach((s) => expect(isSolution(empty4, s)).toBe(true));
  });

  it('reports clashing clues as no solution without search', () => {
    const givens = new Uint8Array(81);
    givens[0] = 5;
    givens[8] = 5;
    const result = count(createBoard(9, standardRegions(9), givens), 2);
    expect(result).toMatchObject({ count: 0, nodes: 0, complete: true });
    expect(result.clueConflicts).toEqual([{ cells: [0, 8], digit: 5, unit: 'row' }]);
  });

  it('finds no solution when no two clues clash directly', () => {
    // r1c1 needs a digit 1..9, but row 1 holds 2..8 and column 1 holds 1 and 9 below.
    const givens = new Uint8Array(81);
    [0, 2, 3, 4, 5, 6, 7, 8].forEach((d, col) => col > 0 && (givens[col] = d));
    givens[3 * 9] = 1;
    givens[6 * 9] = 9;
    const board = createBoard(9, standardRegions(9), givens);
    expect(findClueConflicts(board)).toEqual([]);
    expect(count(board, 2)).toMatchObject({ count: 0, complete: true });
  });

  it('returns a full valid grid as its own solution', () => {
    const board = parse9(SAMPLE_SOLUTION);
    expect(count(board, 2)).toMatchObject({ count: 1, complete: true });
  });

  it('stops when the signal is aborted and reports progress', () => {
    const signal = { aborted: false };
    const seen: number[] = [];
    const result = count(createBoard(9), 1_000_000, {
      signal,
      progressEvery: 1000,
      keepSolutions: 1,
      onProgress: ({ nodes }) => {
        seen.push(nodes);
        if (seen.length === 3) signal.aborted = true;
      },
    });
    expect(result.aborted).toBe(true);
    expect(result.complete).toBe(false);
    expect(seen.length).toBe(3);
    expect(result.solutions).toHaveLength(1);
    expect(result.count).toBeLessThan(1_000_000);
  });
});

describe('verdictOf', () => {
  const counted = (count: number, complete: boolean) => ({ count, complete });

  it('calls one solution unique only from a complete search with limit 2 or more', () => {
    expect(verdictOf(counted(1, true), 2)).toBe('unique');
    expect(verdictOf(counted(1, true), 40)).toBe('unique');
    // Limit 1 stops at the first solution: even a complete count of 1 (DLX on a full grid)
    // did not look for a second.
    expect(verdictOf(counted(1, true), 1)).toBe('found');
    expect(verdictOf(counted(1, false), 1)).toBe('found');
    // Stopped by the signal after one solution.
    expect(verdictOf(counted(1, false), 2)).toBe('found');
  });

  it('calls two or more multiple, and none only when the search ran to its end', () => {
    expect(verdictOf(counted(2, false), 2)).toBe('multiple');
    expect(verdictOf(counted(7, true), 40)).toBe('multiple');
    expect(verdictOf(counted(0, true), 1)).toBe('none');
    expect(verdictOf(counted(0, true), 2)).toBe('none');
    expect(verdictOf(counted(0, false), 2)).toBe('unknown');
  });

  it('reads real counts: the empty 4x4 grid at limits 1 and 2, a clash, an abort', () => {
    const empty4 = createBoard(4);
    expect(verdictOf(countSolutionsDlx(empty4, 1), 1)).toBe('found');
    expect(verdictOf(countSolutionsDlx(empty4, 2), 2)).toBe('multiple');
    const clash = createBoard(4, standardRegions(4), [1, 1, ...new Array<number>(14).fill(0)]);
    expect(verdictOf(countSolutionsBitset(clash, 2), 2)).toBe('none');
    const aborted = countSolutionsBasic(createBoard(9), 2, {
      signal: { aborted: true },
      progressEvery: 1,
    });
    expect(aborted.aborted).toBe(true);
    expect(verdictOf(aborted, 2)).toBe('unknown');
  });
});
