/**
 * Variant constraints: the rules a setter adds to a jigsaw beside its rows, columns and
 * regions (killer cages, thermometers, arrows, dots, lines, global rules). This module is
 * their one definition: the typed data (what a puzzle file and the store hold), the check of
 * each one's shape against a size (`constraintProblems`: cells inside the grid, a line's
 * cells adjacent, a cage's sum possible…), and the rule itself on a filled grid
 * (`brokenConstraint`: plain loops over the cells, written to be obviously right). The
 * solver (variantSolver.ts) prunes with compiled forms of the same rules, and property
 * tests hold it to this module's reading of them.
 *
 * Conventions, as f-puzzles and the Interactive Sudoku Solver (ISS) read them; where a rule
 * needs a choice on a size other than 9, it is written in docs/variants.md:
 * - cells are indices `row * size + col`, as everywhere in the engine;
 * - a line (thermometer, whisper, renban, palindrome, an arrow's shaft) lists its cells in
 *   order, each a king's move from the one before, no cell twice;
 * - a thermometer runs from its bulb, strictly increasing (a slow one: never decreasing);
 * - an arrow's circle is one cell or a pill of 2 or 3 adjacent cells, read as a number in
 *   base 10 in the order given (r1c1 = 1, r1c2 = 5 is 15); its shaft's digits (which may
 *   repeat) sum to that number;
 * - German whispers: neighbours on the line differ by at least `difference`, by default
 *   ceil(N / 2) (5 on 9x9, as the puzzle is set there);
 * - little killer: the digits on the listed diagonal cells (which may repeat) sum to `sum`;
 * - sandwich: in the given row or column, the digits strictly between the 1 and the N sum
 *   to `sum` (0 when they are side by side);
 * - kropki white: the two digits are consecutive; black: one is twice the other (1 and 2
 *   are both, and satisfy either dot); XV: the two digits sum to 10 (X) or 5 (V); with
 *   `allDotsGiven` / `allXvGiven`, every pair of orthogonal neighbours with no dot (no X
 *   or V) is neither consecutive nor in ratio 2 (does not sum to 10 or 5).
 */
import { colOf, rowOf } from '../board.ts';

export type Constraint =
  /** Cells all different; with a sum, their digits add up to it. */
  | { kind: 'cage'; cells: number[]; sum?: number }
  /** Another house the setter draws (windoku, hyper): its cells all different. */
  | { kind: 'extraRegion'; cells: number[] }
  /** A main diagonal all different: 'down' from r1c1, 'up' from the bottom-left corner. */
  | { kind: 'diagonal'; direction: 'down' | 'up' }
  /** No two cells a chess knight's move apart hold the same digit. */
  | { kind: 'antiKnight' }
  /** No two cells a king's move apart (diagonal neighbours included) hold the same digit. */
  | { kind: 'antiKing' }
  /** No two orthogonal neighbours hold consecutive digits. */
  | { kind: 'nonConsecutive' }
  | { kind: 'even'; cell: number }
  | { kind: 'odd'; cell: number }
  | { kind: 'thermometer'; cells: number[]; slow?: boolean }
  | { kind: 'arrow'; circle: number[]; shaft: number[] }
  | { kind: 'kropki'; cells: [number, number]; colour: 'white' | 'black' }
  | { kind: 'xv'; cells: [number, number]; sum: 5 | 10 }
  /** The first cell's digit is greater than the second's. */
  | { kind: 'greaterThan'; cells: [number, number] }
  | { kind: 'littleKiller'; cells: number[]; sum: number }
  | { kind: 'whisper'; cells: number[]; difference?: number }
  /** The line's digits are all different and form a run of consecutive numbers. */
  | { kind: 'renban'; cells: number[] }
  /** The line reads the same from either end. */
  | { kind: 'palindrome'; cells: number[] }
  | { kind: 'sandwich'; line: 'row' | 'column'; index: number; sum: number }
  /** Every orthogonal pair with no kropki dot is neither consecutive nor in ratio 2. */
  | { kind: 'allDotsGiven' }
  /** Every orthogonal pair with no X or V sums to neither 10 nor 5. */
  | { kind: 'allXvGiven' };

