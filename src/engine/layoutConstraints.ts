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
 * Pure and cached: the constraints of the last layout seen are kept and returned again
 * while the layout stays the same (engines ask per search).
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

let lastRegions: Uint8Array | null = null;
let lastConstraints: LayoutConstraints | null = null;

/** The law-of-leftovers pairs of a layout (see the file header), cached for the last layout. */
export function layoutConstraintsOf(size: number, regions: Uint8Array): LayoutConstraints {
  if (lastRegions && lastConstraints?.size === size && sameCells(lastRegions, regions)) {
    return lastConstraints;
  }
  const constraints = deriveConstraints(size, regions);
  lastRegions = Uint8Array.from(regions);
  lastConstraints = constraints;
  return constraints;
}

function deriveConstraints(size: number, regions: Uint8Array): LayoutConstraints {
  const sameDigits: SameDigits[] = [];
  const seen = new Set<string>();
  const overlap = new Int32Array(size);
  for (const lines of ['rows', 'columns'] as const) {
    for (let from = 0; from < size; from++) {
      for (let to = from + 1; to <= size - (from === 0 ? 1 : 0); to++) {
        const k = to - from;
        const inBandCell = (cell: number): boolean => {
          const line = lines === 'rows' ? Math.floor(cell / size) : cell % size;
          return line >= from && line < to;
        };
        overlap.fill(0);
        for (let cell = 0; cell < size * size; cell++) {
          if (inBandCell(cell)) overlap[regions[cell]]++;
        }
        const chosen = Array.from({ length: size }, (_, region) => region)
          .sort((a, b) => overlap[b] - overlap[a] || a - b)
          .slice(0, k);
        const isChosen = new Uint8Array(size);
        for (const region of chosen) isChosen[region] = 1;
        const inBand: number[] = [];
        const outOfBand: number[] = [];
        for (let cell = 0; cell < size * size; cell++) {
          const inside = inBandCell(cell);
          const ofChosen = isChosen[regions[cell]] === 1;
          if (inside && !ofChosen) inBand.push(cell);
          else if (!inside && ofChosen) outOfBand.push(cell);
        }
        if (inBand.length === 0 || inBand.length >= 2 * size) continue;
        // The complement band gives the same two sets the other way round.
        const key = [inBand, outOfBand]
          .map((cells) => cells.join(','))
          .sort()
          .join('|');
        if (seen.has(key)) continue;
        seen.add(key);
        sameDigits.push({
          inBand,
          outOfBand,
          band: { lines, from, to },
          regions: chosen.sort((a, b) => a - b),
        });
      }
    }
  }
  return { size, sameDigits };
}
