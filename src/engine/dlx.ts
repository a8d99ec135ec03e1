/**
 * Knuth's Algorithm X with dancing links, specialised to Sudoku-like exact cover. It is the
 * project's reference engine: the other engines are property-tested against it.
 *
 * ARCHITECTURE: columns are the constraints (cell filled, digit in row, digit in column,
 * digit in region); rows are the candidates (cell, digit). Clues are applied while the
 * matrix is built: their columns are left out and every candidate they rule out is never
 * added, so each remaining candidate row has exactly 4 live nodes, side by side in memory;
 * the left/right links of rows are replaced by index arithmetic. Cover and uncover are
 * Knuth's, on up/down links; the column choice is MRV (fewest candidates).
 *
 * DESIGN CONSIDERATIONS:
 * - Memory: all links live in one Int32Array, interleaved per node and addressed by offset
 *   (a header is up, down, left, right, count; a row node is up, down, column, and a row's
 *   4 nodes fill one 64-byte line). The search state (hint stack, last emptied column,
 *   branch count) sits in spare slots of the same array, so the hot loops touch one typed
 *   array and no module or object fields. The buffers are reused per size.
 * - Column choice without scans: unlink pushes every column whose count falls to 1 or 0 on
 *   a hint stack (branch-free), and a column that falls to 0 is also kept in EMPTY, so a
 *   dead end or a forced column is found without looking at the column list. The hints are
 *   kept complete (every live column with 0 or 1 candidates is on the stack): a branching
 *   level keeps the hints its own cover pushed as a window for all its rows, and backing
 *   up drops only what was pushed below it. So when no hint holds, every live column has
 *   2 or more and a scan may stop at the first with 2.
 * - Branching in a hard search (over 16 branchings): among the first 8 two-candidate
 *   columns, the one whose heavier row meets the most other candidates (see pickColumn).
 * - The search is an iterative loop over an explicit choice stack: it allocates nothing,
 *   cannot overflow the call stack, and checks an abort signal and reports progress.
 * Measurements behind these choices, and what was tried and dropped: docs/engines/dlx.md.
 */
