/**
 * A solution counter for 9x9 Sudoku with any layout of nine regions (jigsaw), built for speed.
 *
 * ARCHITECTURE: the state of assembly/standard9.ts (one 27-bit board per digit and band, bit 9r+c
 * where the digit may still go in row 3b+r, column c; a placed digit keeps its bit; three
 * words of unsolved cells), but the box permutation tables do not apply, so deductions are
 * unit rules on one digit's board. Rows and columns: a line whose candidates lie in one
 * cell (hidden single) clears that cell's peers, in one region clears the rest of the
 * region (claiming), and in two cells clears the cells that see both. Regions: every cell
 * that sees all of the region's candidates is cleared, an AND of per-cell peer masks; that
 * is the hidden single and pointing, and more on a jigsaw, where a cell outside a region
 * can see its last candidates through a row and a column at once. Naked singles are
 * bit-parallel per band with once/twice accumulators. It guesses on the two-candidate cell
 * with the most unsolved peers (59 guesses instead of 48 when taking the first such cell).
 *
 * DESIGN CONSIDERATIONS: a digit's rules are re-run only on the units that lost candidates
 * since the digit was last examined: the board as it was then is kept beside the state,
 * and the removed bits name the rows, columns and regions to revisit. A placement elsewhere
 * removes one cell from most digits, so most updates look at three units, not 27. Saved
 * states are fixed points, so a restore resets that record from the saved boards. The
 * state is 30 ints saved per guess with copyWithin in one preallocated buffer; the layout
 * tables (region words, peers, region cut-outs) are rebuilt only when the regions differ
 * from the previous call (about 3 us). What each rule gained, and what was tried and
 * dropped: docs/engines/jigsaw9.md.
 */
