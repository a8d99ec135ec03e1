/**
 * The generic fast engine: bit-parallel candidate sets with propagation before every guess.
 *
 * ARCHITECTURE: each cell holds a candidate mask (bit d-1 = digit d, so 25 digits fit in
 * 32 bits). Propagation runs to a fixed point: naked singles (a cell with one candidate),
 * hidden singles (a digit with one place in a unit), and locked candidates generalised to
 * any layout (a digit confined to the part of a region that lies in one row or column, or
 * the reverse, is removed from the rest of the other unit; and an intersection with as many
 * digits as open cells keeps those digits from the rest of both units). Only then does it
 * guess: on the two-candidate cell with the most open peers, or on a digit's places in a
 * unit when some unit leaves fewer choices than any cell. Propagation cuts the search tree
 * far below what DLX's column choice alone gives, which is where most of a fast solver's
 * lead comes from.
 *
 * DESIGN CONSIDERATIONS: the layout tables (peers, units, line/region intersections) are
 * flat Int32Arrays, one set per size, rewritten only when the layout changes; a search
 * saves state by copying the candidate arrays into a preallocated stack, so neither the
 * hot loop nor a new puzzle allocates. A solved cell is marked by the sign bit of its own
 * mask, so every scan reads one array. Other rules and tie-breaks were measured and
 * dropped, slower for what they saved: docs/engines/bitset.md.
 */
import { sameCells, type Board } from './board.ts';
import { bitCount } from './bits.ts';
import type { LayoutConstraints } from './layoutConstraints.ts';
import {
  checkpointStops,
  DEFAULT_PROGRESS_EVERY,
  newCountResult,
  type CountResult,
  type SearchOptions,
} from './contract.ts';

/** What a search may add to the plain engine (the layout check uses both). */
export interface ExtraReasoning {
  /** The layout's same-digits pairs (layoutConstraintsOf the board's layout), propagated. */
  constraints: LayoutConstraints | null;
  /** Branch on the cell with the most conflicts per candidate (see pickWeighted). */
  branchOnConflicts: boolean;
}

/** Layout tables: arrays at worst-case length, rewritten in place when the layout changes. */
interface Tables {
  size: number;
  cells: number;
  full: number;
  /** 32-bit words in a bitboard of the cells (bit c & 31 of word c >> 5 is cell c). */
  words: number;
  /** Peers of cell c as a bitboard: peerBits[c*words .. c*words + words). */
  peerBits: Int32Array;
  /** The cells of unit u as a bitboard (work array of fillTables): unitBits[u*words ..). */
  unitBits: Int32Array;
  /** Peers of cell c are peers[peerStart[c] .. peerStart[c+1]). */
  peerStart: Int32Array;
  peers: Int32Array;
  /** Unit u (rows, then columns, then regions) is unitCells[u*N .. u*N+N). */
  unitCells: Int32Array;
  /** The row, column and region unit of cell c: unitsOfCell[3c .. 3c+2]. */
  unitsOfCell: Int32Array;
  /** Region id per cell. */
  regionOf: Uint8Array;
  /** Number of line/region intersections (ids 0..inters-1). */
  inters: number;
  /**
   * Every line/region intersection (rows x regions, then columns x regions), for locked
   * candidates: intersection k holds interCells[interStart[k] .. interStart[k+1]), lies on
   * line interLine[k] (0..N-1 rows, N..2N-1 columns) and in region interRegion[k].
   */
  interStart: Int32Array;
  interCells: Int32Array;
  interLine: Int32Array;
  interRegion: Int32Array;
  /** The intersections along line l are ids lineInterStart[l] .. lineInterStart[l+1]-1. */
  lineInterStart: Int32Array;
  /**
   * The intersections of region r with rows (slot 2r) and with columns (slot 2r+1):
   * regionInters[regionInterStart[slot] .. regionInterStart[slot+1]).
   */
  regionInterStart: Int32Array;
  regionInters: Int32Array;
  /** Work arrays of fillTables. */
  interOf: Int32Array;
  regionFill: Int32Array;
  slotFill: Int32Array;
}

const tablesBySize = new Map<number, Tables>();
/** One search object per size, reused by every puzzle (searches never run concurrently). */
const searchBySize = new Map<number, FastSearch>();

/** Tables with every array at its worst-case length for a size; counts say what is live. */
function allocateTables(size: number): Tables {
  const cells = size * size;
  return {
    size,
    cells,
    full: (1 << size) - 1,
    words: (cells + 31) >> 5,
    peerBits: new Int32Array(cells * ((cells + 31) >> 5)),
    unitBits: new Int32Array(3 * size * ((cells + 31) >> 5)),
    peerStart: new Int32Array(cells + 1),
    peers: new Int32Array(cells * 3 * size),
    unitCells: new Int32Array(3 * cells),
    unitsOfCell: new Int32Array(3 * cells),
    regionOf: new Uint8Array(cells),
    inters: 0,
    interStart: new Int32Array(2 * cells + 1),
    interCells: new Int32Array(2 * cells),
    interLine: new Int32Array(2 * cells),
    interRegion: new Int32Array(2 * cells),
    lineInterStart: new Int32Array(2 * size + 1),
    regionInterStart: new Int32Array(2 * size + 1),
    regionInters: new Int32Array(2 * cells),
    interOf: new Int32Array(size),
    regionFill: new Int32Array(size),
    slotFill: new Int32Array(2 * size),
  };
}