export type ConstraintKind = Constraint['kind'];

/** What a constraint is called in messages ("the thermometer from r2c2"). */
export const CONSTRAINT_NAMES: Record<ConstraintKind, string> = {
  cage: 'killer cage',
  extraRegion: 'extra region',
  diagonal: 'diagonal',
  antiKnight: 'anti-knight',
  antiKing: 'anti-king',
  nonConsecutive: 'non-consecutive',
  even: 'even cell',
  odd: 'odd cell',
  thermometer: 'thermometer',
  arrow: 'arrow',
  kropki: 'kropki dot',
  xv: 'XV sign',
  greaterThan: 'greater-than sign',
  littleKiller: 'little killer',
  whisper: 'German whispers line',
  renban: 'renban line',
  palindrome: 'palindrome line',
  sandwich: 'sandwich sum',
  allDotsGiven: 'all kropki dots given',
  allXvGiven: 'all XV signs given',
};

/** Cell names as the app writes them, r1c1 at the top left. */
const name = (cell: number, size: number): string =>
  `r${rowOf(cell, size) + 1}c${colOf(cell, size) + 1}`;

/** The default difference of German whispers on a size (5 on 9x9). */
export const whisperDifference = (size: number): number => Math.ceil(size / 2);

/** Whether two cells touch, orthogonally or diagonally. */
export function kingNeighbours(a: number, b: number, size: number): boolean {
  const dr = Math.abs(rowOf(a, size) - rowOf(b, size));
  const dc = Math.abs(colOf(a, size) - colOf(b, size));
  return a !== b && dr <= 1 && dc <= 1;
}

/** Whether two cells share a side. */
export function orthogonalNeighbours(a: number, b: number, size: number): boolean {
  const dr = Math.abs(rowOf(a, size) - rowOf(b, size));
  const dc = Math.abs(colOf(a, size) - colOf(b, size));
  return dr + dc === 1;
}

/** Whether two cells are a chess knight's move apart. */
export function knightApart(a: number, b: number, size: number): boolean {
  const dr = Math.abs(rowOf(a, size) - rowOf(b, size));
  const dc = Math.abs(colOf(a, size) - colOf(b, size));
  return (dr === 1 && dc === 2) || (dr === 2 && dc === 1);
}

/** The cells of a main diagonal, from its top end. */
export function diagonalCells(direction: 'down' | 'up', size: number): number[] {
  return Array.from({ length: size }, (_, row) =>
    direction === 'down' ? row * size + row : row * size + (size - 1 - row),
  );
}

/** The cells of a row or a column, in order. */
export function lineCells(line: 'row' | 'column', index: number, size: number): number[] {
  return Array.from({ length: size }, (_, k) =>
    line === 'row' ? index * size + k : k * size + index,
  );
}

/** The cells a constraint is about, for marking it; a global rule has none. */
export function constraintCells(constraint: Constraint, size: number): number[] {
  switch (constraint.kind) {
    case 'even':
    case 'odd':
      return [constraint.cell];
    case 'arrow':
      return [...constraint.circle, ...constraint.shaft];
    case 'diagonal':
      return diagonalCells(constraint.direction, size);
    case 'sandwich':
      return lineCells(constraint.line, constraint.index, size);
    case 'antiKnight':
    case 'antiKing':
    case 'nonConsecutive':
    case 'allDotsGiven':
    case 'allXvGiven':
      return [];
    default:
      return constraint.cells;
  }
}