import { sameCells, type Board } from './board.ts';
import {
  checkpointStops,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';
import { BAND_FULL, gridOfBands, STATE_INTS, UNSOLVED } from './bands.ts';
import { bitCount } from './bits.ts';

/** Bits c, c+9 and c+18 of a band word: column 0 on the three rows of a band. */
const COLUMN0 = 0x40201;

// Layout tables, rewritten in place when the regions differ from the last call. A cell is
// indexed 0..80 in reading order; its band is cell / 27 and its band bit is cell % 27.
/** The regions the tables were built for (255 = none yet). */
const lastRegions = new Uint8Array(81).fill(255);
/** Region id of each cell. */
const REGION = new Uint8Array(81);
/** Region r as three band words: REG[3r + b]. */
const REG = new Int32Array(27);
/** The cells of a cell's row inside its region, as a 9-bit row field. */
const SEG = new Int32Array(81);
/** Row, column and region peers of a cell as three band words (the cell excluded). */
const PEER = new Int32Array(243);
/** A cell's region minus the cell's row, three band words. */
const REGION_NOT_ROW = new Int32Array(243);
/** A cell's region minus the cell's column, three band words. */
const REGION_NOT_COLUMN = new Int32Array(243);

function buildTables(regions: Uint8Array): void {
  REG.fill(0);
  for (let cell = 0; cell < 81; cell++) {
    const region = regions[cell];
    REGION[cell] = region;
    REG[3 * region + ((cell / 27) | 0)] |= 1 << (cell % 27);
  }
  for (let cell = 0; cell < 81; cell++) {
    const band = (cell / 27) | 0;
    const index = cell % 27;
    const row = (index / 9) | 0;
    const rowBits = 511 << (9 * row);
    const columnBits = COLUMN0 << (index % 9);
    const region = 3 * REGION[cell];
    SEG[cell] = (REG[region + band] >> (9 * row)) & 511;
    for (let b = 0; b < 3; b++) {
      const regionBits = REG[region + b];
      const rowHere = b === band ? rowBits : 0;
      const at = 3 * cell + b;
      PEER[at] = (regionBits | rowHere | columnBits) & ~(b === band ? 1 << index : 0);
      REGION_NOT_ROW[at] = regionBits & ~rowHere;
      REGION_NOT_COLUMN[at] = regionBits & ~columnBits;
    }
  }
  lastRegions.set(regions);
}

/**
 * Each board as it was when its digit was last examined (ints SEEN..SEEN+26, after the live
 * state): the bits removed since then name the only rows, columns and regions whose
 * deductions can have changed.
 */
const SEEN = STATE_INTS;
/** The live state, SEEN, then one saved state per guess level (at most 81 levels). */
const SAVED = SEEN + 27;
const state = new Int32Array(SAVED + STATE_INTS * 82);
/** Digits (bit d) whose boards changed since they were last brought to a fixed point. */
let changed = 0;

/** Put digit d in `cell`: its peers leave d's board, the cell leaves every other board. */
function place(d: number, cell: number): void {
  const s = state;
  const band = (cell / 27) | 0;
  const bit = 1 << (cell % 27);
  for (let at = band; at < 27; at += 3) {
    if (s[at] & bit) {
      s[at] &= ~bit;
      changed |= 1 << ((at / 3) | 0);
    }
  }
  const own = 3 * d;
  const peer = 3 * cell;
  s[own] &= ~PEER[peer];
  s[own + 1] &= ~PEER[peer + 1];
  s[own + 2] &= ~PEER[peer + 2];
  s[own + band] |= bit;
  s[UNSOLVED + band] &= ~bit;
  changed |= 1 << d;
}

/**
 * Clear from the board of the digit at `base` every cell that sees all of the candidates
 * k0, k1, k2 (band words) the digit has left in one unit: one of them holds it.
 */
function clearCommonPeers(base: number, k0: number, k1: number, k2: number): void {
  let c0 = -1;
  let c1 = -1;
  let c2 = -1;
  for (let rest = k0; rest !== 0; rest &= rest - 1) {
    const at = 3 * (31 - Math.clz32(rest & -rest));
    c0 &= PEER[at];
    c1 &= PEER[at + 1];
    c2 &= PEER[at + 2];
    if ((c0 | c1 | c2) === 0) return;
  }
  for (let rest = k1; rest !== 0; rest &= rest - 1) {
    const at = 3 * (58 - Math.clz32(rest & -rest));
    c0 &= PEER[at];
    c1 &= PEER[at + 1];
    c2 &= PEER[at + 2];
    if ((c0 | c1 | c2) === 0) return;
  }
  for (let rest = k2; rest !== 0; rest &= rest - 1) {
    const at = 3 * (85 - Math.clz32(rest & -rest));
    c0 &= PEER[at];
    c1 &= PEER[at + 1];
    c2 &= PEER[at + 2];
    if ((c0 | c1 | c2) === 0) return;
  }
  state[base] &= ~c0;
  state[base + 1] &= ~c1;
  state[base + 2] &= ~c2;
}

/**
 * Bring digit d's board to a fixed point of hidden singles and locked candidates in rows,
 * columns and regions, revisiting only the units that lost candidates; then place it in
 * the cells it is forced into. False on contradiction.
 */
function updateDigit(d: number): boolean {
  const s = state;
  const base = 3 * d;
  for (;;) {
    const a0 = s[base];
    const a1 = s[base + 1];
    const a2 = s[base + 2];
    const r0 = s[SEEN + base] & ~a0;
    const r1 = s[SEEN + base + 1] & ~a1;
    const r2 = s[SEEN + base + 2] & ~a2;
    if ((r0 | r1 | r2) === 0) break;
    s[SEEN + base] = a0;
    s[SEEN + base + 1] = a1;
    s[SEEN + base + 2] = a2;
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
    for (; rows !== 0; rows &= rows - 1) {
      const row = 31 - Math.clz32(rows & -rows);
      const band = (row / 3) | 0;
      const shift = 9 * (row - 3 * band);
      const x = (s[base + band] >> shift) & 511;
      if (x === 0) return false;
      const low = x & -x;
      const cell = 9 * row + 31 - Math.clz32(low);
      const at = 3 * cell;
      if (x === low) {
        s[base] &= ~PEER[at];
        s[base + 1] &= ~PEER[at + 1];
        s[base + 2] &= ~PEER[at + 2];
      } else if ((x & ~SEG[cell]) === 0) {
        s[base] &= ~REGION_NOT_ROW[at];
        s[base + 1] &= ~REGION_NOT_ROW[at + 1];
        s[base + 2] &= ~REGION_NOT_ROW[at + 2];
      } else {
        // Two candidates: the cells that see both.
        const y = x ^ low;
        if ((y & (y - 1)) === 0) {
          const other = 3 * (cell + Math.clz32(low) - Math.clz32(y));
          s[base] &= ~(PEER[at] & PEER[other]);
          s[base + 1] &= ~(PEER[at + 1] & PEER[other + 1]);
          s[base + 2] &= ~(PEER[at + 2] & PEER[other + 2]);
        }
      }
    }
    // Columns that lost candidates.
    const fold = r0 | r1 | r2;
    for (let columns = (fold | (fold >> 9) | (fold >> 18)) & 511; columns !== 0;) {
      const columnBit = columns & -columns;
      columns ^= columnBit;
      const bits = COLUMN0 * columnBit;
      const k0 = s[base] & bits;
      const k1 = s[base + 1] & bits;
      const k2 = s[base + 2] & bits;
      let cell: number;
      let single: boolean;
      if (k0 !== 0) {
        cell = 31 - Math.clz32(k0 & -k0);
        single = (k0 & (k0 - 1)) === 0 && (k1 | k2) === 0;
      } else if (k1 !== 0) {
        cell = 58 - Math.clz32(k1 & -k1);
        single = (k1 & (k1 - 1)) === 0 && k2 === 0;
      } else if (k2 !== 0) {
        cell = 85 - Math.clz32(k2 & -k2);
        single = (k2 & (k2 - 1)) === 0;
      } else return false;
      const at = 3 * cell;
      if (single) {
        s[base] &= ~PEER[at];
        s[base + 1] &= ~PEER[at + 1];
        s[base + 2] &= ~PEER[at + 2];
      } else {
        const region = 3 * REGION[cell];
        if (((k0 & ~REG[region]) | (k1 & ~REG[region + 1]) | (k2 & ~REG[region + 2])) === 0) {
          s[base] &= ~REGION_NOT_COLUMN[at];
          s[base + 1] &= ~REGION_NOT_COLUMN[at + 1];
          s[base + 2] &= ~REGION_NOT_COLUMN[at + 2];
        } else {
          // Two candidates: the cells that see both.
          let q0 = k0;
          let q1 = k1;
          let q2 = k2;
          if (k0 !== 0) q0 = k0 & (k0 - 1);
          else if (k1 !== 0) q1 = k1 & (k1 - 1);
          else q2 = k2 & (k2 - 1);
          let other = -1;
          if (q0 !== 0) {
            if ((q0 & (q0 - 1)) === 0 && (q1 | q2) === 0) other = 31 - Math.clz32(q0);
          } else if (q1 !== 0) {
            if ((q1 & (q1 - 1)) === 0 && q2 === 0) other = 58 - Math.clz32(q1);
          } else if ((q2 & (q2 - 1)) === 0) other = 85 - Math.clz32(q2);
          if (other >= 0) {
            const ot = 3 * other;
            s[base] &= ~(PEER[at] & PEER[ot]);
            s[base + 1] &= ~(PEER[at + 1] & PEER[ot + 1]);
            s[base + 2] &= ~(PEER[at + 2] & PEER[ot + 2]);
          }
        }
      }
    }
    // Regions that lost candidates (bit r).
    let lostRegions = 0;
    for (let rest = r0; rest !== 0; rest &= rest - 1) {
      lostRegions |= 1 << REGION[31 - Math.clz32(rest & -rest)];
    }
    for (let rest = r1; rest !== 0; rest &= rest - 1) {
      lostRegions |= 1 << REGION[58 - Math.clz32(rest & -rest)];
    }
    for (let rest = r2; rest !== 0; rest &= rest - 1) {
      lostRegions |= 1 << REGION[85 - Math.clz32(rest & -rest)];
    }
    for (; lostRegions !== 0; lostRegions &= lostRegions - 1) {
      const region = 3 * (31 - Math.clz32(lostRegions & -lostRegions));
      const m0 = s[base] & REG[region];
      const m1 = s[base + 1] & REG[region + 1];
      const m2 = s[base + 2] & REG[region + 2];
      if ((m0 | m1 | m2) === 0) return false;
      clearCommonPeers(base, m0, m1, m2);
    }
  }
  // Rows with one cell left fix the digit there; only the other digits must hear of it.
  const a0 = s[base];
  const a1 = s[base + 1];
  const a2 = s[base + 2];
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

/** A 9-bit row with one bit, else 0. */
const SINGLE_ROW = new Int32Array(512);
for (let x = 1; x < 512; x++) SINGLE_ROW[x] = (x & (x - 1)) === 0 ? x : 0;

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
      place(d, 27 * band + 31 - Math.clz32(bit));
      placed++;
    }
  }
  return placed;
}

