/**
 * Knuth's Algorithm X with dancing links, specialised to Sudoku-like exact cover.
 *
 * ARCHITECTURE: columns are the constraints (cell filled, digit in row, digit in column,
 * digit in region); rows are the candidates (cell, digit). Clues are applied while the
 * matrix is built: their columns are left out and every candidate they rule out is never
 * added, so each remaining candidate row has exactly 4 live nodes. That lets a row's nodes
 * sit side by side in memory (4 per row) and replaces the left/right links of rows with
 * index arithmetic.
 *
 * DESIGN CONSIDERATIONS: all links are Int32Array fields (struct of arrays); the search is
 * an iterative loop over an explicit choice stack, so it allocates nothing, cannot overflow
 * the call stack, and can check an abort signal and report progress.
 */
import type { Board } from './board.ts';
import { checkpointStops, newCountResult } from './clues.ts';
import type { CountResult, SearchOptions } from './types.ts';

const DEFAULT_PROGRESS_EVERY = 16384;

/** The links of the exact-cover matrix (struct of arrays, indexed by node). */
interface Links {
  left: Int32Array;
  right: Int32Array;
  up: Int32Array;
  down: Int32Array;
  columnOf: Int32Array;
  /** Live candidate rows in each column (indexed by header node). */
  count: Int32Array;
  /**
   * Columns whose count fell to one, most recent last: hints that let pickColumn take a
   * forced column without scanning (a column that falls to zero is kept in emptyColumn). Entries may be stale (covered since, or refilled by a
   * backtrack); pickColumn checks each before trusting it.
   */
  forced: Int32Array;
  cellOfRow: Int32Array;
  digitOfRow: Uint8Array;
}

/** The exact-cover matrix of one board, clues already applied. */
interface Matrix extends Links {
  /** Column count; column headers are nodes 1..columns, node 0 is the root. */
  columns: number;
  /** Index of the first row node; row r's nodes are firstRowNode + 4r .. + 4r + 3. */
  firstRowNode: number;
  /** False when some constraint has no candidate at all: no solution, no search needed. */
  satisfiable: boolean;
  /** Entries in use in `forced`. */
  forcedLength: number;
  /** The last column whose count fell to zero (a dead end, if still live), or 0. */
  emptyColumn: number;
}

/** Arrays sized for the largest matrix of one size, reused by every search of that size. */
interface Buffers extends Links {
  rowUsed: Int32Array;
  colUsed: Int32Array;
  regionUsed: Int32Array;
  headerOf: Int32Array;
  choice: Int32Array;
}

// Allocating a dozen typed arrays per puzzle costs as much as solving an easy one; searches
// never overlap (each is synchronous), so one set of buffers per size serves them all.
const buffersBySize = new Map<number, Buffers>();

function buffersFor(size: number): Buffers {
  let buffers = buffersBySize.get(size);
  if (!buffers) {
    const cells = size * size;
    const maxColumns = 4 * cells;
    const maxRows = cells * size;
    const maxNodes = 1 + maxColumns + 4 * maxRows;
    buffers = {
      rowUsed: new Int32Array(size),
      colUsed: new Int32Array(size),
      regionUsed: new Int32Array(size),
      headerOf: new Int32Array(maxColumns),
      left: new Int32Array(maxColumns + 1),
      right: new Int32Array(maxColumns + 1),
      up: new Int32Array(maxNodes),
      down: new Int32Array(maxNodes),
      columnOf: new Int32Array(maxNodes),
      count: new Int32Array(maxColumns + 1),
      forced: new Int32Array(4 * maxColumns + 4),
      cellOfRow: new Int32Array(maxRows),
      digitOfRow: new Uint8Array(maxRows),
      choice: new Int32Array(maxColumns + 1),
    };
    buffersBySize.set(size, buffers);
  }
  return buffers;
}

