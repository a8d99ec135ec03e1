/**
 * AssemblyScript source of the 9x9 jigsaw engine, compiled to WebAssembly by
 * bin/build-wasm.mjs into ../jigsaw9Wasm.ts; ../jigsaw9.ts hosts it (the contract, the
 * board in, the solutions out). Not TypeScript for tsc or ESLint: i32, load<i32>(),
 * memory.data() and memory.copy are AssemblyScript's. Integer division truncates.
 *
 * WHY WEBASSEMBLY: as for assembly/standard9.ts, the same search in JavaScript spends its
 * first calls in V8's interpreter and baseline tiers; WebAssembly is compiled before the
 * first call and keeps the state in 32-bit registers. Measurements: docs/engines/jigsaw9.md.
 *
 * ARCHITECTURE: the state of assembly/standard9.ts (one 27-bit board per digit and band, bit
 * 9r+c where the digit may still go in row 3b+r, column c; a placed digit keeps its bit;
 * three words of unsolved cells), but the box permutation tables do not apply, so
 * deductions are unit rules on one digit's board. Rows and columns: a line whose
 * candidates lie in one cell (hidden single) clears that cell's peers, in one region clears
 * the rest of the region (claiming), and in two cells clears the cells that see both.
 * Regions: every cell that sees all of the region's candidates is cleared, an AND of
 * per-cell peer masks; that is the hidden single and pointing, and more on a jigsaw, where
 * a cell outside a region can see its last candidates through a row and a column at once.
 * Naked singles are bit-parallel per band with once/twice accumulators. It guesses on the
 * two-candidate cell with the most unsolved peers (59 guesses instead of 48 when taking the
 * first such cell). Placing a cell and clearing forced cells from the other digits store
 * every board and gather the changed digits' bits rather than branch on which boards held
 * them (5-9% off a jigsaw set; 20-30% in assembly/standard9.ts, where they weigh more).
 *
 * DESIGN CONSIDERATIONS: a digit's rules are re-run only on the units that lost candidates
 * since the digit was last examined: the board as it was then is kept beside the state
 * (SEEN), and the removed bits name the rows, columns and regions to revisit. A placement
 * elsewhere removes one cell from most digits, so most updates look at three units, not
 * 27. Saved states are fixed points, so a restore resets that record from the saved boards.
 * Every table and the state live in static memory (memory.data, one load with a constant
 * offset), nothing is allocated (the stub runtime). The layout tables (region words,
 * peers, region cut-outs) are rebuilt by buildTables, which the host calls only when the
 * regions differ from the previous call's. The host writes the clues into `givens` (and a
 * new layout into `regions`), calls countSolutions, and reads each kept solution from
 * `grid` when `solution` is called; `checkpoint` is the contract's progress report and
 * abort check.
 */

import {
  bytes,
  change,
  digitsAt,
  get,
  intsAt,
  low,
  propagate9,
  put,
  setChanged,
  Steps9,
} from './kernel';
import { beginCount, clueAt, count, nextNode, solution, solutionFound, stopped } from './kernel';
import { writeDigit } from './kernel';
export { givensAddress, gridAddress } from './kernel';
export { nodesVisited, searchAborted, searchComplete } from './kernel';

/** All 27 cells of a band. */
const BAND_FULL: i32 = 0x7ffffff;
/** Bits c, c+9 and c+18 of a band word: column 0 on the three rows of a band. */
const COLUMN0: i32 = 0x40201;

// The state's layout, in ints of `state`: each part starts where the one before ends.
/** Boards: 3 * digit + band. */
const BOARD_INTS: i32 = 9 * 3;
/** The unsolved cells of bands 0..2; the live state ends there. */
const UNSOLVED: i32 = BOARD_INTS;
const STATE_INTS: i32 = UNSOLVED + 3;
/**
 * Each board as it was when its digit was last examined: the bits removed since then name
 * the only rows, columns and regions whose deductions can have changed.
 */
const SEEN: i32 = STATE_INTS;
/** One saved state per guess level (at most 81 levels). */
const SAVED: i32 = SEEN + BOARD_INTS;
const STATE_END: i32 = SAVED + 82 * STATE_INTS;

