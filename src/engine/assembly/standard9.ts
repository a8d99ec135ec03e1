/**
 * AssemblyScript source of the standard 9x9 engine, compiled to WebAssembly by
 * bin/build-wasm.mjs into ../standard9Wasm.ts; ../standard9.ts hosts it (the contract,
 * the board in, the solutions out). Not TypeScript for tsc or ESLint: i32, load<i32>(),
 * memory.data() and memory.copy are AssemblyScript's. Integer division truncates.
 *
 * WHY WEBASSEMBLY: the same search in JavaScript spends its first calls in V8's interpreter
 * and baseline tiers: a fresh process took about 3x the warm time on top1465, and the cold
 * JIT was most of a small judge file's run (docs/history/cli-startup.md). WebAssembly is compiled
 * ahead of the first call (Liftoff, then TurboFan in the background), has no deopts, and
 * keeps the state in 32-bit registers. Measurements: docs/engines/standard9.md.
 *
 * ARCHITECTURE: the state is one bitboard per digit and band instead of one mask per cell.
 * Board 4d+b holds 27 bits, bit 9r+c set where digit d+1 may still go in row 3b+r, column
 * c (a placed digit keeps its bit; board 4d+3 is an unused 0, so a digit's boards are one
 * 16-byte vector); three more ints mark the unsolved cells of each band.
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
 * permutations left over all digits, over the permutations of its digit with the fewest.
 *
 * DESIGN CONSIDERATIONS: every table and the state live in static memory (memory.data), at
 * addresses known when compiling, so a lookup is one load with a constant offset (8% off
 * top1465's time against StaticArray globals); nothing is ever allocated (the stub runtime:
 * no garbage collector). The whole search state is 40 ints, so a guess saves it with one
 * memory.copy into a preallocated stack. Propagation is lazy: a 9-bit mask of the digits
 * whose boards changed drives it. The updates that touch every digit (placing a cell,
 * clearing a hidden single's cells from the other digits) are branch free: they store every
 * board and gather the changed digits' bits, because which boards hold a cell is data the
 * processor cannot predict, and its mispredictions cost more than the stores (20-30% of the
 * time on every set). Clearing hidden singles takes a digit's three boards as one SIMD
 * vector; where WebAssembly SIMD is missing the module does not compile, and the default
 * engine takes the jigsaw 9x9 engine, which solves standard boxes too. The host writes the
 * clues into `givens`, calls countSolutions, and reads each kept solution from `grid` when
 * `solution` is called; `checkpoint` is the contract's progress report and abort check.
 */

import { bytes, change, get, intsAt, low, propagate9, put, setChanged, Steps9 } from './kernel';
import { beginCount, clueAt, count, nextNode, solution, solutionFound, stopped } from './kernel';
import { writeDigit } from './kernel';
export { givensAddress, gridAddress } from './kernel';
export { nodesVisited, searchAborted, searchComplete } from './kernel';

/** All 27 cells of a band. */
const BAND_FULL: i32 = 0x7ffffff;

// The state's layout, in ints of `state`: each part starts where the one before ends.
/** Boards: 4 * digit + band; 4 * digit + 3 is a pad, always 0, so a digit's are one vector. */
const BOARD_INTS: i32 = 9 * 4;
/** The unsolved cells of bands 0..2, then a pad: a state is 160 bytes, every vector aligned. */
const UNSOLVED: i32 = BOARD_INTS;
const STATE_INTS: i32 = UNSOLVED + 4;
/**
 * One saved state per guess level. Depth is the number of branchings on one path: each
 * leaves one of the 54 (digit, band or stack) pairs with one permutation for good, so at
 * most 54 levels; 82 leave room to spare.
 */
const SAVED: i32 = STATE_INTS;
const STATE_END: i32 = SAVED + 82 * STATE_INTS;
/** Bit 3j: the first bit of minirow j's three in a 3x3 matrix; bits 9b+3r in three bands' matrices side by side. */
const MATRIX_ROWS: i32 = 0o111111111;

/** Box occupancy (3 bits) of a 9-bit row. */
const BOX_OCC: usize = memory.data(512 * 4);
/**
 * For a 3x3 occupancy matrix (bit 3i+j: line i may use slot j), the union of the
 * permutations i -> j that lie inside it, as a matrix of the same shape; 0 when none does.
 */