/** Build the matrix for a board whose clues do not clash. Layout must be valid. */
function buildMatrix(board: Board): Matrix {
  const { size, regions, givens } = board;
  const cells = size * size;
  const buffers = buffersFor(size);
  // Digits used per row, column and region, as bitmasks (bit d = digit d).
  const { rowUsed, colUsed, regionUsed, headerOf } = buffers;
  rowUsed.fill(0);
  colUsed.fill(0);
  regionUsed.fill(0);
  for (let cell = 0; cell < cells; cell++) {
    const digit = givens[cell];
    if (digit === 0) continue;
    const bit = 1 << digit;
    rowUsed[(cell / size) | 0] |= bit;
    colUsed[cell % size] |= bit;
    regionUsed[regions[cell]] |= bit;
  }
  // Number the open constraints; -1 marks one already met by a clue.
  headerOf.fill(-1);
  let columns = 0;
  for (let cell = 0; cell < cells; cell++) if (givens[cell] === 0) headerOf[cell] = ++columns;
  for (let unit = 0; unit < size; unit++) {
    for (let digit = 1; digit <= size; digit++) {
      const bit = 1 << digit;
      const slot = unit * size + digit - 1;
      if (!(rowUsed[unit] & bit)) headerOf[cells + slot] = ++columns;
      if (!(colUsed[unit] & bit)) headerOf[2 * cells + slot] = ++columns;
      if (!(regionUsed[unit] & bit)) headerOf[3 * cells + slot] = ++columns;
    }
  }
  const firstRowNode = columns + 1;
  const { left, right, up, down, columnOf, count, cellOfRow, digitOfRow } = buffers;
  count.fill(0, 0, columns + 1);
  for (let header = 0; header <= columns; header++) {
    left[header] = header === 0 ? columns : header - 1;
    right[header] = header === columns ? 0 : header + 1;
    up[header] = header;
    down[header] = header;
    columnOf[header] = header;
  }
  // Append a node at the bottom of its column.
  const link = (node: number, header: number): void => {
    columnOf[node] = header;
    up[node] = up[header];
    down[node] = header;
    down[up[header]] = node;
    up[header] = node;
    count[header]++;
  };
  let row = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (givens[cell] !== 0) continue;
    const rowIndex = (cell / size) | 0;
    const colIndex = cell % size;
    const region = regions[cell];
    const used = rowUsed[rowIndex] | colUsed[colIndex] | regionUsed[region];
    for (let digit = 1; digit <= size; digit++) {
      if (used & (1 << digit)) continue;
      cellOfRow[row] = cell;
      digitOfRow[row] = digit;
      const base = firstRowNode + 4 * row;
      link(base, headerOf[cell]);
      link(base + 1, headerOf[cells + rowIndex * size + digit - 1]);
      link(base + 2, headerOf[2 * cells + colIndex * size + digit - 1]);
      link(base + 3, headerOf[3 * cells + region * size + digit - 1]);
      row++;
    }
  }
  let satisfiable = true;
  for (let header = 1; header <= columns; header++) if (count[header] === 0) satisfiable = false;
  return {
    columns,
    firstRowNode,
    left,
    right,
    up,
    down,
    columnOf,
    count,
    cellOfRow,
    digitOfRow,
    forced: buffers.forced,
    satisfiable,
    forcedLength: 0,
    emptyColumn: 0,
  };
}

/** Hide a column and every row that meets it. Module scope keeps one hot function identity. */
function cover(m: Matrix, header: number): void {
  const { left, right, up, down, columnOf, count, firstRowNode, forced } = m;
  right[left[header]] = right[header];
  left[right[header]] = left[header];
  for (let node = down[header]; node !== header; node = down[node]) {
    const base = node - ((node - firstRowNode) & 3);
    for (let k = 1; k < 4; k++) {
      const other = base + ((node - base + k) & 3);
      up[down[other]] = up[other];
      down[up[other]] = down[other];
      const column = columnOf[other];
      const remaining = --count[column];
      if (remaining <= 1) {
        if (remaining === 0) m.emptyColumn = column;
        else if (m.forcedLength < forced.length) forced[m.forcedLength++] = column;
      }
    }
  }
}

/** Undo `cover`, in exactly the reverse order. */
function uncover(m: Matrix, header: number): void {
  const { left, right, up, down, columnOf, count, firstRowNode } = m;
  for (let node = up[header]; node !== header; node = up[node]) {
    const base = node - ((node - firstRowNode) & 3);
    for (let k = 3; k >= 1; k--) {
      const other = base + ((node - base + k) & 3);
      count[columnOf[other]]++;
      up[down[other]] = other;
      down[up[other]] = other;
    }
  }
  right[left[header]] = header;
  left[right[header]] = header;
}

