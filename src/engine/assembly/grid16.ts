/**
 * AssemblyScript source of the 16x16 engine (any layout of sixteen regions), compiled to
 * WebAssembly by bin/build-wasm.mjs into ../grid16Wasm.ts; ../grid16.ts hosts it (the
 * contract, the board and the layout's leftover pairs in, the solutions out). Not
 * TypeScript for tsc or ESLint: i32, load<i32>(), memory.data() and memory.copy are
 * AssemblyScript's. Integer division truncates.
 *
 * WHY WEBASSEMBLY: the same search in JavaScript spent its first call in a fresh process
 * or worker in V8's interpreter and baseline tiers, about 16x its warm time on a 16x16
 * board; WebAssembly is compiled before the first call. Measurements: docs/engines/grid16.md.
 *
 * ARCHITECTURE (the TypeScript engine's, line for line, so every board takes the same
 * guesses): one bitboard per digit of eight 32-bit words, two 16-bit rows per word (bit
 * c & 31 of word c >> 5 is cell c), where the digit may still go; a placed digit keeps its
 * bit; eight words of unsolved cells. Per digit, rows and columns that lost candidates
 * give hidden singles, claiming and two-cell eliminations; regions clear the cells that
 * see all of their candidates (clearCommonPeers). Naked singles are bit-parallel per word.
 * At a fixed point the layout's law-of-leftovers pairs are checked per digit. It guesses
 * on the best-scored two-candidate cell (unsolved peers, linked two-candidate peers, fail-
 * first failure counts; naked pairs found on the way), else on the open cell with the
 * fewest candidates, or a digit's places in a unit when that leaves fewer.
 *
 * DESIGN CONSIDERATIONS: every table and the state live in static memory (memory.data) at
 * addresses known when compiling; nothing is allocated (the stub runtime). The host writes
 * the regions and the leftover pairs when the layout changes (it derives the pairs with
 * layoutConstraintsOf, TypeScript shared with the other engines, already compact: see
 * `setLayout`), then the clues, and calls countSolutions; `solution` announces each kept
 * solution in `grid`, `checkpoint` is the contract's progress report and abort check.
 * Zero-filled blocks cost nothing in the binary (they are not data segments).
 */

import { bytes, digitsAt, get, intsAt, low, put } from './kernel';
import { beginCount, clueAt, count, nextNode, solution, solutionFound, stopped } from './kernel';
import { writeDigit } from './kernel';
export { givensAddress, gridAddress, nodesVisited, searchAborted, searchComplete } from './kernel';

const CELLS: i32 = 256;
const WORDS: i32 = 8;
/** Bits c and c+16 of a word: column 0 on the two rows of a word. */
const COLUMN0: i32 = 0x10001;

// The state's layout, in ints of `state`: each part starts where the one before ends.
/** Boards: 8 * digit + word. */
const BOARD_INTS: i32 = 16 * WORDS;
/** The unsolved cells of words 0..7; the live state ends there. */
const UNSOLVED: i32 = BOARD_INTS;
const STATE_INTS: i32 = UNSOLVED + WORDS;
/** Each board as it was when its digit was last examined. */
const SEEN: i32 = STATE_INTS;
/**
 * The boards and unsolved cells as they were when the leftover pairs were last checked:
 * what changed since then names the pairs to check again.
 */
const PAIR_SEEN: i32 = SEEN + BOARD_INTS;
/** One saved state per guess level (at most 256). */
const SAVED: i32 = PAIR_SEEN + STATE_INTS;
const STATE_END: i32 = SAVED + (CELLS + 1) * STATE_INTS;

/**
 * Most leftover pairs a layout can have: one per band of k consecutive rows or columns,
 * 1 <= k <= 15 (16 * 17 / 2 - 1 = 135 bands each way), fewer once a band and its
 * complement are counted once. So no layout can overflow the tables below; the host still
 * checks (a RangeError, never a wrong answer).
 */
const MAX_PAIRS: i32 = 270;
/** Words of a set of pairs at MAX_PAIRS. */
const MAX_PAIR_WORDS: i32 = (MAX_PAIRS + 31) >> 5;

// Layout tables, rewritten by setLayout when the host sees the regions change.
/** The regions, written by the host before setLayout: 256 ids 0..15. */
const regions: usize = memory.data(CELLS);
/** Region id of each cell (bytes). */
const REGION: usize = memory.data(CELLS);
/** Region r as eight words: REG[8r + w]. */
const REG: usize = memory.data(16 * WORDS * 4);
/** The first and one past the last word region r meets: REG_WORDS[2r], REG_WORDS[2r + 1]. */
const REG_WORDS: usize = memory.data(32 * 4);
/** The cells of a cell's row inside its region, as a 16-bit row field. */
const SEG: usize = memory.data(CELLS * 4);
/** Row, column and region peers of a cell as eight words (the cell excluded). */
const PEER: usize = memory.data(CELLS * WORDS * 4);
/** A cell's region minus the cell's row, eight words. */
const REGION_NOT_ROW: usize = memory.data(CELLS * WORDS * 4);
/** A cell's region minus the cell's column, eight words. */
const REGION_NOT_COLUMN: usize = memory.data(CELLS * WORDS * 4);
/**
 * A column's cells in one region, in the column word of updateDigit (bit w is row 2w, bit
 * 16 + w is row 2w + 1): COLUMN_REGION[16 * column + region].
 */