const PERM: usize = memory.data(512 * 4);
/** PERM over minirows, expanded to the 27 cells of a band. */
const PERM_CELLS: usize = memory.data(512 * 4);
/** A 9-bit column set repeated on the three rows of a band. */
const COLUMN_CELLS: usize = memory.data(512 * 4);
/** A 9-bit row with one bit, else 0. */
const SINGLE_ROW: usize = memory.data(512 * 4);
/**
 * The column set of band b (index b*512 + columns) spread so that bits 9s+3b..9s+3b+2 hold
 * its columns in stack s: OR-ing the three bands gives each stack's band x column matrix.
 */
const SPREAD: usize = memory.data(3 * 512 * 4);
/**
 * For stack s (index s*512 + matrix), PERM of the band x column matrix spread back so that
 * bits 9b+3s..9b+3s+2 are the columns band b may keep in that stack.
 */
const STACK_OUT: usize = memory.data(3 * 512 * 4);
/** 1 where PERM keeps a matrix whole: nothing to remove. */
const STABLE: usize = memory.data(512 * 4);
/** Row and box peers of a band cell (bit 9r+c) inside its band, the cell excluded. */
const BAND_PEERS: usize = memory.data(27 * 4);
/** The six permutations of three lines to three slots as 3x3 matrices: 0o421 is 0->0, 1->1, 2->2. */
const PERMS: usize = memory.data<i32>([0o421, 0o241, 0o412, 0o142, 0o214, 0o124]);
/** How many of the six permutations lie inside a 3x3 occupancy matrix. */
const PERM_COUNT: usize = memory.data(512 * 4);
/**
 * For stack s, permutation p (band b to column j of the stack: bit 3b+j) and band b, at
 * (6s+p)*3+b: the band's cells to keep, all but the stack's two other columns.
 */
const STACK_KEEP: usize = memory.data(3 * 6 * 3 * 4);
/** For minirow j = 3r+k: the band's cells to keep when a digit must go there (row r and box k lose the rest). */
const MINIROW_KEEP: usize = memory.data(9 * 4);

/** The live state, then the saved states (see the layout above). */
const state: usize = memory.data(STATE_END * 4, 16);
/** Per digit, from the last triad pass: its three bands' minirow matrices side by side (bit 9b+3r+k). */
const minirowsOf: usize = memory.data(9 * 4);
/** Per digit, from the last triad pass: the columns it may use in each band (bit 9b+c). */
const columnsOf: usize = memory.data(9 * 4);
/**
 * From the last triad pass that changed nothing: permutations left for digit d in band b
 * at 6d+b and in stack s at 6d+3+s.
 */
const permsLeft: usize = memory.data(54 * 4);
/** From the last triad pass that changed nothing: the unit to branch on (0-2 a band, 3-5 a stack). */
let branchUnit: i32 = 0;

/** Int `index` of the state: the live state is 0..STATE_INTS - 1. */
function at(index: i32): i32 {
  return get(state, index);
}
function set(index: i32, value: i32): void {
  put(state, index, value);
}