/** Cover the other three columns of a chosen row (left to right from it). */
function coverRowPeers(m: Matrix, node: number): void {
  const base = node - ((node - m.firstRowNode) & 3);
  for (let k = 1; k < 4; k++) cover(m, m.columnOf[base + ((node - base + k) & 3)]);
}

function uncoverRowPeers(m: Matrix, node: number): void {
  const base = node - ((node - m.firstRowNode) & 3);
  for (let k = 3; k >= 1; k--) uncover(m, m.columnOf[base + ((node - base + k) & 3)]);
}

/**
 * The live column with the fewest candidates. Cover records where counts fall to 0 or 1,
 * so an empty column (a dead end) or a forced one is usually taken without a scan; only
 * when no hint holds does it scan, stopping at the first column with 0 or 1. Taking an
 * empty column as soon as it appears cut nodes by a third on the hard sets (forum-hardest
 * 1905: 3,423 -> 2,173 per uniqueness check) and time by a quarter.
 */
function pickColumn(m: Matrix): number {
  const { left, right, count, forced } = m;
  const empty = m.emptyColumn;
  if (empty !== 0 && count[empty] === 0 && right[left[empty]] === empty) return empty;
  // A forced column from the hints, if one is still live (in the list) and still forced.
  while (m.forcedLength > 0) {
    const column = forced[m.forcedLength - 1];
    if (count[column] <= 1 && right[left[column]] === column) return column;
    m.forcedLength--;
  }
  let best = right[0];
  let bestCount = count[best];
  for (let header = right[best]; header !== 0 && bestCount > 1; header = right[header]) {
    if (count[header] < bestCount) {
      best = header;
      bestCount = count[header];
    }
  }
  return best;
}

/**
 * Count the solutions of a board up to `limit` (2 = the uniqueness check), stopping as soon
 * as `limit` are found, and return those found. Clues that clash directly give count 0
 * without search. The layout must be valid (see `validateLayout`); nodes = candidates tried.
 * Not re-entrant (buffers are shared per size): never call it from its own onProgress.
 */
export function countSolutions(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  const m = buildMatrix(board);
  if (!m.satisfiable) return result;
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const { down, right, columnOf, count, cellOfRow, digitOfRow, firstRowNode } = m;
  const { choice } = buffersFor(board.size);
  let nodes = 0;
  let nextReport = progressEvery;
  let level = 0;
  let node: number;

  const recordSolution = (): void => {
    if (result.solutions.length >= keep) return;
    const grid = Uint8Array.from(board.givens);
    for (let k = 0; k < level; k++) {
      const row = (choice[k] - firstRowNode) >> 2;
      grid[cellOfRow[row]] = digitOfRow[row];
    }
    result.solutions.push(grid);
  };

  if (right[0] === 0) {
    // Every cell is a clue and none clash: the grid is its own solution.
    result.count = 1;
    recordSolution();
    return result;
  }

  let header = pickColumn(m);
  cover(m, header);
  node = down[header];
  search: for (;;) {
    if (node === header) {
      // This column's candidates are used up: back up one level.
      uncover(m, header);
      if (level === 0) break;
      level--;
      node = choice[level];
      uncoverRowPeers(m, node);
      header = columnOf[node];
      node = down[node];
      continue;
    }
    choice[level] = node;
    nodes++;
    coverRowPeers(m, node);
    level++;
    if (right[0] === 0) {
      result.count++;
      recordSolution();
      if (result.count >= limit) {
        result.complete = false;
        break search;
      }
    } else {
      const next = pickColumn(m);
      if (count[next] > 0) {
        header = next;
        cover(m, header);
        node = down[header];
        if (nodes >= nextReport) {
          nextReport = nodes + progressEvery;
          if (checkpointStops(options, result, nodes)) break search;
        }
        continue;
      }
    }
    // Dead end or solution recorded: undo this choice and try the next candidate.
    level--;
    uncoverRowPeers(m, node);
    node = down[node];
  }
  result.nodes = nodes;
  return result;
}
