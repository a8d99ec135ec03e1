/**
 * Digit templates: whether a layout can be filled, decided over the places one digit can
 * take instead of over cells and digits.
 *
 * IDEA: in a filled grid the cells of one digit hit every row, column and region exactly
 * once: a "template" of the layout. A filled grid is N disjoint templates. A 9x9 layout has
 * 3,000-47,000 of them (46,656 for the standard boxes), so whole-template reasoning is
 * affordable, and it removes what makes a plain cell search slow on an empty layout: the N!
 * renamings of every partial grid. The digits are named by the layout itself: every
 * template passes through exactly one cell of any house (row, column or region), its
 * anchor there, and the k-th cell of the anchoring house is digit k.
 *
 * DESIGN: templates are enumerated row by row (a free column and a free region per row) as
 * bitboards of ceil(N*N/32) words. Two searches then use them, the first with budgets:
 *   1. A cell search with template propagation (the "pattern overlay" method): per digit,
 *      the live templates are those inside its candidates and through its placed cells;
 *      its candidates shrink to their union, the cells all of them share are placed, a
 *      cell left with one digit is placed, a cell with none is a dead end. It branches two
 *      ways (a digit in the cell, or not) on the cell with the most failures per candidate
 *      (dom/wdeg). It runs 10 guesses anchored at each house in turn (the weights carried
 *      over, halved), then 300 from the house whose tree it covered most of (the share of
 *      refuted leaves, 2^-depth each): the anchoring house decides whether the tree is a
 *      few dozen guesses or tens of thousands (as the Interactive Sudoku Solver found).
 *   2. Exact cover over the templates (Algorithm X on bitboards): cover the uncovered cell
 *      the fewest live templates cover, keep the templates disjoint from the one taken,
 *      and drop templates that meet cells some other anchor's templates all share. Its
 *      tree is bounded (9 levels) where the cell search is heavy-tailed.
 * A 12x12 layout already has more than 200,000 templates, so enumeration stops at
 * `maxTemplates` ('too many') and the caller uses a cell search without templates
 * (layoutCheck.ts). Abort and progress follow the engines' contract (contract.ts):
 * a checkpoint every `progressEvery` nodes, counting enumeration steps, guesses and cover
 * choices alike. Figures: docs/setter-tools.md.
 */
import { checkpointStops, DEFAULT_PROGRESS_EVERY, type SearchOptions } from './contract.ts';
import { unitsOf } from './units.ts';

/** Most templates enumerated before giving the layout back to the cell search. */
export const MAX_TEMPLATES = 100_000;

/** Guesses the template cell search gets from each house (see coverWithTemplates). */
export const HOUSE_GUESSES = 10;

/** Guesses it gets from the best house before the exact cover takes over. */
export const CELL_SEARCH_GUESSES = 300;

export interface TemplateCover {
  /**
   * 'filled': `grid` is a filled grid; 'none': none exists; 'too many': more than
   * `maxTemplates` templates (not decided); 'stopped': the signal stopped it.
   */
  outcome: 'filled' | 'none' | 'too many' | 'stopped';
  /** Digits per cell (reading order) when filled, the anchoring house holding 1..N. */
  grid: Uint8Array | null;
  /** Templates of the layout (as many as were enumerated when it stopped early). */
  templates: number;
  /** Enumeration steps, guesses and cover choices. */
  nodes: number;
}

/** The templates of a layout: bitboard k is bits[k*words .. k*words + words). */
interface Templates {
  size: number;
  cells: number;
  words: number;
  count: number;
  bits: Int32Array;
  /** The column of each template in each row: columnOf[id * size + row]. */
  columnOf: Uint8Array;
}

/** Counts nodes and calls the caller's checkpoint every `progressEvery` of them. */
class Ticker {
  nodes = 0;
  stopped = false;
  private nextCheck: number;
  private readonly progress = { count: 0, complete: true, aborted: false } as Parameters<
    typeof checkpointStops
  >[1];

  constructor(private readonly options: SearchOptions) {
    this.nextCheck = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  }

