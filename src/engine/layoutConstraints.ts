/**
 * The constraints a layout gives for free, derived once per layout: the law of leftovers.
 *
 * STATEMENT: let B be a band of k consecutive rows (or columns) and S the union of any k
 * regions. Each of B and S holds every digit exactly k times, so as multisets
 * digits(B) = digits(S); taking away the cells they share leaves
 *
 *     digits(B \ S) = digits(S \ B)        (the same multiset of digits)
 *
 * and |B \ S| = |S \ B| = kN - |B ∩ S|. The pair is smallest when S is made of the k
 * regions that overlap B most, so that is the S chosen for every band (ties broken by
 * region id). Bands whose k regions fill them exactly give nothing; a band of k rows and
 * its complement (N-k rows) give the same pair, so each pair is kept once. Pairs of 2N
 * cells or more a side are dropped: two big sets that must hold the same digits
 * almost never narrow a candidate, and every pair is checked at each propagation step.
 *
 * WHY IT MATTERS: many layouts of N connected regions of N cells admit no filled grid, and
 * a plain search has to exhaust a huge tree to prove it; these pairs cut those trees early
 * (a digit that cannot go in B \ S cannot go in S \ B either, a digit fixed twice in one side
 * must appear twice in the other, and so on; see bitset.ts, sameDigits). The
 * line/region intersections the issue names are already used by every engine (locked
 * candidates), so they need no table of their own here.
 *
 * Pure and cached: the constraints of the last few layouts seen are kept and returned
 * again (engines ask per search; restarts.ts cycles one board through eight symmetries,
 * each a layout of its own, and a derivation costs about a millisecond at 16x16).
 */
import { sameCells } from './board.ts';

/** Two cell sets of equal size that hold the same multiset of digits in every solution. */
export interface SameDigits {
  /** Cells of the band outside the chosen regions (reading order). */
  inBand: number[];
  /** Cells of the chosen regions outside the band (reading order). */
  outOfBand: number[];
  /** The band this pair comes from: rows or columns `from..to-1` (0-based). */
  band: { lines: 'rows' | 'columns'; from: number; to: number };
  /** The k regions chosen for the band (0-based ids). */
  regions: number[];
}

export interface LayoutConstraints {
  size: number;
  sameDigits: SameDigits[];
}

/** Layouts kept: a board and its eight symmetries (restarts.ts), and one more. */
const CACHED_LAYOUTS = 10;
/** Most recently used first. */
const cache: { regions: Uint8Array; maxSide: number; constraints: LayoutConstraints }[] = [];

/**
 * The law-of-leftovers pairs of a layout (see the file header), cached for recent layouts;
 * with `maxSide`, only the pairs of at most that many cells a side (cheaper to derive:
 * a side's size is known from the band's overlaps before its cells are listed).
 */
export function layoutConstraintsOf(
  size: number,
  regions: Uint8Array,
  maxSide = 2 * size - 1,
): LayoutConstraints {
  const at = cache.findIndex(
    (entry) =>
      entry.constraints.size === size &&
      entry.maxSide === maxSide &&
      sameCells(entry.regions, regions),
  );
  const entry =
    at >= 0
      ? cache.splice(at, 1)[0]
      : {
          regions: Uint8Array.from(regions),
          maxSide,
          constraints: deriveConstraints(size, regions, Math.min(maxSide, 2 * size - 1)),
        };
  cache.unshift(entry);
  if (cache.length > CACHED_LAYOUTS) cache.length = CACHED_LAYOUTS;
  return entry.constraints;
}

