/**
 * The Interactive Sudoku Solver's constraint string (ISS, github.com/sigh/Interactive-
 * Sudoku-Solver, js/sudoku_parser.js and js/sudoku_constraint.js), both ways:
 *
 *   .Shape~6x6.NoBoxes.Jigsaw~000111…~R1C1_5~R2C2_2_4.Cage~17~R1C1~R1C2.Thermo~R1C1~R1C2
 *
 * A string is a list of constraints, each `.Type~arg~arg…` (whitespace anywhere is
 * ignored, as ISS ignores it); an empty type is a list of givens `R1C1_5`, where several
 * values are candidates (all the even digits: an even cell). Cells are `R<row>C<col>`,
 * each coordinate one base-17 character (1-9, then a-g for 10-16), as ISS writes them.
 * Regions are the standard boxes unless `NoBoxes` is set; a `Jigsaw` layout adds its
 * pieces, so a jigsaw that keeps its boxes (no NoBoxes) reads as the jigsaw with the boxes
 * as extra regions, which is what ISS solves.
 *
 * Every constraint kind of the engine (src/engine/variants/constraints.ts) has an ISS
 * spelling, and reading maps back: Cage (sum empty: no sum), AllDifferent and Windoku
 * (extra regions), Diagonal (ISS's 1 is our 'up', -1 our 'down'), AntiKnight, AntiKing,
 * AntiConsecutive, Thermo, Arrow and PillArrow (ISS sorts a pill into reading order),
 * WhiteDot, BlackDot, X, V, GreaterThan (a chain of cells means its adjacent pairs),
 * LittleKiller (named by its first cell, from ISS's own list of diagonals) and Sum (digits
 * may repeat: a little killer when its cells run along one diagonal), Whisper (without a
 * difference ISS means 5), Renban, Palindrome, Sandwich, StrictKropki, StrictXV.
 * Every other ISS constraint (Quad, Or groups, Skyscraper…) is named in `leftOut`, never
 * dropped silently; a type ISS does not have, a bad cell or number, or a shape the engine
 * refuses is a FormatError at the column of its `.`. `issCannotHold` says in words what
 * printing would lose (a slow thermometer, a pill read out of ISS's order, size 25).
 */
import {
  boxShape,
  colOf,
  rowOf,
  constraintProblems,
  createBoard,
  describeConstraint,
  hasBoxShape,
  hasStandardBoxes,
  standardRegions,
  validateLayout,
  whisperDifference,
  type Board,
  type Constraint,
} from '../engine/index.ts';
import { quote, type FormatError } from './errors.ts';

export type IssReading =
  | {
      board: Board;
      constraints: Constraint[];
      /** The ISS constraints Squiggly does not hold, in words ("2 Quad constraints"). */
      leftOut: string[];
    }
  | { error: FormatError };

/** ISS's largest grid (CellGeometry.MAX_SIZE). */
const ISS_MAX_SIZE = 16;
/** ISS writes cell coordinates as one base-17 character each. */
const CELL_BASE = 17;

/** Every constraint type ISS's sudoku_constraint.js defines, for telling "not held" from "not ISS". */
const ISS_TYPES = new Set(
  (
    'Or And Replicate End Jigsaw Thermo Whisper Renban Modular Entropic RegionSumLine Between ' +
    'Lockout Palindrome Zipper SumLine Regex NFA NoBoxes ChaosConstruction ChaosArrow ' +
    'ChaosCount RegionSize RegionSameValues StrictKropki StrictXV Shape Windoku DisjointSets ' +
    'AntiKnight Doppelganger AntiKing AntiTaxicab AntiConsecutive GlobalEntropy GlobalMod ' +
    'FullRankTies DutchFlatmates Diagonal WhiteDot BlackDot GreaterThan X ValueIndexing V ' +
    'Arrow DoubleArrow PillArrow Cage RellikCage EqualityCage Sum LittleKiller XSum Sandwich ' +
    'Lunchbox Skyscraper HiddenSkyscraper NumberedRoom FullRank AllDifferent ContainAtLeast ' +
    'ContainExact LookAndSay ConnectedValues SameValues EqualSum Quad Binary BinaryX Pair ' +
    'PairX Indexing CountingCircles CountDistinct Given SearchPriority Var'
  ).split(' '),
);
/** ISS's composites: their members run to the matching `.End`. */
const COMPOSITES = new Set(['Or', 'And', 'Replicate']);

