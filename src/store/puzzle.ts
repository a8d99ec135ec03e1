/**
 * The editable puzzle as the store keeps it: plain arrays (they persist as JSON and compare by
 * reference), copied on every write. The layout is held as walls because a half-drawn layout
 * is not yet a region map, plus a region label per cell, so that a region keeps its identity
 * when painting leaves it in pieces ("region 3 is in 2 pieces") instead of silently turning
 * each piece into a region of its own.
 *
 * Invariant: two neighbouring cells with no wall between them have the same label, so every
 * area the walls enclose lies inside one region; a region may span several areas (its pieces).
 * Labels are numbered 0, 1, 2, … in reading order of each region's first cell.
 * Drawing walls moves the labels along (a wall that cuts an area in two makes a new region);
 * painting moves the walls along (walls follow the labels around the painted cells).
 */
import {
  APP_SIZES,
  hasBoxShape,
  standardRegions,
  oppositeSide,
  neighbourAcross,
  regionsFromWalls,
  wallsFromRegions,
  WALL_DOWN,
  WALL_LEFT,
  WALL_RIGHT,
  WALL_UP,
  constraintsFromPlain,
  type Constraint,
} from '../engine/index.ts';
import { EMPTY_INFO, MAX_INFO_LENGTH, type PuzzleInfo } from '../formats/link.ts';
import { constraintJson } from '../formats/constraintsJson.ts';

export interface Puzzle {
  size: number;
  /** Wall bits per cell (1 up, 2 right, 4 down, 8 left), kept equal on both sides of an edge. */
  walls: number[];
  /** Clue per cell, 0 = empty. */
  givens: number[];
  /** Region label per cell (0-based, numbered in reading order); see the invariant above. */
  regions: number[];
  /** Title, author and rules text; absent in saves from before they existed. */
  info?: PuzzleInfo;
  /**
   * Variant constraints (killer cages, thermometers, dots…), in the engine's plain form
   * (src/engine/variants/constraints.ts); absent in saves from before they existed, and
   * in the store always a list (empty for a classic jigsaw), so that replacing the puzzle
   * replaces them too.
   */
  constraints?: Constraint[];
  /**
   * The "My puzzles" entry this puzzle is kept under (librarySlice.ts). Carried with the
   * puzzle through undo history and autosave, so undoing past a load returns to the earlier
   * puzzle's entry too; absent in saves from before the library existed.
   */
  libraryId?: string;
}

/**
 * An interior edge between two cells: `cell * 2` for the edge right of `cell`,
 * `cell * 2 + 1` for the edge below it. Border edges are always walls and have no id.
 */
export type EdgeId = number & { readonly __brand: 'EdgeId' };

export const edgeId = (cell: number, side: typeof WALL_RIGHT | typeof WALL_DOWN): EdgeId =>
  (cell * 2 + (side === WALL_DOWN ? 1 : 0)) as EdgeId;

export function edgeCells(
  edge: EdgeId,
  size: number,
): { cell: number; side: number; other: number } {
  const cell = edge >> 1;
  const side = edge & 1 ? WALL_DOWN : WALL_RIGHT;
  return { cell, side, other: neighbourAcross(cell, side, size) };
}

export const isAppSize = (size: unknown): size is number =>
  typeof size === 'number' && (APP_SIZES as readonly number[]).includes(size);

const opposite = (side: number): number => (side === WALL_RIGHT ? WALL_LEFT : WALL_UP);

/** Walls on the border only: one region of N*N cells, the "empty grid to draw on". */
export function borderWalls(size: number): number[] {
  return Array.from(wallsFromRegions(size, new Uint8Array(size * size)));
}

/** The standard boxes of a size; throws a RangeError for a size without (hasBoxShape). */
export function standardPuzzle(size: number): Puzzle {
  return puzzleFromRegions(size, standardRegions(size), new Array<number>(size * size).fill(0));
}