/** Rewrite the tables in place for a layout. Every entry that is read later is written. */
function fillTables(t: Tables, regions: Uint8Array): void {
  const { size, cells, unitCells, peerStart, peers, interStart, interCells, interLine } = t;
  const { interRegion, lineInterStart, regionInterStart, regionInters, interOf, regionFill } = t;
  const { unitsOfCell } = t;
  t.regionOf.set(regions);
  regionFill.fill(0);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      unitCells[row * size + col] = cell;
      unitCells[cells + col * size + row] = cell;
      const region = regions[cell];
      unitCells[2 * cells + region * size + regionFill[region]++] = cell;
      unitsOfCell[3 * cell] = row;
      unitsOfCell[3 * cell + 1] = size + col;
      unitsOfCell[3 * cell + 2] = 2 * size + region;
    }
  }
  // Peers: row and column, then the region's cells outside both (their lines looked up:
  // a division per peer cost more than the rest of the loop).
  let peerCount = 0;
  for (let cell = 0; cell < cells; cell++) {
    const row = unitsOfCell[3 * cell];
    const col = unitsOfCell[3 * cell + 1] - size;
    for (let k = 0; k < size; k++) {
      if (k !== col) peers[peerCount++] = row * size + k;
      if (k !== row) peers[peerCount++] = k * size + col;
    }
    const regionBase = unitsOfCell[3 * cell + 2] * size;
    for (let k = 0; k < size; k++) {
      const peer = unitCells[regionBase + k];
      if (unitsOfCell[3 * peer] !== row && unitsOfCell[3 * peer + 1] !== size + col) {
        peers[peerCount++] = peer;
      }
    }
    peerStart[cell + 1] = peerCount;
  }
  // Peers as bitboards: the cell's three units together, less the cell (a third of the
  // work of setting each peer's bit, which counted at 25x25).
  const { words, peerBits, unitBits } = t;
  unitBits.fill(0);
  for (let at = 0; at < 3 * cells; at++) {
    const cell = unitCells[at];
    unitBits[((at / size) | 0) * words + (cell >> 5)] |= 1 << (cell & 31);
  }
  for (let cell = 0; cell < cells; cell++) {
    const row = unitsOfCell[3 * cell] * words;
    const col = unitsOfCell[3 * cell + 1] * words;
    const region = unitsOfCell[3 * cell + 2] * words;
    const base = cell * words;
    for (let word = 0; word < words; word++) {
      peerBits[base + word] = unitBits[row + word] | unitBits[col + word] | unitBits[region + word];
    }
    peerBits[base + (cell >> 5)] &= ~(1 << (cell & 31));
  }
  // Line/region intersections, for locked candidates. Intersection ids come in line order,
  // so a line's intersections are contiguous; regions list theirs separately.
  let inters = 0;
  let placed = 0;
  for (let line = 0; line < 2 * size; line++) {
    interOf.fill(-1);
    const lineBase = line * size;
    // First pass: number this line's intersections by region, in order of appearance.
    const first = inters;
    for (let k = 0; k < size; k++) {
      const region = regions[unitCells[lineBase + k]];
      if (interOf[region] < 0) {
        interOf[region] = inters;
        interLine[inters] = line;
        interRegion[inters] = region;
        inters++;
      }
    }
    // Second pass: lay the cells out intersection by intersection.
    for (let id = first; id < inters; id++) {
      interStart[id] = placed;
      for (let k = 0; k < size; k++) {
        const cell = unitCells[lineBase + k];
        if (regions[cell] === interRegion[id]) interCells[placed++] = cell;
      }
    }
    lineInterStart[line + 1] = inters;
  }
  interStart[inters] = placed;
  t.inters = inters;
  // Each region's intersections with rows (slot 2r) and with columns (slot 2r+1), in id
  // order: counted per slot, then placed (a counting sort, one pass over the ids each).
  const slotOf = (id: number): number => 2 * interRegion[id] + (interLine[id] >= size ? 1 : 0);
  regionInterStart.fill(0);
  for (let id = 0; id < inters; id++) regionInterStart[slotOf(id) + 1]++;
  for (let slot = 0; slot < 2 * size; slot++) {
    regionInterStart[slot + 1] += regionInterStart[slot];
  }
  const { slotFill } = t;
  slotFill.set(regionInterStart.subarray(0, 2 * size));
  for (let id = 0; id < inters; id++) regionInters[slotFill[slotOf(id)]++] = id;
}