  /** Count one node; true when the signal says stop (and from then on). */
  tick(): boolean {
    this.nodes++;
    if (this.stopped || this.nodes < this.nextCheck) return this.stopped;
    this.nextCheck = this.nodes + (this.options.progressEvery ?? DEFAULT_PROGRESS_EVERY);
    this.stopped = checkpointStops(this.options, this.progress, this.nodes);
    return this.stopped;
  }
}

/**
 * Decide by templates whether a layout (valid: N regions of N cells) can be filled.
 * `houseGuesses` is the cell search's budget from each house (0: none of those runs),
 * `cellGuesses` its budget from the best house (0: with both, the exact cover alone).
 */
export function coverWithTemplates(
  size: number,
  regions: ArrayLike<number>,
  options: SearchOptions = {},
  maxTemplates = MAX_TEMPLATES,
  cellGuesses = CELL_SEARCH_GUESSES,
  houseGuesses = HOUSE_GUESSES,
): TemplateCover {
  const ticker = new Ticker(options);
  const templates = enumerateTemplates(size, regions, maxTemplates, ticker);
  const answer = (outcome: TemplateCover['outcome'], grid: Uint8Array | null): TemplateCover => ({
    outcome,
    grid,
    templates: typeof templates === 'string' ? maxTemplates : templates.count,
    nodes: ticker.nodes,
  });
  if (templates === 'too many') return answer('too many', null);
  if (ticker.stopped) return answer('stopped', null);
  const units = unitsOf({ size, regions: Uint8Array.from(regions) });
  const houses = [...units.slice(2 * size), ...units.slice(0, 2 * size)].map((unit) => unit.cells);
  // Short searches anchored at each house in turn, the conflict weights carried over (and
  // halved) from one to the next; the house whose search covered most of its tree goes on.
  const weights = new Float64Array(size * size);
  let best = houses[0];
  let bestCovered = -1;
  for (const house of houseGuesses > 0 ? houses : []) {
    const progress = { covered: 0 };
    const anchors = anchorsThrough(templates, house);
    const tried = searchByCells(templates, anchors, houseGuesses, ticker, weights, progress);
    if (tried !== 'budget') return answer(tried ? 'filled' : 'none', tried);
    if (ticker.stopped) return answer('stopped', null);
    if (progress.covered > bestCovered) {
      bestCovered = progress.covered;
      best = house;
    }
    for (let cell = 0; cell < weights.length; cell++) weights[cell] *= 0.5;
  }
  const anchorOf = anchorsThrough(templates, best);
  const byCells = searchByCells(templates, anchorOf, cellGuesses, ticker, weights, { covered: 0 });
  if (byCells !== 'budget') return answer(byCells ? 'filled' : 'none', byCells);
  if (ticker.stopped) return answer('stopped', null);
  const byCover = searchByCover(templates, anchorOf, ticker);
  if (ticker.stopped) return answer('stopped', null);
  return answer(byCover ? 'filled' : 'none', byCover);
}

function enumerateTemplates(
  size: number,
  regions: ArrayLike<number>,
  maxTemplates: number,
  ticker: Ticker,
): Templates | 'too many' {
  const cells = size * size;
  const words = (cells + 31) >> 5;
  let bits = new Int32Array(words * 1024);
  let columnOf = new Uint8Array(size * 1024);
  const columnOfRow = new Int32Array(size);
  let count = 0;
  let tooMany = false;
  const place = (row: number, usedColumns: number, usedRegions: number): void => {
    if (row === size) {
      if (count === maxTemplates) {
        tooMany = true;
        return;
      }
      if ((count + 1) * words > bits.length) {
        const grown = new Int32Array(bits.length * 2);
        grown.set(bits);
        bits = grown;
        const grownColumns = new Uint8Array(columnOf.length * 2);
        grownColumns.set(columnOf);
        columnOf = grownColumns;
      }
      for (let r = 0; r < size; r++) {
        const cell = r * size + columnOfRow[r];
        bits[count * words + (cell >> 5)] |= 1 << (cell & 31);
        columnOf[count * size + r] = columnOfRow[r];
      }
      count++;
      return;
    }
    for (let column = 0; column < size && !tooMany && !ticker.stopped; column++) {
      if (usedColumns & (1 << column)) continue;
      const region = regions[row * size + column];
      if (usedRegions & (1 << region)) continue;
      if (ticker.tick()) return;
      columnOfRow[row] = column;
      place(row + 1, usedColumns | (1 << column), usedRegions | (1 << region));
    }
  };
  place(0, 0, 0);
  if (tooMany) return 'too many';
  return { size, cells, words, count, bits, columnOf };
}