/**
 * How a new puzzle of a size starts when nobody chose (the size picker): its standard
 * boxes, or a random jigsaw layout for a size without boxes (5, 7, 11, 13).
 */
export const defaultStart = (size: number): 'standard' | 'random' =>
  hasBoxShape(size) ? 'standard' : 'random';

export function emptyGridPuzzle(size: number): Puzzle {
  return {
    size,
    walls: borderWalls(size),
    givens: new Array<number>(size * size).fill(0),
    regions: new Array<number>(size * size).fill(0),
  };
}

export function puzzleFromRegions(
  size: number,
  regions: ArrayLike<number>,
  givens: ArrayLike<number>,
): Puzzle {
  const walls = Array.from(wallsFromRegions(size, regions));
  return { size, walls, givens: Array.from(givens), regions: renumber(regions) };
}

/** Labels renumbered 0, 1, 2, … in reading order of each label's first cell. */
export function renumber(labels: ArrayLike<number>): number[] {
  const ids = new Map<number, number>();
  return Array.from(labels, (label) => {
    let id = ids.get(label);
    if (id === undefined) {
      id = ids.size;
      ids.set(label, id);
    }
    return id;
  });
}

/**
 * Labels made to agree with the walls (every walled area takes the label of its first cell,
 * which only changes anything for damaged data) and renumbered in reading order.
 */
export function settleRegions(
  size: number,
  walls: ArrayLike<number>,
  labels: ArrayLike<number>,
): number[] {
  const next = Array.from(labels);
  for (const area of regionsFromWalls(size, walls).areas) {
    const label = next[area[0]];
    for (const cell of area) next[cell] = label;
  }
  return renumber(next);
}

/** The labels of the areas the walls enclose: each area a region of its own. */
export function regionsOfWalls(size: number, walls: ArrayLike<number>): number[] {
  return Array.from(regionsFromWalls(size, walls).areaOf);
}

/**
 * The labels after the walls changed from `before` to `after`. An area that a new wall cuts
 * in two becomes two regions (the part that comes later in reading order gets a new label);
 * areas that an erased wall joins become one region (the label of the first cell); regions
 * already in pieces stay one region in pieces.
 */
export function regionsAfterWalls(
  size: number,
  before: ArrayLike<number>,
  labels: readonly number[],
  after: ArrayLike<number>,
): number[] {
  const oldArea = regionsFromWalls(size, before).areaOf;
  const next = labels.slice();
  let fresh = labels.reduce((max, label) => Math.max(max, label), -1) + 1;
  const seen = new Set<string>();
  for (const area of regionsFromWalls(size, after).areas) {
    const first = area[0];
    let label = labels[first];
    const key = `${label}:${oldArea[first]}`;
    // A second new area out of the same old area with the same label: the wall split it.
    if (seen.has(key)) label = fresh++;
    seen.add(key);
    for (const cell of area) next[cell] = label;
  }
  return renumber(next);
}

/** The walls after an edit, with the region labels carried along (a closed cut makes a region). */
export const wallsEdit = (puzzle: Puzzle, walls: number[]): Pick<Puzzle, 'walls' | 'regions'> => ({
  walls,
  regions: regionsAfterWalls(puzzle.size, puzzle.walls, puzzle.regions, walls),
});

export function hasWall(walls: readonly number[], edge: EdgeId, size: number): boolean {
  const { cell, side } = edgeCells(edge, size);
  return (walls[cell] & side) !== 0;
}

/** The walls with one edge set or cleared on both of its sides (a copy; the input is kept). */
export function withWall(
  walls: readonly number[],
  edge: EdgeId,
  size: number,
  on: boolean,
): number[] {
  const { cell, side, other } = edgeCells(edge, size);
  const next = walls.slice();
  if (on) {
    next[cell] |= side;
    next[other] |= opposite(side);
  } else {
    next[cell] &= ~side;
    next[other] &= ~opposite(side);
  }
  return next;
}