/**
 * The tables of a layout. One set per size is rewritten in place when the layout changes:
 * a jigsaw file brings a new layout with almost every puzzle, and a rebuild (~30 µs for
 * 9x9) costs less than keeping and collecting a set per layout; files of one layout
 * (standard boxes) build once.
 */
function tablesFor(size: number, regions: Uint8Array): Tables {
  let tables = tablesBySize.get(size);
  if (!tables) {
    tables = allocateTables(size);
    fillTables(tables, regions);
    tablesBySize.set(size, tables);
    return tables;
  }
  if (!sameCells(tables.regionOf, regions)) fillTables(tables, regions);
  return tables;
}

/**
 * The sign bit of a candidate mask marks a solved cell: one load tells both, and a branch
 * free `mask >> 31` is all ones for a solved cell and zero for an open one.
 */
const SOLVED = 1 << 31;

const isSingle = (mask: number): boolean => (mask & (mask - 1)) === 0;
const digitOfMask = (mask: number): number => 32 - Math.clz32(mask);

/** One search: the candidate state and its save stack. */
class FastSearch {
  /** The layout of the current puzzle (set before each search). */
  t!: Tables;
  /**
   * Candidate mask per cell; a solved cell holds exactly its digit's bit plus SOLVED (set
   * when its elimination is queued).
   */
  readonly cand: Int32Array;
  solvedCount = 0;
  /** Unsolved cells as a bitboard (t.words words), for counting open peers in bulk. */
  readonly unsolvedBits: Int32Array;
  readonly savedUnsolved: Int32Array;
  readonly queue: Int32Array;
  queueLength = 0;
  /** Saved states: one candidate array (and unsolved bitboard) per guess level. */
  readonly savedCand: Int32Array;
  readonly savedCount: Int32Array;
  /**
   * Units whose cells changed since hidden singles last looked at them: propagation only
   * revisits what changed.
   */
  readonly dirtyHidden: Uint8Array;
  /** True when some candidate changed since locked candidates last looked. */
  lockStale = true;
  /**
   * The layout's same-digits pairs (layoutConstraints.ts) when the caller asked for them:
   * pair p's first side is pairCells[pairStart[2p] .. pairStart[2p+1]), its second side
   * runs on to pairStart[2p+2]. Null for a plain search, which then never looks at them.
   */
  pairSource: LayoutConstraints | null = null;
  pairCount = 0;
  pairStart: Int32Array = new Int32Array(1);
  pairCells: Int32Array = new Int32Array(0);
  /** Each pair's cells as a bitboard (t.words words per pair), to skip pairs nothing touched. */
  pairBits: Int32Array = new Int32Array(0);
  /** Cells changed since the pairs were last checked (bitboard), and the copy being checked. */
  readonly changedBits: Int32Array;
  readonly checkBits: Int32Array;
  /** True when some candidate changed since the pairs were last checked. */
  pairStale = false;
  /** Branch by conflict weights (set with the pairs); weights per cell. */
  weighted = false;
  readonly weights: Float64Array;
  /** Groups of mutually seeing cells: side s of pair p has groups sideGroupStart[2p+s].. */
  sideGroupStart: Int32Array = new Int32Array(1);
  /** Group g is pairCells[groupStart[g] .. groupStart[g+1]). */
  groupStart: Int32Array = new Int32Array(1);
  /** Scratch for sameDigits, per side and digit: solved cells, most appearances. */
  readonly digitSolved: Int32Array;
  readonly digitMost: Int32Array;
  /** Scratch for locked candidates: candidates per intersection, per line, per region side. */
  readonly interMask: Int32Array;
  readonly interOpen: Int32Array;
  readonly lineOnce: Int32Array;
  readonly lineTwice: Int32Array;
  readonly sideOnce: Int32Array;
  readonly sideTwice: Int32Array;
  /** The alternatives of each guess level: level*N .. level*N + N-1. */
  readonly branchCell: Int32Array;
  readonly branchBit: Int32Array;

  constructor(size: number) {
    const cells = size * size;
    this.cand = new Int32Array(cells);
    this.queue = new Int32Array(cells);
    this.savedCand = new Int32Array(cells * (cells + 1));
    this.savedCount = new Int32Array(cells + 1);
    const words = (cells + 31) >> 5;
    this.unsolvedBits = new Int32Array(words);
    this.savedUnsolved = new Int32Array(words * (cells + 1));
    this.dirtyHidden = new Uint8Array(3 * size);
    this.interMask = new Int32Array(2 * cells);
    this.interOpen = new Int32Array(2 * cells);
    this.lineOnce = new Int32Array(2 * size);
    this.lineTwice = new Int32Array(2 * size);
    this.sideOnce = new Int32Array(2 * size);
    this.sideTwice = new Int32Array(2 * size);
    this.branchCell = new Int32Array(size * (cells + 1));
    this.branchBit = new Int32Array(size * (cells + 1));
    this.weights = new Float64Array(cells);
    this.changedBits = new Int32Array(words);
    this.checkBits = new Int32Array(words);
    this.digitSolved = new Int32Array(2 * size);
    this.digitMost = new Int32Array(2 * size);
  }