function deriveConstraints(size: number, regions: Uint8Array, maxSide: number): LayoutConstraints {
  const sameDigits: SameDigits[] = [];
  const cells = size * size;
  // Pairs seen, by a hash of their two sides (either order); equal hashes are compared.
  const seen = new Map<number, SameDigits[]>();
  /** Cells of the band per region, and how many regions have each such count. */
  const overlap = new Int32Array(size);
  const isChosen = new Uint8Array(size);
  const lineOf = new Uint8Array(cells);
  /** The cells of region r in reading order: regionCells[regionStart[r] .. regionStart[r+1]). */
  const regionStart = new Int32Array(size + 1);
  for (let cell = 0; cell < cells; cell++) regionStart[regions[cell] + 1]++;
  for (let region = 0; region < size; region++) regionStart[region + 1] += regionStart[region];
  const regionCells = new Int32Array(cells);
  const filled = regionStart.slice(0, size);
  for (let cell = 0; cell < cells; cell++) regionCells[filled[regions[cell]]++] = cell;
  // A region has at most its own cells in a band (N, unless the layout is not valid yet).
  let largestRegion = 0;
  for (let region = 0; region < size; region++) {
    largestRegion = Math.max(largestRegion, regionStart[region + 1] - regionStart[region]);
  }
  const regionsWithOverlap = new Int32Array(largestRegion + 1);
  for (const lines of ['rows', 'columns'] as const) {
    const byRows = lines === 'rows';
    for (let cell = 0; cell < cells; cell++) {
      lineOf[cell] = byRows ? (cell / size) | 0 : cell % size;
    }
    // The cell at `step` along line `line` is line * lineStride + step * stepStride.
    const lineStride = byRows ? size : 1;
    const stepStride = byRows ? 1 : size;
    for (let from = 0; from < size; from++) {
      overlap.fill(0);
      regionsWithOverlap.fill(0);
      regionsWithOverlap[0] = size;
      let mostOverlap = 0;
      for (let to = from + 1; to <= size - (from === 0 ? 1 : 0); to++) {
        const k = to - from;
        // The band grows by line to - 1: count its cells per region.
        for (let step = 0; step < size; step++) {
          const region = regions[(to - 1) * lineStride + step * stepStride];
          regionsWithOverlap[overlap[region]]--;
          const count = ++overlap[region];
          regionsWithOverlap[count]++;
          if (count > mostOverlap) mostOverlap = count;
        }
        // The chosen regions are the k with the most cells in the band (ties: lower id
        // first), read off the counts from the largest down, with no sort: all those with
        // more than `threshold` cells and the first `atThreshold` (by id) with exactly that.
        let shared = 0;
        let taken = 0;
        let threshold = mostOverlap;
        let atThreshold: number;
        for (; ; threshold--) {
          atThreshold = Math.min(regionsWithOverlap[threshold], k - taken);
          shared += atThreshold * threshold;
          taken += atThreshold;
          if (taken === k) break;
        }
        // Each side has kN - (the band's cells in the chosen regions) cells.
        const sideSize = k * size - shared;
        if (sideSize === 0 || sideSize > maxSide) continue;
        for (let region = 0; region < size; region++) {
          const count = overlap[region];
          const chosen = count > threshold || (count === threshold && atThreshold-- > 0);
          isChosen[region] = chosen ? 1 : 0;
        }
        // The band's cells outside the chosen regions, in reading order.
        const inBand: number[] = [];
        const rowsFrom = byRows ? from : 0;
        const rowsTo = byRows ? to : size;
        const columnsFrom = byRows ? 0 : from;
        const columnsTo = byRows ? size : to;
        for (let row = rowsFrom; row < rowsTo; row++) {
          for (let column = columnsFrom; column < columnsTo; column++) {
            const cell = row * size + column;
            if (isChosen[regions[cell]] === 0) inBand.push(cell);
          }
        }
        // The chosen regions' cells outside the band, from the region lists, in reading order.
        const outOfBand: number[] = [];
        const chosen: number[] = [];
        for (let region = 0; region < size; region++) {
          if (isChosen[region] === 0) continue;
          chosen.push(region);
          for (let at = regionStart[region]; at < regionStart[region + 1]; at++) {
            const cell = regionCells[at];
            if (lineOf[cell] < from || lineOf[cell] >= to) outOfBand.push(cell);
          }
        }
        outOfBand.sort((a, b) => a - b);
        // The complement band gives the same two sets the other way round.
        const key = (hashCells(inBand) ^ hashCells(outOfBand)) >>> 0;
        const same = seen.get(key);
        if (same?.some((pair) => samePair(pair, inBand, outOfBand))) continue;
        const pair: SameDigits = {
          inBand,
          outOfBand,
          band: { lines, from, to },
          regions: chosen,
        };
        if (same) same.push(pair);
        else seen.set(key, [pair]);
        sameDigits.push(pair);
      }
    }
  }
  return { size, sameDigits };
}

/** A hash of a list of cells. */
function hashCells(cells: number[]): number {
  let hash = 0x811c9dc5;
  for (const cell of cells) hash = Math.imul(hash ^ cell, 0x01000193);
  return hash;
}

const sameList = (first: number[], second: number[]): boolean =>
  first.length === second.length && first.every((cell, index) => cell === second[index]);

/** Whether a pair has these two sides, in either order. */
function samePair(pair: SameDigits, first: number[], second: number[]): boolean {
  return (
    (sameList(pair.inBand, first) && sameList(pair.outOfBand, second)) ||
    (sameList(pair.inBand, second) && sameList(pair.outOfBand, first))
  );
}