/**
 * Cells move to region label `target` (a label past the last makes a new region): every edge
 * around a moved cell becomes a wall exactly when the two sides now have different labels.
 * Edges elsewhere are left as drawn, so a dangling wall somewhere else survives a paint stroke.
 * A region of N cells or fewer that loses cells may be left in pieces (it stays one region,
 * and the layout says so); an oversized region (more than N cells: the unshaped rest of an
 * empty grid) that is cut apart becomes one region per piece, as that is all it was.
 */
export function paintCells(
  puzzle: Puzzle,
  cells: readonly number[],
  target: number,
): { walls: number[]; regions: number[] } {
  const { size, walls } = puzzle;
  const labels = puzzle.regions.slice();
  for (const cell of cells) labels[cell] = target;
  const next = walls.slice();
  for (const cell of cells) {
    for (const side of [WALL_UP, WALL_RIGHT, WALL_DOWN, WALL_LEFT]) {
      const other = neighbourAcross(cell, side, size);
      if (other < 0) continue;
      const back = oppositeSide(side);
      if (labels[cell] !== labels[other]) {
        next[cell] |= side;
        next[other] |= back;
      } else {
        next[cell] &= ~side;
        next[other] &= ~back;
      }
    }
  }
  const counts = new Map<number, number>();
  for (const label of puzzle.regions) counts.set(label, (counts.get(label) ?? 0) + 1);
  const oversized = new Set(
    cells
      .map((cell) => puzzle.regions[cell])
      .filter((label) => label !== target && (counts.get(label) ?? 0) > size),
  );
  if (oversized.size > 0) {
    let fresh = Math.max(target, ...labels) + 1;
    const seen = new Set<number>();
    for (const area of regionsFromWalls(size, next).areas) {
      const label = labels[area[0]];
      if (!oversized.has(label)) continue;
      if (!seen.has(label)) {
        seen.add(label);
        continue;
      }
      const piece = fresh++;
      for (const cell of area) labels[cell] = piece;
    }
  }
  return { walls: next, regions: settleRegions(size, next, labels) };
}

/**
 * Keys made, by the clue array: the app asks for the key of the puzzle on screen after every
 * store update (whether there is unsaved work), and a 16x16 key joins 512 numbers. Arrays are
 * never changed in place (any edit makes new ones: see samePuzzle), so the same arrays have
 * the same key.
 */
const keysMade = new WeakMap<
  readonly number[],
  { size: number; walls: readonly number[]; constraints: readonly Constraint[]; key: string }
>();

/** A stable text key for a puzzle: solve results are stamped with it. */
export function puzzleKey(puzzle: Puzzle): string {
  const { size, walls, givens } = puzzle;
  const constraints = constraintsOf(puzzle);
  const made = keysMade.get(givens);
  if (
    made !== undefined &&
    made.size === size &&
    made.walls === walls &&
    made.constraints === constraints
  ) {
    return made.key;
  }
  // A classic puzzle keeps the key it always had (saved baselines and stamps stay valid).
  // Constraints are keyed as the JSON format writes them: one form per constraint, so the
  // same cage built by an import (fields in another order, slow: false) has the same key.
  const variants =
    constraints.length === 0
      ? ''
      : `|${JSON.stringify(constraints.map((constraint) => constraintJson(constraint, size)))}`;
  const key = `${size}|${walls.join(',')}|${givens.join(',')}${variants}`;
  keysMade.set(givens, { size, walls, constraints, key });
  return key;
}

const NO_CONSTRAINTS: Constraint[] = [];

/** The puzzle's constraints: none for a save from before they existed. */
export const constraintsOf = (puzzle: Puzzle): Constraint[] => puzzle.constraints ?? NO_CONSTRAINTS;