function fillTables(): void {
  for (let x = 0; x < 512; x++) {
    put(BOX_OCC, x, (x & 7 ? 1 : 0) | (x & 0o70 ? 2 : 0) | (x & 0o700 ? 4 : 0));
    put(SINGLE_ROW, x, x != 0 && (x & (x - 1)) == 0 ? x : 0);
    put(COLUMN_CELLS, x, x | (x << 9) | (x << 18));
    let union = 0;
    let fits = 0;
    for (let perm = 0; perm < 6; perm++) {
      const matrix = get(PERMS, perm);
      if ((matrix & x) == matrix) {
        union |= matrix;
        fits++;
      }
    }
    put(PERM, x, union);
    put(STABLE, x, union == x ? 1 : 0);
    put(PERM_COUNT, x, fits);
    // Minirow 3i+j (row i of the band, box j) is band cells 9i+3j.. = 3(3i+j)..
    let cells = 0;
    for (let rest = union; rest != 0; rest &= rest - 1) cells |= 7 << (3 * low(rest));
    put(PERM_CELLS, x, cells);
  }
  for (let band = 0; band < 3; band++) {
    for (let x = 0; x < 512; x++) {
      let spread = 0;
      let out = 0;
      for (let stack = 0; stack < 3; stack++) {
        spread |= ((x >> (3 * stack)) & 7) << (9 * stack + 3 * band);
        // Here `band` plays the stack and `stack` the band: row i of the matrix is band i.
        out |= ((get(PERM, x) >> (3 * stack)) & 7) << (9 * stack + 3 * band);
      }
      put(SPREAD, band * 512 + x, spread);
      put(STACK_OUT, band * 512 + x, out);
    }
  }
  for (let cell = 0; cell < 27; cell++) {
    const row = cell / 9;
    const box = (cell % 9) / 3;
    let peers = 0x1ff << (9 * row);
    for (let r = 0; r < 3; r++) peers |= 7 << (9 * r + 3 * box);
    put(BAND_PEERS, cell, peers & ~(1 << cell));
  }
  for (let stack = 0; stack < 3; stack++) {
    for (let perm = 0; perm < 6; perm++) {
      for (let band = 0; band < 3; band++) {
        const column = 31 - clz<i32>((get(PERMS, perm) >> (3 * band)) & 7);
        const others = (7 << (3 * stack)) & ~(1 << (3 * stack + column));
        put(STACK_KEEP, (stack * 6 + perm) * 3 + band, ~get(COLUMN_CELLS, others) & BAND_FULL);
      }
    }
  }
  for (let minirow = 0; minirow < 9; minirow++) {
    const row = 0x1ff << (9 * (minirow / 3));
    const box = get(COLUMN_CELLS, 7 << (3 * (minirow % 3)));
    put(MINIROW_KEEP, minirow, (~(row | box) | (7 << (3 * minirow))) & BAND_FULL);
  }
}
fillTables();

/** A band board's 3x3 minirow matrix: bit 3r+k where row r keeps a cell in box k. */
function minirowMatrix(board: i32): i32 {
  return (
    get(BOX_OCC, board & 511) |
    (get(BOX_OCC, (board >> 9) & 511) << 3) |
    (get(BOX_OCC, board >>> 18) << 6)
  );
}

/** A band board with only the cells of the row-to-box permutations that fit it. */
function keepPermutations(board: i32): i32 {
  return board & get(PERM_CELLS, minirowMatrix(board));
}

/** The columns (9 bits) a band board keeps. */
function columnsOfBoard(board: i32): i32 {
  return (board | (board >> 9) | (board >> 18)) & 511;
}

/** The rows of a band board that keep one cell, as those cells. */
function singleRows(board: i32): i32 {
  return (
    get(SINGLE_ROW, board & 511) |
    (get(SINGLE_ROW, (board >> 9) & 511) << 9) |
    (get(SINGLE_ROW, board >>> 18) << 18)
  );
}

/** Put digit d in the band cell `index` of band b: the cell leaves every other board. */
function place(d: i32, band: i32, index: i32): void {
  const bit = 1 << index;
  // Every digit's board of the band is stored and the digits that held the cell gathered.
  let hits = 0;
  for (let e = 0; e < 9; e++) {
    const board = 4 * e + band;
    const bits = at(board);
    hits |= ((bits >>> index) & 1) << e;
    set(board, bits & ~bit);
  }
  // The column leaves all three bands; the own band's other cells of it are box peers anyway.
  const notColumn = ~get(COLUMN_CELLS, 1 << (index % 9));
  set(4 * d, at(4 * d) & notColumn);
  set(4 * d + 1, at(4 * d + 1) & notColumn);
  set(4 * d + 2, at(4 * d + 2) & notColumn);
  const own = 4 * d + band;
  set(own, (at(own) & ~get(BAND_PEERS, index)) | bit);
  set(UNSOLVED + band, at(UNSOLVED + band) & ~bit);
  change(hits | (1 << d));
}

/**
 * Bring digit d's three boards to a fixed point of the row/box and band/column permutation
 * constraints, then place it in the rows where it has one cell left. False on contradiction.
 */