const COLUMN_REGION: usize = memory.data(256 * 4);
/**
 * The regions (bit r) of the cells set in one byte of the board: 16-bit entries at 256 * b +
 * value for byte b (cells 8b..8b+7). updateDigit finds the regions that lost candidates
 * with four lookups per word instead of one per lost cell.
 */
const REGIONS_OF_BYTE: usize = memory.data(32 * 256 * 2);

// The leftover pairs, written by the host (see setLayout).
/**
 * The words pair p's cells lie in are ENTRY_WORD[i] for i from PAIR_START[p] to
 * PAIR_START[p + 1]; its first side's cells in word ENTRY_WORD[i] are ENTRY_SIDE[2i], its
 * second side's ENTRY_SIDE[2i + 1]. A pair meets at most the eight words.
 */
const PAIR_START: usize = memory.data((MAX_PAIRS + 1) * 4);
const ENTRY_WORD: usize = memory.data(MAX_PAIRS * WORDS * 4);
const ENTRY_SIDE: usize = memory.data(2 * MAX_PAIRS * WORDS * 4);
/** The pairs a cell belongs to, pairWords words per cell (bit p & 31 of word p >> 5 is pair p). */
const PAIRS_OF_CELL: usize = memory.data(CELLS * MAX_PAIR_WORDS * 4);
/** Scratch: the pairs to check for one digit. */
const touchedPairs: usize = memory.data(MAX_PAIR_WORDS * 4);
/** Pairs in the tables above. */
let pairCount = 0;
/** Words of a set of pairs. */
let pairWords = 0;

/** The live state, SEEN, PAIR_SEEN and the saved states (see the layout above). */
const state: usize = memory.data(STATE_END * 4);
/** Scratch words: the cells updateDigit newly fixed. */
const found: usize = memory.data(WORDS * 4);
/**
 * Scratch of updateDigit: the cells its row rule found to be their row's last candidate.
 * Every hidden single passes that rule (clearing its peers takes candidates from its row),
 * so the forced cells need no scan of the board.
 */
const forcedWords: usize = memory.data(WORDS * 4);
/** The places still to try of each level's unit branch: unitPlaces[level * WORDS + w]. */
const unitPlaces: usize = memory.data(WORDS * (CELLS + 1) * 4);
/**
 * The two-candidate cells, eight words, as nakedSingles found them in its last pass: that
 * pass placed nothing (else propagate would have gone on), so they are those of the board
 * pickCell scores.
 */
const BIV: usize = memory.data(WORDS * 4);
/**
 * Fail first: how often a guess on each cell failed at once in this search. Cells whose
 * guesses keep failing sit where the puzzle is tight, and branching there again prunes
 * early (the idea of conflict-driven weights in CSP solvers, kept per cell).
 */
const failures: usize = memory.data(CELLS * 4);
/** The places of a unit branch, eight words. */
const branchPlaces: usize = memory.data(WORDS * 4);

/** Digits (bit d) whose boards changed since they were last brought to a fixed point. */
let changed = 0;
/** Where propagate's round robin over the changed digits goes on (kept across calls). */
let nextDigit = 0;
/** The digit (0-15) of a unit branch. */
let branchDigit = 0;
/** Deductions (a board changed or a contradiction) made by the leftover pairs so far. */
let leftoverDeductions: f64 = 0;

/** Int `index` of the state: the live state is 0..STATE_INTS - 1. */
function at(index: i32): i32 {
  return get(state, index);
}
function set(index: i32, value: i32): void {
  put(state, index, value);
}
/** Region id of a cell. */
function regionOf(cell: i32): i32 {
  return <i32>load<u8>(REGION + <usize>cell);
}

/** The layout tables of the regions in `regions`. */
function buildTables(): void {
  memory.fill(REG, 0, 16 * WORDS * 4);
  for (let cell = 0; cell < CELLS; cell++) {
    const region = <i32>load<u8>(regions + <usize>cell);
    store<u8>(REGION + <usize>cell, <u8>region);
    const word = WORDS * region + (cell >> 5);
    put(REG, word, get(REG, word) | (1 << (cell & 31)));
  }
  for (let region = 0; region < 16; region++) {
    let first = 0;
    while (first < WORDS - 1 && get(REG, WORDS * region + first) == 0) first++;
    let end = WORDS;
    while (end > first + 1 && get(REG, WORDS * region + end - 1) == 0) end--;
    put(REG_WORDS, 2 * region, first);
    put(REG_WORDS, 2 * region + 1, end);
  }
  for (let cell = 0; cell < CELLS; cell++) {
    const word = cell >> 5;
    const index = cell & 31;
    const rowShift = index & 16;
    const rowBits = 0xffff << rowShift;
    const columnBits = COLUMN0 << (index & 15);
    const region = WORDS * regionOf(cell);
    put(SEG, cell, (get(REG, region + word) >>> rowShift) & 0xffff);
    for (let w = 0; w < WORDS; w++) {
      const regionBits = get(REG, region + w);
      const rowHere = w == word ? rowBits : 0;
      const entry = WORDS * cell + w;
      put(PEER, entry, (regionBits | rowHere | columnBits) & ~(w == word ? 1 << index : 0));
      put(REGION_NOT_ROW, entry, regionBits & ~rowHere);
      put(REGION_NOT_COLUMN, entry, regionBits & ~columnBits);
    }
  }
  memory.fill(COLUMN_REGION, 0, 256 * 4);
  for (let cell = 0; cell < CELLS; cell++) {
    const row = cell >> 4;
    const entry = 16 * (cell & 15) + regionOf(cell);
    put(COLUMN_REGION, entry, get(COLUMN_REGION, entry) | (1 << ((row >> 1) + 16 * (row & 1))));
  }
  for (let byte = 0; byte < 32; byte++) {
    const table = REGIONS_OF_BYTE + <usize>(512 * byte);
    const first = 8 * byte;
    store<u16>(table, 0);
    for (let value = 1; value < 256; value++) {
      const rest = <i32>load<u16>(table + <usize>(2 * (value & (value - 1))));
      store<u16>(table + <usize>(2 * value), <u16>(rest | (1 << regionOf(first + low(value)))));
    }
  }
}