/** Whether an unknown value is a well-formed title, author and rules text. */
export function isPuzzleInfo(value: unknown): value is PuzzleInfo {
  if (typeof value !== 'object' || value === null) return false;
  const fields = value as Record<string, unknown>;
  return (['title', 'author', 'rules'] as const).every(
    (key) => typeof fields[key] === 'string' && (fields[key] as string).length <= MAX_INFO_LENGTH,
  );
}

/** Whether an unknown value is a well-formed puzzle (used on anything read from storage). */
export function isPuzzle(value: unknown): value is Puzzle {
  if (typeof value !== 'object' || value === null) return false;
  const { size, walls, givens, regions, info } = value as Record<string, unknown>;
  if (!isAppSize(size)) return false;
  if (info !== undefined && !isPuzzleInfo(info)) return false;
  const { libraryId } = value as { libraryId?: unknown };
  if (libraryId !== undefined && (typeof libraryId !== 'string' || libraryId === '')) return false;
  const cells = size * size;
  const ints = (array: unknown, max: number): boolean =>
    Array.isArray(array) &&
    array.length === cells &&
    array.every((v) => Number.isInteger(v) && v >= 0 && v <= max);
  if (!(ints(walls, 15) && ints(givens, size) && ints(regions, cells - 1))) return false;
  const { constraints } = value as { constraints?: unknown };
  return constraints === undefined || typeof constraintsFromPlain(constraints, size) !== 'string';
}

/** Whether two puzzles are the same arrays (any edit makes new ones, so this means "unchanged"). */
export const samePuzzle = (a: Puzzle, b: Puzzle): boolean =>
  a.size === b.size &&
  a.walls === b.walls &&
  a.givens === b.givens &&
  a.regions === b.regions &&
  constraintsOf(a) === constraintsOf(b);

/** The grid and the text: what an undo step is about (a change of text does not stop a solve). */
export const samePuzzleAndInfo = (a: Puzzle, b: Puzzle): boolean =>
  samePuzzle(a, b) && a.info === b.info;

/** The puzzle part of a larger state (what undo history and autosave keep). */
export const puzzleOf = (state: Puzzle): Puzzle => ({
  size: state.size,
  walls: state.walls,
  givens: state.givens,
  regions: state.regions,
  info: state.info ?? EMPTY_INFO,
  constraints: constraintsOf(state),
  ...(state.libraryId !== undefined && { libraryId: state.libraryId }),
});

/** What a paint stroke did: cells joined the start region, or were carved out as a new one. */
export type PaintEffect = 'joined' | 'carved' | null;

/**
 * A paint stroke from `origin` over `cells`. Cells outside the origin's region join it, however
 * big that region is for the moment (reshaping boxes into a jigsaw always passes through
 * oversized regions). Carving is only for the unpainted rest of an empty grid: when every
 * cell is already in the origin's region, that region has more than N cells and the grid has
 * fewer than N regions, the stroke becomes a new region, as long as something is left of the
 * old one. `edit` is null when the stroke changes nothing.
 */
export function paintStroke(
  puzzle: Puzzle,
  origin: number,
  cells: readonly number[],
): { effect: PaintEffect; edit: { walls: number[]; regions: number[] } | null } {
  const { size, regions } = puzzle;
  const stroke = [...new Set([origin, ...cells])];
  const target = regions[origin];
  const joining = stroke.filter((cell) => regions[cell] !== target);
  if (joining.length > 0) {
    return { effect: 'joined', edit: paintCells(puzzle, joining, target) };
  }
  const regionSize = regions.filter((label) => label === target).length;
  const regionCount = regions.reduce((max, label) => Math.max(max, label), -1) + 1;
  const unpainted = regionSize > size && regionCount < size;
  if (stroke.length < 2 || !unpainted || stroke.length === regionSize) {
    return { effect: null, edit: null };
  }
  const fresh = regions.reduce((max, label) => Math.max(max, label), 0) + 1;
  return { effect: 'carved', edit: paintCells(puzzle, stroke, fresh) };
}