function updateDigit(d: i32): bool {
  const base = 4 * d;
  let a0 = keepPermutations(at(base));
  let a1 = keepPermutations(at(base + 1));
  let a2 = keepPermutations(at(base + 2));
  if (i32(a0 == 0) | i32(a1 == 0) | i32(a2 == 0)) return false;
  while (true) {
    const spread =
      get(SPREAD, columnsOfBoard(a0)) |
      get(SPREAD, 512 + columnsOfBoard(a1)) |
      get(SPREAD, 1024 + columnsOfBoard(a2));
    if (get(STABLE, spread & 511) & get(STABLE, (spread >> 9) & 511) & get(STABLE, spread >>> 18))
      break;
    // Some band loses a column: only the bands that changed need their rows and boxes again.
    const allowed =
      get(STACK_OUT, spread & 511) |
      get(STACK_OUT, 512 + ((spread >> 9) & 511)) |
      get(STACK_OUT, 1024 + (spread >>> 18));
    // Every band again, changed or not: cheaper than testing which band changed.
    a0 = keepPermutations(a0 & get(COLUMN_CELLS, allowed & 511));
    a1 = keepPermutations(a1 & get(COLUMN_CELLS, (allowed >> 9) & 511));
    a2 = keepPermutations(a2 & get(COLUMN_CELLS, allowed >>> 18));
    if (i32(a0 == 0) | i32(a1 == 0) | i32(a2 == 0)) return false;
  }
  set(base, a0);
  set(base + 1, a1);
  set(base + 2, a2);
  // Rows with one cell left fix the digit there; only the other digits must hear of it
  // (the permutations above already cleared this digit's box and column).
  const p0 = singleRows(a0) & at(UNSOLVED);
  const p1 = singleRows(a1) & at(UNSOLVED + 1);
  const p2 = singleRows(a2) & at(UNSOLVED + 2);
  if ((p0 | p1 | p2) == 0) return true;
  set(UNSOLVED, at(UNSOLVED) & ~p0);
  set(UNSOLVED + 1, at(UNSOLVED + 1) & ~p1);
  set(UNSOLVED + 2, at(UNSOLVED + 2) & ~p2);
  // Cleared from all nine digits (one vector each, every one stored: no branch per digit),
  // then d's own boards are put back.
  const p = i32x4(p0, p1, p2, 0);
  let hits = 0;
  for (let e = 0; e < 9; e++) {
    const address = state + <usize>(16 * e);
    const f = v128.load(address);
    hits |= (<i32>v128.any_true(v128.and(f, p))) << e;
    v128.store(address, v128.andnot(f, p));
  }
  set(base, a0);
  set(base + 1, a1);
  set(base + 2, a2);
  change(hits & ~(1 << d));
  return true;
}

/** The minirows (bit 3r+k, any bands side by side) in which a matrix keeps one box of row r. */
function forcedMinirows(matrix: i32): i32 {
  const x = matrix;
  const y = matrix >> 1;
  const z = matrix >> 2;
  const single = (x | y | z) & ~((x & y) | (x & z) | (y & z)) & MATRIX_ROWS;
  return matrix & (single | (single << 1) | (single << 2));
}