/** "the thermometer from r2c2": a constraint named for a message. */
export function describeConstraint(constraint: Constraint, size: number): string {
  const what = CONSTRAINT_NAMES[constraint.kind];
  const cells = constraintCells(constraint, size);
  switch (constraint.kind) {
    case 'cage':
      return `the killer cage at ${name(cells[0] ?? 0, size)}${constraint.sum === undefined ? '' : ` (${constraint.sum})`}`;
    case 'littleKiller':
      return `the little killer ${constraint.sum} along ${name(cells[0] ?? 0, size)}`;
    case 'sandwich':
      return `the sandwich sum ${constraint.sum} of ${constraint.line} ${constraint.index + 1}`;
    case 'diagonal':
      return constraint.direction === 'down'
        ? 'the diagonal from r1c1'
        : `the diagonal from r${size}c1`;
    case 'kropki':
    case 'xv':
    case 'greaterThan':
      return `the ${what} between ${name(cells[0], size)} and ${name(cells[1], size)}`;
    case 'antiKnight':
    case 'antiKing':
    case 'nonConsecutive':
    case 'allDotsGiven':
    case 'allXvGiven':
      return `the ${what} rule`;
    default:
      return `the ${what} from ${name(cells[0] ?? 0, size)}`;
  }
}

/** The largest number a pill of `length` cells can show on a size (99 for two 9s). */
const largestPill = (length: number, size: number): number =>
  Array.from({ length }, (_, k) => Math.min(size, 9) * 10 ** k).reduce((a, b) => a + b, 0);

/**
 * What is wrong with a constraint's shape on a board of `size`, in words (none: []). The
 * solver refuses a puzzle with problems, so every message names the constraint and what to
 * change.
 */
