/**
 * Colouring on one digit: simple colouring (colour wrap and colour trap) and
 * multi-colouring.
 *
 * A conjugate pair is the only two places of a digit in a unit: exactly one of them holds
 * it. Joining conjugate pairs gives clusters of places, and each cluster takes two colours,
 * A and B, alternating along its pairs: one colour holds the digit in every one of its
 * cells, the other in none. Then:
 *
 * - colour wrap: two cells of one colour see each other, so that colour cannot be the true
 *   one (it would put the digit twice in a unit): every cell of that colour loses the digit;
 * - colour trap: a cell outside the cluster sees a cell of each colour; whichever colour is
 *   true, it sees the digit: it loses it.
 *
 * Multi-colouring takes two clusters, A/B and C/D. When a cell of A sees a cell of C, A and
 * C are not both true, so B or D is: a cell that sees a B cell and a D cell loses the digit
 * (type 1). When the cells of A see cells of both C and D, one of which is true, A cannot
 * be true: every A cell loses the digit (type 2).
 *
 * "Sees" is any shared row, column or region, so the clusters run through jigsaw regions
 * as through boxes. The search is linear in the places of a digit for one cluster and
 * quadratic in clusters for two: a few thousand checks on 16x16.
 */
import { digitChar } from '../board.ts';
import { placesOf } from './intersections.ts';
import { sees, type LogicState } from './state.ts';
import { listCells, type Step } from './step.ts';

interface Cluster {
  /** The cells of colour A and of colour B, in reading order. */
  colours: [number[], number[]];
  /** The conjugate pairs joining them. */
  links: number;
}

/** The clusters of a digit's conjugate pairs (two cells or more, coloured consistently). */
function clustersOf(state: LogicState, digit: number): Cluster[] {
  const { units, size } = state.geometry;
  const cells = size * size;
  const links: number[][] = Array.from({ length: cells }, () => []);
  for (const unit of units) {
    const places = placesOf(state, unit, digit);
    if (places.length !== 2) continue;
    const [a, b] = places;
    if (!links[a].includes(b)) {
      links[a].push(b);
      links[b].push(a);
    }
  }
  const colour = new Int8Array(cells).fill(-1);
  const clusters: Cluster[] = [];
  for (let start = 0; start < cells; start++) {
    if (links[start].length === 0 || colour[start] !== -1) continue;
    const members: number[] = [start];
    colour[start] = 0;
    let consistent = true;
    let count = 0;
    for (let head = 0; head < members.length; head++) {
      const cell = members[head];
      for (const next of links[cell]) {
        if (next > cell) count++;
        if (colour[next] === -1) {
          colour[next] = 1 - colour[cell];
          members.push(next);
        } else if (colour[next] === colour[cell]) {
          consistent = false;
        }
      }
    }
    // An odd loop of conjugate pairs is a contradiction, which contradictionOf reports.
    if (!consistent) continue;
    const sorted = members.sort((p, q) => p - q);
    clusters.push({
      colours: [sorted.filter((cell) => colour[cell] === 0), sorted.filter((c) => colour[c] === 1)],
      links: count,
    });
  }
  return clusters;
}

const COLOUR_NAMES = ['A', 'B', 'C', 'D'] as const;

/** "colour A (r1c1 and r5c5)". */
function colourWords(name: string, cells: readonly number[], size: number): string {
  return `colour ${name} (${listCells(cells, size)})`;
}

function colouringStep(
  technique: 'simple colouring' | 'multi-colouring',
  state: LogicState,
  digit: number,
  clusters: readonly Cluster[],
  removed: readonly number[],
  reason: string,
): Step {
  const { size } = state.geometry;
  const cells = clusters.flatMap((cluster) => cluster.colours.flat()).sort((p, q) => p - q);
  const d = digitChar(digit);
  const coloured = clusters
    .map((cluster, index) =>
      cluster.colours
        .map((colour, side) => colourWords(COLOUR_NAMES[2 * index + side], colour, size))
        .join(' and '),
    )
    .join('; ');
  const chains =
    clusters.length === 1
      ? `one of the two colours holds ${d} in all its cells, the other in none`
      : `in each chain one colour holds ${d} in all its cells, the other in none`;
  return {
    technique,
    cells,
    candidates: cells.map((cell) => ({ cell, digit })),
    placements: [],
    eliminations: removed.map((cell) => ({ cell, digit })),
    explanation:
      `Colour the places of ${d} along the units where ${d} has only two places: ${coloured}; ` +
      `${chains}. ${reason}, so ${d} can be removed from ${listCells(removed, size)}`,
  };
}

/** Two cells of `cells` that see each other, or null. */
function seeingPair(state: LogicState, cells: readonly number[]): [number, number] | null {
  for (let i = 0; i < cells.length; i++) {
    for (let j = i + 1; j < cells.length; j++) {
      if (sees(state.geometry, cells[i], cells[j])) return [cells[i], cells[j]];
    }
  }
  return null;
}

/** The first cell of `cells` that `cell` sees, or -1. */
const seenBy = (state: LogicState, cell: number, cells: readonly number[]): number =>
  cells.find((other) => sees(state.geometry, cell, other)) ?? -1;