/** The minicolumns (bit 9b+c) of the only band a column keeps, for columns with one band. */
function forcedMinicolumns(columns: i32): i32 {
  const x = columns & 511;
  const y = (columns >> 9) & 511;
  const z = columns >>> 18;
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
function triads(): i32 {
  // Bit i of mayN: at least N digits may use minirow i (bit 9b+3r+k); mustN: must. Then
  // the same for minicolumns (bit 9b+c). Unrolled on purpose: this is the hot loop.
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
    const a0 = at(4 * d);
    const a1 = at(4 * d + 1);
    const a2 = at(4 * d + 2);
    const r0 = minirowMatrix(a0);
    const r1 = minirowMatrix(a1);
    const r2 = minirowMatrix(a2);
    const rows = r0 | (r1 << 9) | (r2 << 18);
    put(minirowsOf, d, rows);
    may4 |= may3 & rows;
    may3 |= may2 & rows;
    may2 |= may1 & rows;
    may1 |= rows;
    const mustRows = forcedMinirows(rows);
    must4 |= must3 & mustRows;
    must3 |= must2 & mustRows;
    must2 |= must1 & mustRows;
    must1 |= mustRows;
    const c0 = columnsOfBoard(a0);
    const c1 = columnsOfBoard(a1);
    const c2 = columnsOfBoard(a2);
    const columns = c0 | (c1 << 9) | (c2 << 18);
    put(columnsOf, d, columns);
    colMay4 |= colMay3 & columns;
    colMay3 |= colMay2 & columns;
    colMay2 |= colMay1 & columns;
    colMay1 |= columns;
    const mustColumns = forcedMinicolumns(columns);
    colMust4 |= colMust3 & mustColumns;
    colMust3 |= colMust2 & mustColumns;
    colMust2 |= colMust1 & mustColumns;
    colMust1 |= mustColumns;
    const stacks = get(SPREAD, c0) | get(SPREAD, 512 + c1) | get(SPREAD, 1024 + c2);
    const left = 6 * d;
    const p0 = get(PERM_COUNT, r0);
    const p1 = get(PERM_COUNT, r1);
    const p2 = get(PERM_COUNT, r2);
    const q0 = get(PERM_COUNT, stacks & 511);
    const q1 = get(PERM_COUNT, (stacks >> 9) & 511);
    const q2 = get(PERM_COUNT, stacks >>> 18);
    put(permsLeft, left, p0);
    put(permsLeft, left + 1, p1);
    put(permsLeft, left + 2, p2);
    put(permsLeft, left + 3, q0);
    put(permsLeft, left + 4, q1);
    put(permsLeft, left + 5, q2);
    band0 += p0;
    band1 += p1;
    band2 += p2;
    stack0 += q0;
    stack1 += q1;
    stack2 += q2;
  }
  if (((~may3 | ~colMay3) & BAND_FULL) != 0 || (must4 | colMust4) != 0) return -1;
  const allMust = may3 & ~may4;
  const colAllMust = colMay3 & ~colMay4;
  // Where three may and three must, they are the same three: nothing to do.
  if (((allMust ^ must3) | (colAllMust ^ colMust3)) == 0) {
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
    const rows = get(minirowsOf, d);
    const freeRows = rows & ~forcedMinirows(rows);
    const columns = get(columnsOf, d);
    const freeColumns = columns & ~forcedMinicolumns(columns);
    const joinRows = freeRows & allMust;
    const leaveRows = freeRows & must3;
    const joinColumns = freeColumns & colAllMust;
    const leaveColumns = freeColumns & colMust3;
    if ((joinRows | leaveRows | joinColumns | leaveColumns) == 0) continue;
    const base = 4 * d;
    for (let rest = joinRows; rest != 0; rest &= rest - 1) {
      const bit = low(rest);
      const board = base + bit / 9;
      set(board, at(board) & get(MINIROW_KEEP, bit % 9));
    }
    for (let rest = leaveRows; rest != 0; rest &= rest - 1) {
      const bit = low(rest);
      const board = base + bit / 9;
      set(board, at(board) & ~(7 << (3 * (bit % 9))));
    }
    for (let rest = joinColumns; rest != 0; rest &= rest - 1) {
      const bit = low(rest);
      const band = bit / 9;
      const notColumn = ~get(COLUMN_CELLS, 1 << (bit % 9));
      if (band != 0) set(base, at(base) & notColumn);
      if (band != 1) set(base + 1, at(base + 1) & notColumn);
      if (band != 2) set(base + 2, at(base + 2) & notColumn);
    }
    for (let rest = leaveColumns; rest != 0; rest &= rest - 1) {
      const bit = low(rest);
      const board = base + bit / 9;
      set(board, at(board) & ~get(COLUMN_CELLS, 1 << (bit % 9)));
    }
    any |= 1 << d;
  }
  change(any);
  return any == 0 ? 0 : 1;
}

/** The steps above, for the kernel's propagate9: at a fixed point, the triads. */
@final
class Steps implements Steps9 {
  place(d: i32, band: i32, index: i32): void {
    place(d, band, index);
  }
  updateDigit(d: i32): bool {
    return updateDigit(d);
  }
  atFixedPoint(): i32 {
    return triads();
  }
}