/**
 * The anchor of each template for a house (its cells in order): the index in the house of
 * the one cell of the house the template holds. The anchor names the template's digit.
 */
function anchorsThrough(t: Templates, house: ArrayLike<number>): Uint8Array {
  const indexInHouse = new Int8Array(t.cells).fill(-1);
  for (let k = 0; k < house.length; k++) indexInHouse[house[k]] = k;
  const rows = new Int32Array(t.size);
  let rowCount = 0;
  for (let row = 0; row < t.size; row++) {
    for (let column = 0; column < t.size; column++) {
      if (indexInHouse[row * t.size + column] >= 0) {
        rows[rowCount++] = row;
        break;
      }
    }
  }
  const anchorOf = new Uint8Array(t.count);
  for (let id = 0; id < t.count; id++) {
    for (let k = 0; k < rowCount; k++) {
      const row = rows[k];
      const index = indexInHouse[row * t.size + t.columnOf[id * t.size + row]];
      if (index >= 0) {
        anchorOf[id] = index;
        break;
      }
    }
  }
  return anchorOf;
}

/** The digits of a grid from per-digit bitboards of placed cells (digit d at d*words). */
function gridOf(t: Templates, placed: Int32Array): Uint8Array {
  const grid = new Uint8Array(t.cells);
  for (let d = 0; d < t.size; d++) {
    for (let cell = 0; cell < t.cells; cell++) {
      if (placed[d * t.words + (cell >> 5)] & (1 << (cell & 31))) grid[cell] = d + 1;
    }
  }
  return grid;
}

/**
 * Search 1 (see the file header): a filled grid, null when none exists, or 'budget' when
 * `budget` guesses did not settle it (or the ticker stopped it).
 */
