/**
 * Digit templates: whether a layout can be filled, decided over the places one digit can
 * take instead of over cells and digits.
 *
 * IDEA: in a filled grid the cells of one digit hit every row, column and region exactly
 * once: a "template" of the layout. A filled grid is N disjoint templates, so the layout
 * can be filled exactly when its templates contain an exact cover of the N*N cells. That
 * question has no digits in it, which is why it is small where a cell search is big:
 *   - the N! renamings of every partial grid, which a cell search on an empty layout has to
 *     exhaust (or break by fixing a region), do not exist: templates are unlabelled;
 *   - a 9x9 layout has a few hundred templates (9! permutations, of which about
 *     9!/9^9 hit every region once), so the cover search is at most 9 levels deep over a
 *     few hundred bitboards, and refutes an unfillable layout in tens to thousands of
 *     nodes where the cell search needed up to hundreds of thousands of guesses.
 * The community's layout lists were classified this way ("templates" on the enjoysudoku
 * forum); this is our own implementation.
 *
 * DESIGN: templates are enumerated row by row (a column and a region unused so far per
 * row), each kept as a bitboard of ceil(N*N/32) words. The cover search is Algorithm X over
 * those bitboards: take the uncovered cell that the fewest live templates cover (none:
 * dead end), try each of them, and keep only the live templates disjoint from it. The count
 * grows fast with the size (about 2.6e4 for 12x12, 2.4e7 for 16x16), so enumeration stops
 * at `maxTemplates` and the caller falls back to the cell search (layoutCheck.ts). Abort
 * and progress follow the engines' contract (contract.ts): checkpoints every
 * `progressEvery` nodes, counting enumeration steps and cover choices alike.
 */
import { checkpointStops, DEFAULT_PROGRESS_EVERY, type SearchOptions } from './contract.ts';

/** Most templates enumerated before giving the layout back to the cell search. */
export const MAX_TEMPLATES = 100_000;

export interface TemplateCover {
  /**
   * 'filled': `grid` is a filled grid; 'none': no exact cover exists; 'too many': more
   * than `maxTemplates` templates (not decided); 'stopped': the signal stopped it.
   */
  outcome: 'filled' | 'none' | 'too many' | 'stopped';
  /** Digits per cell (reading order) when filled, the region of cell 0 holding 1..N. */
  grid: Uint8Array | null;
  /** Templates of the layout (as many as were enumerated when it stopped early). */
  templates: number;
  /** Enumeration steps plus cover choices. */
  nodes: number;
}

/** Decide by templates whether a layout (valid: N regions of N cells) can be filled. */
export function coverWithTemplates(
  size: number,
  regions: ArrayLike<number>,
  options: SearchOptions = {},
  maxTemplates = MAX_TEMPLATES,
): TemplateCover {
  const cells = size * size;
  const words = (cells + 31) >> 5;
  const progressEvery = options.progressEvery ?? DEFAULT_PROGRESS_EVERY;
  const progress = { count: 0, complete: true, aborted: false } as Parameters<
    typeof checkpointStops
  >[1];
  let nodes = 0;
  let nextCheck = progressEvery;
  const tick = (): boolean => {
    nodes++;
    if (nodes < nextCheck) return false;
    nextCheck = nodes + progressEvery;
    return checkpointStops(options, progress, nodes);
  };

  // Enumeration: rows in order, a free column and a free region per row.
  let bits = new Int32Array(words * 1024);
  let templates = 0;
  const columnOfRow = new Int32Array(size);
  const anchorList: number[] = [];
  const anchorIndex = new Int32Array(cells);
  for (let cell = 0, next = 0; cell < cells; cell++) {
    if (regions[cell] === regions[0]) anchorIndex[cell] = next++;
  }
  let tooMany = false;
  let stopped = false;
  const place = (row: number, usedColumns: number, usedRegions: number): void => {
    if (row === size) {
      if (templates === maxTemplates) {
        tooMany = true;
        return;
      }
      if ((templates + 1) * words > bits.length) {
        const grown = new Int32Array(bits.length * 2);
        grown.set(bits);
        bits = grown;
      }
      const base = templates * words;
      for (let r = 0; r < size; r++) {
        const cell = r * size + columnOfRow[r];
        bits[base + (cell >> 5)] |= 1 << (cell & 31);
        if (regions[cell] === regions[0]) anchorList.push(anchorIndex[cell]);
      }
      templates++;
      return;
    }
    for (let column = 0; column < size && !tooMany && !stopped; column++) {
      if (usedColumns & (1 << column)) continue;
      const region = regions[row * size + column];
      if (usedRegions & (1 << region)) continue;
      if (tick()) {
        stopped = true;
        return;
      }
      columnOfRow[row] = column;
      place(row + 1, usedColumns | (1 << column), usedRegions | (1 << region));
    }
  };
  place(0, 0, 0);
  if (stopped) return { outcome: 'stopped', grid: null, templates, nodes };
  if (tooMany) return { outcome: 'too many', grid: null, templates, nodes };

  // Cover: live template ids per level (level k lists the templates disjoint from the k
  // chosen so far), and the chosen template per level. Each template passes through one
  // cell of cell 0's region, its anchor: the anchors are the digits, fixed by the layout.
  const live = new Int32Array(templates * (size + 1));
  for (let id = 0; id < templates; id++) live[id] = id;
  const liveCount = new Int32Array(size + 1);
  liveCount[0] = templates;
  const chosen = new Int32Array(size);
  const coverCount = new Int32Array(cells);
  const covered = new Uint8Array(cells);
  const anchorOf = Int32Array.from(anchorList);
  /** Per anchor, the cells all its live templates cover (AND of their bitboards). */
  const must = new Int32Array(size * words);
  const owned = new Int32Array(words);

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
    liveCount[level] = count;
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
      if (tick()) {
        stopped = true;
        return false;
      }
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
      if (stopped) return false;
    }
    return false;
  };
  const setCovered = (base: number, value: number): void => {
    for (let word = 0; word < words; word++) {
      for (let rest = bits[base + word]; rest !== 0; rest &= rest - 1) {
        covered[(word << 5) + 31 - Math.clz32(rest & -rest)] = value;
      }
    }
  };

  if (!cover(0)) {
    return { outcome: stopped ? 'stopped' : 'none', grid: null, templates, nodes };
  }
  // Digits: the template through the k-th cell (reading order) of cell 0's region is k.
  const grid = new Uint8Array(cells);
  const templateOf = new Int32Array(cells);
  for (let level = 0; level < size; level++) {
    const base = chosen[level] * words;
    for (let cell = 0; cell < cells; cell++) {
      if (bits[base + (cell >> 5)] & (1 << (cell & 31))) templateOf[cell] = level;
    }
  }
  const digitOfTemplate = new Uint8Array(size);
  let digit = 1;
  for (let cell = 0; cell < cells; cell++) {
    if (regions[cell] === regions[0]) digitOfTemplate[templateOf[cell]] = digit++;
  }
  for (let cell = 0; cell < cells; cell++) grid[cell] = digitOfTemplate[templateOf[cell]];
  return { outcome: 'filled', grid, templates, nodes };
}