  /**
   * Conflict weights (the layout check's branching, see pickBranch): a cell gains weight
   * each time a contradiction is found on it, so the search keeps branching where the
   * layout is tight, and a refutation stays short.
   */
  blame(cell: number, other: number): void {
    this.weights[cell]++;
    if (other >= 0) this.weights[other]++;
  }

  blamePair(pair: number): -1 {
    for (let i = this.pairStart[2 * pair], end = this.pairStart[2 * pair + 2]; i < end; i++) {
      this.weights[this.pairCells[i]]++;
    }
    return -1;
  }

  /**
   * Use a layout's same-digits pairs (null: none), flattened once per layout. Each side's
   * cells are laid out in groups that see each other (one row, column or region, whichever
   * splits the side into fewest groups): a digit appears at most once per group, which
   * bounds how often it can appear on that side.
   */
  usePairs(constraints: LayoutConstraints | null): void {
    if (constraints === this.pairSource) return;
    this.pairSource = constraints;
    const pairs = constraints?.sameDigits ?? [];
    const { size, regionOf } = this.t;
    this.pairCount = pairs.length;
    this.pairStart = new Int32Array(2 * pairs.length + 1);
    this.sideGroupStart = new Int32Array(2 * pairs.length + 1);
    const cells: number[] = [];
    const groupStarts: number[] = [];
    const unitOf = [
      (cell: number) => (cell / size) | 0,
      (cell: number) => cell % size,
      (cell: number) => regionOf[cell],
    ];
    pairs.forEach((pair, p) => {
      [pair.inBand, pair.outOfBand].forEach((sideCells, side) => {
        this.pairStart[2 * p + side] = cells.length;
        this.sideGroupStart[2 * p + side] = groupStarts.length;
        let best: number[][] = [];
        for (const unit of unitOf) {
          const groups = new Map<number, number[]>();
          for (const cell of sideCells) {
            const key = unit(cell);
            if (!groups.has(key)) groups.set(key, []);
            groups.get(key)?.push(cell);
          }
          if (best.length === 0 || groups.size < best.length) best = [...groups.values()];
        }
        for (const group of best) {
          groupStarts.push(cells.length);
          cells.push(...group);
        }
      });
    });
    this.pairStart[2 * pairs.length] = cells.length;
    this.sideGroupStart[2 * pairs.length] = groupStarts.length;
    groupStarts.push(cells.length);
    this.groupStart = Int32Array.from(groupStarts);
    this.pairCells = Int32Array.from(cells);
    const words = (this.cand.length + 31) >> 5;
    this.pairBits = new Int32Array(pairs.length * words);
    for (let pair = 0; pair < pairs.length; pair++) {
      for (let i = this.pairStart[2 * pair]; i < this.pairStart[2 * pair + 2]; i++) {
        const cell = this.pairCells[i];
        this.pairBits[pair * words + (cell >> 5)] |= 1 << (cell & 31);
      }
    }
  }

  save(level: number): void {
    this.savedCand.set(this.cand, level * this.t.cells);
    this.savedCount[level] = this.solvedCount;
    this.savedUnsolved.set(this.unsolvedBits, level * this.t.words);
  }

  restore(level: number): void {
    // A plain loop: subarray() would allocate a view on every backtrack.
    const { cand, savedCand } = this;
    const from = level * this.t.cells;
    for (let cell = 0, cells = this.t.cells; cell < cells; cell++) {
      cand[cell] = savedCand[from + cell];
    }
    this.solvedCount = this.savedCount[level];
    const { unsolvedBits, savedUnsolved } = this;
    for (let word = 0, words = this.t.words; word < words; word++) {
      unsolvedBits[word] = savedUnsolved[level * words + word];
    }
    this.queueLength = 0;
    // Saved states are fixed points of propagation: nothing in them is left to revisit.
    this.dirtyHidden.fill(0);
    this.lockStale = false;
    this.pairStale = false;
    this.changedBits.fill(0);
  }

  /** Note that a cell's candidates changed. */
  touch(cell: number): void {
    const { unitsOfCell } = this.t;
    const { dirtyHidden } = this;
    const at = 3 * cell;
    dirtyHidden[unitsOfCell[at]] = 1;
    dirtyHidden[unitsOfCell[at + 1]] = 1;
    dirtyHidden[unitsOfCell[at + 2]] = 1;
    this.lockStale = true;
    this.pairStale = true;
    this.changedBits[cell >> 5] |= 1 << (cell & 31);
  }