function searchByCells(
  t: Templates,
  anchorOf: Uint8Array,
  budget: number,
  ticker: Ticker,
  weights: Float64Array,
  progress: { covered: number },
): Uint8Array | null | 'budget' {
  const { size, cells, words, bits } = t;
  const lastWordMask = (cells & 31) === 0 ? -1 : (1 << (cells & 31)) - 1;
  // Each digit's live templates: pool[listStart[d] .. listStart[d] + listLength[d]). A
  // filtered list is appended at the top, so a level restores by resetting the top.
  let pool = new Int32Array(2 * t.count + 1024);
  let top = 0;
  const listStart = new Int32Array(size);
  const listLength = new Int32Array(size);
  for (let d = 0; d < size; d++) {
    listStart[d] = top;
    for (let id = 0; id < t.count; id++) if (anchorOf[id] === d) pool[top++] = id;
    listLength[d] = top - listStart[d];
  }
  /** Per digit: cells it may take (candidates) and cells it holds (placed), bitboards. */
  const candidates = new Int32Array(size * words).fill(-1);
  const placed = new Int32Array(size * words);
  for (let d = 0; d < size; d++) candidates[d * words + words - 1] = lastWordMask;
  const union = new Int32Array(words);
  const shared = new Int32Array(words);
  const once = new Int32Array(words);
  const twice = new Int32Array(words);
  const stride = 2 * size * words + 2 * size + 1;
  const saved = new Int32Array(stride * (cells + 1));
  let guesses = 0;

  const propagate = (): boolean => {
    for (;;) {
      let changed = false;
      for (let d = 0; d < size; d++) {
        const from = listStart[d];
        const length = listLength[d];
        if (top + length > pool.length) {
          const grown = new Int32Array(2 * pool.length + length);
          grown.set(pool);
          pool = grown;
        }
        let kept = 0;
        union.fill(0);
        shared.fill(-1);
        for (let i = 0; i < length; i++) {
          const id = pool[from + i];
          const base = id * words;
          let misfit = 0;
          for (let w = 0; w < words; w++) {
            misfit |=
              (bits[base + w] & ~candidates[d * words + w]) |
              (placed[d * words + w] & ~bits[base + w]);
          }
          if (misfit !== 0) continue;
          pool[top + kept++] = id;
          for (let w = 0; w < words; w++) {
            union[w] |= bits[base + w];
            shared[w] &= bits[base + w];
          }
        }
        if (kept === 0) {
          return false;
        }
        if (kept !== length) {
          listStart[d] = top;
          listLength[d] = kept;
          top += kept;
        }
        for (let w = 0; w < words; w++) {
          if (union[w] !== candidates[d * words + w]) {
            candidates[d * words + w] = union[w];
            changed = true;
          }
          const newlyPlaced = shared[w] & ~placed[d * words + w];
          if (newlyPlaced === 0) continue;
          placed[d * words + w] |= newlyPlaced;
          changed = true;
          for (let e = 0; e < size; e++) {
            if (e !== d) candidates[e * words + w] &= ~newlyPlaced;
          }
        }
      }
      // Cells: one with no digit left is a dead end, one with a single digit is placed.
      once.fill(0);
      twice.fill(0);
      for (let d = 0; d < size; d++) {
        for (let w = 0; w < words; w++) {
          twice[w] |= once[w] & candidates[d * words + w];
          once[w] |= candidates[d * words + w];
        }
      }
      for (let w = 0; w < words; w++) {
        if (once[w] !== (w === words - 1 ? lastWordMask : -1)) return false;
      }
      for (let d = 0; d < size; d++) {
        for (let w = 0; w < words; w++) {
          const single = candidates[d * words + w] & ~twice[w] & ~placed[d * words + w];
          if (single !== 0) {
            placed[d * words + w] |= single;
            changed = true;
          }
        }
      }
      if (!changed) return true;
    }
  };

  const save = (level: number): void => {
    const at = level * stride;
    saved.set(candidates, at);
    saved.set(placed, at + size * words);
    saved.set(listStart, at + 2 * size * words);
    saved.set(listLength, at + 2 * size * words + size);
    saved[at + stride - 1] = top;
  };
  const restore = (level: number): void => {
    const at = level * stride;
    candidates.set(saved.subarray(at, at + size * words));
    placed.set(saved.subarray(at + size * words, at + 2 * size * words));
    listStart.set(saved.subarray(at + 2 * size * words, at + 2 * size * words + size));
    listLength.set(saved.subarray(at + 2 * size * words + size, at + stride - 1));
    top = saved[at + stride - 1];
  };
  const openCount = new Int32Array(cells);

  /** True: solved (the state holds the grid); false: refuted or out of budget. */
  const explore = (level: number, depth: number): boolean => {
    if (!propagate()) {
      progress.covered += 2 ** -depth;
      return false;
    }
    for (;;) {
      openCount.fill(0);
      for (let d = 0; d < size; d++) {
        for (let w = 0; w < words; w++) {
          const open = candidates[d * words + w] & ~placed[d * words + w];
          for (let rest = open; rest !== 0; rest &= rest - 1) {
            openCount[(w << 5) + 31 - Math.clz32(rest & -rest)]++;
          }
        }
      }
      let cell = -1;
      let bestScore = -1;
      for (let c = 0; c < cells; c++) {
        if (openCount[c] === 0) continue;
        const score = (weights[c] + 1) / openCount[c];
        if (score > bestScore) {
          bestScore = score;
          cell = c;
        }
      }
      if (cell < 0) return true;
      const word = cell >> 5;
      const bit = 1 << (cell & 31);
      let digit = 0;
      while ((candidates[digit * words + word] & bit) === 0) digit++;
      if (guesses++ === budget || ticker.tick()) return false;
      save(level);
      placed[digit * words + word] |= bit;
      for (let e = 0; e < size; e++) if (e !== digit) candidates[e * words + word] &= ~bit;
      depth++;
      if (explore(level + 1, depth)) return true;
      if (guesses > budget || ticker.stopped) return false;
      weights[cell]++;
      restore(level);
      candidates[digit * words + word] &= ~bit;
      if (!propagate()) {
        progress.covered += 2 ** -depth;
        return false;
      }
    }
  };
  if (explore(0, 0)) return gridOf(t, placed);
  return guesses > budget || ticker.stopped ? 'budget' : null;
}

