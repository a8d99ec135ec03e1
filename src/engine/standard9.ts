/**
 * A solution counter for standard 9x9 Sudoku only (3x3 boxes), built for speed.
 *
 * ARCHITECTURE: the state is one bitboard per digit and band instead of one mask per cell.
 * Board 3d+b holds 27 bits, bit 9r+c set where digit d+1 may still go in row 3b+r, column
 * c (a placed digit keeps its bit); three more ints mark the unsolved cells of each band.
 * Within a band a digit fills one cell per row and per box, so its three "minirows" (row
 * r inside box k) form a permutation of rows to boxes; the same holds along a stack for
 * bands and columns. One 512-entry table maps a 3x3 occupancy matrix to the union of the
 * permutations that fit it (0 when none does), so a handful of lookups per digit gives
 * pointing and claiming in both directions, box/column interactions across bands, and
 * (through the rows that keep a single cell) hidden singles in rows, boxes and columns.
 * Naked singles are found bit-parallel per band with once/twice accumulators over the nine
 * digits. At a fixed point a triad pass (tdoku's idea) uses that the three cells of a
 * minirow or minicolumn hold three different digits: saturating counters over the nine
 * digits check all 108 at once. Then it branches, in the band or stack with the fewest
 * permutations left over all digits, over the permutations of its digit with the fewest
 * (25% fewer guesses than guessing on a pair cell on forum-hardest-1106).
 *
 * DESIGN CONSIDERATIONS: the whole search state is 30 ints, so a guess saves it with one
 * copyWithin into a preallocated stack in the same buffer and nothing allocates during the
 * search. Propagation is lazy: a 9-bit mask of the digits whose boards changed drives it,
 * so a guess that touches one digit revisits one digit (tracking bands as well costs more
 * in branches than it saves). The triad pass leaves the permutation counts the branching
 * reads, so choosing costs no second sweep. The engine is only correct for the standard
 * box layout: callers check `isStandard9` first (it throws). What was tried and dropped:
 * docs/engines/standard9.md.
 */