// Layout tables, rewritten by buildTables. A cell is indexed 0..80 in reading order; its
// band is cell / 27 and its band bit is cell % 27.
/** Region id of each cell. */
const REGION: usize = memory.data(81 * 4);
/** Region r as three band words: REG[3r + b]. */
const REG: usize = memory.data(27 * 4);
/** The cells of a cell's row inside its region, as a 9-bit row field. */
const SEG: usize = memory.data(81 * 4);
/** Row, column and region peers of a cell as three band words (the cell excluded). */
const PEER: usize = memory.data(243 * 4);
/** A cell's region minus the cell's row, three band words. */
const REGION_NOT_ROW: usize = memory.data(243 * 4);
/** A cell's region minus the cell's column, three band words. */
const REGION_NOT_COLUMN: usize = memory.data(243 * 4);
/** A 9-bit row with one bit, else 0. */
const SINGLE_ROW: usize = memory.data(512 * 4);

/** The live state, SEEN, then the saved states (see the layout above). */
const state: usize = memory.data(STATE_END * 4);
/** The layout, written by the host before buildTables: 81 region ids, 0..8. */
const regions: usize = memory.data(81);

/** Int `index` of the state: the live state is 0..STATE_INTS - 1. */
function at(index: i32): i32 {
  return get(state, index);
}
function set(index: i32, value: i32): void {
  put(state, index, value);
}

for (let x = 1; x < 512; x++) put(SINGLE_ROW, x, (x & (x - 1)) == 0 ? x : 0);

/** Rebuild the layout tables from the region ids in `regions`. */
export function buildTables(): void {
  for (let i = 0; i < 27; i++) put(REG, i, 0);
  for (let cell = 0; cell < 81; cell++) {
    const region = <i32>load<u8>(regions + <usize>cell);
    put(REGION, cell, region);
    const word = 3 * region + cell / 27;
    put(REG, word, get(REG, word) | (1 << (cell % 27)));
  }
  for (let cell = 0; cell < 81; cell++) {
    const band = cell / 27;
    const index = cell % 27;
    const row = index / 9;
    const rowBits = 511 << (9 * row);
    const columnBits = COLUMN0 << (index % 9);
    const region = 3 * get(REGION, cell);
    put(SEG, cell, (get(REG, region + band) >> (9 * row)) & 511);
    for (let b = 0; b < 3; b++) {
      const regionBits = get(REG, region + b);
      const rowHere = b == band ? rowBits : 0;
      const word = 3 * cell + b;
      put(PEER, word, (regionBits | rowHere | columnBits) & ~(b == band ? 1 << index : 0));
      put(REGION_NOT_ROW, word, regionBits & ~rowHere);
      put(REGION_NOT_COLUMN, word, regionBits & ~columnBits);
    }
  }
}

/** Put digit d in `cell`: its peers leave d's board, the cell leaves every other board. */
function place(d: i32, cell: i32): void {
  const band = cell / 27;
  const index = cell % 27;
  const bit = 1 << index;
  // Every board is stored and the digits that held the cell gathered: branch free, as in
  // assembly/standard9.ts (which boards hold a cell is not predictable).
  let hits = 0;
  for (let e = 0; e < 9; e++) {
    const board = 3 * e + band;
    const bits = at(board);
    hits |= ((bits >>> index) & 1) << e;
    set(board, bits & ~bit);
  }
  change(hits);
  const own = 3 * d;
  const peer = 3 * cell;
  set(own, at(own) & ~get(PEER, peer));
  set(own + 1, at(own + 1) & ~get(PEER, peer + 1));
  set(own + 2, at(own + 2) & ~get(PEER, peer + 2));
  set(own + band, at(own + band) | bit);
  set(UNSOLVED + band, at(UNSOLVED + band) & ~bit);
  change(1 << d);
}

/**
 * Clear from the board of the digit at `base` every cell that sees all of the candidates
 * k0, k1, k2 (band words) the digit has left in one unit: one of them holds it.
 */
function clearCommonPeers(base: i32, k0: i32, k1: i32, k2: i32): void {
  let c0 = -1;
  let c1 = -1;
  let c2 = -1;
  for (let rest = k0; rest != 0; rest &= rest - 1) {
    const word = 3 * low(rest);
    c0 &= get(PEER, word);
    c1 &= get(PEER, word + 1);
    c2 &= get(PEER, word + 2);
    if ((c0 | c1 | c2) == 0) return;
  }
  for (let rest = k1; rest != 0; rest &= rest - 1) {
    const word = 3 * (27 + low(rest));
    c0 &= get(PEER, word);
    c1 &= get(PEER, word + 1);
    c2 &= get(PEER, word + 2);
    if ((c0 | c1 | c2) == 0) return;
  }
  for (let rest = k2; rest != 0; rest &= rest - 1) {
    const word = 3 * (54 + low(rest));
    c0 &= get(PEER, word);
    c1 &= get(PEER, word + 1);
    c2 &= get(PEER, word + 2);
    if ((c0 | c1 | c2) == 0) return;
  }
  set(base, at(base) & ~c0);
  set(base + 1, at(base + 1) & ~c1);
  set(base + 2, at(base + 2) & ~c2);
}