export function constraintProblems(constraint: Constraint, size: number): string[] {
  const problems: string[] = [];
  const cellCount = size * size;
  const what = describeConstraint(constraint, size);
  const cells = constraintCells(constraint, size);
  for (const cell of cells) {
    if (!Number.isInteger(cell) || cell < 0 || cell >= cellCount) {
      problems.push(
        `${CONSTRAINT_NAMES[constraint.kind]}: cell ${cell} is not on a ${size}x${size} grid`,
      );
      return problems;
    }
  }
  if (new Set(cells).size !== cells.length && constraint.kind !== 'diagonal') {
    problems.push(`${what}: a cell is listed twice`);
  }
  const needsLength = (least: number): void => {
    if (cells.length < least) problems.push(`${what}: it needs at least ${least} cells`);
  };
  const connectedLine = (line: readonly number[]): void => {
    for (let k = 1; k < line.length; k++) {
      if (!kingNeighbours(line[k - 1], line[k], size)) {
        problems.push(
          `${what}: ${name(line[k - 1], size)} and ${name(line[k], size)} do not touch`,
        );
        return;
      }
    }
  };
  const pairTouches = (pair: readonly number[]): void => {
    if (!orthogonalNeighbours(pair[0], pair[1], size)) {
      problems.push(`${what}: the two cells must share a side`);
    }
  };
  switch (constraint.kind) {
    case 'cage': {
      needsLength(1);
      if (cells.length > size) problems.push(`${what}: ${cells.length} cells cannot all differ`);
      if (constraint.sum !== undefined) {
        const k = cells.length;
        const least = (k * (k + 1)) / 2;
        const most = (k * (2 * size - k + 1)) / 2;
        if (!Number.isInteger(constraint.sum) || constraint.sum < least || constraint.sum > most) {
          problems.push(
            `${what}: ${k} different digits sum to ${least}–${most}, not ${constraint.sum}`,
          );
        }
      }
      break;
    }
    case 'extraRegion':
      needsLength(2);
      if (cells.length > size) problems.push(`${what}: ${cells.length} cells cannot all differ`);
      break;
    case 'thermometer':
    case 'whisper':
    case 'palindrome':
      needsLength(2);
      connectedLine(cells);
      if (constraint.kind === 'whisper' && constraint.difference !== undefined) {
        const d = constraint.difference;
        if (!Number.isInteger(d) || d < 1 || d >= size) {
          problems.push(`${what}: a difference of ${d} is not 1 to ${size - 1}`);
        }
      }
      break;
    case 'renban':
      needsLength(2);
      connectedLine(cells);
      if (cells.length > size) problems.push(`${what}: ${cells.length} cells cannot all differ`);
      break;
    case 'arrow':
      if (constraint.circle.length < 1 || constraint.circle.length > 3) {
        problems.push(`${what}: its circle is 1 to 3 cells`);
      }
      if (constraint.shaft.length < 1) problems.push(`${what}: it needs a shaft`);
      connectedLine(constraint.circle);
      if (
        constraint.shaft.length > 0 &&
        constraint.circle.length > 0 &&
        !constraint.circle.some((cell) => kingNeighbours(cell, constraint.shaft[0], size))
      ) {
        problems.push(`${what}: its shaft must start next to its circle`);
      }
      connectedLine(constraint.shaft);
      if (constraint.circle.length > 0 && constraint.shaft.length > 0) {
        const most = largestPill(constraint.circle.length, size);
        if (constraint.shaft.length > most) {
          problems.push(
            `${what}: ${constraint.shaft.length} cells always sum to more than ${most}`,
          );
        }
      }
      break;
    case 'kropki':
    case 'xv':
      pairTouches(cells);
      break;
    case 'greaterThan':
      pairTouches(cells);
      break;
    case 'littleKiller': {
      needsLength(1);
      for (let k = 1; k < cells.length; k++) {
        const dr = rowOf(cells[k], size) - rowOf(cells[k - 1], size);
        const dc = colOf(cells[k], size) - colOf(cells[k - 1], size);
        const firstDr = rowOf(cells[1], size) - rowOf(cells[0], size);
        const firstDc = colOf(cells[1], size) - colOf(cells[0], size);
        if (Math.abs(dr) !== 1 || Math.abs(dc) !== 1 || dr !== firstDr || dc !== firstDc) {
          problems.push(`${what}: its cells must run along one diagonal`);
          break;
        }
      }
      if (
        !Number.isInteger(constraint.sum) ||
        constraint.sum < cells.length ||
        constraint.sum > cells.length * size
      ) {
        problems.push(`${what}: ${cells.length} digits cannot sum to ${constraint.sum}`);
      }
      break;
    }
    case 'sandwich': {
      const most = (size * (size + 1)) / 2 - 1 - size;
      if (!Number.isInteger(constraint.index) || constraint.index < 0 || constraint.index >= size) {
        problems.push(`sandwich sum: there is no ${constraint.line} ${constraint.index + 1}`);
      } else if (!Number.isInteger(constraint.sum) || constraint.sum < 0 || constraint.sum > most) {
        problems.push(`${what}: the digits between 1 and ${size} sum to 0–${most}`);
      }
      break;
    }
    case 'even':
    case 'odd':
    case 'diagonal':
    case 'antiKnight':
    case 'antiKing':
    case 'nonConsecutive':
    case 'allDotsGiven':
    case 'allXvGiven':
      break;
  }
  return problems;
}

/** The value a pill shows: its digits read in order as a number in base 10. */
export function pillValue(digits: readonly number[]): number {
  return digits.reduce((value, digit) => value * 10 + digit, 0);
}

const consecutive = (a: number, b: number): boolean => Math.abs(a - b) === 1;
const ratioTwo = (a: number, b: number): boolean => a === 2 * b || b === 2 * a;

/**
 * Whether a filled grid keeps one constraint, read straight from its definition above. The
 * reference that the solver is held to: no pruning, no shortcut, every cell looked at.
 * `all` is the whole list (the "all given" rules look at the other dots and signs).
 */
