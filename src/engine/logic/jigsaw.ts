/**
 * The law of leftovers: what only irregular regions give.
 *
 * Take a band of k consecutive rows (or columns) and k regions, chosen as those with the
 * most cells inside the band. The band holds every digit k times and so do the k regions;
 * both contain their common cells, so what is left of each holds the same digits: the
 * innies (cells of the band outside the chosen regions) and the outies (cells of the
 * chosen regions outside the band) are equal as multisets. Standard boxes tile every band
 * of whole box rows, so there the law says nothing; on a jigsaw it is the first tool.
 *
 * From "equal as multisets", per digit d: the innies hold d exactly as often as the outies.
 * Counting the outies that hold d (placed) or may hold it (candidates) gives the most d can
 * occur among them; if the innies already hold d that often, no other innie can be d. And
 * if the outies already hold d as often as the innies could at most, every innie that may
 * be d is d. Both directions are applied, innies to outies and back. Only the bands of at
 * most N/2 lines are tried: a band and its complement give the same innies and outies,
 * swapped.
 */
import { cellName, digitChar } from '../board.ts';
import type { CellDigit, LogicState } from './state.ts';
import { listCells, listWords, type Step } from './step.ts';

interface Side {
  name: 'innies' | 'outies';
  cells: number[];
}

/** The innies and outies of the band of `count` lines from `first` (rows, or columns). */
function leftovers(
  state: LogicState,
  byRows: boolean,
  first: number,
  count: number,
): { innies: number[]; outies: number[]; regions: number[] } {
  const { size, regions } = state.geometry;
  const inBand = (cell: number): boolean => {
    const line = byRows ? (cell / size) | 0 : cell % size;
    return line >= first && line < first + count;
  };
  const overlap = new Int32Array(size);
  for (let cell = 0; cell < size * size; cell++) if (inBand(cell)) overlap[regions[cell]]++;
  const chosen = Array.from({ length: size }, (_, region) => region)
    .sort((a, b) => overlap[b] - overlap[a] || a - b)
    .slice(0, count);
  const isChosen = new Uint8Array(size);
  for (const region of chosen) isChosen[region] = 1;
  const innies: number[] = [];
  const outies: number[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    const band = inBand(cell);
    const region = isChosen[regions[cell]] === 1;
    if (band && !region) innies.push(cell);
    else if (!band && region) outies.push(cell);
  }
  return { innies, outies, regions: chosen.sort((a, b) => a - b) };
}

/** Per digit, how often a side holds it (placed) and at most could (placed + candidates). */
function digitCounts(state: LogicState, cells: readonly number[], digit: number) {
  let placed = 0;
  const open: number[] = [];
  for (const cell of cells) {
    if (state.grid[cell] === digit) placed++;
    else if (state.grid[cell] === 0 && state.candidates[cell] & (1 << digit)) open.push(cell);
  }
  return { placed, open, most: placed + open.length };
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const times = (count: number): string =>
  count === 0 ? 'never' : count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;

/** One band's deductions, or null when it gives none. */
function bandStep(state: LogicState, byRows: boolean, first: number, count: number): Step | null {
  const { size } = state.geometry;
  const { innies, outies, regions } = leftovers(state, byRows, first, count);
  if (innies.length === 0) return null;
  const lines = byRows ? 'rows' : 'columns';
  const band =
    count === 1 ? `${lines.slice(0, -1)} ${first + 1}` : `${lines} ${first + 1}-${first + count}`;
  const intro =
    `Law of leftovers on ${band}: with region${regions.length === 1 ? '' : 's'} ` +
    `${listWords(regions.map((region) => String(region + 1)))}, the innies ` +
    `${listCells(innies, size)} hold the same digits as the outies ${listCells(outies, size)}`;
  const sides: [Side, Side][] = [
    [
      { name: 'innies', cells: innies },
      { name: 'outies', cells: outies },
    ],
    [
      { name: 'outies', cells: outies },
      { name: 'innies', cells: innies },
    ],
  ];
  // Placements first: they are the stronger conclusion, and a step holds one kind.
  for (let digit = 1; digit <= size; digit++) {
    for (const [target, other] of sides) {
      const here = digitCounts(state, target.cells, digit);
      const there = digitCounts(state, other.cells, digit);
      if (here.open.length === 0 || there.placed !== here.most) continue;
      const d = digitChar(digit);
      const placements = here.open.map((cell) => ({ cell, digit }));
      return {
        technique: 'law of leftovers',
        cells: [...innies, ...outies],
        candidates: placements,
        placements,
        eliminations: [],
        explanation:
          `${intro}. The ${other.name} hold ${d} ${times(there.placed)}, and only ` +
          `${listCells(here.open, size)} among the ${target.name} can still be ${d}, so ` +
          `${here.open.length === 1 ? `${cellName(here.open[0], size)} is` : 'each is'} ${d}`,
      };
    }
  }
  const eliminations: CellDigit[] = [];
  const reasons: string[] = [];
  for (let digit = 1; digit <= size; digit++) {
    for (const [target, other] of sides) {
      const here = digitCounts(state, target.cells, digit);
      const there = digitCounts(state, other.cells, digit);
      if (here.open.length === 0 || here.placed !== there.most) continue;
      for (const cell of here.open) eliminations.push({ cell, digit });
      const d = digitChar(digit);
      const limit =
        there.most === 0
          ? `no cell of the ${other.name} can be ${d}`
          : `the ${other.name} hold ${d} at most ${times(there.most)} and the ${target.name} ` +
            `already do`;
      reasons.push(`${limit}, so ${d} can be removed from ${listCells(here.open, size)}`);
    }
  }
  if (eliminations.length === 0) return null;
  return {
    technique: 'law of leftovers',
    cells: [...innies, ...outies],
    candidates: [],
    placements: [],
    eliminations,
    explanation: `${intro}. ${capitalise(reasons.join('; '))}`,
  };
}

/** The first band of rows, then of columns, whose leftovers give a placement or elimination. */
export function lawOfLeftovers(state: LogicState): Step | null {
  const { size } = state.geometry;
  for (let count = 1; count <= size / 2; count++) {
    for (const byRows of [true, false]) {
      for (let first = 0; first + count <= size; first++) {
        const step = bandStep(state, byRows, first, count);
        if (step !== null) return step;
      }
    }
  }
  return null;
}