  /** Mark a cell solved with the single bit it holds, and queue its eliminations. */
  settle(cell: number): void {
    this.settleIf(cell, 1);
  }

  /**
   * settle when `single` is 1, only touch the cell when it is 0: without a branch, so that
   * every line runs on every call (see removeDigits).
   */
  settleIf(cell: number, single: number): void {
    this.touch(cell);
    this.cand[cell] |= single << 31;
    this.solvedCount += single;
    this.unsolvedBits[cell >> 5] &= ~(single << (cell & 31));
    this.queue[this.queueLength] = cell;
    this.queueLength += single;
  }

  /**
   * Take `digits` from a cell that holds some of them; it settles when one candidate is
   * left. False on contradiction: nothing left, or a solved cell's digit taken (the cell is
   * blamed when the search is weighted).
   */
  removeDigits(cell: number, digits: number): boolean {
    // Every line here runs on every call (a cell left with one candidate settles without a
    // branch), and `weighted` is read up front, here and in eliminate and hiddenSingles: a
    // property read or call that never ran before V8 optimized the function has no type
    // feedback, and the first board to reach it would throw the optimized code away (a few
    // ms at 25x25, where the rare cases come up that smaller warm-up boards never met).
    const { cand, weighted } = this;
    const rest = cand[cell] & ~digits;
    if (rest === 0 || rest < 0) {
      if (weighted) this.blame(cell, -1);
      return false;
    }
    cand[cell] = rest;
    this.settleIf(cell, isSingle(rest) ? 1 : 0);
    return true;
  }

  /** Remove solved digits from peers until the queue is empty. False on contradiction. */
  eliminate(): boolean {
    const { cand, queue, weighted } = this;
    const { peers, peerStart } = this.t;
    while (this.queueLength > 0) {
      const cell = queue[--this.queueLength];
      const bit = cand[cell] & ~SOLVED;
      for (let k = peerStart[cell], end = peerStart[cell + 1]; k < end; k++) {
        const peer = peers[k];
        const mask = cand[peer];
        if ((mask & bit) === 0) continue;
        if (mask < 0 || mask === bit) {
          if (weighted) this.blame(cell, peer);
          return false;
        }
        const rest = mask & ~bit;
        cand[peer] = rest;
        if (isSingle(rest)) this.settle(peer);
        else this.touch(peer);
      }
    }
    return true;
  }

  /** Hidden singles in every unit. Returns -1 on contradiction, else how many were placed. */
  hiddenSingles(): number {
    const { cand, dirtyHidden, weighted } = this;
    const { size, full, unitCells } = this.t;
    let placed = 0;
    for (let unit = 0, units = 3 * size; unit < units; unit++) {
      if (!dirtyHidden[unit]) continue;
      dirtyHidden[unit] = 0;
      const base = unit * size;
      let once = 0;
      let twice = 0;
      let fixed = 0;
      for (let k = 0; k < size; k++) {
        const cell = unitCells[base + k];
        const mask = cand[cell];
        const isSolved = mask >> 31;
        const open = mask & ~isSolved;
        fixed |= mask & isSolved;
        twice |= once & open;
        once |= open;
      }
      if (((once | fixed) & full) !== full) {
        if (weighted) for (let k = 0; k < size; k++) this.blame(unitCells[base + k], -1);
        return -1;
      }
      let hidden = once & ~twice & ~fixed;
      while (hidden !== 0) {
        const bit = hidden & -hidden;
        hidden ^= bit;
        for (let k = 0; k < size; k++) {
          const cell = unitCells[base + k];
          if ((cand[cell] & bit) !== 0 && cand[cell] > 0) {
            cand[cell] = bit;
            this.settle(cell);
            placed++;
            break;
          }
        }
      }
      if (placed > 0 && !this.eliminate()) return -1;
    }
    return placed;
  }