/** Propagate to a fixed point. False on contradiction. */
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
    if (placed === 0) return true;
  }
}

/**
 * The cell to guess on: a two-candidate cell when there is one (the one with the most
 * unsolved peers), else the open cell with the fewest candidates.
 */
function pickCell(): number {
  const s = state;
  const u0 = s[UNSOLVED];
  const u1 = s[UNSOLVED + 1];
  const u2 = s[UNSOLVED + 2];
  let bestPair = -1;
  let bestScore = -1;
  for (let band = 0; band < 3; band++) {
    const unsolved = s[UNSOLVED + band];
    if (unsolved === 0) continue;
    let once = 0;
    let twice = 0;
    let thrice = 0;
    for (let at = band; at < 27; at += 3) {
      const f = s[at];
      thrice |= twice & f;
      twice |= once & f;
      once |= f;
    }
    for (let pairs = twice & ~thrice & unsolved; pairs !== 0; pairs &= pairs - 1) {
      const cell = 27 * band + 31 - Math.clz32(pairs & -pairs);
      const at = 3 * cell;
      const score =
        bitCount(u0 & PEER[at]) + bitCount(u1 & PEER[at + 1]) + bitCount(u2 & PEER[at + 2]);
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
    for (let open = s[UNSOLVED + band]; open !== 0; open &= open - 1) {
      const bit = open & -open;
      let count = 0;
      for (let at = band; at < 27; at += 3) if (s[at] & bit) count++;
      if (count < bestCount) {
        bestCount = count;
        best = 27 * band + 31 - Math.clz32(bit);
      }
    }
  }
  return best;
}

/**
 * Count solutions of a 9x9 board with any layout of nine regions up to `limit`: a
 * CountFunction (contract.ts); nodes = guesses tried. Throws on other sizes. Not re-entrant
 * (the search state is shared): never call it from its own onProgress callback.
 */
export function countSolutionsJigsaw9(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  if (board.size !== 9 || board.regions.length !== 81 || board.givens.length !== 81)
    throw new RangeError('countSolutionsJigsaw9 needs a 9x9 board');
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  if (!sameCells(board.regions, lastRegions)) buildTables(board.regions);
  const s = state;
  s.fill(BAND_FULL, 0, STATE_INTS);
  s.fill(BAND_FULL, SEEN, SEEN + 27);
  changed = 0x1ff;
  const { givens } = board;
  for (let cell = 0; cell < 81; cell++) {
    const digit = givens[cell];
    if (digit !== 0) place(digit - 1, cell);
  }
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  let nextReport = progressEvery;
  let stopped = false;

  // Recursion depth is the number of guesses on one path, at most 81.
  const explore = (level: number): void => {
    if (!propagate()) return;
    if ((s[UNSOLVED] | s[UNSOLVED + 1] | s[UNSOLVED + 2]) === 0) {
      result.count++;
      if (result.solutions.length < keep) result.solutions.push(gridOfBands(s));
      if (result.count >= limit) stopped = true;
      return;
    }
    const cell = pickCell();
    const band = (cell / 27) | 0;
    const bit = 1 << (cell % 27);
    let digits = 0;
    for (let d = 0; d < 9; d++) if (s[3 * d + band] & bit) digits |= 1 << d;
    const from = SAVED + level * STATE_INTS;
    s.copyWithin(from, 0, STATE_INTS);
    while (digits !== 0 && !stopped) {
      const digitBit = digits & -digits;
      digits ^= digitBit;
      result.nodes++;
      if (result.nodes >= nextReport) {
        nextReport = result.nodes + progressEvery;
        if (checkpointStops(options, result, result.nodes)) {
          stopped = true;
          return;
        }
      }
      place(31 - Math.clz32(digitBit), cell);
      explore(level + 1);
      if (digits !== 0) {
        s.copyWithin(0, from, from + STATE_INTS);
        // Saved states are fixed points: nothing in them is left to revisit.
        s.copyWithin(SEEN, from, from + 27);
        changed = 0;
      }
    }
  };
  explore(0);
  result.complete = !stopped;
  return result;
}
