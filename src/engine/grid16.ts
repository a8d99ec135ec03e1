/**
 * A solution counter for 16x16 Sudoku with any layout of sixteen regions (jigsaw or the
 * standard 4x4 boxes), built for speed: the design of jigsaw9.ts at 16x16.
 *
 * ARCHITECTURE: one bitboard per digit of eight 32-bit words, two 16-bit rows per word (bit
 * c & 31 of word c >> 5 is cell c, reading order), where the digit may still go; a placed
 * digit keeps its bit; eight words of unsolved cells. Deductions are unit rules on one
 * digit's board. A row or column whose candidates lie in one cell (hidden single) clears
 * that cell's peers, in one region clears the rest of the region (claiming), in two cells
 * clears the cells that see both; a column is gathered into one word, so its tests are a
 * few operations. A region clears every cell that sees all of its candidates (the hidden
 * single, pointing, and more on a jigsaw), found in one pass over its words
 * (clearCommonPeers). Naked singles are bit-parallel per word, and the scan for a branch
 * cell also finds naked pairs. At each fixed point the layout's small law-of-leftovers
 * pairs (layoutConstraints.ts; two cell sets holding the same digits) are checked per
 * digit: a side without the digit clears it from the other, a side holding it as often as
 * the other can loses it from its open cells, a side with exactly as many places as the
 * other's placed copies is filled. It guesses on a two-candidate cell scored by its unsolved
 * peers, plus three per two-candidate peer holding one of its digits, plus two per earlier
 * guess on the cell that failed at once (fail first); else on the open cell with the fewest
 * candidates, or on a digit's places in a unit when that leaves fewer (sparse boards).
 *
 * DESIGN CONSIDERATIONS: a digit's rules re-run only on the units that lost candidates since
 * it was last examined (its board as it was then is kept beside the state; saved states are
 * fixed points, so a restore resets that record), digits round robin, skipping units whose
 * single is already placed or forced in this call: fewer passes is what pays at this size.
 * Likewise a pair is checked for a digit only when one of its cells lost the digit or was
 * solved since the last check, and only pairs of at most 8 cells a side are kept (6-13
 * per jigsaw layout). The state, 136 ints, is saved per guess with copyWithin into one
 * preallocated buffer; the layout tables are rebuilt only when the regions change; word
 * loops are unrolled and forced cells cleared without a branch per board. State, tables and
 * failure counts are module-level, so the search allocates nothing and is not re-entrant.
 * The design in full, measurements, and what was tried and dropped: docs/engines/grid16.md.
 */