/** Search 2 (see the file header): a filled grid, or null when none exists or stopped. */
function searchByCover(t: Templates, anchorOf: Uint8Array, ticker: Ticker): Uint8Array | null {
  const { size, cells, words, count: templates, bits } = t;
  // Live template ids per level (level k lists the templates disjoint from the k chosen so
  // far), and the chosen template per level.
  const live = new Int32Array(templates * (size + 1));
  for (let id = 0; id < templates; id++) live[id] = id;
  const liveCount = new Int32Array(size + 1);
  liveCount[0] = templates;
  const chosen = new Int32Array(size);
  const coverCount = new Int32Array(cells);
  const covered = new Uint8Array(cells);
  /** Per anchor, the cells all its live templates cover (AND of their bitboards). */
  const must = new Int32Array(size * words);
  const owned = new Int32Array(words);

  const setCovered = (base: number, value: number): void => {
    for (let word = 0; word < words; word++) {
      for (let rest = bits[base + word]; rest !== 0; rest &= rest - 1) {
        covered[(word << 5) + 31 - Math.clz32(rest & -rest)] = value;
      }
    }
  };

  const cover = (level: number): boolean => {
    if (level === size) return true;
    const from = level * templates;
    let count = liveCount[level];
    // Propagate to a fixed point: a cell no live template covers is a dead end; cells that
    // every live template of one anchor covers belong to that anchor, so the other
    // anchors' templates through them are dead.
    for (;;) {
      if (count < size - level) return false;
      coverCount.fill(0);
      must.fill(-1);
      let anchorsLive = 0;
      for (let i = 0; i < count; i++) {
        const id = live[from + i];
        const base = id * words;
        const mustBase = anchorOf[id] * words;
        anchorsLive |= 1 << anchorOf[id];
        for (let word = 0; word < words; word++) {
          must[mustBase + word] &= bits[base + word];
          for (let rest = bits[base + word]; rest !== 0; rest &= rest - 1) {
            coverCount[(word << 5) + 31 - Math.clz32(rest & -rest)]++;
          }
        }
      }
      for (let cell = 0; cell < cells; cell++) {
        if (covered[cell] === 0 && coverCount[cell] === 0) return false;
      }
      const before = count;
      for (let anchor = 0; anchor < size; anchor++) {
        if ((anchorsLive & (1 << anchor)) === 0) continue;
        for (let word = 0; word < words; word++) owned[word] = must[anchor * words + word];
        let kept = 0;
        for (let i = 0; i < count; i++) {
          const id = live[from + i];
          let hit = 0;
          if (anchorOf[id] !== anchor) {
            for (let word = 0; word < words; word++) hit |= bits[id * words + word] & owned[word];
          }
          if (hit === 0) live[from + kept++] = id;
        }
        count = kept;
      }
      if (count === before) break;
    }
    let bestCell = -1;
    let bestCount = templates + 1;
    for (let cell = 0; cell < cells; cell++) {
      if (covered[cell] === 0 && coverCount[cell] < bestCount) {
        bestCount = coverCount[cell];
        bestCell = cell;
      }
    }
    const cellWord = bestCell >> 5;
    const cellBit = 1 << (bestCell & 31);
    for (let i = 0; i < count; i++) {
      const id = live[from + i];
      const base = id * words;
      if ((bits[base + cellWord] & cellBit) === 0) continue;
      if (ticker.tick()) return false;
      // The next level keeps the live templates disjoint from this one.
      const to = from + templates;
      let kept = 0;
      for (let j = 0; j < count; j++) {
        const other = live[from + j] * words;
        let overlap = 0;
        for (let word = 0; word < words; word++) overlap |= bits[other + word] & bits[base + word];
        if (overlap === 0) live[to + kept++] = live[from + j];
      }
      liveCount[level + 1] = kept;
      chosen[level] = id;
      setCovered(base, 1);
      if (cover(level + 1)) return true;
      setCovered(base, 0);
      if (ticker.stopped) return false;
    }
    return false;
  };

  if (!cover(0)) return null;
  const placed = new Int32Array(size * words);
  for (let level = 0; level < size; level++) {
    const id = chosen[level];
    for (let word = 0; word < words; word++) {
      placed[anchorOf[id] * words + word] |= bits[id * words + word];
    }
  }
  return gridOf(t, placed);
}