  /**
   * Locked candidates on line/region intersections, for any layout: a digit that within a
   * region lies only where it meets one line leaves the rest of that line (pointing), and
   * one that within a line lies only in one region leaves the rest of that region
   * (claiming). Candidates are gathered once per intersection and folded per line and per
   * region side; cells are visited again only where something is removed.
   * -1 on contradiction, else the number of eliminations.
   */
  lockedCandidates(): number {
    if (!this.lockStale) return 0;
    this.lockStale = false;
    const { cand, interMask, interOpen, lineOnce, lineTwice, sideOnce, sideTwice } = this;
    const t = this.t;
    const { size, interStart, interCells, interLine, interRegion, unitCells, regionOf } = t;
    const inters = t.inters;
    for (let id = 0; id < inters; id++) {
      let mask = 0;
      let open = 0;
      for (let i = interStart[id], end = interStart[id + 1]; i < end; i++) {
        const cellMask = cand[interCells[i]];
        mask |= cellMask & ~(cellMask >> 31);
        open += (cellMask >>> 31) ^ 1;
      }
      interMask[id] = mask;
      interOpen[id] = open;
    }
    const { lineInterStart, regionInterStart, regionInters } = t;
    for (let line = 0; line < 2 * size; line++) {
      let once = 0;
      let twice = 0;
      for (let id = lineInterStart[line], end = lineInterStart[line + 1]; id < end; id++) {
        twice |= once & interMask[id];
        once |= interMask[id];
      }
      lineOnce[line] = once;
      lineTwice[line] = twice;
    }
    for (let slot = 0; slot < 2 * size; slot++) {
      let once = 0;
      let twice = 0;
      for (let j = regionInterStart[slot], end = regionInterStart[slot + 1]; j < end; j++) {
        const mask = interMask[regionInters[j]];
        twice |= once & mask;
        once |= mask;
      }
      sideOnce[slot] = once;
      sideTwice[slot] = twice;
    }
    let removed = 0;
    for (let id = 0; id < inters; id++) {
      const mask = interMask[id];
      if (mask === 0) continue;
      const line = interLine[id];
      const region = interRegion[id];
      const byColumn = line >= size;
      const slot = 2 * region + (byColumn ? 1 : 0);
      // Only here within the region, and elsewhere on the line: leaves the rest of the line.
      let pointing = mask & sideOnce[slot] & ~sideTwice[slot] & lineTwice[line];
      // Only here within the line, and elsewhere in the region: leaves the rest of the region.
      let claiming = mask & lineOnce[line] & ~lineTwice[line] & sideTwice[slot];
      // As many digits as open cells here (a naked subset): they leave both units' rest.
      const open = interOpen[id];
      if (open > 1 && bitCount(mask) === open) {
        pointing |= mask & lineTwice[line];
        claiming |= mask & sideTwice[slot];
      }
      if (pointing !== 0) {
        for (let k = 0; k < size; k++) {
          const cell = unitCells[line * size + k];
          if (regionOf[cell] === region || (cand[cell] & pointing) === 0) continue;
          if (!this.removeDigits(cell, pointing)) return -1;
          removed++;
        }
      }
      if (claiming !== 0) {
        const regionBase = (2 * size + region) * size;
        for (let k = 0; k < size; k++) {
          const cell = unitCells[regionBase + k];
          const cellLine = byColumn ? size + (cell % size) : (cell / size) | 0;
          if (cellLine === line || (cand[cell] & claiming) === 0) continue;
          if (!this.removeDigits(cell, claiming)) return -1;
          removed++;
        }
      }
    }
    // Called on an empty queue too (it returns at once), so that the call has type feedback.
    if (!this.eliminate()) return -1;
    return removed;
  }

  /** Propagate to a fixed point. False on contradiction. */
  propagate(): boolean {
    if (!this.eliminate()) return false;
    for (;;) {
      if (this.solvedCount === this.t.cells) return true;
      const hidden = this.hiddenSingles();
      if (hidden < 0) return false;
      if (hidden > 0) continue;
      const locked = this.lockedCandidates();
      if (locked < 0) return false;
      if (locked > 0) continue;
      if (this.pairCount === 0) return true;
      const same = this.sameDigits();
      if (same < 0) return false;
      if (same === 0) return true;
    }
  }