/** Clear the three band words of `table` at `word` from the board of the digit at `base`. */
function clearCells(base: i32, table: usize, word: i32): void {
  set(base, at(base) & ~get(table, word));
  set(base + 1, at(base + 1) & ~get(table, word + 1));
  set(base + 2, at(base + 2) & ~get(table, word + 2));
}

/** Clear the cells that see both cells (their PEER words at `first` and `second`). */
function clearSeenByBoth(base: i32, first: i32, second: i32): void {
  set(base, at(base) & ~(get(PEER, first) & get(PEER, second)));
  set(base + 1, at(base + 1) & ~(get(PEER, first + 1) & get(PEER, second + 1)));
  set(base + 2, at(base + 2) & ~(get(PEER, first + 2) & get(PEER, second + 2)));
}

/**
 * Bring digit d's board to a fixed point of hidden singles and locked candidates in rows,
 * columns and regions, revisiting only the units that lost candidates; then place it in
 * the cells it is forced into. False on contradiction.
 */
function updateDigit(d: i32): bool {
  const base = 3 * d;
  while (true) {
    const a0 = at(base);
    const a1 = at(base + 1);
    const a2 = at(base + 2);
    const r0 = at(SEEN + base) & ~a0;
    const r1 = at(SEEN + base + 1) & ~a1;
    const r2 = at(SEEN + base + 2) & ~a2;
    if ((r0 | r1 | r2) == 0) break;
    set(SEEN + base, a0);
    set(SEEN + base + 1, a1);
    set(SEEN + base + 2, a2);
    // Rows that lost candidates.
    let rows =
      (r0 & 511 ? 1 : 0) |
      (r0 & 0x3fe00 ? 2 : 0) |
      (r0 & 0x7fc0000 ? 4 : 0) |
      (r1 & 511 ? 8 : 0) |
      (r1 & 0x3fe00 ? 16 : 0) |
      (r1 & 0x7fc0000 ? 32 : 0) |
      (r2 & 511 ? 64 : 0) |
      (r2 & 0x3fe00 ? 128 : 0) |
      (r2 & 0x7fc0000 ? 256 : 0);
    for (; rows != 0; rows &= rows - 1) {
      const row = low(rows);
      const band = row / 3;
      const shift = 9 * (row - 3 * band);
      const x = (at(base + band) >> shift) & 511;
      if (x == 0) return false;
      const lowBit = x & -x;
      const cell = 9 * row + low(lowBit);
      const word = 3 * cell;
      if (x == lowBit) clearCells(base, PEER, word);
      else if ((x & ~get(SEG, cell)) == 0) clearCells(base, REGION_NOT_ROW, word);
      else {
        // Two candidates: the cells that see both.
        const y = x ^ lowBit;
        if ((y & (y - 1)) == 0) clearSeenByBoth(base, word, 3 * (cell + low(y) - low(lowBit)));
      }
    }
    // Columns that lost candidates.
    const fold = r0 | r1 | r2;
    for (let columns = (fold | (fold >> 9) | (fold >> 18)) & 511; columns != 0;) {
      const columnBit = columns & -columns;
      columns ^= columnBit;
      const bits = COLUMN0 * columnBit;
      const k0 = at(base) & bits;
      const k1 = at(base + 1) & bits;
      const k2 = at(base + 2) & bits;
      let cell: i32;
      let single: bool;
      if (k0 != 0) {
        cell = low(k0);
        single = (k0 & (k0 - 1)) == 0 && (k1 | k2) == 0;
      } else if (k1 != 0) {
        cell = 27 + low(k1);
        single = (k1 & (k1 - 1)) == 0 && k2 == 0;
      } else if (k2 != 0) {
        cell = 54 + low(k2);
        single = (k2 & (k2 - 1)) == 0;
      } else return false;
      const word = 3 * cell;
      if (single) clearCells(base, PEER, word);
      else {
        const region = 3 * get(REGION, cell);
        const outside =
          (k0 & ~get(REG, region)) | (k1 & ~get(REG, region + 1)) | (k2 & ~get(REG, region + 2));
        if (outside == 0) clearCells(base, REGION_NOT_COLUMN, word);
        else {
          // Two candidates: the cells that see both.
          let q0 = k0;
          let q1 = k1;
          let q2 = k2;
          if (k0 != 0) q0 = k0 & (k0 - 1);
          else if (k1 != 0) q1 = k1 & (k1 - 1);
          else q2 = k2 & (k2 - 1);
          let other = -1;
          if (q0 != 0) {
            if ((q0 & (q0 - 1)) == 0 && (q1 | q2) == 0) other = low(q0);
          } else if (q1 != 0) {
            if ((q1 & (q1 - 1)) == 0 && q2 == 0) other = 27 + low(q1);
          } else if ((q2 & (q2 - 1)) == 0) other = 54 + low(q2);
          if (other >= 0) clearSeenByBoth(base, word, 3 * other);
        }
      }
    }
    // Regions that lost candidates (bit r).
    let lostRegions = 0;
    for (let rest = r0; rest != 0; rest &= rest - 1) {
      lostRegions |= 1 << get(REGION, low(rest));
    }
    for (let rest = r1; rest != 0; rest &= rest - 1) {
      lostRegions |= 1 << get(REGION, 27 + low(rest));
    }
    for (let rest = r2; rest != 0; rest &= rest - 1) {
      lostRegions |= 1 << get(REGION, 54 + low(rest));
    }
    for (; lostRegions != 0; lostRegions &= lostRegions - 1) {
      const region = 3 * low(lostRegions);
      const m0 = at(base) & get(REG, region);
      const m1 = at(base + 1) & get(REG, region + 1);
      const m2 = at(base + 2) & get(REG, region + 2);
      if ((m0 | m1 | m2) == 0) return false;
      clearCommonPeers(base, m0, m1, m2);
    }
  }
  // Rows with one cell left fix the digit there; only the other digits must hear of it.
  const a0 = at(base);
  const a1 = at(base + 1);
  const a2 = at(base + 2);
  const p0 =
    (get(SINGLE_ROW, a0 & 511) |
      (get(SINGLE_ROW, (a0 >> 9) & 511) << 9) |
      (get(SINGLE_ROW, a0 >>> 18) << 18)) &
    at(UNSOLVED);
  const p1 =
    (get(SINGLE_ROW, a1 & 511) |
      (get(SINGLE_ROW, (a1 >> 9) & 511) << 9) |
      (get(SINGLE_ROW, a1 >>> 18) << 18)) &
    at(UNSOLVED + 1);
  const p2 =
    (get(SINGLE_ROW, a2 & 511) |
      (get(SINGLE_ROW, (a2 >> 9) & 511) << 9) |
      (get(SINGLE_ROW, a2 >>> 18) << 18)) &
    at(UNSOLVED + 2);
  if ((p0 | p1 | p2) == 0) return true;
  set(UNSOLVED, at(UNSOLVED) & ~p0);
  set(UNSOLVED + 1, at(UNSOLVED + 1) & ~p1);
  set(UNSOLVED + 2, at(UNSOLVED + 2) & ~p2);
  let hits = 0;
  for (let e = 0; e < 9; e++) {
    const other = 3 * e;
    const f0 = at(other);
    const f1 = at(other + 1);
    const f2 = at(other + 2);
    hits |= i32(((f0 & p0) | (f1 & p1) | (f2 & p2)) != 0) << e;
    set(other, f0 & ~p0);
    set(other + 1, f1 & ~p1);
    set(other + 2, f2 & ~p2);
  }
  set(base, a0);
  set(base + 1, a1);
  set(base + 2, a2);
  change(hits & ~(1 << d));
  return true;
}