/** Propagate to a fixed point of the steps above. False on contradiction. */
function propagate(): bool {
  return propagate9(changetype<Steps>(0), state, 16, intsAt(state, UNSOLVED));
}

/**
 * The digit to branch on, in the unit the last triad pass chose: the one with the fewest
 * permutations left there, at least two (tdoku's order: tight units first).
 */
function pickDigit(): i32 {
  let best = 0;
  let fewest = 7;
  for (let d = 0, left = branchUnit; d < 9; d++, left += 6) {
    const perms = get(permsLeft, left);
    if (perms > 1 && perms < fewest) {
      fewest = perms;
      best = d;
    }
  }
  return best;
}

/** The solved boards at the start of `state`, as 81 digits in the kernel's grid. */
function writeGrid(): void {
  for (let board = 0; board < BOARD_INTS; board++) {
    const band = board & 3;
    if (band != 3) writeDigit(27 * band, at(board), (board >> 2) + 1);
  }
}

/** Search below the live state at guess depth `level`. */
function explore(level: i32): void {
  if (!propagate()) return;
  if ((at(UNSOLVED) | at(UNSOLVED + 1) | at(UNSOLVED + 2)) == 0) {
    if (solutionFound()) {
      writeGrid();
      solution();
    }
    return;
  }
  // The digit's matrix in that unit, from the triad pass that just found this fixed point.
  const d = pickDigit();
  const unit = branchUnit;
  let matrix: i32;
  if (unit < 3) matrix = (get(minirowsOf, d) >> (9 * unit)) & 511;
  else {
    const columns = get(columnsOf, d);
    const stacks =
      get(SPREAD, columns & 511) |
      get(SPREAD, 512 + ((columns >> 9) & 511)) |
      get(SPREAD, 1024 + (columns >>> 18));
    matrix = (stacks >> (9 * (unit - 3))) & 511;
  }
  let perms = 0;
  for (let perm = 0; perm < 6; perm++) {
    const fit = get(PERMS, perm);
    if ((fit & matrix) == fit) perms |= 1 << perm;
  }
  const live = state;
  const saved = intsAt(state, SAVED + level * STATE_INTS);
  memory.copy(saved, live, bytes(STATE_INTS));
  while (perms != 0 && !stopped) {
    const permBit = perms & -perms;
    perms ^= permBit;
    const perm = low(permBit);
    if (nextNode()) return;
    // Digit d takes this permutation in the band (its three minirows) or the stack (one
    // column per band).
    if (unit < 3) set(4 * d + unit, at(4 * d + unit) & get(PERM_CELLS, get(PERMS, perm)));
    else {
      const keep = ((unit - 3) * 6 + perm) * 3;
      set(4 * d, at(4 * d) & get(STACK_KEEP, keep));
      set(4 * d + 1, at(4 * d + 1) & get(STACK_KEEP, keep + 1));
      set(4 * d + 2, at(4 * d + 2) & get(STACK_KEEP, keep + 2));
    }
    setChanged(1 << d);
    explore(level + 1);
    if (perms != 0) {
      memory.copy(live, saved, bytes(STATE_INTS));
      // Saved states are fixed points: nothing in them is left to revisit.
      setChanged(0);
    }
  }
}

/**
 * Count the solutions of the clues in `givens` up to `limit`, keeping the first `keep`
 * (each announced by `solution`), with a checkpoint every `every` nodes. -1 when two clues
 * clash (the host lists how); else the count, with nodesVisited, searchComplete and
 * searchAborted telling the rest.
 */
export function countSolutions(limit: f64, keep: f64, every: f64): f64 {
  // The pads stay 0, so a vector's fourth lane never holds a candidate.
  for (let i = 0; i < STATE_INTS; i++) set(i, (i & 3) == 3 ? 0 : BAND_FULL);
  setChanged(0x1ff);
  for (let cell = 0; cell < 81; cell++) {
    const digit = clueAt(cell);
    if (digit == 0) continue;
    const band = cell / 27;
    const index = cell % 27;
    // Only an earlier clue of the same digit in the cell's row, column or box takes its bit.
    if ((at(4 * (digit - 1) + band) & (1 << index)) == 0) return -1;
    place(digit - 1, band, index);
  }
  beginCount(limit, keep, every);
  explore(0);
  return count;
}