/** Put digit d in `cell`: its peers leave d's board, the cell leaves every other board. */
function place(d: i32, cell: i32): void {
  const word = cell >> 5;
  const bit = 1 << (cell & 31);
  // Without a branch per board, as updateDigit clears its forced cells.
  let lost = 0;
  for (let board = word, digit = 0; board < BOARD_INTS; board += WORDS, digit++) {
    const bits = at(board);
    const hit = bits & bit;
    set(board, bits ^ hit);
    lost |= ((hit | -hit) >>> 31) << digit;
  }
  changed |= lost;
  const own = WORDS * d;
  const peer = WORDS * cell;
  for (let w = 0; w < WORDS; w++) set(own + w, at(own + w) & ~get(PEER, peer + w));
  set(own + word, at(own + word) | bit);
  set(UNSOLVED + word, at(UNSOLVED + word) & ~bit);
  changed |= 1 << d;
}

/** Clear words `table[from..from+7]` from the board at `base`. */
function clearWords(base: i32, table: usize, from: i32): void {
  set(base, at(base) & ~get(table, from));
  set(base + 1, at(base + 1) & ~get(table, from + 1));
  set(base + 2, at(base + 2) & ~get(table, from + 2));
  set(base + 3, at(base + 3) & ~get(table, from + 3));
  set(base + 4, at(base + 4) & ~get(table, from + 4));
  set(base + 5, at(base + 5) & ~get(table, from + 5));
  set(base + 6, at(base + 6) & ~get(table, from + 6));
  set(base + 7, at(base + 7) & ~get(table, from + 7));
}

/** Clear from the board at `base` the cells that see both cells a and b. */
function clearBoth(base: i32, a: i32, b: i32): void {
  const p = WORDS * a;
  const q = WORDS * b;
  set(base, at(base) & ~(get(PEER, p) & get(PEER, q)));
  set(base + 1, at(base + 1) & ~(get(PEER, p + 1) & get(PEER, q + 1)));
  set(base + 2, at(base + 2) & ~(get(PEER, p + 2) & get(PEER, q + 2)));
  set(base + 3, at(base + 3) & ~(get(PEER, p + 3) & get(PEER, q + 3)));
  set(base + 4, at(base + 4) & ~(get(PEER, p + 4) & get(PEER, q + 4)));
  set(base + 5, at(base + 5) & ~(get(PEER, p + 5) & get(PEER, q + 5)));
  set(base + 6, at(base + 6) & ~(get(PEER, p + 6) & get(PEER, q + 6)));
  set(base + 7, at(base + 7) & ~(get(PEER, p + 7) & get(PEER, q + 7)));
}

/** Which of a word's two rows (bits 0 and 1) have a bit set; no branch. */
function rowPair(word: i32): i32 {
  return (((word & 0xffff) + 0xffff) >>> 16) | ((((word >>> 16) + 0xffff) >>> 16) << 1);
}

/** The regions (bit r) of the cells set in `lost`, the word whose byte tables start at `table`. */
function regionBitsOf(lost: i32, table: usize): i32 {
  return (
    (<i32>load<u16>(table + <usize>((lost & 0xff) << 1))) |
    (<i32>load<u16>(table + <usize>(512 + (((lost >>> 8) & 0xff) << 1)))) |
    (<i32>load<u16>(table + <usize>(1024 + (((lost >>> 16) & 0xff) << 1)))) |
    (<i32>load<u16>(table + <usize>(1536 + ((lost >>> 24) << 1))))
  );
}

/** The byte tables of word w (cells 32w..32w+31) for regionBitsOf. */
function regionTablesOf(w: i32): usize {
  return REGIONS_OF_BYTE + <usize>(2048 * w);
}

/** The cell at bit b of a column word (see COLUMN_REGION) in column c. */
function columnCell(b: i32, c: i32): i32 {
  return 16 * (((b & 15) << 1) | (b >>> 4)) + c;
}

/**
 * Clear from the board at `base` every cell that sees all of the digit's candidates in
 * region `id` (false when there are none): one of them holds it. The rest of the region
 * holds no candidate already, so only cells outside the region count, and such a cell sees
 * a candidate only along its row or column. So it must see the first candidate (the anchor)
 * that way: it is in the anchor's row, and every candidate off that row is in its column,
 * or in the anchor's column, and every candidate off that column is in its row. Two row
 * sets and two column sets of the candidates decide both, a few word operations per region
 * word.
 */