/** One `.Type~arg…` of the string, with where its `.` stands. */
interface Token {
  type: string;
  args: string[];
  line: number;
  column: number;
}

/** Whether a text reads as an ISS constraint string: it starts with `.` and a type or `~`. */
export function looksLikeIss(text: string): boolean {
  return /^\.(?:~|[A-Z][A-Za-z]*(?:~|\.|\s|$))/.test(text.trim());
}

/** Split the string at its dots, whitespace removed, each piece with its line and column. */
function tokens(text: string): Token[] | FormatError {
  const out: Token[] = [];
  let line = 1;
  let column = 0;
  let current: { chars: string[]; line: number; column: number } | null = null;
  const finish = (): void => {
    if (!current) return;
    const [type, ...args] = current.chars.join('').split('~');
    out.push({ type, args, line: current.line, column: current.column });
  };
  for (const char of text) {
    column++;
    if (char === '\n') {
      line++;
      column = 0;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (char === '.') {
      finish();
      current = { chars: [], line, column };
      continue;
    }
    if (!current) {
      return {
        line,
        column,
        message: `an ISS constraint string starts with "." (as in .Cage~10~R1C1~R1C2), not ${quote(char)}`,
      };
    }
    current.chars.push(char);
  }
  finish();
  if (out.length === 0) return { line: 1, column: 1, message: 'the ISS string is empty' };
  return out;
}

/** Thrown inside the reader, caught at its top as a FormatError at the token. */
class IssProblem extends Error {}

/** "R1C1" (case-insensitive, base-17 coordinates) → cell index on a size. */
function readCell(id: string, size: number): number {
  const match = /^[Rr]([0-9a-gA-G])[Cc]([0-9a-gA-G])$/.exec(id);
  const row = match ? parseInt(match[1], CELL_BASE) - 1 : -1;
  const col = match ? parseInt(match[2], CELL_BASE) - 1 : -1;
  if (!match || row < 0 || col < 0 || row >= size || col >= size) {
    throw new IssProblem(
      `${quote(id)} is not a cell of the ${size}x${size} grid (R1C1 to ${issCell(size * size - 1, size)})`,
    );
  }
  return row * size + col;
}

/** A cell as ISS writes it: R1C1, R10C12 as RaCc. */
export function issCell(cell: number, size: number): string {
  return `R${(rowOf(cell, size) + 1).toString(CELL_BASE)}C${(colOf(cell, size) + 1).toString(CELL_BASE)}`;
}

function readInteger(text: string, what: string): number {
  if (!/^-?\d+$/.test(text))
    throw new IssProblem(`${what} must be a whole number, not ${quote(text)}`);
  return Number(text);
}

/** The cells of ISS's little-killer diagonals by their first cell (LittleKiller.cellMap). */
function littleKillerDiagonals(size: number): Map<number, number[]> {
  const map = new Map<number, number[]>();
  const seen = new Set<string>();
  const add = (row: number, col: number, dr: number, dc: number): void => {
    const cells: number[] = [];
    for (; row >= 0 && col >= 0 && row < size && col < size; row += dr, col += dc) {
      cells.push(row * size + col);
    }
    if (cells.length <= 1) return;
    const key = [...cells].sort((a, b) => a - b).join(',');
    if (seen.has(key)) return;
    seen.add(key);
    map.set(cells[0], cells);
  };
  for (let row = 0; row < size - 1; row++) add(row, 0, 1, 1);
  for (let row = 1; row < size - 1; row++) add(row, size - 1, -1, -1);
  for (let col = 1; col < size; col++) add(0, col, 1, -1);
  for (let col = 1; col < size - 1; col++) add(size - 1, col, -1, 1);
  return map;
}

/** ISS's windoku windows (Windoku.regions): one box-sized window inside each gap of boxes. */
function windokuWindows(size: number): number[][] {
  const box = boxShape(size);
  if (!box) return [];
  const windows: number[][] = [];
  for (let col = 1; col + box.cols < size; col += box.cols + 1) {
    for (let row = 1; row + box.rows < size; row += box.rows + 1) {
      windows.push(
        Array.from(
          { length: size },
          (_, k) => (row + (k % box.rows)) * size + col + Math.floor(k / box.rows),
        ),
      );
    }
  }
  return windows;
}

/** Orthogonal pairs of a chain of cells, as ISS's _adjacentCellPairs takes them. */
function adjacentPairs(cells: readonly number[], size: number): [number, number][] {
  const left = new Set(cells);
  const pairs: [number, number][] = [];
  for (const cell of cells) {
    left.delete(cell);
    const row = rowOf(cell, size);
    const col = colOf(cell, size);
    const near = [
      row > 0 ? cell - size : -1,
      col < size - 1 ? cell + 1 : -1,
      row < size - 1 ? cell + size : -1,
      col > 0 ? cell - 1 : -1,
    ];
    for (const other of near) if (other >= 0 && left.has(other)) pairs.push([cell, other]);
  }
  return pairs;
}

/** Whether cells run along one diagonal, each a diagonal step on from the one before. */
function alongDiagonal(cells: readonly number[], size: number): boolean {
  if (cells.length < 2) return cells.length === 1;
  const dr = rowOf(cells[1], size) - rowOf(cells[0], size);
  const dc = colOf(cells[1], size) - colOf(cells[0], size);
  return cells.every(
    (cell, k) =>
      k === 0 ||
      (rowOf(cell, size) - rowOf(cells[k - 1], size) === dr &&
        colOf(cell, size) - colOf(cells[k - 1], size) === dc &&
        Math.abs(dr) === 1 &&
        Math.abs(dc) === 1),
  );
}

/** A pill's cells in ISS's reading order, or null when sorting them does not read (PillArrow). */
function issPillOrder(circle: readonly number[], size: number): number[] | null {
  const sorted = [...circle].sort((a, b) => a - b);
  const readable = sorted.every((cell, k) => {
    if (k === 0) return true;
    const previous = sorted[k - 1];
    const right = colOf(previous, size) < size - 1;
    return (
      (right && cell === previous + 1) ||
      cell === previous + size ||
      (right && cell === previous + size + 1)
    );
  });
  return readable ? sorted : null;
}

const parityMask = (size: number, even: boolean): string =>
  Array.from({ length: size }, (_, k) => k + 1)
    .filter((digit) => (digit % 2 === 0) === even)
    .join(',');

/**
 * Read an ISS constraint string (see the file header): the board (its size from `Shape`,
 * 9 without one), the constraints Squiggly holds, and in `leftOut` every one it does not.
 */
export function parseIss(text: string): IssReading {
  const read = tokens(text);
  if (!Array.isArray(read)) return { error: read };
  let at: Token = read[0];
  const fail = (message: string): IssReading => ({
    error: { line: at.line, column: at.column, message },
  });
  try {
    for (const token of read) {
      at = token;
      if (token.type !== '' && !ISS_TYPES.has(token.type)) {
        return fail(`${quote(token.type)} is not an ISS constraint type`);
      }
    }
    // The shape comes first, wherever it stands, as ISS reads it.
    let size = 9;
    const shapes = read.filter((token) => token.type === 'Shape');
    if (shapes.length > 1) {
      at = shapes[1];
      return fail('an ISS string has one Shape');
    }
    if (shapes.length === 1) {
      at = shapes[0];
      const [dims, range, gridType] = shapes[0].args;
      const match = /^(\d+)x(\d+)$/.exec(dims ?? '');
      if (!match) return fail(`Shape ${quote(dims ?? '')} is not rows x columns, as in 6x6`);
      if (match[1] !== match[2]) {
        return fail(`a ${dims} grid is not square: Squiggly holds square grids only`);
      }
      size = Number(match[1]);
      if (size < 4 || size > ISS_MAX_SIZE) {
        return fail(`a ${dims} grid: Squiggly reads ISS grids from 4x4 to 16x16`);
      }
      if (range !== undefined && range !== '' && range !== `${size}` && range !== `1-${size}`) {
        return fail(`values ${quote(range)}: Squiggly holds digits 1 to ${size} only`);
      }
      if (gridType !== undefined && gridType !== 'Sudoku') {
        return fail(`grid type ${quote(gridType)}: Squiggly holds Sudoku grids only`);
      }
    }
    const cells = (ids: readonly string[]): number[] => ids.map((id) => readCell(id, size));
    const givens = new Uint8Array(size * size);
    const constraints: Constraint[] = [];
    const notHeld = new Map<string, number>();
    const leave = (what: string): void => {
      notHeld.set(what, (notHeld.get(what) ?? 0) + 1);
    };
    let noBoxes = false;
    let layout: Token | null = null;
    const evens = parityMask(size, true);
    const odds = parityMask(size, false);
    const diagonals = littleKillerDiagonals(size);
    let depth = 0;
    let composite: Token = read[0];
    for (const token of read) {
      at = token;
      const { type, args } = token;
      if (depth > 0) {
        if (COMPOSITES.has(type)) depth++;
        if (type === 'End') depth--;
        continue;
      }
      if (COMPOSITES.has(type)) {
        depth = 1;
        composite = token;
        leave(`${type} group`);
        continue;
      }
      const before = constraints.length;
      switch (type) {
        case '':
        case 'Given':
          for (const valueId of args) {
            const [id, ...values] = valueId.split('_');
            const cell = readCell(id, size);
            const digits = values.map((value) => {
              const digit = readInteger(value, `a value of ${id}`);
              if (digit < 1 || digit > size) {
                throw new IssProblem(`${id} given ${digit}: values run from 1 to ${size}`);
              }
              return digit;
            });
            const set = [...new Set(digits)].sort((a, b) => a - b).join(',');
            if (digits.length === 1) {
              if (givens[cell] !== 0 && givens[cell] !== digits[0]) {
                throw new IssProblem(`${id} is given both ${givens[cell]} and ${digits[0]}`);
              }
              givens[cell] = digits[0];
            } else if (set === evens) {
              constraints.push({ kind: 'even', cell });
            } else if (set === odds) {
              constraints.push({ kind: 'odd', cell });
            } else {
              leave('candidate list (pencil marks) that is not all even or all odd digits');
            }
          }
          break;
        case 'Shape':
          break;
        case 'End':
          return fail('.End with no Or, And or Replicate before it');
        case 'NoBoxes':
          noBoxes = true;
          break;
        case 'RegionSize':
          if (args[0] !== `${size}`)
            return fail(
              `RegionSize ${quote(args[0] ?? '')}: Squiggly's regions have ${size} cells`,
            );
          break;
        case 'Jigsaw':
          if (layout) return fail('an ISS string has one Jigsaw layout');
          layout = token;
          break;
        case 'Cage': {
          const [sum, ...ids] = args;
          if ((sum ?? '').trim() === '' || Number(sum) === 0) {
            constraints.push({ kind: 'cage', cells: cells(ids) });
          } else {
            constraints.push({
              kind: 'cage',
              cells: cells(ids),
              sum: readInteger(sum, 'a cage sum'),
            });
          }
          break;
        }
        case 'AllDifferent':
          constraints.push({ kind: 'extraRegion', cells: cells(args) });
          break;
        case 'Windoku':
          for (const window of windokuWindows(size)) {
            constraints.push({ kind: 'extraRegion', cells: window });
          }
          if (constraints.length === before)
            return fail(`a ${size}x${size} grid has no windoku windows`);
          break;
        case 'Diagonal':
          if (args[0] !== '1' && args[0] !== '-1') {
            return fail(`Diagonal ${quote(args[0] ?? '')}: the direction is 1 (╱) or -1 (╲)`);
          }
          constraints.push({ kind: 'diagonal', direction: args[0] === '1' ? 'up' : 'down' });
          break;
        case 'AntiKnight':
          constraints.push({ kind: 'antiKnight' });
          break;
        case 'AntiKing':
          constraints.push({ kind: 'antiKing' });
          break;
        case 'AntiConsecutive':
          constraints.push({ kind: 'nonConsecutive' });
          break;
        case 'StrictKropki':
          constraints.push({ kind: 'allDotsGiven' });
          break;
        case 'StrictXV':
          constraints.push({ kind: 'allXvGiven' });
          break;
        case 'Thermo':
          constraints.push({ kind: 'thermometer', cells: cells(args) });
          break;
        case 'Renban':
          constraints.push({ kind: 'renban', cells: cells(args) });
          break;
        case 'Palindrome':
          constraints.push({ kind: 'palindrome', cells: cells(args) });
          break;
        case 'Whisper': {
          const explicit = args.length > 0 && /^\d+$/.test(args[0]);
          const difference = explicit ? Number(args[0]) : 5;
          const line = cells(explicit ? args.slice(1) : args);
          constraints.push(
            difference === whisperDifference(size)
              ? { kind: 'whisper', cells: line }
              : { kind: 'whisper', cells: line, difference },
          );
          break;
        }
        case 'Arrow': {
          const [circle, ...shaft] = cells(args);
          constraints.push({ kind: 'arrow', circle: circle === undefined ? [] : [circle], shaft });
          break;
        }
        case 'PillArrow': {
          const pill = readInteger(args[0] ?? '', 'a pill size');
          if (pill !== 2 && pill !== 3)
            return fail(`PillArrow: a pill is 2 or 3 cells, not ${pill}`);
          const all = cells(args.slice(1));
          const circle = issPillOrder(all.slice(0, pill), size);
          if (!circle)
            return fail('PillArrow: the pill cells do not read in order, left to right and down');
          constraints.push({ kind: 'arrow', circle, shaft: all.slice(pill) });
          break;
        }
        case 'WhiteDot':
        case 'BlackDot':
        case 'X':
        case 'V':
        case 'GreaterThan': {
          const chain = cells(args);
          const pairs =
            chain.length === 2 ? [chain as [number, number]] : adjacentPairs(chain, size);
          if (pairs.length === 0) return fail(`${type}: no two of its cells share a side`);
          for (const pair of pairs) {
            if (type === 'X' || type === 'V') {
              constraints.push({ kind: 'xv', cells: pair, sum: type === 'X' ? 10 : 5 });
            } else if (type === 'GreaterThan') {
              constraints.push({ kind: 'greaterThan', cells: pair });
            } else {
              constraints.push({
                kind: 'kropki',
                cells: pair,
                colour: type === 'WhiteDot' ? 'white' : 'black',
              });
            }
          }
          break;
        }
        case 'LittleKiller': {
          const sum = readInteger(args[0] ?? '', 'a little killer sum');
          const start = readCell(args[1] ?? '', size);
          const line = diagonals.get(start);
          if (!line) return fail(`LittleKiller: no ISS diagonal starts at ${args[1]}`);
          constraints.push({ kind: 'littleKiller', cells: line, sum });
          break;
        }
        case 'Sum': {
          const [sum, ...ids] = args;
          const line = cells(ids);
          if ((sum ?? '').includes('_')) leave('Sum with coefficients');
          else if (!alongDiagonal(line, size)) leave('Sum (digits may repeat) off one diagonal');
          else
            constraints.push({ kind: 'littleKiller', cells: line, sum: readInteger(sum, 'a sum') });
          break;
        }
        case 'Sandwich': {
          const sum = readInteger(args[0] ?? '', 'a sandwich sum');
          const match = /^([RC])(\d+)$/.exec(args[1] ?? '');
          const index = match ? Number(match[2]) - 1 : -1;
          if (!match || index < 0 || index >= size) {
            return fail(
              `Sandwich: ${quote(args[1] ?? '')} is not a row R1-R${size} or column C1-C${size}`,
            );
          }
          constraints.push({
            kind: 'sandwich',
            line: match[1] === 'R' ? 'row' : 'column',
            index,
            sum,
          });
          break;
        }
        default:
          leave(type);
      }
      for (const constraint of constraints.slice(before)) {
        const problems = constraintProblems(constraint, size);
        if (problems.length > 0) return fail(`${type}: ${problems[0]}`);
      }
    }
    if (depth > 0) {
      at = composite;
      return fail(`the ${composite.type} group has no .End`);
    }
    // Regions: the jigsaw's pieces, or the boxes; boxes kept beside a jigsaw are houses too.
    let regions: Uint8Array;
    if (layout) {
      at = layout;
      const chars = layout.args[layout.args.length - 1] ?? '';
      if (layout.args.length < 1 || layout.args.length > 2 || chars.length !== size * size) {
        return fail(
          `Jigsaw: the layout needs ${size * size} characters, one per cell, not ${chars.length}`,
        );
      }
      const ids = new Map<string, number>();
      regions = new Uint8Array(size * size);
      for (let cell = 0; cell < size * size; cell++) {
        if (!ids.has(chars[cell])) ids.set(chars[cell], ids.size);
        regions[cell] = Math.min(ids.get(chars[cell]) ?? 0, 255);
      }
      const problems = validateLayout(size, regions);
      if (ids.size !== size || problems.length > 0) {
        return fail(
          `Jigsaw: ${problems[0]?.message ?? `the layout has ${ids.size} regions, not ${size}`}`,
        );
      }
      if (!noBoxes && hasBoxShape(size)) {
        const boxes = standardRegions(size);
        for (let box = 0; box < size; box++) {
          constraints.push({
            kind: 'extraRegion',
            cells: Array.from({ length: size * size }, (_, cell) => cell).filter(
              (cell) => boxes[cell] === box,
            ),
          });
        }
      }
    } else {
      at = read[0];
      if (noBoxes)
        return fail('NoBoxes without a Jigsaw leaves no regions, and a Squiggly grid needs them');
      if (!hasBoxShape(size)) {
        return fail(
          `a ${size}x${size} grid has no boxes: it needs a Jigsaw layout for its regions`,
        );
      }
      regions = standardRegions(size);
    }
    const leftOut = [...notHeld].map(([what, count]) =>
      count === 1 ? what : `${count} × ${what}`,
    );
    return { board: createBoard(size, regions, givens), constraints, leftOut };
  } catch (problem) {
    if (problem instanceof IssProblem) return fail(`${at.type || 'givens'}: ${problem.message}`);
    throw problem;
  }
}

/** What one constraint loses in ISS's spelling, in words, or null when ISS holds it. */
function issLoses(constraint: Constraint, size: number): string | null {
  if (constraint.kind === 'thermometer' && constraint.slow) {
    return `${describeConstraint(constraint, size)}: ISS has no slow thermometer`;
  }
  if (constraint.kind === 'arrow' && constraint.circle.length > 1) {
    const order = issPillOrder(constraint.circle, size);
    if (!order || order.some((cell, k) => cell !== constraint.circle[k])) {
      return `${describeConstraint(constraint, size)}: ISS reads a pill left to right and down, and this one runs otherwise`;
    }
  }
  return null;
}

/**
 * What an ISS string cannot hold of a puzzle, in words (none: []): a size past 16x16, a
 * slow thermometer, a pill ISS would read in another order.
 */
export function issCannotHold(
  board: Pick<Board, 'size'>,
  constraints: readonly Constraint[],
): string[] {
  const words: string[] = [];
  if (board.size > ISS_MAX_SIZE)
    words.push(`ISS grids go up to 16x16, and this one is ${board.size}x${board.size}`);
  for (const constraint of constraints) {
    const lost = issLoses(constraint, board.size);
    if (lost) words.push(lost);
  }
  return words;
}

/** One constraint in ISS's spelling. */
function issConstraint(constraint: Constraint, size: number): string {
  const ids = (cells: readonly number[]): string =>
    cells.map((cell) => `~${issCell(cell, size)}`).join('');
  switch (constraint.kind) {
    case 'cage':
      return `.Cage~${constraint.sum ?? ''}${ids(constraint.cells)}`;
    case 'extraRegion':
      return `.AllDifferent${ids(constraint.cells)}`;
    case 'diagonal':
      return `.Diagonal~${constraint.direction === 'up' ? 1 : -1}`;
    case 'antiKnight':
      return '.AntiKnight';
    case 'antiKing':
      return '.AntiKing';
    case 'nonConsecutive':
      return '.AntiConsecutive';
    case 'allDotsGiven':
      return '.StrictKropki';
    case 'allXvGiven':
      return '.StrictXV';
    case 'even':
    case 'odd':
      return `.~${issCell(constraint.cell, size)}_${parityMask(size, constraint.kind === 'even').replaceAll(',', '_')}`;
    case 'thermometer':
      return `.Thermo${ids(constraint.cells)}`;
    case 'renban':
      return `.Renban${ids(constraint.cells)}`;
    case 'palindrome':
      return `.Palindrome${ids(constraint.cells)}`;
    case 'whisper':
      return `.Whisper~${constraint.difference ?? whisperDifference(size)}${ids(constraint.cells)}`;
    case 'arrow':
      return constraint.circle.length === 1
        ? `.Arrow${ids(constraint.circle)}${ids(constraint.shaft)}`
        : `.PillArrow~${constraint.circle.length}${ids(constraint.circle)}${ids(constraint.shaft)}`;
    case 'kropki':
      return `.${constraint.colour === 'white' ? 'WhiteDot' : 'BlackDot'}${ids(constraint.cells)}`;
    case 'xv':
      return `.${constraint.sum === 10 ? 'X' : 'V'}${ids(constraint.cells)}`;
    case 'greaterThan':
      return `.GreaterThan${ids(constraint.cells)}`;
    case 'littleKiller': {
      const { cells } = constraint;
      const line = littleKillerDiagonals(size).get(cells[0]);
      return line && line.length === cells.length && line.every((cell, k) => cell === cells[k])
        ? `.LittleKiller~${constraint.sum}~${issCell(cells[0], size)}`
        : `.Sum~${constraint.sum}${ids(cells)}`;
    }
    case 'sandwich':
      return `.Sandwich~${constraint.sum}~${constraint.line === 'row' ? 'R' : 'C'}${constraint.index + 1}`;
  }
}

/**
 * Write a puzzle as an ISS string: Shape when not 9x9, NoBoxes and Jigsaw when the regions
 * are not the boxes, the givens, then each constraint. What ISS cannot hold (issCannotHold)
 * is written as near as ISS has it; callers show issCannotHold's words first.
 */
export function printIss(board: Board, constraints: readonly Constraint[]): string {
  const { size } = board;
  const parts: string[] = [];
  if (size !== 9) parts.push(`.Shape~${size}x${size}`);
  if (!hasStandardBoxes(board)) {
    const ids = new Map<number, string>();
    let layout = '';
    for (const region of board.regions) {
      if (!ids.has(region)) ids.set(region, ids.size.toString(size + 1));
      layout += ids.get(region);
    }
    parts.push(`.NoBoxes.Jigsaw~${layout}`);
  }
  const givens: string[] = [];
  board.givens.forEach((digit, cell) => {
    if (digit !== 0) givens.push(`~${issCell(cell, size)}_${digit}`);
  });
  if (givens.length > 0) parts.push(`.${givens.join('')}`);
  for (const constraint of constraints) parts.push(issConstraint(constraint, size));
  return parts.join('');
}