import { hasStandardBoxes, type Board } from './board.ts';
import {
  checkpointStops,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';
import { BAND_FULL, gridOfBands, STATE_INTS, UNSOLVED } from './bands.ts';

/** Box occupancy (3 bits) of a 9-bit row. */
const BOX_OCC = new Int32Array(512);
/**
 * For a 3x3 occupancy matrix (bit 3i+j: line i may use slot j), the union of the
 * permutations i -> j that lie inside it, as a matrix of the same shape; 0 when none does.
 */
const PERM = new Int32Array(512);
/** PERM over minirows, expanded to the 27 cells of a band. */
const PERM_CELLS = new Int32Array(512);
/** A 9-bit column set repeated on the three rows of a band. */
const COLUMN_CELLS = new Int32Array(512);
/** A 9-bit row with one bit, else 0. */
const SINGLE_ROW = new Int32Array(512);
/**
 * The column set of band b (index b*512 + columns) spread so that bits 9s+3b..9s+3b+2 hold
 * its columns in stack s: OR-ing the three bands gives each stack's band x column matrix.
 */
const SPREAD = new Int32Array(3 * 512);
/**
 * For stack s (index s*512 + matrix), PERM of the band x column matrix spread back so that
 * bits 9b+3s..9b+3s+2 are the columns band b may keep in that stack.
 */
const STACK_OUT = new Int32Array(3 * 512);
/** 1 where PERM keeps a matrix whole: nothing to remove. */
const STABLE = new Int32Array(512);
/** Row and box peers of a band cell (bit 9r+c) inside its band, the cell excluded. */
const BAND_PEERS = new Int32Array(27);

/** The six permutations of three lines to three slots as 3x3 matrices: 0o421 is 0->0, 1->1, 2->2. */
const PERMS = [0o421, 0o241, 0o412, 0o142, 0o214, 0o124];
/** How many of the six permutations lie inside a 3x3 occupancy matrix. */
const PERM_COUNT = new Int32Array(512);
/**
 * For stack s, permutation p (band b to column j of the stack: bit 3b+j) and band b, at
 * (6s+p)*3+b: the band's cells to keep, all but the stack's two other columns.
 */
const STACK_KEEP = new Int32Array(3 * 6 * 3);
/** For minirow j = 3r+k: the band's cells to keep when a digit must go there (row r and box k lose the rest). */
const MINIROW_KEEP = new Int32Array(9);
/** Bit 3j: the first bit of minirow j's three in a 3x3 matrix; bits 9b+3r in three bands' matrices side by side. */
const MATRIX_ROWS = 0o111111111;

function fillTables(): void {
  // Plain numbers and index loops: this runs once per process, in the interpreter.
  const perms = PERMS;
  for (let x = 0; x < 512; x++) {
    BOX_OCC[x] = (x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0);
    SINGLE_ROW[x] = x !== 0 && (x & (x - 1)) === 0 ? x : 0;
    COLUMN_CELLS[x] = x | (x << 9) | (x << 18);
    let union = 0;
    for (let perm = 0; perm < 6; perm++) {
      if ((perms[perm] & x) === perms[perm]) union |= perms[perm];
    }
    PERM[x] = union;
    STABLE[x] = union === x ? 1 : 0;
    let fits = 0;
    for (let perm = 0; perm < 6; perm++) if ((perms[perm] & x) === perms[perm]) fits++;
    PERM_COUNT[x] = fits;
    // Minirow 3i+j (row i of the band, box j) is band cells 9i+3j.. = 3(3i+j)..
    let cells = 0;
    for (let rest = union; rest !== 0; rest &= rest - 1) {
      cells |= 7 << (3 * (31 - Math.clz32(rest & -rest)));
    }
    PERM_CELLS[x] = cells;
  }
  for (let band = 0; band < 3; band++) {
    for (let x = 0; x < 512; x++) {
      let spread = 0;
      let out = 0;
      for (let stack = 0; stack < 3; stack++) {
        spread |= ((x >> (3 * stack)) & 7) << (9 * stack + 3 * band);
        // Here `band` plays the stack and `stack` the band: row i of the matrix is band i.
        out |= ((PERM[x] >> (3 * stack)) & 7) << (9 * stack + 3 * band);
      }
      SPREAD[band * 512 + x] = spread;
      STACK_OUT[band * 512 + x] = out;
    }
  }
  for (let cell = 0; cell < 27; cell++) {
    const row = Math.floor(cell / 9);
    const col = cell % 9;
    const box = Math.floor(col / 3);
    let peers = 0x1ff << (9 * row);
    for (let r = 0; r < 3; r++) peers |= 7 << (9 * r + 3 * box);
    BAND_PEERS[cell] = peers & ~(1 << cell);
  }
  for (let stack = 0; stack < 3; stack++) {
    for (let perm = 0; perm < 6; perm++) {
      for (let band = 0; band < 3; band++) {
        const column = 31 - Math.clz32((perms[perm] >> (3 * band)) & 7);
        const others = (7 << (3 * stack)) & ~(1 << (3 * stack + column));
        STACK_KEEP[(stack * 6 + perm) * 3 + band] = ~COLUMN_CELLS[others] & BAND_FULL;
      }
    }
  }
  for (let minirow = 0; minirow < 9; minirow++) {
    const row = 0x1ff << (9 * Math.floor(minirow / 3));
    const box = COLUMN_CELLS[7 << (3 * (minirow % 3))];
    MINIROW_KEEP[minirow] = (~(row | box) | (7 << (3 * minirow))) & BAND_FULL;
  }
}
fillTables();

/**
 * The live state (ints 0..29), then one saved state per guess level (at most 81 levels):
 * one buffer, so saving and restoring are copyWithin calls that allocate nothing.
 */
const state = new Int32Array(STATE_INTS * 83);
/** Digits (bit d) whose boards changed since they were last brought to a fixed point. */
let changed = 0;
/** Per digit, from the last triad pass: its three bands' minirow matrices side by side (bit 9b+3r+k). */
const minirowsOf = new Int32Array(9);
/** Per digit, from the last triad pass: the columns it may use in each band (bit 9b+c). */
const columnsOf = new Int32Array(9);
/**
 * From the last triad pass that changed nothing: permutations left for digit d in band b
 * at 6d+b and in stack s at 6d+3+s, and the unit to branch on (0-2 a band, 3-5 a stack).
 */
const permsLeft = new Int32Array(54);
let branchUnit = 0;

/** Whether a board is a standard 9x9 Sudoku: its regions are exactly the nine 3x3 boxes. */
export function isStandard9(board: Board): boolean {
  return board.size === 9 && hasStandardBoxes(board);
}

/** Put digit d in the band cell `index` of band b: the cell leaves every other board. */
function place(d: number, band: number, index: number): void {
  const s = state;
  const bit = 1 << index;
  for (let at = band; at < 27; at += 3) {
    if (s[at] & bit) {
      s[at] &= ~bit;
      changed |= 1 << ((at / 3) | 0);
    }
  }
  const own = 3 * d + band;
  s[own] = (s[own] & ~BAND_PEERS[index]) | bit;
  const notColumn = ~COLUMN_CELLS[1 << (index % 9)];
  if (band !== 0) s[3 * d] &= notColumn;
  if (band !== 1) s[3 * d + 1] &= notColumn;
  if (band !== 2) s[3 * d + 2] &= notColumn;
  s[UNSOLVED + band] &= ~bit;
  changed |= 1 << d;
}

/**
 * Bring digit d's three boards to a fixed point of the row/box and band/column permutation
 * constraints, then place it in the rows where it has one cell left. False on contradiction.
 */
function updateDigit(d: number): boolean {
  const s = state;
  const base = 3 * d;
  let a0 = s[base];
  let a1 = s[base + 1];
  let a2 = s[base + 2];
  a0 &= PERM_CELLS[BOX_OCC[a0 & 511] | (BOX_OCC[(a0 >> 9) & 511] << 3) | (BOX_OCC[a0 >> 18] << 6)];
  a1 &= PERM_CELLS[BOX_OCC[a1 & 511] | (BOX_OCC[(a1 >> 9) & 511] << 3) | (BOX_OCC[a1 >> 18] << 6)];
  a2 &= PERM_CELLS[BOX_OCC[a2 & 511] | (BOX_OCC[(a2 >> 9) & 511] << 3) | (BOX_OCC[a2 >> 18] << 6)];
  if (a0 === 0 || a1 === 0 || a2 === 0) return false;
  for (;;) {
    const spread =
      SPREAD[(a0 | (a0 >> 9) | (a0 >> 18)) & 511] |
      SPREAD[512 + ((a1 | (a1 >> 9) | (a1 >> 18)) & 511)] |
      SPREAD[1024 + ((a2 | (a2 >> 9) | (a2 >> 18)) & 511)];
    if (STABLE[spread & 511] & STABLE[(spread >> 9) & 511] & STABLE[spread >> 18]) break;
    // Some band loses a column: only the bands that changed need their rows and boxes again.
    const allowed =
      STACK_OUT[spread & 511] |
      STACK_OUT[512 + ((spread >> 9) & 511)] |
      STACK_OUT[1024 + (spread >> 18)];
    let n = a0 & COLUMN_CELLS[allowed & 511];
    if (n !== a0) {
      a0 =
        n & PERM_CELLS[BOX_OCC[n & 511] | (BOX_OCC[(n >> 9) & 511] << 3) | (BOX_OCC[n >> 18] << 6)];
      if (a0 === 0) return false;
    }
    n = a1 & COLUMN_CELLS[(allowed >> 9) & 511];
    if (n !== a1) {
      a1 =
        n & PERM_CELLS[BOX_OCC[n & 511] | (BOX_OCC[(n >> 9) & 511] << 3) | (BOX_OCC[n >> 18] << 6)];
      if (a1 === 0) return false;
    }
    n = a2 & COLUMN_CELLS[allowed >> 18];
    if (n !== a2) {
      a2 =
        n & PERM_CELLS[BOX_OCC[n & 511] | (BOX_OCC[(n >> 9) & 511] << 3) | (BOX_OCC[n >> 18] << 6)];
      if (a2 === 0) return false;
    }
  }
  s[base] = a0;
  s[base + 1] = a1;
  s[base + 2] = a2;
  // Rows with one cell left fix the digit there; only the other digits must hear of it
  // (the permutations above already cleared this digit's box and column).
  const p0 =
    (SINGLE_ROW[a0 & 511] | (SINGLE_ROW[(a0 >> 9) & 511] << 9) | (SINGLE_ROW[a0 >> 18] << 18)) &
    s[UNSOLVED];
  const p1 =
    (SINGLE_ROW[a1 & 511] | (SINGLE_ROW[(a1 >> 9) & 511] << 9) | (SINGLE_ROW[a1 >> 18] << 18)) &
    s[UNSOLVED + 1];
  const p2 =
    (SINGLE_ROW[a2 & 511] | (SINGLE_ROW[(a2 >> 9) & 511] << 9) | (SINGLE_ROW[a2 >> 18] << 18)) &
    s[UNSOLVED + 2];
  if ((p0 | p1 | p2) === 0) return true;
  s[UNSOLVED] &= ~p0;
  s[UNSOLVED + 1] &= ~p1;
  s[UNSOLVED + 2] &= ~p2;
  for (let e = 0; e < 9; e++) {
    if (e === d) continue;
    const at = 3 * e;
    const f0 = s[at];
    const f1 = s[at + 1];
    const f2 = s[at + 2];
    if ((f0 & p0) | (f1 & p1) | (f2 & p2)) {
      s[at] = f0 & ~p0;
      s[at + 1] = f1 & ~p1;
      s[at + 2] = f2 & ~p2;
      changed |= 1 << e;
    }
  }
  return true;
}

/** Place every naked single. -1 on contradiction, else how many were placed. */
function nakedSingles(): number {
  const s = state;
  let placed = 0;
  for (let band = 0; band < 3; band++) {
    const unsolved = s[UNSOLVED + band];
    if (unsolved === 0) continue;
    let once = 0;
    let twice = 0;
    for (let at = band; at < 27; at += 3) {
      const f = s[at];
      twice |= once & f;
      once |= f;
    }
    if (unsolved & ~once) return -1;
    let singles = unsolved & ~twice;
    while (singles !== 0) {
      const bit = singles & -singles;
      singles ^= bit;
      let d = 0;
      while (d < 9 && (s[3 * d + band] & bit) === 0) d++;
      // An earlier single of this band took the last candidate of this cell.
      if (d === 9) return -1;
      place(d, band, 31 - Math.clz32(bit));
      placed++;
    }
  }
  return placed;
}

/** A band board's 3x3 minirow matrix: bit 3r+k where row r keeps a cell in box k. */
function minirowMatrix(board: number): number {
  return BOX_OCC[board & 511] | (BOX_OCC[(board >> 9) & 511] << 3) | (BOX_OCC[board >> 18] << 6);
}

/** The minirows (bit 3r+k, any bands side by side) in which a matrix keeps one box of row r. */
function forcedMinirows(matrix: number): number {
  const x = matrix;
  const y = matrix >> 1;
  const z = matrix >> 2;
  const single = (x | y | z) & ~((x & y) | (x & z) | (y & z)) & MATRIX_ROWS;
  return matrix & (single | (single << 1) | (single << 2));
}

/** The minicolumns (bit 9b+c) of the only band a column keeps, for columns with one band. */
function forcedMinicolumns(columns: number): number {
  const x = columns & 511;
  const y = (columns >> 9) & 511;
  const z = columns >> 18;
  const single = (x | y | z) & ~((x & y) | (x & z) | (y & z));
  return columns & (single | (single << 9) | (single << 18));
}

/**
 * Triads (tdoku's name): the three cells of a minirow hold three different digits, and so do
 * those of a minicolumn. Saturating counters over the nine digits give, for all 54 of each at
 * once, how many digits may go there and how many must (placed, or their only minirow in
 * the row). Fewer than three may: contradiction; more than three must: contradiction;
 * exactly three may: each must; exactly three must: no other may. -1 on contradiction, 1
 * when a board changed, 0 at a fixed point, where it also leaves the permutation counts and
 * the unit to branch on (pickDigit).
 */
function triads(): number {
  const s = state;
  // Bit i of mayN: at least N digits may use minirow i (bit 9b+3r+k); mustN: must. Then
  // the same for minicolumns (bit 9b+c).
  let may1 = 0,
    may2 = 0,
    may3 = 0,
    may4 = 0,
    must1 = 0,
    must2 = 0,
    must3 = 0,
    must4 = 0;
  let colMay1 = 0,
    colMay2 = 0,
    colMay3 = 0,
    colMay4 = 0;
  let colMust1 = 0,
    colMust2 = 0,
    colMust3 = 0,
    colMust4 = 0;
  let band0 = 0,
    band1 = 0,
    band2 = 0,
    stack0 = 0,
    stack1 = 0,
    stack2 = 0;
  for (let d = 0; d < 9; d++) {
    const a0 = s[3 * d];
    const a1 = s[3 * d + 1];
    const a2 = s[3 * d + 2];
    const r0 = minirowMatrix(a0);
    const r1 = minirowMatrix(a1);
    const r2 = minirowMatrix(a2);
    const rows = r0 | (r1 << 9) | (r2 << 18);
    minirowsOf[d] = rows;
    may4 |= may3 & rows;
    may3 |= may2 & rows;
    may2 |= may1 & rows;
    may1 |= rows;
    const mustRows = forcedMinirows(rows);
    must4 |= must3 & mustRows;
    must3 |= must2 & mustRows;
    must2 |= must1 & mustRows;
    must1 |= mustRows;
    const c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & 511;
    const c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & 511;
    const c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & 511;
    const columns = c0 | (c1 << 9) | (c2 << 18);
    columnsOf[d] = columns;
    colMay4 |= colMay3 & columns;
    colMay3 |= colMay2 & columns;
    colMay2 |= colMay1 & columns;
    colMay1 |= columns;
    const mustColumns = forcedMinicolumns(columns);
    colMust4 |= colMust3 & mustColumns;
    colMust3 |= colMust2 & mustColumns;
    colMust2 |= colMust1 & mustColumns;
    colMust1 |= mustColumns;
    const stacks = SPREAD[c0] | SPREAD[512 + c1] | SPREAD[1024 + c2];
    const at = 6 * d;
    const p0 = (permsLeft[at] = PERM_COUNT[r0]);
    const p1 = (permsLeft[at + 1] = PERM_COUNT[r1]);
    const p2 = (permsLeft[at + 2] = PERM_COUNT[r2]);
    const q0 = (permsLeft[at + 3] = PERM_COUNT[stacks & 511]);
    const q1 = (permsLeft[at + 4] = PERM_COUNT[(stacks >> 9) & 511]);
    const q2 = (permsLeft[at + 5] = PERM_COUNT[stacks >> 18]);
    band0 += p0;
    band1 += p1;
    band2 += p2;
    stack0 += q0;
    stack1 += q1;
    stack2 += q2;
  }
  if ((~may3 | ~colMay3) & BAND_FULL || must4 | colMust4) return -1;
  const allMust = may3 & ~may4;
  const colAllMust = colMay3 & ~colMay4;
  // Where three may and three must, they are the same three: nothing to do.
  if (((allMust ^ must3) | (colAllMust ^ colMust3)) === 0) {
    // Every unit at 9 permutations has every digit placed: the board is solved, and the
    // caller does not branch.
    let unit = 0;
    let fewest = band0 > 9 ? band0 : 1000;
    if (band1 > 9 && band1 < fewest) {
      fewest = band1;
      unit = 1;
    }
    if (band2 > 9 && band2 < fewest) {
      fewest = band2;
      unit = 2;
    }
    if (stack0 > 9 && stack0 < fewest) {
      fewest = stack0;
      unit = 3;
    }
    if (stack1 > 9 && stack1 < fewest) {
      fewest = stack1;
      unit = 4;
    }
    if (stack2 > 9 && stack2 < fewest) unit = 5;
    branchUnit = unit;
    return 0;
  }
  let any = 0;
  for (let d = 0; d < 9; d++) {
    const rows = minirowsOf[d];
    const freeRows = rows & ~forcedMinirows(rows);
    const columns = columnsOf[d];
    const freeColumns = columns & ~forcedMinicolumns(columns);
    const joinRows = freeRows & allMust;
    const leaveRows = freeRows & must3;
    const joinColumns = freeColumns & colAllMust;
    const leaveColumns = freeColumns & colMust3;
    if ((joinRows | leaveRows | joinColumns | leaveColumns) === 0) continue;
    const at = 3 * d;
    for (let rest = joinRows; rest !== 0; rest &= rest - 1) {
      const bit = 31 - Math.clz32(rest & -rest);
      s[at + ((bit / 9) | 0)] &= MINIROW_KEEP[bit % 9];
    }
    for (let rest = leaveRows; rest !== 0; rest &= rest - 1) {
      const bit = 31 - Math.clz32(rest & -rest);
      s[at + ((bit / 9) | 0)] &= ~(7 << (3 * (bit % 9)));
    }
    for (let rest = joinColumns; rest !== 0; rest &= rest - 1) {
      const bit = 31 - Math.clz32(rest & -rest);
      const band = (bit / 9) | 0;
      const notColumn = ~COLUMN_CELLS[1 << (bit % 9)];
      if (band !== 0) s[at] &= notColumn;
      if (band !== 1) s[at + 1] &= notColumn;
      if (band !== 2) s[at + 2] &= notColumn;
    }
    for (let rest = leaveColumns; rest !== 0; rest &= rest - 1) {
      const bit = 31 - Math.clz32(rest & -rest);
      s[at + ((bit / 9) | 0)] &= ~COLUMN_CELLS[1 << (bit % 9)];
    }
    any |= 1 << d;
  }
  changed |= any;
  return any === 0 ? 0 : 1;
}

/** Propagate to a fixed point of the steps above. False on contradiction. */
function propagate(): boolean {
  const s = state;
  for (;;) {
    while (changed !== 0) {
      const bit = changed & -changed;
      changed ^= bit;
      if (!updateDigit(31 - Math.clz32(bit))) return false;
    }
    if ((s[UNSOLVED] | s[UNSOLVED + 1] | s[UNSOLVED + 2]) === 0) return true;
    const placed = nakedSingles();
    if (placed < 0) return false;
    if (placed === 0) {
      const found = triads();
      if (found <= 0) return found === 0;
    }
  }
}

/**
 * The digit to branch on, in the unit the last triad pass chose: the one with the fewest
 * permutations left there, at least two (tdoku's order: tight units first).
 */
function pickDigit(): number {
  let best = 0;
  let fewest = 7;
  for (let d = 0, at = branchUnit; d < 9; d++, at += 6) {
    const left = permsLeft[at];
    if (left > 1 && left < fewest) {
      fewest = left;
      best = d;
    }
  }
  return best;
}

/** The running count's settings and result: module state, like the boards (not re-entrant). */
let result!: CountResult;
let countLimit = 1;
let keepSolutions = 1;
const NO_OPTIONS: SearchOptions = {};
let searchOptions = NO_OPTIONS;
let progressEvery = DEFAULT_PROGRESS_EVERY;
let nextReport = DEFAULT_PROGRESS_EVERY;
let stopped = false;

/**
 * Search below the live state at guess depth `level`. Depth is the number of branchings on
 * one path: each leaves one of the 54 (digit, band or stack) pairs with one permutation for
 * good, so at most 54.
 */
function explore(level: number): void {
  const s = state;
  if (!propagate()) return;
  if ((s[UNSOLVED] | s[UNSOLVED + 1] | s[UNSOLVED + 2]) === 0) {
    result.count++;
    if (result.solutions.length < keepSolutions) result.solutions.push(gridOfBands(s));
    if (result.count >= countLimit) stopped = true;
    return;
  }
  // The digit's matrix in that unit, from the triad pass that just found this fixed point.
  const d = pickDigit();
  const unit = branchUnit;
  let matrix: number;
  if (unit < 3) matrix = (minirowsOf[d] >> (9 * unit)) & 511;
  else {
    const columns = columnsOf[d];
    const stacks =
      SPREAD[columns & 511] | SPREAD[512 + ((columns >> 9) & 511)] | SPREAD[1024 + (columns >> 18)];
    matrix = (stacks >> (9 * (unit - 3))) & 511;
  }
  let perms = 0;
  for (let perm = 0; perm < 6; perm++)
    if ((PERMS[perm] & matrix) === PERMS[perm]) perms |= 1 << perm;
  const from = (level + 1) * STATE_INTS;
  s.copyWithin(from, 0, STATE_INTS);
  while (perms !== 0 && !stopped) {
    const permBit = perms & -perms;
    perms ^= permBit;
    const perm = 31 - Math.clz32(permBit);
    result.nodes++;
    if (result.nodes >= nextReport) {
      nextReport = result.nodes + progressEvery;
      if (checkpointStops(searchOptions, result, result.nodes)) {
        stopped = true;
        return;
      }
    }
    // Digit d takes this permutation in the band (its three minirows) or the stack (one
    // column per band).
    if (unit < 3) s[3 * d + unit] &= PERM_CELLS[PERMS[perm]];
    else {
      const keep = ((unit - 3) * 6 + perm) * 3;
      s[3 * d] &= STACK_KEEP[keep];
      s[3 * d + 1] &= STACK_KEEP[keep + 1];
      s[3 * d + 2] &= STACK_KEEP[keep + 2];
    }
    changed = 1 << d;
    explore(level + 1);
    if (perms !== 0) {
      s.copyWithin(0, from, from + STATE_INTS);
      // Saved states are fixed points: nothing in them is left to revisit.
      changed = 0;
    }
  }
}

/**
 * Count solutions of a standard 9x9 board up to `limit`: a CountFunction (contract.ts);
 * nodes = permutations tried. Throws on any other layout. Not re-entrant (the search state is
 * shared): never call it from its own onProgress callback.
 */
export function countSolutionsStandard9(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  if (!isStandard9(board))
    throw new RangeError('countSolutionsStandard9 needs a standard 9x9 board');
  const s = state;
  s.fill(BAND_FULL, 0, STATE_INTS);
  changed = 0x1ff;
  const { givens } = board;
  for (let cell = 0; cell < 81; cell++) {
    const digit = givens[cell];
    if (digit === 0) continue;
    const band = (cell / 27) | 0;
    const index = cell % 27;
    // Only an earlier clue of the same digit in the cell's row, column or box takes its
    // bit: the clues clash, and newCountResult lists how.
    if ((s[3 * (digit - 1) + band] & (1 << index)) === 0) return newCountResult(board);
    place(digit - 1, band, index);
  }
  const counted = newCountResult(board, false);
  result = counted;
  countLimit = limit;
  keepSolutions = options.keepSolutions ?? limit;
  searchOptions = options;
  progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  nextReport = progressEvery;
  stopped = false;
  explore(0);
  // Let go of the caller's callbacks.
  searchOptions = NO_OPTIONS;
  counted.complete = !stopped;
  return counted;
}