/** The steps above, for the kernel's propagate9: nothing more at a fixed point. */
@final
class Steps implements Steps9 {
  place(d: i32, band: i32, index: i32): void {
    place(d, 27 * band + index);
  }
  updateDigit(d: i32): bool {
    return updateDigit(d);
  }
  atFixedPoint(): i32 {
    return 0;
  }
}

/** Propagate to a fixed point. False on contradiction. */
function propagate(): bool {
  return propagate9(changetype<Steps>(0), state, 12, intsAt(state, UNSOLVED));
}

/**
 * The cell to guess on: a two-candidate cell when there is one (the one with the most
 * unsolved peers), else the open cell with the fewest candidates.
 */
function pickCell(): i32 {
  const u0 = at(UNSOLVED);
  const u1 = at(UNSOLVED + 1);
  const u2 = at(UNSOLVED + 2);
  let bestPair = -1;
  let bestScore = -1;
  for (let band = 0; band < 3; band++) {
    const unsolved = at(UNSOLVED + band);
    if (unsolved == 0) continue;
    let once = 0;
    let twice = 0;
    let thrice = 0;
    for (let board = band; board < BOARD_INTS; board += 3) {
      const bits = at(board);
      thrice |= twice & bits;
      twice |= once & bits;
      once |= bits;
    }
    for (let pairs = twice & ~thrice & unsolved; pairs != 0; pairs &= pairs - 1) {
      const cell = 27 * band + low(pairs);
      const word = 3 * cell;
      const score =
        popcnt<i32>(u0 & get(PEER, word)) +
        popcnt<i32>(u1 & get(PEER, word + 1)) +
        popcnt<i32>(u2 & get(PEER, word + 2));
      if (score > bestScore) {
        bestScore = score;
        bestPair = cell;
      }
    }
  }
  if (bestPair >= 0) return bestPair;
  let best = -1;
  let bestCount = 10;
  for (let band = 0; band < 3; band++) {
    for (let open = at(UNSOLVED + band); open != 0; open &= open - 1) {
      const bit = open & -open;
      let count = 0;
      for (let board = band; board < BOARD_INTS; board += 3) if (at(board) & bit) count++;
      if (count < bestCount) {
        bestCount = count;
        best = 27 * band + low(bit);
      }
    }
  }
  return best;
}