/** The places of `digit` outside `skip` (every candidate cell of the digit). */
function placesOutside(state: LogicState, digit: number, skip: readonly Cluster[]): number[] {
  const { candidates } = state;
  const inside = new Set(skip.flatMap((cluster) => cluster.colours.flat()));
  const places: number[] = [];
  for (let cell = 0; cell < candidates.length; cell++) {
    if (candidates[cell] & (1 << digit) && !inside.has(cell)) places.push(cell);
  }
  return places;
}

export function simpleColouring(state: LogicState): Step | null {
  const { size } = state.geometry;
  const name = (cell: number): string => listCells([cell], size);
  for (let digit = 1; digit <= size; digit++) {
    const d = digitChar(digit);
    for (const cluster of clustersOf(state, digit)) {
      if (cluster.links < 2) continue; // one pair says nothing a unit does not
      for (const side of [0, 1] as const) {
        const pair = seeingPair(state, cluster.colours[side]);
        if (pair === null) continue;
        return colouringStep(
          'simple colouring',
          state,
          digit,
          [cluster],
          cluster.colours[side],
          `${name(pair[0])} and ${name(pair[1])} both have colour ${COLOUR_NAMES[side]} and ` +
            `see each other, so colour ${COLOUR_NAMES[side]} cannot hold ${d} (colour wrap)`,
        );
      }
      const removed: number[] = [];
      let witness: [number, number, number] | null = null;
      for (const cell of placesOutside(state, digit, [cluster])) {
        const a = seenBy(state, cell, cluster.colours[0]);
        const b = seenBy(state, cell, cluster.colours[1]);
        if (a < 0 || b < 0) continue;
        removed.push(cell);
        witness ??= [cell, a, b];
      }
      if (witness === null) continue;
      const [cell, a, b] = witness;
      const others = removed.length > 1 ? ' (and so for the others)' : '';
      return colouringStep(
        'simple colouring',
        state,
        digit,
        [cluster],
        removed,
        `${name(cell)} sees ${name(a)} of colour A and ${name(b)} of colour B${others}, so it ` +
          `sees ${d} whichever colour holds it (colour trap)`,
      );
    }
  }
  return null;
}

export function multiColouring(state: LogicState): Step | null {
  const { size } = state.geometry;
  const name = (cell: number): string => listCells([cell], size);
  for (let digit = 1; digit <= size; digit++) {
    const d = digitChar(digit);
    const clusters = clustersOf(state, digit);
    for (let i = 0; i < clusters.length; i++) {
      for (let j = 0; j < clusters.length; j++) {
        if (i === j) continue;
        const first = clusters[i];
        const second = clusters[j];
        for (const side of [0, 1] as const) {
          const own = first.colours[side];
          const other = first.colours[1 - side];
          // Type 2: this colour sees both colours of the other cluster.
          const seesC = own.find((cell) => seenBy(state, cell, second.colours[0]) >= 0);
          const seesD = own.find((cell) => seenBy(state, cell, second.colours[1]) >= 0);
          if (seesC !== undefined && seesD !== undefined) {
            const [x, y] = [seesC, seesD];
            const cx = seenBy(state, x, second.colours[0]);
            const dy = seenBy(state, y, second.colours[1]);
            const mine = COLOUR_NAMES[side];
            return colouringStep(
              'multi-colouring',
              state,
              digit,
              [first, second],
              own,
              `${name(x)} of colour ${mine} sees ${name(cx)} of colour C and ${name(y)} of ` +
                `colour ${mine} sees ${name(dy)} of colour D; C or D holds ${d}, so colour ` +
                `${mine} cannot`,
            );
          }
          // Type 1: a cell of this colour sees a cell of one colour of the other cluster.
          if (i > j) continue; // the same pairs as (j, i)
          for (const otherSide of [0, 1] as const) {
            const x = own.find((cell) => seenBy(state, cell, second.colours[otherSide]) >= 0);
            if (x === undefined) continue;
            const y = seenBy(state, x, second.colours[otherSide]);
            const far = second.colours[1 - otherSide];
            const removed = placesOutside(state, digit, [first, second]).filter(
              (cell) => seenBy(state, cell, other) >= 0 && seenBy(state, cell, far) >= 0,
            );
            if (removed.length === 0) continue;
            const [mine, theirs] = [COLOUR_NAMES[side], COLOUR_NAMES[2 + otherSide]];
            const [otherName, farName] = [COLOUR_NAMES[1 - side], COLOUR_NAMES[3 - otherSide]];
            return colouringStep(
              'multi-colouring',
              state,
              digit,
              [first, second],
              removed,
              `${name(x)} of colour ${mine} sees ${name(y)} of colour ${theirs}, so ${mine} and ` +
                `${theirs} are not both ${d}, and colour ${otherName} or colour ${farName} is; ` +
                `${listCells(removed, size)} ${removed.length === 1 ? 'sees' : 'see'} a cell of each`,
            );
          }
        }
      }
    }
  }
  return null;
}