import { sameCells, type Board } from './board.ts';
import { bitCount } from './bits.ts';
import { layoutConstraintsOf } from './layoutConstraints.ts';
import {
  checkpointStops,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';

const CELLS = 256;
const WORDS = 8;
/** Bits c and c+16 of a word: column 0 on the two rows of a word. */
const COLUMN0 = 0x10001;

// Layout tables, rewritten in place when the regions differ from the last call.
/** The regions the tables were built for (255 = none yet). */
const lastRegions = new Uint8Array(CELLS).fill(255);
/** Region id of each cell. */
const REGION = new Uint8Array(CELLS);
/** Region r as eight words: REG[8r + w]. */
const REG = new Int32Array(16 * WORDS);
/** The first and one past the last word region r meets: REG_WORDS[2r], REG_WORDS[2r + 1]. */
const REG_WORDS = new Int32Array(32);
/** The cells of a cell's row inside its region, as a 16-bit row field. */
const SEG = new Int32Array(CELLS);
/** Row, column and region peers of a cell as eight words (the cell excluded). */
const PEER = new Int32Array(CELLS * WORDS);
/** A cell's region minus the cell's row, eight words. */
const REGION_NOT_ROW = new Int32Array(CELLS * WORDS);
/** A cell's region minus the cell's column, eight words. */
const REGION_NOT_COLUMN = new Int32Array(CELLS * WORDS);

function buildTables(regions: Uint8Array): void {
  REG.fill(0);
  for (let cell = 0; cell < CELLS; cell++) {
    const region = regions[cell];
    REGION[cell] = region;
    REG[WORDS * region + (cell >> 5)] |= 1 << (cell & 31);
  }
  for (let region = 0; region < 16; region++) {
    let first = 0;
    while (first < WORDS - 1 && REG[WORDS * region + first] === 0) first++;
    let end = WORDS;
    while (end > first + 1 && REG[WORDS * region + end - 1] === 0) end--;
    REG_WORDS[2 * region] = first;
    REG_WORDS[2 * region + 1] = end;
  }
  for (let cell = 0; cell < CELLS; cell++) {
    const word = cell >> 5;
    const index = cell & 31;
    const rowShift = index & 16;
    const rowBits = 0xffff << rowShift;
    const columnBits = COLUMN0 << (index & 15);
    const region = WORDS * REGION[cell];
    SEG[cell] = (REG[region + word] >>> rowShift) & 0xffff;
    for (let w = 0; w < WORDS; w++) {
      const regionBits = REG[region + w];
      const rowHere = w === word ? rowBits : 0;
      const at = WORDS * cell + w;
      PEER[at] = (regionBits | rowHere | columnBits) & ~(w === word ? 1 << index : 0);
      REGION_NOT_ROW[at] = regionBits & ~rowHere;
      REGION_NOT_COLUMN[at] = regionBits & ~columnBits;
    }
  }
  COLUMN_REGION.fill(0);
  for (let cell = 0; cell < CELLS; cell++) {
    const row = cell >> 4;
    COLUMN_REGION[16 * (cell & 15) + REGION[cell]] |= 1 << ((row >> 1) + 16 * (row & 1));
  }
  for (let byte = 0; byte < 32; byte++) {
    const at = 256 * byte;
    const first = 8 * byte;
    REGIONS_OF_BYTE[at] = 0;
    for (let value = 1; value < 256; value++) {
      REGIONS_OF_BYTE[at + value] =
        REGIONS_OF_BYTE[at + (value & (value - 1))] |
        (1 << REGION[first + 31 - Math.clz32(value & -value)]);
    }
  }
  buildLeftoverTables(regions);
  lastRegions.set(regions);
}

/**
 * The law-of-leftovers pairs kept for propagation: those whose sides have at most this many
 * cells (see leftovers). Small sides empty out or fill up often; on 16x16 jigsaw layouts
 * 5-10 pairs qualify, against about 60 at 12 cells and 250 in all, each of which costs a
 * check whenever one of its cells changes (docs/engines/grid16.md). The standard boxes
 * have none this small.
 */
const LEFTOVER_MAX_SIDE = 8;
/** Pairs in the tables below. */
let pairCount = 0;
/** Words of a set of pairs (bit p & 31 of word p >> 5 is pair p). */
let pairWords = 0;
/**
 * The words pair p's cells lie in are ENTRY_WORD[i] for i from PAIR_START[p] to
 * PAIR_START[p + 1]; its first side's cells in word ENTRY_WORD[i] are ENTRY_SIDE[2i], its
 * second side's ENTRY_SIDE[2i + 1].
 */
let PAIR_START = new Int32Array(1);
let ENTRY_WORD = new Int32Array(0);
let ENTRY_SIDE = new Int32Array(0);
/** The pairs a cell belongs to, pairWords words per cell. */
let PAIRS_OF_CELL = new Int32Array(0);
/** Scratch: the pairs to check for one digit. */
let touchedPairs = new Int32Array(0);

function buildLeftoverTables(regions: Uint8Array): void {
  const pairs = layoutConstraintsOf(16, regions, LEFTOVER_MAX_SIDE).sameDigits;
  pairCount = pairs.length;
  pairWords = (pairCount + 31) >> 5;
  PAIRS_OF_CELL = new Int32Array(CELLS * pairWords);
  touchedPairs = new Int32Array(pairWords);
  PAIR_START = new Int32Array(pairCount + 1);
  const words: number[] = [];
  const sides: number[] = [];
  const side = new Int32Array(2 * WORDS);
  pairs.forEach((pair, p) => {
    side.fill(0);
    [pair.inBand, pair.outOfBand].forEach((cells, which) => {
      for (const cell of cells) {
        side[WORDS * which + (cell >> 5)] |= 1 << (cell & 31);
        PAIRS_OF_CELL[pairWords * cell + (p >> 5)] |= 1 << (p & 31);
      }
    });
    PAIR_START[p] = words.length;
    for (let w = 0; w < WORDS; w++) {
      if ((side[w] | side[WORDS + w]) === 0) continue;
      words.push(w);
      sides.push(side[w], side[WORDS + w]);
    }
  });
  PAIR_START[pairCount] = words.length;
  ENTRY_WORD = Int32Array.from(words);
  ENTRY_SIDE = Int32Array.from(sides);
}

/**
 * The regions (bit r) of the cells set in one byte of the board: REGIONS_OF_BYTE[256 * b +
 * value] for byte b (cells 8b..8b+7). updateDigit finds the regions that lost candidates
 * with four lookups per word instead of one per lost cell.
 */
const REGIONS_OF_BYTE = new Uint16Array(32 * 256);

/**
 * A column's cells in one region, in the column word of updateDigit (bit w is row 2w, bit
 * 16 + w is row 2w + 1): COLUMN_REGION[16 * column + region].
 */
const COLUMN_REGION = new Int32Array(256);

/** The cell at bit b of a column word (see COLUMN_REGION) in column c. */
function columnCell(b: number, c: number): number {
  return 16 * (((b & 15) << 1) | (b >>> 4)) + c;
}

/** State: boards 0..127 (8*digit + word), then the unsolved cells of words 0..7. */
const BOARD_INTS = 16 * WORDS;
const STATE_INTS = BOARD_INTS + WORDS;
const UNSOLVED = BOARD_INTS;
/** Each board as it was when its digit was last examined (after the live state). */
const SEEN = STATE_INTS;
/**
 * The boards and unsolved cells as they were when the leftover pairs were last checked
 * (after SEEN): what changed since then names the pairs to check again.
 */
const PAIR_SEEN = SEEN + BOARD_INTS;
/** The live state, SEEN, PAIR_SEEN, then one saved state per guess level (at most 256). */
const SAVED = PAIR_SEEN + STATE_INTS;
const state = new Int32Array(SAVED + STATE_INTS * (CELLS + 1));
/** Digits (bit d) whose boards changed since they were last brought to a fixed point. */
let changed = 0;
/** Where propagate's round robin over the changed digits goes on. */
let nextDigit = 0;
/** Scratch words: the cells updateDigit newly fixed. */
const found = new Int32Array(WORDS);
/**
 * Scratch of updateDigit: the cells its row rule found to be their row's last candidate.
 * Every hidden single passes that rule (clearing its peers takes candidates from its row),
 * so the forced cells need no scan of the board.
 */
const forcedWords = new Int32Array(WORDS);
/** The places still to try of each level's unit branch: unitPlaces[level * WORDS + w]. */
const unitPlaces = new Int32Array(WORDS * (CELLS + 1));

/** Put digit d in `cell`: its peers leave d's board, the cell leaves every other board. */
function place(d: number, cell: number): void {
  const s = state;
  const word = cell >> 5;
  const bit = 1 << (cell & 31);
  // Without a branch per board, as updateDigit clears its forced cells.
  let lost = 0;
  for (let at = word, digit = 0; at < BOARD_INTS; at += WORDS, digit++) {
    const hit = s[at] & bit;
    s[at] ^= hit;
    lost |= ((hit | -hit) >>> 31) << digit;
  }
  changed |= lost;
  const own = WORDS * d;
  const peer = WORDS * cell;
  for (let w = 0; w < WORDS; w++) s[own + w] &= ~PEER[peer + w];
  s[own + word] |= bit;
  s[UNSOLVED + word] &= ~bit;
  changed |= 1 << d;
}

/** Clear words `table[at..at+7]` from the board at `base`. */
function clearWords(base: number, table: Int32Array, at: number): void {
  const s = state;
  s[base] &= ~table[at];
  s[base + 1] &= ~table[at + 1];
  s[base + 2] &= ~table[at + 2];
  s[base + 3] &= ~table[at + 3];
  s[base + 4] &= ~table[at + 4];
  s[base + 5] &= ~table[at + 5];
  s[base + 6] &= ~table[at + 6];
  s[base + 7] &= ~table[at + 7];
}

/** Clear from the board at `base` the cells that see both cells a and b. */
function clearBoth(base: number, a: number, b: number): void {
  const s = state;
  const p = WORDS * a;
  const q = WORDS * b;
  s[base] &= ~(PEER[p] & PEER[q]);
  s[base + 1] &= ~(PEER[p + 1] & PEER[q + 1]);
  s[base + 2] &= ~(PEER[p + 2] & PEER[q + 2]);
  s[base + 3] &= ~(PEER[p + 3] & PEER[q + 3]);
  s[base + 4] &= ~(PEER[p + 4] & PEER[q + 4]);
  s[base + 5] &= ~(PEER[p + 5] & PEER[q + 5]);
  s[base + 6] &= ~(PEER[p + 6] & PEER[q + 6]);
  s[base + 7] &= ~(PEER[p + 7] & PEER[q + 7]);
}

/**
 * Clear from the board at `base` every cell that sees all of the digit's candidates in
 * region `id` (false when there are none): one of them holds it. The rest of the region
 * holds no candidate already, so only cells outside the region count, and such a cell sees
 * a candidate only along its row or column. So it must see the first candidate (the anchor)
 * that way: it is in the anchor's row, and every candidate off that row is in its column,
 * or in the anchor's column, and every candidate off that column is in its row. Two row
 * sets and two column sets of the candidates decide both, a few word operations per region
 * word (the AND of per-cell peer masks it replaces cost eight words per candidate).
 */
function clearCommonPeers(base: number, id: number): boolean {
  const s = state;
  const region = WORDS * id;
  const end = REG_WORDS[2 * id + 1];
  let anchorWord = -1;
  let anchor = 0;
  let notColumn = 0;
  /** Columns (bit c) of the candidates off the anchor's row. */
  let columnsOff = 0;
  /** Rows (bit r) of the candidates off the anchor's column. */
  let rowsOff = 0;
  for (let w = REG_WORDS[2 * id]; w < end; w++) {
    const f = s[base + w] & REG[region + w];
    if (f === 0) continue;
    let off = f;
    if (anchorWord < 0) {
      anchorWord = w;
      const anchorBit = f & -f;
      // A placed or forced anchor is the only candidate, and its peers are cleared already.
      if ((s[UNSOLVED + w] & ~forcedWords[w] & anchorBit) === 0) return true;
      anchor = 31 - Math.clz32(anchorBit);
      notColumn = ~(COLUMN0 << (anchor & 15));
      off = f & ~(0xffff << (anchor & 16));
    }
    columnsOff |= off | (off >>> 16);
    rowsOff |= rowPair(f & notColumn) << (2 * w);
  }
  if (anchorWord < 0) return false;
  columnsOff &= 0xffff;
  const column = anchor & 15;
  // The anchor's row outside the region, then its column outside the region (a column word).
  let rowPart = ~SEG[32 * anchorWord + anchor] & 0xffff;
  if (columnsOff !== 0) rowPart &= (columnsOff & (columnsOff - 1)) === 0 ? columnsOff : 0;
  let columnPart = 0xff00ff & ~COLUMN_REGION[16 * column + id];
  if (rowsOff !== 0) {
    if ((rowsOff & (rowsOff - 1)) === 0) {
      const row = 31 - Math.clz32(rowsOff);
      columnPart &= 1 << ((row >> 1) + 16 * (row & 1));
    } else columnPart = 0;
  }
  if (rowPart !== 0) s[base + anchorWord] &= ~(rowPart << (anchor & 16));
  if (columnPart !== 0) {
    for (let v = 0; v < WORDS; v++) s[base + v] &= ~(((columnPart >>> v) & COLUMN0) << column);
  }
  return true;
}

/**
 * Bring digit d's board to a fixed point of hidden singles and locked candidates in rows,
 * columns and regions, revisiting only the units that lost candidates; then place it in
 * the cells it is forced into. False on contradiction.
 */
function updateDigit(d: number): boolean {
  const s = state;
  const base = WORDS * d;
  let forced = 0;
  // The columns and regions (bit c, bit r) of the cells forced so far: their peers are
  // cleared, so each holds that cell alone and its rule has nothing to do.
  let forcedColumns = 0;
  let forcedRegions = 0;
  for (;;) {
    // What the board lost since it was last examined: the columns, rows and regions that
    // lost candidates, one word at a time (SEEN takes the board as it is now).
    let fold = 0;
    let rows = 0;
    let lostRegions = 0;
    for (let w = 0; w < WORDS; w++) {
      const now = s[base + w];
      const lost = s[SEEN + base + w] & ~now;
      s[SEEN + base + w] = now;
      fold |= lost;
      rows |= rowPair(lost) << (2 * w);
      lostRegions |= regionBitsOf(lost, 1024 * w);
    }
    if (fold === 0) break;
    // Rows that lost candidates.
    for (; rows !== 0; rows &= rows - 1) {
      const row = 31 - Math.clz32(rows & -rows);
      const word = row >> 1;
      const shift = (row & 1) << 4;
      const x = (s[base + word] >>> shift) & 0xffff;
      if (x === 0) return false;
      const low = x & -x;
      const cell = 16 * row + 31 - Math.clz32(low);
      if (x === low) {
        const bit = low << shift;
        if ((s[UNSOLVED + word] & ~forcedWords[word] & bit) !== 0) {
          clearWords(base, PEER, WORDS * cell);
          forcedWords[word] |= bit;
          forced = 1;
          forcedColumns |= low;
          forcedRegions |= 1 << REGION[cell];
        }
      } else if ((x & ~SEG[cell]) === 0) clearWords(base, REGION_NOT_ROW, WORDS * cell);
      else {
        // Two candidates: the cells that see both.
        const y = x ^ low;
        if ((y & (y - 1)) === 0) clearBoth(base, cell, 16 * row + 31 - Math.clz32(y));
      }
    }
    // Columns that lost candidates.
    for (let columns = (fold | (fold >>> 16)) & 0xffff & ~forcedColumns; columns !== 0;) {
      const columnBit = columns & -columns;
      columns ^= columnBit;
      const bits = COLUMN0 * columnBit;
      const c = 31 - Math.clz32(columnBit);
      // The column as one word: bit w is row 2w, bit 16 + w is row 2w + 1.
      const v =
        ((s[base] & bits) >>> c) |
        (((s[base + 1] & bits) >>> c) << 1) |
        (((s[base + 2] & bits) >>> c) << 2) |
        (((s[base + 3] & bits) >>> c) << 3) |
        (((s[base + 4] & bits) >>> c) << 4) |
        (((s[base + 5] & bits) >>> c) << 5) |
        (((s[base + 6] & bits) >>> c) << 6) |
        (((s[base + 7] & bits) >>> c) << 7);
      if (v === 0) return false;
      const low = v & -v;
      const cell = columnCell(31 - Math.clz32(low), c);
      const rest = v ^ low;
      if (rest === 0) {
        const word = cell >> 5;
        if ((s[UNSOLVED + word] & ~forcedWords[word] & (1 << (cell & 31))) !== 0)
          clearWords(base, PEER, WORDS * cell);
      } else if ((v & ~COLUMN_REGION[16 * c + REGION[cell]]) === 0)
        clearWords(base, REGION_NOT_COLUMN, WORDS * cell);
      else if ((rest & (rest - 1)) === 0)
        clearBoth(base, cell, columnCell(31 - Math.clz32(rest), c));
    }
    // Regions that lost candidates.
    for (lostRegions &= ~forcedRegions; lostRegions !== 0; lostRegions &= lostRegions - 1) {
      if (!clearCommonPeers(base, 31 - Math.clz32(lostRegions & -lostRegions))) return false;
    }
  }
  // Rows with one cell left fix the digit there; only the other digits must hear of it.
  if (forced === 0) return true;
  forced = 0;
  for (let w = 0; w < WORDS; w++) {
    const p = forcedWords[w] & s[UNSOLVED + w];
    forcedWords[w] = 0;
    found[w] = p;
    forced |= p;
  }
  if (forced === 0) return true;
  for (let w = 0; w < WORDS; w++) s[UNSOLVED + w] &= ~found[w];
  // Cleared from all sixteen boards without a branch per board, then d's are put back.
  let lost = 0;
  for (let w = 0; w < WORDS; w++) {
    const p = found[w];
    if (p === 0) continue;
    for (let at = w, digit = 0; at < BOARD_INTS; at += WORDS, digit++) {
      const hit = s[at] & p;
      s[at] ^= hit;
      lost |= ((hit | -hit) >>> 31) << digit;
    }
    s[base + w] |= p;
  }
  changed |= lost & ~(1 << d);
  return true;
}

/** Place every naked single. -1 on contradiction, else how many were placed. */
function nakedSingles(): number {
  const s = state;
  let placed = 0;
  for (let word = 0; word < WORDS; word++) {
    const unsolved = s[UNSOLVED + word];
    BIV[word] = 0;
    if (unsolved === 0) continue;
    let once = 0;
    let twice = 0;
    let thrice = 0;
    for (let at = word; at < BOARD_INTS; at += WORDS) {
      const f = s[at];
      thrice |= twice & f;
      twice |= once & f;
      once |= f;
    }
    if (unsolved & ~once) return -1;
    // For pickCell (see BIV).
    BIV[word] = twice & ~thrice & unsolved;
    let singles = unsolved & ~twice;
    while (singles !== 0) {
      const bit = singles & -singles;
      singles ^= bit;
      let d = 0;
      while (d < 16 && (s[WORDS * d + word] & bit) === 0) d++;
      // An earlier single of this word took the last candidate of this cell.
      if (d === 16) return -1;
      place(d, 32 * word + 31 - Math.clz32(bit));
      placed++;
    }
  }
  return placed;
}

function allSolved(): boolean {
  const s = state;
  let open = 0;
  for (let w = 0; w < WORDS; w++) open |= s[UNSOLVED + w];
  return open === 0;
}

/** Deductions (a board changed or a contradiction) made by the leftover pairs so far. */
let leftoverDeductions = 0;

/**
 * How many deductions the law-of-leftovers pairs have made since the module was loaded, in
 * every search: for tests and benchmarks that must know the pairs fired.
 */
export function leftoverDeductionsSoFar(): number {
  return leftoverDeductions;
}

/**
 * The layout's law-of-leftovers pairs (layoutConstraints.ts): two cell sets that hold the
 * same digits as often in every solution. Checked per digit, and only on the pairs with a
 * cell whose candidates of that digit, or whose solved state, changed since the last check
 * (a pair nothing touched cannot say anything new). -1 on contradiction, else the number
 * of pairs that changed a board.
 */
function leftovers(): number {
  const s = state;
  let changes = 0;
  const newlySolved = found;
  for (let w = 0; w < WORDS; w++) {
    newlySolved[w] = s[PAIR_SEEN + UNSOLVED + w] & ~s[UNSOLVED + w];
    s[PAIR_SEEN + UNSOLVED + w] = s[UNSOLVED + w];
  }
  for (let d = 0; d < 16; d++) {
    const base = WORDS * d;
    let any = 0;
    for (let w = 0; w < WORDS; w++) {
      const now = s[base + w];
      let touched = (s[PAIR_SEEN + base + w] & ~now) | (newlySolved[w] & now);
      s[PAIR_SEEN + base + w] = now;
      for (; touched !== 0; touched &= touched - 1) {
        const at = pairWords * (32 * w + 31 - Math.clz32(touched & -touched));
        if (any === 0) touchedPairs.fill(0);
        any = 1;
        for (let v = 0; v < pairWords; v++) touchedPairs[v] |= PAIRS_OF_CELL[at + v];
      }
    }
    if (any === 0) continue;
    for (let v = 0; v < pairWords; v++) {
      for (let pairs = touchedPairs[v]; pairs !== 0; pairs &= pairs - 1) {
        const result = checkPair(32 * v + 31 - Math.clz32(pairs & -pairs), d);
        if (result !== 0) leftoverDeductions++;
        if (result < 0) return -1;
        changes += result;
      }
    }
  }
  return changes;
}

/**
 * One pair and one digit d: each side holds d equally often. A side holds it at least as
 * often as it is placed there, at most once per row, column and region with a candidate.
 * So a side where d is placed as often as the other side can hold it loses d from its open
 * cells (no candidates on one side: none on the other), and a side whose candidates are
 * exactly as many as the other side's placed d's gets d in all of them. -1 on
 * contradiction, 1 when the board changed, else 0.
 */
function checkPair(p: number, d: number): number {
  const s = state;
  const base = WORDS * d;
  const first = PAIR_START[p];
  const end = PAIR_START[p + 1];
  let anyA = 0;
  let anyB = 0;
  let placedA = 0;
  let placedB = 0;
  for (let i = first; i < end; i++) {
    const w = ENTRY_WORD[i];
    const f = s[base + w];
    const a = f & ENTRY_SIDE[2 * i];
    const b = f & ENTRY_SIDE[2 * i + 1];
    anyA |= a;
    anyB |= b;
    const solved = ~s[UNSOLVED + w];
    if ((a | b) & solved) {
      placedA += bitCount(a & solved);
      placedB += bitCount(b & solved);
    }
  }
  if (placedA === 0 && placedB === 0) {
    // Nothing on one side clears the other.
    if ((anyA === 0) === (anyB === 0)) return 0;
    return clearSide(base, anyA === 0 ? 1 : 0, first, end);
  }
  const mostA = mostOf(base, 0, first, end);
  const mostB = mostOf(base, 1, first, end);
  const cap = Math.min(mostA, mostB);
  const least = Math.max(placedA, placedB);
  if (least > cap) return -1;
  // An open candidate adds a row, a column and a region to those of the placed ones.
  let changes = 0;
  if (placedA === cap && mostA > placedA) changes = clearSide(base, 0, first, end);
  if (placedB === cap && mostB > placedB) changes = clearSide(base, 1, first, end);
  if (changes !== 0) return changes;
  if (placedA < least) {
    const fill = fillSide(base, d, 0, first, end, least);
    if (fill !== 0) return fill;
  }
  if (placedB < least) return fillSide(base, d, 1, first, end, least);
  return 0;
}

/** Clear the open cells of side `side` (0, 1) of entries first..end from the board at base. */
function clearSide(base: number, side: number, first: number, end: number): number {
  const s = state;
  for (let i = first; i < end; i++) {
    const w = ENTRY_WORD[i];
    s[base + w] &= ~(ENTRY_SIDE[2 * i + side] & s[UNSOLVED + w]);
  }
  changed |= 1 << (base >> 3);
  return 1;
}

/**
 * The most times the digit (board at base) can appear on a side: the fewest of the rows,
 * columns and regions its candidates there lie in.
 */
function mostOf(base: number, side: number, first: number, end: number): number {
  const s = state;
  let rows = 0;
  let columns = 0;
  let regions = 0;
  for (let i = first; i < end; i++) {
    const w = ENTRY_WORD[i];
    const x = s[base + w] & ENTRY_SIDE[2 * i + side];
    if (x === 0) continue;
    rows += bitCount(rowPair(x));
    columns |= x | (x >>> 16);
    regions |= regionBitsOf(x, 1024 * w);
  }
  return Math.min(rows, bitCount(columns & 0xffff), bitCount(regions));
}

/**
 * Place digit d in every candidate of a side when they are exactly `least`, the times it
 * must appear there: -1 when two of them see each other, 1 when placed, else 0.
 */
function fillSide(
  base: number,
  d: number,
  side: number,
  first: number,
  end: number,
  least: number,
): number {
  const s = state;
  let places = 0;
  for (let i = first; i < end; i++) {
    places += bitCount(s[base + ENTRY_WORD[i]] & ENTRY_SIDE[2 * i + side]);
  }
  if (places !== least) return 0;
  for (let i = first; i < end; i++) {
    const w = ENTRY_WORD[i];
    for (let open = s[base + w] & ENTRY_SIDE[2 * i + side] & s[UNSOLVED + w]; open !== 0;) {
      const bit = open & -open;
      open ^= bit;
      // An earlier placement here took this candidate: two of them see each other.
      if ((s[base + w] & bit) === 0) return -1;
      place(d, 32 * w + 31 - Math.clz32(bit));
    }
  }
  return 1;
}

/** Propagate to a fixed point. False on contradiction. */
function propagate(): boolean {
  for (;;) {
    while (changed !== 0) {
      // Round robin: the next changed digit after the last one examined.
      const after = changed & -(1 << nextDigit);
      const bit = after !== 0 ? after & -after : changed & -changed;
      changed ^= bit;
      const d = 31 - Math.clz32(bit);
      nextDigit = (d + 1) & 15;
      if (!updateDigit(d)) {
        // A contradiction can leave forced cells of that digit behind.
        forcedWords.fill(0);
        return false;
      }
    }
    if (allSolved()) return true;
    const placed = nakedSingles();
    if (placed < 0) return false;
    if (placed > 0) continue;
    if (changed !== 0) continue;
    if (pairCount === 0) return true;
    const same = leftovers();
    if (same < 0) return false;
    if (same === 0 && changed === 0) return true;
  }
}

/**
 * The cell to guess on: a two-candidate cell when there is one (the one with the most
 * unsolved peers), else the open cell with the fewest candidates.
 */
/**
 * The two-candidate cells, eight words, as nakedSingles found them in its last pass: that
 * pass placed nothing (else propagate would have gone on), so they are those of the board
 * pickCell scores.
 */
const BIV = new Int32Array(WORDS);
/**
 * What a two-candidate peer holding one of the cell's digits is worth against an unsolved
 * peer when scoring a branch cell: one branch turns it into a single.
 */
const LINKED_WEIGHT = 3;
/**
 * Fail first: how often a guess on each cell failed at once in this search. Cells whose
 * guesses keep failing sit where the puzzle is tight, and branching there again prunes
 * early (the idea of conflict-driven weights in CSP solvers, kept per cell).
 */
const failures = new Int32Array(CELLS);
/** What one immediate failure of a guess on the cell adds to its branch score. */
const FAILURE_WEIGHT = 2;
/**
 * A naked pair: the two-candidate peers of \`cell\` with its two digits (boards at b1, b2)
 * take those digits from every cell that sees both. True when something was cleared.
 */
function clearTwins(cell: number, b1: number, b2: number): boolean {
  const s = state;
  const at = WORDS * cell;
  let cleared = false;
  for (let w = 0; w < WORDS; w++) {
    for (let rest = BIV[w] & PEER[at + w] & s[b1 + w] & s[b2 + w]; rest !== 0; rest &= rest - 1) {
      const other = WORDS * (32 * w + 31 - Math.clz32(rest & -rest));
      for (let v = 0; v < WORDS; v++) {
        const both = PEER[at + v] & PEER[other + v];
        if ((s[b1 + v] | s[b2 + v]) & both) {
          s[b1 + v] &= ~both;
          s[b2 + v] &= ~both;
          cleared = true;
        }
      }
    }
  }
  if (cleared) changed |= (1 << (b1 >> 3)) | (1 << (b2 >> 3));
  return cleared;
}

function pickCell(): number {
  const s = state;
  let bestPair = -1;
  let bestScore = -1e9;
  for (let word = 0; word < WORDS; word++) {
    for (let pairs = BIV[word]; pairs !== 0; pairs &= pairs - 1) {
      const cellBit = pairs & -pairs;
      const cell = 32 * word + 31 - Math.clz32(cellBit);
      const at = WORDS * cell;
      // The cell's two digits, gathered without a branch per digit.
      const index = cell & 31;
      let digits = 0;
      for (let d = 0, from = word; d < 16; d++, from += WORDS) {
        digits |= ((s[from] >>> index) & 1) << d;
      }
      const b1 = WORDS * (31 - Math.clz32(digits & -digits));
      const b2 = WORDS * (31 - Math.clz32(digits));
      // Byte-wise partial counts summed over the eight words, one multiply at the end: no
      // byte can overflow (a cell has at most 45 peers, so score < 4 * 45).
      let bytes = 0;
      let twins = 0;
      for (let w = 0; w < WORDS; w++) {
        const peers = PEER[at + w];
        const f1 = s[b1 + w];
        const f2 = s[b2 + w];
        const linked = BIV[w] & peers;
        twins |= linked & f1 & f2;
        bytes +=
          byteCounts(s[UNSOLVED + w] & peers) + LINKED_WEIGHT * byteCounts(linked & (f1 | f2));
      }
      let score = Math.imul(bytes, 0x01010101) >>> 24;
      if (twins !== 0 && clearTwins(cell, b1, b2)) return -1;
      score += FAILURE_WEIGHT * failures[cell];
      if (score > bestScore) {
        bestScore = score;
        bestPair = cell;
      }
    }
  }
  if (bestPair >= 0) return bestPair;
  let best = -1;
  let bestCount = 17;
  for (let word = 0; word < WORDS; word++) {
    for (let open = s[UNSOLVED + word]; open !== 0; open &= open - 1) {
      const bit = open & -open;
      let count = 0;
      for (let at = word; at < BOARD_INTS; at += WORDS) if (s[at] & bit) count++;
      if (count < bestCount) {
        bestCount = count;
        best = 32 * word + 31 - Math.clz32(bit);
      }
    }
  }
  return bestCount >= UNIT_BRANCH_MIN && pickUnitDigit(bestCount) ? UNIT_BRANCH : best;
}

/** pickCell's answer when the branch is a digit's places in a unit (branchDigit, branchPlaces). */
const UNIT_BRANCH = -2;
/**
 * A unit branch is looked for only when every open cell has at least this many candidates.
 * At 3 it took over where a three-candidate cell did better (hard puzzles: 1,174 -> 3,233
 * guesses on the bench set, max 12 -> 96 ms); from 4 on, the hard sets never reach it and
 * sparse boards gain as much as at 3.
 */
const UNIT_BRANCH_MIN = 4;
/** The digit (0-15) of a unit branch. */
let branchDigit = 0;
/** The places of a unit branch, eight words. */
const branchPlaces = new Int32Array(WORDS);

/**
 * A digit with fewer places in some row, column or region than `fewerThan` (the fewest
 * candidates of any cell), as DLX's column choice would take it; writes it to branchDigit
 * and branchPlaces. Without it, a sparse board (a random solution from a few clues, a
 * setter's first clues) branches on cells of ten or more candidates and can search for
 * minutes. A digit already placed in a unit has one bit there (its peers are cleared), and
 * a hidden single would have been placed, so a count of two or more is all open cells.
 */
function pickUnitDigit(fewerThan: number): boolean {
  const s = state;
  let bestCount = fewerThan;
  let bestKind = -1;
  let bestUnit = 0;
  for (let d = 0; d < 16 && bestCount > 2; d++) {
    const base = WORDS * d;
    for (let row = 0; row < 16; row++) {
      const count = bitCount((s[base + (row >> 1)] >>> ((row & 1) << 4)) & 0xffff);
      if (count >= 2 && count < bestCount) {
        bestCount = count;
        bestKind = 0;
        bestUnit = row;
        branchDigit = d;
      }
    }
    // Column counts for all sixteen columns at once: each half row's bits spread to one
    // nibble per column, even and odd rows summed apart so that no nibble passes 8.
    let evenLow = 0;
    let evenHigh = 0;
    let oddLow = 0;
    let oddHigh = 0;
    for (let w = 0; w < WORDS; w++) {
      const word = s[base + w];
      evenLow += spreadNibbles(word);
      evenHigh += spreadNibbles(word >>> 8);
      oddLow += spreadNibbles(word >>> 16);
      oddHigh += spreadNibbles(word >>> 24);
    }
    for (let column = 0; column < 16; column++) {
      const shift = (column & 7) << 2;
      const count =
        column < 8
          ? ((evenLow >>> shift) & 15) + ((oddLow >>> shift) & 15)
          : ((evenHigh >>> shift) & 15) + ((oddHigh >>> shift) & 15);
      if (count >= 2 && count < bestCount) {
        bestCount = count;
        bestKind = 1;
        bestUnit = column;
        branchDigit = d;
      }
    }
    for (let region = 0; region < 16; region++) {
      let count = 0;
      const end = REG_WORDS[2 * region + 1];
      for (let w = REG_WORDS[2 * region]; w < end; w++) {
        count += bitCount(s[base + w] & REG[WORDS * region + w]);
      }
      if (count >= 2 && count < bestCount) {
        bestCount = count;
        bestKind = 2;
        bestUnit = region;
        branchDigit = d;
      }
    }
  }
  if (bestKind < 0) return false;
  const base = WORDS * branchDigit;
  for (let w = 0; w < WORDS; w++) {
    const unit =
      bestKind === 0
        ? w === bestUnit >> 1
          ? 0xffff << ((bestUnit & 1) << 4)
          : 0
        : bestKind === 1
          ? COLUMN0 << bestUnit
          : REG[WORDS * bestUnit + w];
    branchPlaces[w] = s[base + w] & unit;
  }
  return true;
}

/** The low eight bits of `bits`, bit i moved to bit 4i (one nibble each). */
function spreadNibbles(bits: number): number {
  let x = bits & 0xff;
  x = (x | (x << 12)) & 0x000f000f;
  x = (x | (x << 6)) & 0x03030303;
  return (x | (x << 3)) & 0x11111111;
}

/** Set bits of each byte of a 32-bit word, in that byte (popcount without its last step). */
function byteCounts(mask: number): number {
  let bits = mask - ((mask >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (bits + (bits >>> 4)) & 0x0f0f0f0f;
}

/** Which of a word's two rows (bits 0 and 1) have a bit set; no branch. */
function rowPair(word: number): number {
  return (((word & 0xffff) + 0xffff) >>> 16) | ((((word >>> 16) + 0xffff) >>> 16) << 1);
}

/** The regions (bit r) of the cells set in `lost`, the word whose bytes start at `at`. */
function regionBitsOf(lost: number, at: number): number {
  return (
    REGIONS_OF_BYTE[at + (lost & 0xff)] |
    REGIONS_OF_BYTE[at + 256 + ((lost >>> 8) & 0xff)] |
    REGIONS_OF_BYTE[at + 512 + ((lost >>> 16) & 0xff)] |
    REGIONS_OF_BYTE[at + 768 + (lost >>> 24)]
  );
}

function grid(): Uint8Array {
  const out = new Uint8Array(CELLS);
  for (let at = 0; at < BOARD_INTS; at++) {
    const word = at & 7;
    const digit = (at >> 3) + 1;
    for (let rest = state[at]; rest !== 0; rest &= rest - 1) {
      out[32 * word + 31 - Math.clz32(rest & -rest)] = digit;
    }
  }
  return out;
}

/**
 * Count solutions of a 16x16 board with any layout of sixteen regions up to `limit`: a
 * CountFunction (contract.ts); nodes = guesses tried. Throws on other sizes. Not re-entrant
 * (the search state is shared): never call it from its own onProgress callback.
 */
export function countSolutionsGrid16(
  board: Board,
  limit: number,
  options: SearchOptions = {},
): CountResult {
  if (board.size !== 16 || board.regions.length !== CELLS || board.givens.length !== CELLS)
    throw new RangeError('countSolutionsGrid16 needs a 16x16 board');
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  if (!sameCells(board.regions, lastRegions)) buildTables(board.regions);
  const s = state;
  s.fill(-1, 0, STATE_INTS);
  s.fill(-1, SEEN, SEEN + BOARD_INTS);
  s.fill(-1, PAIR_SEEN, PAIR_SEEN + STATE_INTS);
  changed = 0xffff;
  const { givens } = board;
  for (let cell = 0; cell < CELLS; cell++) {
    const digit = givens[cell];
    if (digit !== 0) place(digit - 1, cell);
  }
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  let nextReport = progressEvery;
  let stopped = false;

  failures.fill(0);
  /**
   * Try `cell` = digit `d` below `level` (the state to come back to is saved there); true
   * when the search must stop. `more` says whether another alternative follows.
   */
  const attempt = (level: number, cell: number, d: number, more: boolean): boolean => {
    result.nodes++;
    if (result.nodes >= nextReport) {
      nextReport = result.nodes + progressEvery;
      if (checkpointStops(options, result, result.nodes)) {
        stopped = true;
        return true;
      }
    }
    place(d, cell);
    if (explore(level + 1)) failures[cell]++;
    if (more && !stopped) {
      const from = SAVED + level * STATE_INTS;
      s.copyWithin(0, from, from + STATE_INTS);
      // Saved states are fixed points: nothing in them is left to revisit.
      s.copyWithin(SEEN, from, from + BOARD_INTS);
      s.copyWithin(PAIR_SEEN, from, from + STATE_INTS);
      changed = 0;
    }
    return stopped;
  };
  // Recursion depth is the number of guesses on one path, at most 256. True when the
  // placement that led here failed at once (propagation found a contradiction).
  const explore = (level: number): boolean => {
    let cell = -1;
    while (cell === -1) {
      if (!propagate()) return true;
      if (allSolved()) {
        result.count++;
        if (result.solutions.length < keep) result.solutions.push(grid());
        if (result.count >= limit) stopped = true;
        return false;
      }
      cell = pickCell();
    }
    s.copyWithin(SAVED + level * STATE_INTS, 0, STATE_INTS);
    if (cell === UNIT_BRANCH) {
      // The digit's places in one unit: exactly one of them holds it in any solution.
      const d = branchDigit;
      const at = level * WORDS;
      unitPlaces.set(branchPlaces, at);
      for (let w = 0; w < WORDS; w++) {
        while (unitPlaces[at + w] !== 0) {
          const bit = unitPlaces[at + w] & -unitPlaces[at + w];
          unitPlaces[at + w] ^= bit;
          let more = unitPlaces[at + w] !== 0;
          for (let v = w + 1; v < WORDS && !more; v++) more = unitPlaces[at + v] !== 0;
          if (attempt(level, 32 * w + 31 - Math.clz32(bit), d, more)) return false;
        }
      }
      return false;
    }
    const word = cell >> 5;
    const bit = 1 << (cell & 31);
    let digits = 0;
    for (let d = 0; d < 16; d++) if (s[WORDS * d + word] & bit) digits |= 1 << d;
    while (digits !== 0) {
      const digitBit = digits & -digits;
      digits ^= digitBit;
      if (attempt(level, cell, 31 - Math.clz32(digitBit), digits !== 0)) return false;
    }
    return false;
  };
  explore(0);
  result.complete = !stopped;
  return result;
}