/** The solved boards at the start of `state`, as 81 digits in the kernel's grid. */
function writeGrid(): void {
  for (let board = 0; board < BOARD_INTS; board++) {
    writeDigit(27 * (board % 3), at(board), board / 3 + 1);
  }
}

/** Search below the live state at guess depth `level` (at most 81 guesses on one path). */
function explore(level: i32): void {
  if (!propagate()) return;
  if ((at(UNSOLVED) | at(UNSOLVED + 1) | at(UNSOLVED + 2)) == 0) {
    if (solutionFound()) {
      writeGrid();
      solution();
    }
    return;
  }
  const cell = pickCell();
  let digits = digitsAt(intsAt(state, cell / 27), 12, 9, cell % 27);
  const live = state;
  const saved = intsAt(state, SAVED + level * STATE_INTS);
  memory.copy(saved, live, bytes(STATE_INTS));
  while (digits != 0 && !stopped) {
    const digitBit = digits & -digits;
    digits ^= digitBit;
    if (nextNode()) return;
    place(low(digitBit), cell);
    explore(level + 1);
    if (digits != 0) {
      memory.copy(live, saved, bytes(STATE_INTS));
      // Saved states are fixed points: nothing in them is left to revisit.
      memory.copy(intsAt(state, SEEN), saved, bytes(BOARD_INTS));
      setChanged(0);
    }
  }
}

/** Where the host writes the 81 region ids before buildTables. */
export function regionsAddress(): usize {
  return regions;
}

/**
 * Count the solutions of the clues in `givens` (on the layout of the last buildTables) up
 * to `limit`, keeping the first `keep` (each announced by `solution`), with a checkpoint
 * every `every` nodes. -1 when two clues clash (the host lists how); else the count, with
 * nodesVisited and searchComplete telling the rest.
 */
export function countSolutions(limit: f64, keep: f64, every: f64): f64 {
  for (let i = 0; i < STATE_INTS; i++) set(i, BAND_FULL);
  for (let i = 0; i < BOARD_INTS; i++) set(SEEN + i, BAND_FULL);
  setChanged(0x1ff);
  for (let cell = 0; cell < 81; cell++) {
    const digit = clueAt(cell);
    if (digit == 0) continue;
    // Only an earlier clue of the same digit in the cell's row, column or region takes its
    // bit (a placement takes other digits' bits only from its own cell).
    if ((at(3 * (digit - 1) + cell / 27) & (1 << (cell % 27))) == 0) return -1;
    place(digit - 1, cell);
  }
  beginCount(limit, keep, every);
  explore(0);
  return count;
}