export function keeps(
  grid: ArrayLike<number>,
  size: number,
  constraint: Constraint,
  all: readonly Constraint[],
): boolean {
  const at = (cell: number): number => grid[cell];
  const allDifferent = (cells: readonly number[]): boolean =>
    new Set(cells.map(at)).size === cells.length;
  const sum = (cells: readonly number[]): number => cells.reduce((total, c) => total + at(c), 0);
  const everyPair = (test: (a: number, b: number) => boolean): boolean => {
    for (let a = 0; a < size * size; a++) {
      for (let b = a + 1; b < size * size; b++) if (!test(a, b)) return false;
    }
    return true;
  };
  switch (constraint.kind) {
    case 'cage':
      return (
        allDifferent(constraint.cells) &&
        (constraint.sum === undefined || sum(constraint.cells) === constraint.sum)
      );
    case 'extraRegion':
      return allDifferent(constraint.cells);
    case 'diagonal':
      return allDifferent(diagonalCells(constraint.direction, size));
    case 'antiKnight':
      return everyPair((a, b) => !knightApart(a, b, size) || at(a) !== at(b));
    case 'antiKing':
      return everyPair((a, b) => !kingNeighbours(a, b, size) || at(a) !== at(b));
    case 'nonConsecutive':
      return everyPair((a, b) => !orthogonalNeighbours(a, b, size) || !consecutive(at(a), at(b)));
    case 'even':
      return at(constraint.cell) % 2 === 0;
    case 'odd':
      return at(constraint.cell) % 2 === 1;
    case 'thermometer':
      return constraint.cells.every(
        (cell, k) =>
          k === 0 ||
          (constraint.slow
            ? at(cell) >= at(constraint.cells[k - 1])
            : at(cell) > at(constraint.cells[k - 1])),
      );
    case 'arrow':
      return sum(constraint.shaft) === pillValue(constraint.circle.map(at));
    case 'kropki': {
      const [a, b] = constraint.cells.map(at);
      return constraint.colour === 'white' ? consecutive(a, b) : ratioTwo(a, b);
    }
    case 'xv':
      return at(constraint.cells[0]) + at(constraint.cells[1]) === constraint.sum;
    case 'greaterThan':
      return at(constraint.cells[0]) > at(constraint.cells[1]);
    case 'littleKiller':
      return sum(constraint.cells) === constraint.sum;
    case 'whisper': {
      const difference = constraint.difference ?? whisperDifference(size);
      return constraint.cells.every(
        (cell, k) => k === 0 || Math.abs(at(cell) - at(constraint.cells[k - 1])) >= difference,
      );
    }
    case 'renban': {
      const digits = constraint.cells.map(at);
      return (
        allDifferent(constraint.cells) &&
        Math.max(...digits) - Math.min(...digits) === digits.length - 1
      );
    }
    case 'palindrome':
      return constraint.cells.every(
        (cell, k) => at(cell) === at(constraint.cells[constraint.cells.length - 1 - k]),
      );
    case 'sandwich': {
      const digits = lineCells(constraint.line, constraint.index, size).map(at);
      const one = digits.indexOf(1);
      const top = digits.indexOf(size);
      const [from, to] = one < top ? [one, top] : [top, one];
      return digits.slice(from + 1, to).reduce((a, b) => a + b, 0) === constraint.sum;
    }
    case 'allDotsGiven':
    case 'allXvGiven': {
      const kind = constraint.kind === 'allDotsGiven' ? 'kropki' : 'xv';
      const marked = new Set(
        all.flatMap((other) =>
          other.kind === kind ? [pairKey(other.cells[0], other.cells[1])] : [],
        ),
      );
      return everyPair(
        (a, b) =>
          !orthogonalNeighbours(a, b, size) ||
          marked.has(pairKey(a, b)) ||
          (kind === 'kropki'
            ? !consecutive(at(a), at(b)) && !ratioTwo(at(a), at(b))
            : at(a) + at(b) !== 10 && at(a) + at(b) !== 5),
      );
    }
  }
}

/** One key for a pair of cells, whichever comes first. */
export const pairKey = (a: number, b: number): number => Math.min(a, b) * 4096 + Math.max(a, b);

/** The first constraint a filled grid breaks, or null when it keeps them all. */
export function brokenConstraint(
  grid: ArrayLike<number>,
  size: number,
  constraints: readonly Constraint[],
): Constraint | null {
  return constraints.find((constraint) => !keeps(grid, size, constraint, constraints)) ?? null;
}
