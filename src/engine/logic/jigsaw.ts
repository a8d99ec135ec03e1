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
import type { CellDigit, Geometry, LogicState } from './state.ts';
import { listCells, listWords, type Step } from './step.ts';

interface Side {
  name: 'innies' | 'outies';
  cells: number[];
}

/** A band of lines with its innies and outies: they depend on the layout alone. */
interface Band {
  byRows: boolean;
  first: number;
  count: number;
  innies: number[];
  outies: number[];
  regions: number[];
}

/** The innies and outies of the band of `count` lines from `first` (rows, or columns). */
function leftovers(geometry: Geometry, byRows: boolean, first: number, count: number): Band {
  const { size, regions } = geometry;
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
  return { byRows, first, count, innies, outies, regions: chosen.sort((a, b) => a - b) };
}

/**
 * The bands lawOfLeftovers tries, in its order (bands of 1 line, rows then columns, then of
 * 2 lines, ...), those with innies only: built once per layout, since a setter's generator
 * asks the solver about one layout thousands of times.
 */
const bandsOfGeometry = new WeakMap<Geometry, Band[]>();

function bandsOf(geometry: Geometry): Band[] {
  let bands = bandsOfGeometry.get(geometry);
  if (bands !== undefined) return bands;
  bands = [];
  const { size } = geometry;
  for (let count = 1; count <= size / 2; count++) {
    for (const byRows of [true, false]) {
      for (let first = 0; first + count <= size; first++) {
        const band = leftovers(geometry, byRows, first, count);
        if (band.innies.length > 0) bands.push(band);
      }
    }
  }
  bandsOfGeometry.set(geometry, bands);
  return bands;
}

/**
 * Per digit, how often `cells` hold it (`placed[d]`) and may still hold it (`open[d]`, the
 * empty cells with d among their candidates): one pass over the cells for every digit.
 */
function countDigits(
  state: LogicState,
  cells: readonly number[],
  placed: Int32Array,
  open: Int32Array,
): void {
  const { grid, candidates } = state;
  placed.fill(0);
  open.fill(0);
  for (const cell of cells) {
    const digit = grid[cell];
    if (digit !== 0) {
      placed[digit]++;
      continue;
    }
    for (let rest = candidates[cell]; rest !== 0; rest &= rest - 1) {
      open[31 - Math.clz32(rest & -rest)]++;
    }
  }
}

/** The cells of `cells` that may still hold `digit`. */
function openCells(state: LogicState, cells: readonly number[], digit: number): number[] {
  const bit = 1 << digit;
  return cells.filter((cell) => state.grid[cell] === 0 && (state.candidates[cell] & bit) !== 0);
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const times = (count: number): string =>
  count === 0 ? 'never' : count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;

/** Scratch counts for bandStep, per side: placed and open per digit. */
let scratch = {
  size: 0,
  placed: [new Int32Array(0), new Int32Array(0)],
  open: [new Int32Array(0), new Int32Array(0)],
};

/** One band's deductions, or null when it gives none. */
function bandStep(state: LogicState, band: Band): Step | null {
  const { size } = state.geometry;
  const { byRows, first, count, innies, outies, regions } = band;
  if (scratch.size !== size) {
    const counts = () => [new Int32Array(size + 1), new Int32Array(size + 1)];
    scratch = { size, placed: counts(), open: counts() };
  }
  const { placed, open } = scratch;
  // Side 0 is the innies, side 1 the outies.
  countDigits(state, innies, placed[0], open[0]);
  countDigits(state, outies, placed[1], open[1]);
  // Cheap tests first: the words are made only for a band that gives something.
  const most = (side: number, digit: number): number => placed[side][digit] + open[side][digit];
  let placing: { target: number; digit: number } | null = null;
  let eliminating = false;
  for (let digit = 1; digit <= size && placing === null; digit++) {
    for (const target of [0, 1]) {
      const other = 1 - target;
      if (open[target][digit] === 0) continue;
      if (placed[other][digit] === most(target, digit)) {
        placing = { target, digit };
        break;
      }
      if (placed[target][digit] === most(other, digit)) eliminating = true;
    }
  }
  if (placing === null && !eliminating) return null;
  const lines = byRows ? 'rows' : 'columns';
  const bandName =
    count === 1 ? `${lines.slice(0, -1)} ${first + 1}` : `${lines} ${first + 1}-${first + count}`;
  const intro =
    `Law of leftovers on ${bandName}: with region${regions.length === 1 ? '' : 's'} ` +
    `${listWords(regions.map((region) => String(region + 1)))}, the innies ` +
    `${listCells(innies, size)} hold the same digits as the outies ${listCells(outies, size)}`;
  const sides: Side[] = [
    { name: 'innies', cells: innies },
    { name: 'outies', cells: outies },
  ];
  // Placements first: they are the stronger conclusion, and a step holds one kind.
  if (placing !== null) {
    const { target, digit } = placing;
    const here = openCells(state, sides[target].cells, digit);
    const thereName = sides[1 - target].name;
    const therePlaced = placed[1 - target][digit];
    const d = digitChar(digit);
    const placements = here.map((cell) => ({ cell, digit }));
    return {
      technique: 'law of leftovers',
      cells: [...innies, ...outies],
      candidates: placements,
      placements,
      eliminations: [],
      explanation:
        `${intro}. The ${thereName} hold ${d} ${times(therePlaced)}, and only ` +
        `${listCells(here, size)} among the ${sides[target].name} can still be ${d}, so ` +
        `${here.length === 1 ? `${cellName(here[0], size)} is` : 'each is'} ${d}`,
    };
  }
  const eliminations: CellDigit[] = [];
  const reasons: string[] = [];
  for (let digit = 1; digit <= size; digit++) {
    for (const target of [0, 1]) {
      const other = 1 - target;
      if (open[target][digit] === 0 || placed[target][digit] !== most(other, digit)) continue;
      const here = openCells(state, sides[target].cells, digit);
      for (const cell of here) eliminations.push({ cell, digit });
      const d = digitChar(digit);
      const thereMost = most(other, digit);
      const limit =
        thereMost === 0
          ? `no cell of the ${sides[other].name} can be ${d}`
          : `the ${sides[other].name} hold ${d} at most ${times(thereMost)} and the ` +
            `${sides[target].name} already do`;
      reasons.push(`${limit}, so ${d} can be removed from ${listCells(here, size)}`);
    }
  }
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
  for (const band of bandsOf(state.geometry)) {
    const step = bandStep(state, band);
    if (step !== null) return step;
  }
  return null;
}