import type { Board } from './board.ts';
import {
  checkpointStops,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';

// Node layout in one Int32Array, addressed by "pointers" (array offsets):
// column header h (h = 8 * column, the root is 0): up, down, left, right, count.
// row node p (4 per candidate row, rows 16-aligned): up, down, header of its column.
const UP = 0;
const DOWN = 1;
const LEFT = 2;
const RIGHT = 3;
const COUNT = 4;
const COLUMN = 2;
/** Spare slot of a row's first node: cell * 32 + digit. */
const LABEL = 3;
const HEADER_STRIDE = 8;
const ROW_STRIDE = 16;

/** Arrays sized for the largest matrix of one size, reused by every search of that size. */
interface Buffers {
  links: Int32Array;
  /** Offset in `links` of the stack of forced-column hints (it runs to the end). */
  stackBase: number;
  /** Per level: the enclosing hint window (lo, hi) to restore, or lo = -1 for a forced one. */
  windows: Int32Array;
  rowUsed: Int32Array;
  colUsed: Int32Array;
  regionUsed: Int32Array;
  headerOf: Int32Array;
  choice: Int32Array;
}

const buffersBySize = new Map<number, Buffers>();

function buffersFor(size: number): Buffers {
  let buffers = buffersBySize.get(size);
  if (!buffers) {
    const cells = size * size;
    const maxColumns = 4 * cells;
    const maxRows = cells * size;
    const firstRow = Math.ceil((HEADER_STRIDE * (maxColumns + 1)) / ROW_STRIDE) * ROW_STRIDE;
    const stackBase = firstRow + ROW_STRIDE * maxRows;
    buffers = {
      // The hint stack needs room for every push that can be live at once: one per column
      // before the search, then at most one per node unlinked (see countSolutionsDlx).
      links: new Int32Array(stackBase + maxColumns + 4 * maxRows + 16),
      windows: new Int32Array(2 * maxColumns + 2),
      stackBase,
      rowUsed: new Int32Array(size),
      colUsed: new Int32Array(size),
      regionUsed: new Int32Array(size),
      headerOf: new Int32Array(maxColumns),
      choice: new Int32Array(maxColumns + 1),
    };
    buffersBySize.set(size, buffers);
  }
  return buffers;
}

// Search state kept in the root header's spare slots, so the hot loops touch one array:
// TOP is the top of the hint stack, EMPTY the last column emptied.
const TOP = 0;
const EMPTY = 5;
/** The slot after EMPTY, for writes that are thrown away. */
const DUMP = 6;
/** Branching picks made so far in this search. */
const BRANCHES = 7;
/**
 * Branching picks taken the cheap way (the first column with 2 candidates) before the
 * search counts as hard and starts scoring columns: an easy puzzle (17-clue, serg: under
 * 10 branchings) gains no nodes from scoring, only its cost.
 */
const CHEAP_BRANCHES = 16;
/** Two-candidate columns scored per branching pick in a hard search. */
const SCORED = 8;

/** Build the matrix for a board whose clues do not clash. */
function buildMatrix(board: Board, buffers: Buffers): void {
  const { size, regions, givens } = board;
  const cells = size * size;
  const { rowUsed, colUsed, regionUsed, headerOf, links } = buffers;
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
  let columns = 0;
  for (let cell = 0; cell < cells; cell++)
    if (givens[cell] === 0) headerOf[cell] = HEADER_STRIDE * ++columns;
  for (let unit = 0; unit < size; unit++) {
    for (let digit = 1; digit <= size; digit++) {
      const bit = 1 << digit;
      const slot = unit * size + digit - 1;
      if (!(rowUsed[unit] & bit)) headerOf[cells + slot] = HEADER_STRIDE * ++columns;
      if (!(colUsed[unit] & bit)) headerOf[2 * cells + slot] = HEADER_STRIDE * ++columns;
      if (!(regionUsed[unit] & bit)) headerOf[3 * cells + slot] = HEADER_STRIDE * ++columns;
    }
  }
  const lastHeader = HEADER_STRIDE * columns;
  for (let h = 0; h <= lastHeader; h += HEADER_STRIDE) {
    links[h + UP] = h;
    links[h + DOWN] = h;
    links[h + LEFT] = h === 0 ? lastHeader : h - HEADER_STRIDE;
    links[h + RIGHT] = h === lastHeader ? 0 : h + HEADER_STRIDE;
    links[h + COUNT] = 0;
  }
  const firstRow = Math.ceil((lastHeader + HEADER_STRIDE) / ROW_STRIDE) * ROW_STRIDE;
  const allDigits = (1 << (size + 1)) - 2;
  let p = firstRow;
  let rowIndex = 0;
  let colIndex = 0;
  for (let cell = 0; cell < cells; cell++) {
    if (givens[cell] === 0) {
      const region = regions[cell];
      const cellHeader = headerOf[cell];
      const rowSlot = cells + rowIndex * size - 1;
      const colSlot = 2 * cells + colIndex * size - 1;
      const regionSlot = 3 * cells + region * size - 1;
      let free = allDigits & ~(rowUsed[rowIndex] | colUsed[colIndex] | regionUsed[region]);
      while (free !== 0) {
        const digit = 31 - Math.clz32(free & -free);
        free &= free - 1;
        // The row's first node keeps what the row means in its spare slot.
        links[p + LABEL] = cell * 32 + digit;
        append(links, p, cellHeader);
        append(links, p + 4, headerOf[rowSlot + digit]);
        append(links, p + 8, headerOf[colSlot + digit]);
        append(links, p + 12, headerOf[regionSlot + digit]);
        p += ROW_STRIDE;
      }
    }
    if (++colIndex === size) {
      colIndex = 0;
      rowIndex++;
    }
  }
}

/** Append node p at the bottom of column h. */
function append(links: Int32Array, p: number, h: number): void {
  const last = links[h + UP];
  links[p + UP] = last;
  links[p + DOWN] = h;
  links[p + COLUMN] = h;
  links[last + DOWN] = p;
  links[h + UP] = p;
  links[h + COUNT]++;
}

/**
 * Unlink the other three nodes of row node p from their columns; returns the new top of
 * the hint stack (the caller keeps it in a local, so pushes chain through a register and
 * not through memory).
 */
function unlinkRow(n: Int32Array, p: number, top: number): number {
  const base = p & ~15;
  top = unlink(n, base | ((p + 4) & 15), top);
  top = unlink(n, base | ((p + 8) & 15), top);
  return unlink(n, base | ((p + 12) & 15), top);
}

function unlink(n: Int32Array, q: number, top: number): number {
  const u = n[q + UP];
  const d = n[q + DOWN];
  n[d + UP] = u;
  n[u + DOWN] = d;
  const c = n[q + COLUMN];
  const remaining = --n[c + COUNT];
  // Hints without a branch (whether a count falls this low follows the data, so a branch
  // would be mispredicted often): c always goes on the stack top, which moves up only when
  // the count is now 0 or 1; and c goes to EMPTY when it is 0, else to the scratch DUMP.
  n[DUMP - (((remaining - 1) >> 31) & 1)] = c;
  n[top] = c;
  return top + (((remaining - 2) >> 31) & 1);
}

/** Undo `unlinkRow`. */
function relinkRow(n: Int32Array, p: number): void {
  const base = p & ~15;
  relink(n, base | ((p + 12) & 15));
  relink(n, base | ((p + 8) & 15));
  relink(n, base | ((p + 4) & 15));
}

function relink(n: Int32Array, q: number): void {
  n[n[q + COLUMN] + COUNT]++;
  n[n[q + DOWN] + UP] = q;
  n[n[q + UP] + DOWN] = q;
}

/** Hide a column and every row that meets it. */
function cover(n: Int32Array, h: number): void {
  const l = n[h + LEFT];
  const r = n[h + RIGHT];
  n[l + RIGHT] = r;
  n[r + LEFT] = l;
  let top = n[TOP];
  for (let p = n[h + DOWN]; p !== h; p = n[p + DOWN]) top = unlinkRow(n, p, top);
  n[TOP] = top;
}

/**
 * `cover` for a column with one row, which is about to be chosen: its peers are covered
 * next, so the counts its unlinking lowers give no hints worth keeping.
 */
function coverForced(n: Int32Array, h: number): void {
  const l = n[h + LEFT];
  const r = n[h + RIGHT];
  n[l + RIGHT] = r;
  n[r + LEFT] = l;
  const p = n[h + DOWN];
  const base = p & ~15;
  for (let k = 4; k < 16; k += 4) {
    const q = base | ((p + k) & 15);
    const u = n[q + UP];
    const d = n[q + DOWN];
    n[d + UP] = u;
    n[u + DOWN] = d;
    n[n[q + COLUMN] + COUNT]--;
  }
}

/** Undo `cover`, rows in reverse order. */
function uncover(n: Int32Array, h: number): void {
  for (let p = n[h + UP]; p !== h; p = n[p + UP]) relinkRow(n, p);
  n[n[h + LEFT] + RIGHT] = h;
  n[n[h + RIGHT] + LEFT] = h;
}

function coverRowPeers(n: Int32Array, p: number): void {
  const base = p & ~15;
  for (let k = 4; k < 16; k += 4) {
    const h = n[(base | ((p + k) & 15)) + COLUMN];
    const l = n[h + LEFT];
    const r = n[h + RIGHT];
    n[l + RIGHT] = r;
    n[r + LEFT] = l;
    let top = n[TOP];
    for (let x = n[h + DOWN]; x !== h; x = n[x + DOWN]) top = unlinkRow(n, x, top);
    n[TOP] = top;
  }
}

function uncoverRowPeers(n: Int32Array, p: number): void {
  const base = p & ~15;
  for (let k = 12; k > 0; k -= 4) {
    const h = n[(base | ((p + k) & 15)) + COLUMN];
    for (let x = n[h + UP]; x !== h; x = n[x + UP]) relinkRow(n, x);
    n[n[h + LEFT] + RIGHT] = h;
    n[n[h + RIGHT] + LEFT] = h;
  }
}

/** Candidates in the columns of row node p's row other than p's own column. */
function rowWeight(n: Int32Array, p: number): number {
  const base = p & ~15;
  return (
    n[n[(base | ((p + 4) & 15)) + COLUMN] + COUNT] +
    n[n[(base | ((p + 8) & 15)) + COLUMN] + COUNT] +
    n[n[(base | ((p + 12) & 15)) + COLUMN] + COUNT]
  );
}

/**
 * The column to branch on (MRV): a live column left with no candidate (a dead end, from
 * EMPTY), else a forced one from the hints (most recent first: those above the window,
 * then the window's), else, the hints being complete, a two-candidate column (see below).
 */
function pickColumn(n: Int32Array, windowLo: number, windowHi: number): number {
  const empty = n[EMPTY];
  if (empty !== 0 && n[empty + COUNT] === 0 && n[n[empty + LEFT] + RIGHT] === empty) return empty;
  let top = n[TOP];
  while (top > windowHi) {
    const c = n[top - 1];
    if (n[c + COUNT] <= 1 && n[n[c + LEFT] + RIGHT] === c) {
      n[TOP] = top;
      return c;
    }
    top--;
  }
  n[TOP] = top;
  for (let t = windowHi - 1; t >= windowLo; t--) {
    const c = n[t];
    if (n[c + COUNT] <= 1 && n[n[c + LEFT] + RIGHT] === c) return c;
  }
  // The hints are complete: no live column has fewer than 2 candidates.
  let best = n[RIGHT];
  let bestCount = n[best + COUNT];
  if (++n[BRANCHES] > CHEAP_BRANCHES) {
    // Hard search: among the first SCORED two-candidate columns, take the one whose
    // heavier row meets the most other candidates: taking that row removes the most, so
    // one of the two branches tends to fail fast (-21% nodes on forum-hardest-1106).
    bestCount = 0x7fffffff;
    let bestScore = -1;
    let seen = 0;
    for (let h = best; h !== 0; h = n[h + RIGHT]) {
      const c = n[h + COUNT];
      if (c === 2) {
        const first = rowWeight(n, n[h + DOWN]);
        const second = rowWeight(n, n[n[h + DOWN] + DOWN]);
        const score = first > second ? first : second;
        if (score > bestScore) {
          best = h;
          bestScore = score;
        }
        bestCount = 2;
        if (++seen === SCORED) break;
      } else if (c < bestCount) {
        if (c <= 1) return h;
        best = h;
        bestCount = c;
      }
    }
    return best;
  }
  for (let h = n[best + RIGHT]; h !== 0 && bestCount > 2; h = n[h + RIGHT]) {
    const c = n[h + COUNT];
    if (c < bestCount) {
      best = h;
      bestCount = c;
    }
  }
  return best;
}

/**
 * Count solutions up to `limit` by Algorithm X: a CountFunction (contract.ts); nodes =
 * candidate rows chosen, forced or guessed. Not re-entrant (the link buffers are shared per
 * size): never call it from its own onProgress callback.
 */
export function countSolutionsDlx(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  const buffers = buffersFor(board.size);
  buildMatrix(board, buffers);
  const n = buffers.links;
  const { stackBase } = buffers;
  n[EMPTY] = 0;
  n[TOP] = stackBase;
  n[BRANCHES] = 0;
  for (let h = n[RIGHT]; h !== 0; h = n[h + RIGHT]) {
    const c = n[h + COUNT];
    if (c === 0) return result;
    if (c === 1) n[n[TOP]++] = h;
  }
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const { choice } = buffers;
  let nodes = 0;
  let nextReport = progressEvery;
  let level = 0;
  let node: number;

  const recordSolution = (): void => {
    if (result.solutions.length >= keep) return;
    const grid = Uint8Array.from(board.givens);
    for (let k = 0; k < level; k++) {
      const label = n[(choice[k] & ~15) + LABEL];
      grid[label >> 5] = label & 31;
    }
    result.solutions.push(grid);
  };

  if (n[RIGHT] === 0) {
    result.count = 1;
    recordSolution();
    return result;
  }

  // Hint windows: a branching level (a column with 2+ rows) keeps the hints its own cover
  // pushed, [windowLo, windowHi), for all its rows: deeper picks pop only above windowHi
  // and read the window, and backing up to the level drops everything above it. So the
  // hints stay complete (every live column with one candidate or none is on the stack)
  // with no pushes in uncover. At a branching pick nothing below the window was live and
  // forced, and nothing there becomes so deeper without a new push.
  const { windows } = buffers;
  let windowLo = stackBase;
  let windowHi = stackBase;
  let header = pickColumn(n, windowLo, windowHi);
  let count = n[header + COUNT];
  search: for (;;) {
    // Open column `header` (count > 0) at `level`. A forced column opens no window: it has
    // no other row to come back to.
    if (count === 1) {
      windows[2 * level] = -1;
      coverForced(n, header);
    } else {
      windows[2 * level] = windowLo;
      windows[2 * level + 1] = windowHi;
      windowLo = n[TOP];
      cover(n, header);
      windowHi = n[TOP];
    }
    node = n[header + DOWN];
    if (nodes >= nextReport) {
      nextReport = nodes + progressEvery;
      if (checkpointStops(options, result, nodes)) break;
    }
    for (;;) {
      if (node === header) {
        // This column's candidates are used up: back up one level.
        uncover(n, header);
        if (windows[2 * level] >= 0) {
          n[TOP] = windowLo;
          windowLo = windows[2 * level];
          windowHi = windows[2 * level + 1];
        }
        if (level === 0) break search;
        level--;
        node = choice[level];
        uncoverRowPeers(n, node);
        // Hints pushed since the window's level opened are for undone covers.
        n[TOP] = windowHi;
        header = n[node + COLUMN];
        node = n[node + DOWN];
        continue;
      }
      choice[level] = node;
      nodes++;
      coverRowPeers(n, node);
      level++;
      if (n[RIGHT] === 0) {
        result.count++;
        recordSolution();
        if (result.count >= limit) {
          result.complete = false;
          break search;
        }
      } else {
        const next = pickColumn(n, windowLo, windowHi);
        count = n[next + COUNT];
        if (count > 0) {
          header = next;
          continue search;
        }
      }
      // Dead end or solution recorded: undo this choice and try the next candidate.
      level--;
      uncoverRowPeers(n, node);
      n[TOP] = windowHi;
      node = n[node + DOWN];
    }
  }
  result.nodes = nodes;
  return result;
}
