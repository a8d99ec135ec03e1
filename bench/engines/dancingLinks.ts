/**
 * Peer: `dancing-links` (TimBeyer), a generic exact-cover solver. We build the Sudoku matrix
 * for it ourselves, so it handles any region layout; `find(2)` is its uniqueness check.
 *
 * Matrix, as its README recommends: sparse constraints added in one batch. Columns are the
 * constraints still open after the clues (cell filled, digit in row, column and region),
 * rows are the candidates the clues leave, in the same order as our engine's, so both DLX
 * engines search the same matrix and differ only in implementation. (Its own Sudoku example
 * keeps all 324 columns and adds a clue as a one-candidate row; with and without the pruning
 * that was within run-to-run noise of this encoding, see bench/README.md.)
 * A template does not help across puzzles: adding any row to a template solver rebuilds
 * the whole context, and the candidate rows differ per puzzle.
 */
import { DancingLinks, type Result } from 'dancing-links';
import type { Board } from '../../src/engine/index.ts';
import type { Puzzle } from '../sets.ts';
import type { CountAnswer, Engine, SolveAnswer } from './types.ts';

interface SparseRow {
  /** cell * 16 + digit */
  data: number;
  columnIndices: number[];
}

interface Encoding {
  columns: number;
  rows: SparseRow[];
}

const dlx = new DancingLinks<number>();

/** Digits used per unit by the clues; null when two clues clash. */
function usedDigits(board: Board): { row: Int32Array; col: Int32Array; region: Int32Array } | null {
  const { size, regions, givens } = board;
  const row = new Int32Array(size);
  const col = new Int32Array(size);
  const region = new Int32Array(size);
  for (let cell = 0; cell < size * size; cell++) {
    const digit = givens[cell];
    if (digit === 0) continue;
    const bit = 1 << digit;
    const r = (cell / size) | 0;
    const c = cell % size;
    const g = regions[cell];
    if ((row[r] | col[c] | region[g]) & bit) return null;
    row[r] |= bit;
    col[c] |= bit;
    region[g] |= bit;
  }
  return { row, col, region };
}

/** The exact-cover matrix of the open constraints; null when the clues clash. */
export function encode(board: Board): Encoding | null {
  const { size, regions, givens } = board;
  const cells = size * size;
  const used = usedDigits(board);
  if (used === null) return null;
  // Column of each constraint (-1 = met by a clue), numbered as our engine numbers them:
  // the open cells, then for each unit and digit: digit in row, in column, in region.
  const columnOf = new Int32Array(4 * cells).fill(-1);
  let columns = 0;
  for (let cell = 0; cell < cells; cell++) if (givens[cell] === 0) columnOf[cell] = columns++;
  for (let unit = 0; unit < size; unit++) {
    for (let digit = 1; digit <= size; digit++) {
      const bit = 1 << digit;
      const slot = unit * size + digit - 1;
      if (!(used.row[unit] & bit)) columnOf[cells + slot] = columns++;
      if (!(used.col[unit] & bit)) columnOf[2 * cells + slot] = columns++;
      if (!(used.region[unit] & bit)) columnOf[3 * cells + slot] = columns++;
    }
  }
  const rows: SparseRow[] = [];
  for (let cell = 0; cell < cells; cell++) {
    if (givens[cell] !== 0) continue;
    const r = (cell / size) | 0;
    const c = cell % size;
    const g = regions[cell];
    const taken = used.row[r] | used.col[c] | used.region[g];
    for (let digit = 1; digit <= size; digit++) {
      if (taken & (1 << digit)) continue;
      rows.push({
        data: cell * 16 + digit,
        columnIndices: [
          columnOf[cell],
          columnOf[cells + r * size + digit - 1],
          columnOf[2 * cells + c * size + digit - 1],
          columnOf[3 * cells + g * size + digit - 1],
        ],
      });
    }
  }
  return { columns, rows };
}

function gridOf(board: Board, solution: Result<number>[]): Uint8Array {
  const grid = Uint8Array.from(board.givens);
  for (const { data } of solution) grid[data >> 4] = data & 15;
  return grid;
}

/** Up to `limit` solutions; the first one as a grid. */
function find(board: Board, limit: number): CountAnswer {
  const encoding = encode(board);
  if (encoding === null) return { count: 0, grid: null };
  // No open constraint: the clues fill the grid and do not clash.
  if (encoding.columns === 0) return { count: 1, grid: Uint8Array.from(board.givens) };
  const solver = dlx.createSolver({ columns: encoding.columns });
  solver.addSparseConstraints(encoding.rows);
  const solutions = limit === 1 ? solver.findOne() : solver.find(limit);
  return {
    count: solutions.length,
    grid: solutions.length > 0 ? gridOf(board, solutions[0]) : null,
  };
}

export const dancingLinks: Engine = {
  id: 'dancing-links',
  name: 'dancing-links',
  ours: false,
  capabilities: { solve: true, unique: true, jigsaw: true, nodes: false },
  solve: (puzzle: Puzzle): SolveAnswer => find(puzzle.board, 1),
  countUpTo2: (puzzle: Puzzle): CountAnswer => find(puzzle.board, 2),
};