function clearCommonPeers(base: i32, id: i32): bool {
  const region = WORDS * id;
  const end = get(REG_WORDS, 2 * id + 1);
  let anchorWord = -1;
  let anchor = 0;
  let notColumn = 0;
  /** Columns (bit c) of the candidates off the anchor's row. */
  let columnsOff = 0;
  /** Rows (bit r) of the candidates off the anchor's column. */
  let rowsOff = 0;
  for (let w = get(REG_WORDS, 2 * id); w < end; w++) {
    const f = at(base + w) & get(REG, region + w);
    if (f == 0) continue;
    let off = f;
    if (anchorWord < 0) {
      anchorWord = w;
      const anchorBit = f & -f;
      // A placed or forced anchor is the only candidate, and its peers are cleared already.
      if ((at(UNSOLVED + w) & ~get(forcedWords, w) & anchorBit) == 0) return true;
      anchor = low(anchorBit);
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
  let rowPart = ~get(SEG, 32 * anchorWord + anchor) & 0xffff;
  if (columnsOff != 0) rowPart &= (columnsOff & (columnsOff - 1)) == 0 ? columnsOff : 0;
  let columnPart = 0xff00ff & ~get(COLUMN_REGION, 16 * column + id);
  if (rowsOff != 0) {
    if ((rowsOff & (rowsOff - 1)) == 0) {
      const row = 31 - clz<i32>(rowsOff);
      columnPart &= 1 << ((row >> 1) + 16 * (row & 1));
    } else columnPart = 0;
  }
  if (rowPart != 0) set(base + anchorWord, at(base + anchorWord) & ~(rowPart << (anchor & 16)));
  if (columnPart != 0) {
    for (let v = 0; v < WORDS; v++) {
      set(base + v, at(base + v) & ~(((columnPart >>> v) & COLUMN0) << column));
    }
  }
  return true;
}

/**
 * Bring digit d's board to a fixed point of hidden singles and locked candidates in rows,
 * columns and regions, revisiting only the units that lost candidates; then place it in
 * the cells it is forced into. False on contradiction.
 */
function updateDigit(d: i32): bool {
  const base = WORDS * d;
  let forced = 0;
  // The columns and regions (bit c, bit r) of the cells forced so far: their peers are
  // cleared, so each holds that cell alone and its rule has nothing to do.
  let forcedColumns = 0;
  let forcedRegions = 0;
  while (true) {
    // What the board lost since it was last examined: the columns, rows and regions that
    // lost candidates, one word at a time (SEEN takes the board as it is now).
    let fold = 0;
    let rows = 0;
    let lostRegions = 0;
    for (let w = 0; w < WORDS; w++) {
      const now = at(base + w);
      const lost = at(SEEN + base + w) & ~now;
      set(SEEN + base + w, now);
      fold |= lost;
      rows |= rowPair(lost) << (2 * w);
      lostRegions |= regionBitsOf(lost, regionTablesOf(w));
    }
    if (fold == 0) break;
    // Rows that lost candidates.
    for (; rows != 0; rows &= rows - 1) {
      const row = low(rows);
      const word = row >> 1;
      const shift = (row & 1) << 4;
      const x = (at(base + word) >>> shift) & 0xffff;
      if (x == 0) return false;
      const lowest = x & -x;
      const cell = 16 * row + low(lowest);
      if (x == lowest) {
        const bit = lowest << shift;
        if ((at(UNSOLVED + word) & ~get(forcedWords, word) & bit) != 0) {
          clearWords(base, PEER, WORDS * cell);
          put(forcedWords, word, get(forcedWords, word) | bit);
          forced = 1;
          forcedColumns |= lowest;
          forcedRegions |= 1 << regionOf(cell);
        }
      } else if ((x & ~get(SEG, cell)) == 0) clearWords(base, REGION_NOT_ROW, WORDS * cell);
      else {
        // Two candidates: the cells that see both.
        const y = x ^ lowest;
        if ((y & (y - 1)) == 0) clearBoth(base, cell, 16 * row + low(y));
      }
    }
    // Columns that lost candidates.
    for (let columns = (fold | (fold >>> 16)) & 0xffff & ~forcedColumns; columns != 0;) {
      const columnBit = columns & -columns;
      columns ^= columnBit;
      const bits = COLUMN0 * columnBit;
      const c = low(columnBit);
      // The column as one word: bit w is row 2w, bit 16 + w is row 2w + 1.
      const v =
        ((at(base) & bits) >>> c) |
        (((at(base + 1) & bits) >>> c) << 1) |
        (((at(base + 2) & bits) >>> c) << 2) |
        (((at(base + 3) & bits) >>> c) << 3) |
        (((at(base + 4) & bits) >>> c) << 4) |
        (((at(base + 5) & bits) >>> c) << 5) |
        (((at(base + 6) & bits) >>> c) << 6) |
        (((at(base + 7) & bits) >>> c) << 7);
      if (v == 0) return false;
      const lowest = v & -v;
      const cell = columnCell(low(lowest), c);
      const rest = v ^ lowest;
      if (rest == 0) {
        const word = cell >> 5;
        if ((at(UNSOLVED + word) & ~get(forcedWords, word) & (1 << (cell & 31))) != 0)
          clearWords(base, PEER, WORDS * cell);
      } else if ((v & ~get(COLUMN_REGION, 16 * c + regionOf(cell))) == 0)
        clearWords(base, REGION_NOT_COLUMN, WORDS * cell);
      else if ((rest & (rest - 1)) == 0) clearBoth(base, cell, columnCell(low(rest), c));
    }
    // Regions that lost candidates.
    for (lostRegions &= ~forcedRegions; lostRegions != 0; lostRegions &= lostRegions - 1) {
      if (!clearCommonPeers(base, low(lostRegions))) return false;
    }
  }
  // Rows with one cell left fix the digit there; only the other digits must hear of it.
  if (forced == 0) return true;
  forced = 0;
  for (let w = 0; w < WORDS; w++) {
    const p = get(forcedWords, w) & at(UNSOLVED + w);
    put(forcedWords, w, 0);
    put(found, w, p);
    forced |= p;
  }
  if (forced == 0) return true;
  for (let w = 0; w < WORDS; w++) set(UNSOLVED + w, at(UNSOLVED + w) & ~get(found, w));
  // Cleared from all sixteen boards without a branch per board, then d's are put back.
  let lost = 0;
  for (let w = 0; w < WORDS; w++) {
    const p = get(found, w);
    if (p == 0) continue;
    for (let board = w, digit = 0; board < BOARD_INTS; board += WORDS, digit++) {
      const bits = at(board);
      const hit = bits & p;
      set(board, bits ^ hit);
      lost |= ((hit | -hit) >>> 31) << digit;
    }
    set(base + w, at(base + w) | p);
  }
  changed |= lost & ~(1 << d);
  return true;
}

/** Place every naked single. -1 on contradiction, else how many were placed. */
function nakedSingles(): i32 {
  let placed = 0;
  for (let word = 0; word < WORDS; word++) {
    const unsolved = at(UNSOLVED + word);
    put(BIV, word, 0);
    if (unsolved == 0) continue;
    let once = 0;
    let twice = 0;
    let thrice = 0;
    for (let board = word; board < BOARD_INTS; board += WORDS) {
      const f = at(board);
      thrice |= twice & f;
      twice |= once & f;
      once |= f;
    }
    if (unsolved & ~once) return -1;
    // For pickCell (see BIV).
    put(BIV, word, twice & ~thrice & unsolved);
    let singles = unsolved & ~twice;
    while (singles != 0) {
      const bit = singles & -singles;
      singles ^= bit;
      let d = 0;
      while (d < 16 && (at(WORDS * d + word) & bit) == 0) d++;
      // An earlier single of this word took the last candidate of this cell.
      if (d == 16) return -1;
      place(d, 32 * word + low(bit));
      placed++;
    }
  }
  return placed;
}

function allSolved(): bool {
  let open = 0;
  for (let w = 0; w < WORDS; w++) open |= at(UNSOLVED + w);
  return open == 0;
}

/**
 * The layout's law-of-leftovers pairs: two cell sets that hold the same digits as often in
 * every solution. Checked per digit, and only on the pairs with a cell whose candidates of
 * that digit, or whose solved state, changed since the last check (a pair nothing touched
 * cannot say anything new). -1 on contradiction, else the number of pairs that changed a
 * board.
 */
function leftovers(): i32 {
  let changes = 0;
  const newlySolved = found;
  for (let w = 0; w < WORDS; w++) {
    put(newlySolved, w, at(PAIR_SEEN + UNSOLVED + w) & ~at(UNSOLVED + w));
    set(PAIR_SEEN + UNSOLVED + w, at(UNSOLVED + w));
  }
  for (let d = 0; d < 16; d++) {
    const base = WORDS * d;
    let any = 0;
    for (let w = 0; w < WORDS; w++) {
      const now = at(base + w);
      let touched = (at(PAIR_SEEN + base + w) & ~now) | (get(newlySolved, w) & now);
      set(PAIR_SEEN + base + w, now);
      for (; touched != 0; touched &= touched - 1) {
        const cellPairs = pairWords * (32 * w + low(touched));
        if (any == 0) memory.fill(touchedPairs, 0, <usize>(pairWords * 4));
        any = 1;
        for (let v = 0; v < pairWords; v++) {
          put(touchedPairs, v, get(touchedPairs, v) | get(PAIRS_OF_CELL, cellPairs + v));
        }
      }
    }
    if (any == 0) continue;
    for (let v = 0; v < pairWords; v++) {
      for (let pairs = get(touchedPairs, v); pairs != 0; pairs &= pairs - 1) {
        const result = checkPair(32 * v + low(pairs), d);
        if (result != 0) leftoverDeductions++;
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
function checkPair(p: i32, d: i32): i32 {
  const base = WORDS * d;
  const first = get(PAIR_START, p);
  const end = get(PAIR_START, p + 1);
  let anyA = 0;
  let anyB = 0;
  let placedA = 0;
  let placedB = 0;
  for (let i = first; i < end; i++) {
    const w = get(ENTRY_WORD, i);
    const f = at(base + w);
    const a = f & get(ENTRY_SIDE, 2 * i);
    const b = f & get(ENTRY_SIDE, 2 * i + 1);
    anyA |= a;
    anyB |= b;
    const solved = ~at(UNSOLVED + w);
    if ((a | b) & solved) {
      placedA += popcnt<i32>(a & solved);
      placedB += popcnt<i32>(b & solved);
    }
  }
  if (placedA == 0 && placedB == 0) {
    // Nothing on one side clears the other.
    if ((anyA == 0) == (anyB == 0)) return 0;
    return clearSide(base, anyA == 0 ? 1 : 0, first, end);
  }
  const mostA = mostOf(base, 0, first, end);
  const mostB = mostOf(base, 1, first, end);
  const cap = min<i32>(mostA, mostB);
  const least = max<i32>(placedA, placedB);
  if (least > cap) return -1;
  // An open candidate adds a row, a column and a region to those of the placed ones.
  let changes = 0;
  if (placedA == cap && mostA > placedA) changes = clearSide(base, 0, first, end);
  if (placedB == cap && mostB > placedB) changes = clearSide(base, 1, first, end);
  if (changes != 0) return changes;
  if (placedA < least) {
    const fill = fillSide(base, d, 0, first, end, least);
    if (fill != 0) return fill;
  }
  if (placedB < least) return fillSide(base, d, 1, first, end, least);
  return 0;
}

/** Clear the open cells of side `side` (0, 1) of entries first..end from the board at base. */
function clearSide(base: i32, side: i32, first: i32, end: i32): i32 {
  for (let i = first; i < end; i++) {
    const w = get(ENTRY_WORD, i);
    set(base + w, at(base + w) & ~(get(ENTRY_SIDE, 2 * i + side) & at(UNSOLVED + w)));
  }
  changed |= 1 << (base >> 3);
  return 1;
}

/**
 * The most times the digit (board at base) can appear on a side: the fewest of the rows,
 * columns and regions its candidates there lie in.
 */
function mostOf(base: i32, side: i32, first: i32, end: i32): i32 {
  let rows = 0;
  let columns = 0;
  let regionBits = 0;
  for (let i = first; i < end; i++) {
    const w = get(ENTRY_WORD, i);
    const x = at(base + w) & get(ENTRY_SIDE, 2 * i + side);
    if (x == 0) continue;
    rows += popcnt<i32>(rowPair(x));
    columns |= x | (x >>> 16);
    regionBits |= regionBitsOf(x, regionTablesOf(w));
  }
  return min<i32>(min<i32>(rows, popcnt<i32>(columns & 0xffff)), popcnt<i32>(regionBits));
}

/**
 * Place digit d in every candidate of a side when they are exactly `least`, the times it
 * must appear there: -1 when two of them see each other, 1 when placed, else 0.
 */
function fillSide(base: i32, d: i32, side: i32, first: i32, end: i32, least: i32): i32 {
  let places = 0;
  for (let i = first; i < end; i++) {
    places += popcnt<i32>(at(base + get(ENTRY_WORD, i)) & get(ENTRY_SIDE, 2 * i + side));
  }
  if (places != least) return 0;
  for (let i = first; i < end; i++) {
    const w = get(ENTRY_WORD, i);
    let open = at(base + w) & get(ENTRY_SIDE, 2 * i + side) & at(UNSOLVED + w);
    while (open != 0) {
      const bit = open & -open;
      open ^= bit;
      // An earlier placement here took this candidate: two of them see each other.
      if ((at(base + w) & bit) == 0) return -1;
      place(d, 32 * w + low(bit));
    }
  }
  return 1;
}

/** Propagate to a fixed point. False on contradiction. */
function propagate(): bool {
  while (true) {
    while (changed != 0) {
      // Round robin: the next changed digit after the last one examined.
      const after = changed & -(1 << nextDigit);
      const bit = after != 0 ? after & -after : changed & -changed;
      changed ^= bit;
      const d = low(bit);
      nextDigit = (d + 1) & 15;
      if (!updateDigit(d)) {
        // A contradiction can leave forced cells of that digit behind.
        memory.fill(forcedWords, 0, WORDS * 4);
        return false;
      }
    }
    if (allSolved()) return true;
    const placed = nakedSingles();
    if (placed < 0) return false;
    if (placed > 0) continue;
    if (changed != 0) continue;
    if (pairCount == 0) return true;
    const same = leftovers();
    if (same < 0) return false;
    if (same == 0 && changed == 0) return true;
  }
}

/**
 * What a two-candidate peer holding one of the cell's digits is worth against an unsolved
 * peer when scoring a branch cell: one branch turns it into a single.
 */
const LINKED_WEIGHT: i32 = 3;
/** What one immediate failure of a guess on the cell adds to its branch score. */
const FAILURE_WEIGHT: i32 = 2;

/**
 * A naked pair: the two-candidate peers of `cell` with its two digits (boards at b1, b2)
 * take those digits from every cell that sees both. True when something was cleared.
 */
function clearTwins(cell: i32, b1: i32, b2: i32): bool {
  const peers = WORDS * cell;
  let cleared = false;
  for (let w = 0; w < WORDS; w++) {
    let rest = get(BIV, w) & get(PEER, peers + w) & at(b1 + w) & at(b2 + w);
    for (; rest != 0; rest &= rest - 1) {
      const other = WORDS * (32 * w + low(rest));
      for (let v = 0; v < WORDS; v++) {
        const both = get(PEER, peers + v) & get(PEER, other + v);
        if ((at(b1 + v) | at(b2 + v)) & both) {
          set(b1 + v, at(b1 + v) & ~both);
          set(b2 + v, at(b2 + v) & ~both);
          cleared = true;
        }
      }
    }
  }
  if (cleared) changed |= (1 << (b1 >> 3)) | (1 << (b2 >> 3));
  return cleared;
}

/** Set bits of each byte of a 32-bit word, in that byte (popcount without its last step). */
function byteCounts(mask: i32): i32 {
  let bits = mask - ((mask >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (bits + (bits >>> 4)) & 0x0f0f0f0f;
}

/** pickCell's answer when the branch is a digit's places in a unit (branchDigit, branchPlaces). */
const UNIT_BRANCH: i32 = -2;
/**
 * A unit branch is looked for only when every open cell has at least this many candidates
 * (see docs/history/engines/grid16.md: at 3 it took over where a three-candidate cell did better).
 */
const UNIT_BRANCH_MIN: i32 = 4;

/**
 * The cell to guess on: the best-scored two-candidate cell when there is one, else the
 * open cell with the fewest candidates, or UNIT_BRANCH when a digit's places in a unit are
 * fewer; -1 when naked pairs cleared something (propagate again).
 */
function pickCell(): i32 {
  let bestPair = -1;
  let bestScore = -1000000000;
  for (let word = 0; word < WORDS; word++) {
    for (let pairs = get(BIV, word); pairs != 0; pairs &= pairs - 1) {
      const cell = 32 * word + low(pairs);
      const peers = WORDS * cell;
      // The cell's two digits, gathered without a branch per digit.
      const index = cell & 31;
      const digits = digitsAt(intsAt(state, word), WORDS * 4, 16, index);
      const b1 = WORDS * low(digits);
      const b2 = WORDS * (31 - clz<i32>(digits));
      // Byte-wise partial counts summed over the eight words, one multiply at the end: no
      // byte can overflow (a cell has at most 45 peers, so score < 4 * 45).
      let bytes = 0;
      let twins = 0;
      for (let w = 0; w < WORDS; w++) {
        const peerBits = get(PEER, peers + w);
        const f1 = at(b1 + w);
        const f2 = at(b2 + w);
        const linked = get(BIV, w) & peerBits;
        twins |= linked & f1 & f2;
        bytes +=
          byteCounts(at(UNSOLVED + w) & peerBits) + LINKED_WEIGHT * byteCounts(linked & (f1 | f2));
      }
      let score = (bytes * 0x01010101) >>> 24;
      if (twins != 0 && clearTwins(cell, b1, b2)) return -1;
      score += FAILURE_WEIGHT * get(failures, cell);
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
    for (let open = at(UNSOLVED + word); open != 0; open &= open - 1) {
      const bit = open & -open;
      let candidates = 0;
      for (let board = word; board < BOARD_INTS; board += WORDS) {
        if (at(board) & bit) candidates++;
      }
      if (candidates < bestCount) {
        bestCount = candidates;
        best = 32 * word + low(bit);
      }
    }
  }
  return bestCount >= UNIT_BRANCH_MIN && pickUnitDigit(bestCount) ? UNIT_BRANCH : best;
}

/** The low eight bits of `bits`, bit i moved to bit 4i (one nibble each). */
function spreadNibbles(bits: i32): i32 {
  let x = bits & 0xff;
  x = (x | (x << 12)) & 0x000f000f;
  x = (x | (x << 6)) & 0x03030303;
  return (x | (x << 3)) & 0x11111111;
}

/**
 * A digit with fewer places in some row, column or region than `fewerThan` (the fewest
 * candidates of any cell), as DLX's column choice would take it; writes it to branchDigit
 * and branchPlaces. Without it, a sparse board branches on cells of ten or more candidates
 * and can search for minutes. A digit already placed in a unit has one bit there (its peers
 * are cleared), and a hidden single would have been placed, so a count of two or more is
 * all open cells.
 */
function pickUnitDigit(fewerThan: i32): bool {
  let bestCount = fewerThan;
  let bestKind = -1;
  let bestUnit = 0;
  for (let d = 0; d < 16 && bestCount > 2; d++) {
    const base = WORDS * d;
    for (let row = 0; row < 16; row++) {
      const places = popcnt<i32>((at(base + (row >> 1)) >>> ((row & 1) << 4)) & 0xffff);
      if (places >= 2 && places < bestCount) {
        bestCount = places;
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
      const word = at(base + w);
      evenLow += spreadNibbles(word);
      evenHigh += spreadNibbles(word >>> 8);
      oddLow += spreadNibbles(word >>> 16);
      oddHigh += spreadNibbles(word >>> 24);
    }
    for (let column = 0; column < 16; column++) {
      const shift = (column & 7) << 2;
      const places =
        column < 8
          ? ((evenLow >>> shift) & 15) + ((oddLow >>> shift) & 15)
          : ((evenHigh >>> shift) & 15) + ((oddHigh >>> shift) & 15);
      if (places >= 2 && places < bestCount) {
        bestCount = places;
        bestKind = 1;
        bestUnit = column;
        branchDigit = d;
      }
    }
    for (let region = 0; region < 16; region++) {
      let places = 0;
      const end = get(REG_WORDS, 2 * region + 1);
      for (let w = get(REG_WORDS, 2 * region); w < end; w++) {
        places += popcnt<i32>(at(base + w) & get(REG, WORDS * region + w));
      }
      if (places >= 2 && places < bestCount) {
        bestCount = places;
        bestKind = 2;
        bestUnit = region;
        branchDigit = d;
      }
    }
  }
  if (bestKind < 0) return false;
  const base = WORDS * branchDigit;
  for (let w = 0; w < WORDS; w++) {
    let unit: i32;
    if (bestKind == 0) unit = w == bestUnit >> 1 ? 0xffff << ((bestUnit & 1) << 4) : 0;
    else if (bestKind == 1) unit = COLUMN0 << bestUnit;
    else unit = get(REG, WORDS * bestUnit + w);
    put(branchPlaces, w, at(base + w) & unit);
  }
  return true;
}

/** The solved boards of the live state, as 256 digits in the kernel's grid. */
function writeGrid(): void {
  for (let board = 0; board < BOARD_INTS; board++) {
    writeDigit(32 * (board & 7), at(board), (board >> 3) + 1);
  }
}

/**
 * Try `cell` = digit `d` below `level` (the state to come back to is saved there); true
 * when the search must stop. `more` says whether another alternative follows.
 */
function attempt(level: i32, cell: i32, d: i32, more: bool): bool {
  if (nextNode()) return true;
  place(d, cell);
  if (explore(level + 1)) put(failures, cell, get(failures, cell) + 1);
  if (more && !stopped) {
    const from = intsAt(state, SAVED + level * STATE_INTS);
    memory.copy(state, from, bytes(STATE_INTS));
    // Saved states are fixed points: nothing in them is left to revisit.
    memory.copy(intsAt(state, SEEN), from, bytes(BOARD_INTS));
    memory.copy(intsAt(state, PAIR_SEEN), from, bytes(STATE_INTS));
    changed = 0;
  }
  return stopped;
}

/**
 * Search below the live state at guess depth `level` (at most 256 on one path). True when
 * the placement that led here failed at once (propagation found a contradiction).
 */
function explore(level: i32): bool {
  let cell = -1;
  while (cell == -1) {
    if (!propagate()) return true;
    if (allSolved()) {
      if (solutionFound()) {
        writeGrid();
        solution();
      }
      return false;
    }
    cell = pickCell();
  }
  memory.copy(intsAt(state, SAVED + level * STATE_INTS), state, bytes(STATE_INTS));
  if (cell == UNIT_BRANCH) {
    // The digit's places in one unit: exactly one of them holds it in any solution.
    const d = branchDigit;
    const from = level * WORDS;
    memory.copy(unitPlaces + <usize>(from * 4), branchPlaces, WORDS * 4);
    for (let w = 0; w < WORDS; w++) {
      while (get(unitPlaces, from + w) != 0) {
        const places = get(unitPlaces, from + w);
        const bit = places & -places;
        put(unitPlaces, from + w, places ^ bit);
        let more = (places ^ bit) != 0;
        for (let v = w + 1; v < WORDS && !more; v++) more = get(unitPlaces, from + v) != 0;
        if (attempt(level, 32 * w + low(bit), d, more)) return false;
      }
    }
    return false;
  }
  let digits = digitsAt(intsAt(state, cell >> 5), WORDS * 4, 16, cell & 31);
  while (digits != 0) {
    const digitBit = digits & -digits;
    digits ^= digitBit;
    if (attempt(level, cell, low(digitBit), digits != 0)) return false;
  }
  return false;
}

/** Where the host writes the 256 region ids before setLayout. */
export function regionsAddress(): usize {
  return regions;
}

/** Where the host writes PAIR_START (pairCount + 1 ints). */
export function pairStartAddress(): usize {
  return PAIR_START;
}

/** Where the host writes ENTRY_WORD (one int per entry). */
export function entryWordAddress(): usize {
  return ENTRY_WORD;
}

/** Where the host writes ENTRY_SIDE (two ints per entry). */
export function entrySideAddress(): usize {
  return ENTRY_SIDE;
}

/** Where the host writes PAIRS_OF_CELL (pairWords ints per cell). */
export function pairsOfCellAddress(): usize {
  return PAIRS_OF_CELL;
}

/** The most pairs the tables hold (the host refuses more: never a wrong answer). */
export function pairCapacity(): i32 {
  return MAX_PAIRS;
}

/**
 * A new layout: the host has written the regions into `regions` and `pairs` leftover pairs
 * into PAIR_START, ENTRY_WORD, ENTRY_SIDE and PAIRS_OF_CELL (with (pairs + 31) >> 5 words
 * per cell). Rebuilds the region tables.
 */
export function setLayout(pairs: i32): void {
  pairCount = pairs;
  pairWords = (pairs + 31) >> 5;
  buildTables();
}

/**
 * Count the solutions of the clues in `givens` up to `limit`, keeping the first `keep` (each
 * announced by `solution`), with a checkpoint every `every` nodes. -1 when two clues clash
 * (the host lists how); else the count, with nodesVisited, searchComplete and
 * searchAborted telling the rest.
 */
export function countSolutions(limit: f64, keep: f64, every: f64): f64 {
  memory.fill(state, 0xff, bytes(STATE_INTS));
  memory.fill(intsAt(state, SEEN), 0xff, bytes(BOARD_INTS));
  memory.fill(intsAt(state, PAIR_SEEN), 0xff, bytes(STATE_INTS));
  changed = 0xffff;
  for (let cell = 0; cell < CELLS; cell++) {
    const digit = clueAt(cell);
    if (digit == 0) continue;
    // Only an earlier clue of the same digit among the cell's peers takes its bit.
    if ((at(WORDS * (digit - 1) + (cell >> 5)) & (1 << (cell & 31))) == 0) return -1;
    place(digit - 1, cell);
  }
  memory.fill(failures, 0, CELLS * 4);
  beginCount(limit, keep, every);
  explore(0);
  return count;
}

/** Deductions made by the leftover pairs since the module was instantiated. */
export function leftoverDeductionsSoFar(): f64 {
  return leftoverDeductions;
}