  /**
   * The layout's same-digits pairs (two cell sets holding one multiset of digits). Per digit
   * and side: its solved cells, and the most times it can appear (at most once per group of
   * cells that see each other). A digit appears equally often on both sides, so at most
   * `cap` = the smaller of the two "most", and at least `least` = the larger solved count,
   * or what the other digits' caps leave of the side's size. Then: a side already holding
   * a digit `cap` times loses it from its open cells; a digit whose `least` equals its
   * places on a side fills them all. -1 on contradiction, else the number of changes.
   */
  sameDigits(): number {
    if (!this.pairStale) return 0;
    this.pairStale = false;
    const { cand, pairStart, pairCells, groupStart, sideGroupStart } = this;
    const { digitSolved, digitMost, changedBits, checkBits, pairBits } = this;
    const { size, words } = this.t;
    for (let word = 0; word < words; word++) {
      checkBits[word] = changedBits[word];
      changedBits[word] = 0;
    }
    let changes = 0;
    for (let pair = 0; pair < this.pairCount; pair++) {
      let touched = 0;
      for (let word = 0; word < words; word++) {
        touched |= pairBits[pair * words + word] & checkBits[word];
      }
      if (touched === 0) continue;
      const sideSize = pairStart[2 * pair + 1] - pairStart[2 * pair];
      // Nothing can follow while no cell is solved and every group still allows every digit
      // (the usual state high in the tree): skip the counting then.
      let open = true;
      const full = this.t.full;
      for (let i = pairStart[2 * pair], end = pairStart[2 * pair + 2]; i < end && open; i++) {
        if (cand[pairCells[i]] < 0) open = false;
      }
      for (let g = sideGroupStart[2 * pair]; open && g < sideGroupStart[2 * pair + 2]; g++) {
        let union = 0;
        for (let i = groupStart[g], end = groupStart[g + 1]; i < end; i++)
          union |= cand[pairCells[i]];
        if (union !== full) open = false;
      }
      if (open) continue;
      digitSolved.fill(0);
      digitMost.fill(0);
      for (let side = 0; side < 2; side++) {
        const base = side * size;
        for (
          let g = sideGroupStart[2 * pair + side];
          g < sideGroupStart[2 * pair + side + 1];
          g++
        ) {
          let union = 0;
          for (let i = groupStart[g], end = groupStart[g + 1]; i < end; i++) {
            const mask = cand[pairCells[i]];
            const open = mask & ~SOLVED;
            union |= open;
            if (mask < 0) digitSolved[base + 31 - Math.clz32(open)]++;
          }
          for (let rest = union; rest !== 0; rest &= rest - 1) {
            digitMost[base + 31 - Math.clz32(rest & -rest)]++;
          }
        }
      }
      let capTotal = 0;
      for (let d = 0; d < size; d++) capTotal += Math.min(digitMost[d], digitMost[size + d]);
      if (capTotal < sideSize) return this.blamePair(pair);
      for (let d = 0; d < size; d++) {
        const cap = Math.min(digitMost[d], digitMost[size + d]);
        const least = Math.max(digitSolved[d], digitSolved[size + d], sideSize - (capTotal - cap));
        if (least > cap) return this.blamePair(pair);
        const bit = 1 << d;
        for (let side = 0; side < 2; side++) {
          const solved = digitSolved[side * size + d];
          const full = solved >= cap;
          if (!full && (least === 0 || least === solved)) continue;
          const from = pairStart[2 * pair + side];
          const to = pairStart[2 * pair + side + 1];
          if (!full) {
            // Fill only when the places left are exactly the appearances still owed.
            let places = 0;
            for (let i = from; i < to; i++) if (cand[pairCells[i]] & bit) places++;
            if (places !== least) continue;
          }
          for (let i = from; i < to; i++) {
            const cell = pairCells[i];
            const mask = cand[cell];
            if (mask < 0 || (mask & bit) === 0) continue;
            if (full) {
              const rest = mask & ~bit;
              if (rest === 0) return this.blamePair(pair);
              cand[cell] = rest;
              if (isSingle(rest)) this.settle(cell);
              else this.touch(cell);
            } else {
              cand[cell] = bit;
              this.settle(cell);
            }
            changes++;
          }
        }
      }
    }
    if (!this.eliminate()) return -1;
    return changes;
  }

  /**
   * Choose what to branch on and write its alternatives (cell, bit) for this level: the
   * cell with the fewest candidates, or, when a digit has fewer places in some unit, those
   * places (as DLX's column choice would). Returns the number of alternatives.
   */
  pickBranch(level: number): number {
    const { cand, branchCell, branchBit, unsolvedBits } = this;
    const { size, cells, unitCells, words, peerBits } = this.t;
    const at = level * size;
    if (this.weighted) return this.pickWeighted(at);
    // A two-candidate cell is the best branch there is; among them, the one with the most
    // unsolved peers propagates furthest (counted on bitboards, not peer by peer).
    let bestCell = -1;
    let bestCount = 99;
    let bestScore = -1;
    for (let cell = 0; cell < cells; cell++) {
      const mask = cand[cell];
      const rest = mask & (mask - 1);
      if (mask < 0 || rest === 0 || (rest & (rest - 1)) !== 0) continue;
      let score = 0;
      for (let word = 0, from = cell * words; word < words; word++) {
        score += bitCount(peerBits[from + word] & unsolvedBits[word]);
      }
      if (score > bestScore) {
        bestScore = score;
        bestCell = cell;
      }
    }
    if (bestCell >= 0) bestCount = 2;
    else {
      for (let cell = 0; cell < cells; cell++) {
        if (cand[cell] < 0) continue;
        const count = bitCount(cand[cell]);
        if (count < bestCount) {
          bestCell = cell;
          bestCount = count;
        }
      }
    }
    let bestUnit = -1;
    let bestBit = 0;
    if (bestCount > 2) {
      for (let unit = 0, units = 3 * size; unit < units && bestCount > 2; unit++) {
        const base = unit * size;
        for (let bit = 1; bit <= this.t.full && bit > 0; bit <<= 1) {
          let places = 0;
          for (let k = 0; k < size; k++) {
            const cell = unitCells[base + k];
            if (cand[cell] & bit) {
              if (cand[cell] < 0) {
                places = 99;
                break;
              }
              places++;
            }
          }
          if (places < bestCount) {
            bestCount = places;
            bestUnit = unit;
            bestBit = bit;
            if (places === 2) break;
          }
        }
      }
    }
    let count = 0;
    if (bestUnit >= 0) {
      for (let k = 0; k < size; k++) {
        const cell = unitCells[bestUnit * size + k];
        if (cand[cell] & bestBit) {
          branchCell[at + count] = cell;
          branchBit[at + count++] = bestBit;
        }
      }
    } else {
      for (let rest = cand[bestCell]; rest !== 0; rest &= rest - 1) {
        branchCell[at + count] = bestCell;
        branchBit[at + count++] = rest & -rest;
      }
    }
    return count;
  }

