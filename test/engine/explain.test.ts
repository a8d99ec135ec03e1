/**
 * explainPuzzle (src/engine/explain.ts): the verdict picks the tool, and every tool beats the
 * host's heartbeat while it works (the worker's watchdog declares a silent worker dead), also
 * when each of its searches is too short to reach an engine checkpoint.
 */
import { describe, expect, it } from 'vitest';
import {
  countSolutionsDlx,
  createBoard,
  estimateSolutions,
  explainPuzzle,
  fixingClues,
  minimiseClues,
  standardRegions,
  trueCandidates,
  type Constraint,
} from '../../src/engine/index.ts';

const board4 = (rows: string[], regions: ArrayLike<number> = standardRegions(4)) =>
  createBoard(
    4,
    regions,
    rows
      .join('')
      .split('')
      .map((c) => (c === '.' ? 0 : Number(c))),
  );

describe('explainPuzzle', () => {
  it('several solutions: the fewest fixing clues, which make it unique (DLX)', () => {
    const board = board4(['12..', '3...', '....', '....']);
    const answer = explainPuzzle(board);
    expect(answer).toMatchObject({ verdict: 'multiple' });
    if (answer.verdict !== 'multiple') return;
    expect(answer.fix.proven).toBe(true);
    expect(answer.fix.clues).toEqual([
      { cell: 9, digit: 3 },
      { cell: 10, digit: 4 },
    ]);
    const givens = Uint8Array.from(board.givens);
    for (const { cell, digit } of answer.fix.clues) givens[cell] = digit;
    expect(countSolutionsDlx(createBoard(4, board.regions, givens), 2).count).toBe(1);
  });

  it('no solution: a minimal core, or the layout when no grid fits it', () => {
    expect(explainPuzzle(board4(['1...', '..1.', '.1..', '...2']))).toEqual({
      verdict: 'none',
      core: [6, 9, 15],
      constraints: [],
      complete: true,
    });
    const unfillable = '0111001203323322'.split('').map(Number);
    expect(explainPuzzle(board4(['1...', '....', '....', '....'], unfillable))).toEqual({
      verdict: 'none',
      layout: 'cannot be filled',
    });
  });

  it('no solution from the constraints: a core that names them, and no clue', () => {
    // A black dot (ratio 2: 1-2 or 2-4) and a V (sum 5: 1-4 or 2-3) on one pair cannot both
    // hold; the even cell and the clue are not to blame.
    const constraints: Constraint[] = [
      { kind: 'even', cell: 15 },
      { kind: 'kropki', cells: [0, 1], colour: 'black' },
      { kind: 'xv', cells: [0, 1], sum: 5 },
    ];
    expect(explainPuzzle(board4(['....', '....', '....', '...2']), { constraints })).toEqual({
      verdict: 'none',
      core: [],
      constraints: [1, 2],
      complete: true,
    });
  });

  it('unique: the redundant clues', () => {
    const answer = explainPuzzle(board4(['12..', '3..2', '.14.', '4..1']));
    expect(answer).toEqual({
      verdict: 'unique',
      redundant: { cells: [0, 1, 4, 7, 9, 12, 15], symmetry: 'none', complete: true },
      redundantConstraints: { items: [], complete: true },
    });
  });
});

describe('the tools beat while they work', () => {
  // An empty 9x9: every tool makes many short searches, none reaching a checkpoint.
  const empty = createBoard(9, standardRegions(9), new Uint8Array(81));
  const beats = (run: (beat: () => void) => void): number => {
    let count = 0;
    run(() => count++);
    return count;
  };

  it('true candidates, fixing clues, explain, minimise and the estimate', () => {
    // A whole first row of clues: no digit is free, so true candidates test pair by pair.
    const firstRow = createBoard(
      9,
      standardRegions(9),
      Uint8Array.from({ length: 81 }, (_, cell) => (cell < 9 ? cell + 1 : 0)),
    );
    expect(beats((beat) => trueCandidates(firstRow, { beat }))).toBeGreaterThan(10);
    expect(beats((beat) => fixingClues(empty, { beat }))).toBeGreaterThan(10);
    expect(beats((beat) => explainPuzzle(empty, { beat }))).toBeGreaterThan(10);
    expect(beats((beat) => estimateSolutions(empty, { beat, paths: 100 }))).toBe(100);
    const unique = board4(['12..', '3..2', '.14.', '4..1']);
    expect(beats((beat) => minimiseClues(unique, 1, { beat }))).toBeGreaterThanOrEqual(8);
  });
});