  /**
   * The layout check's branch: the open cell with the highest conflict weight per
   * candidate (ties: fewest candidates, then reading order), as dom/wdeg does in
   * constraint solvers; every digit of it is an alternative.
   */
  pickWeighted(at: number): number {
    const { cand, weights, branchCell, branchBit } = this;
    let bestCell = -1;
    let bestScore = -1;
    for (let cell = 0, cells = this.t.cells; cell < cells; cell++) {
      const mask = cand[cell];
      if (mask < 0) continue;
      const score = (weights[cell] + 1) / bitCount(mask);
      if (score > bestScore) {
        bestScore = score;
        bestCell = cell;
      }
    }
    let count = 0;
    for (let rest = cand[bestCell]; rest !== 0; rest &= rest - 1) {
      branchCell[at + count] = bestCell;
      branchBit[at + count++] = rest & -rest;
    }
    return count;
  }

  grid(): Uint8Array {
    // A plain loop: Uint8Array.from with a map function goes through the iterator protocol.
    const grid = new Uint8Array(this.t.cells);
    for (let cell = 0; cell < grid.length; cell++) {
      grid[cell] = digitOfMask(this.cand[cell] & ~SOLVED);
    }
    return grid;
  }
}

/**
 * Count solutions up to `limit` with bitsets and propagation (the generic fast engine; the
 * DLX engine is the reference it is checked against): a CountFunction (contract.ts); nodes
 * = guesses tried (branches after propagation), so it is far below DLX's count. Not
 * re-entrant (the search state is shared per size): never call it from its own onProgress
 * callback. `extra` adds the layout's law-of-leftovers pairs to
 * propagation and/or conflict-driven branching; without it the search is the plain one.
 */
export function countSolutionsBitset(
  board: Board,
  limit: number,
  options: SearchOptions = {},
  extra: ExtraReasoning | null = null,
): CountResult {
  const result = newCountResult(board);
  if (result.clueConflicts.length > 0) return result;
  const { size, regions, givens } = board;
  let search = searchBySize.get(size);
  if (!search) {
    search = new FastSearch(size);
    searchBySize.set(size, search);
  }
  search.t = tablesFor(size, regions);
  search.usePairs(extra?.constraints ?? null);
  search.pairStale = search.pairCount > 0;
  search.changedBits.fill(-1);
  search.weighted = extra?.branchOnConflicts === true;
  search.weights.fill(0);
  search.solvedCount = 0;
  search.queueLength = 0;
  const { unsolvedBits } = search;
  unsolvedBits.fill(-1);
  if ((search.t.cells & 31) !== 0) {
    unsolvedBits[search.t.words - 1] = (1 << (search.t.cells & 31)) - 1;
  }
  search.dirtyHidden.fill(1);
  search.lockStale = true;
  const { cand } = search;
  cand.fill(search.t.full);
  for (let cell = 0; cell < search.t.cells; cell++) {
    if (givens[cell] !== 0) {
      cand[cell] = 1 << (givens[cell] - 1);
      search.settle(cell);
    }
  }
  const keep = options.keepSolutions ?? limit;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  let nextReport = progressEvery;
  let stopped = false;

  const found = (): void => {
    result.count++;
    if (result.solutions.length < keep) result.solutions.push(search.grid());
    if (result.count >= limit) stopped = true;
  };

  // Recursion depth is the number of guesses on one path, at most the number of cells.
  const explore = (level: number): void => {
    if (!search.propagate()) return;
    if (search.solvedCount === search.t.cells) {
      found();
      return;
    }
    const alternatives = search.pickBranch(level);
    search.save(level);
    const at = level * search.t.size;
    for (let k = 0; k < alternatives && !stopped; k++) {
      result.nodes++;
      if (result.nodes >= nextReport) {
        nextReport = result.nodes + progressEvery;
        if (checkpointStops(options, result, result.nodes)) {
          stopped = true;
          return;
        }
      }
      const cell = search.branchCell[at + k];
      search.cand[cell] = search.branchBit[at + k];
      search.settle(cell);
      explore(level + 1);
      if (k + 1 < alternatives) search.restore(level);
    }
  };
  explore(0);
  result.complete = !stopped;
  return result;
}
