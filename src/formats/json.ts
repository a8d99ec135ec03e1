/**
 * Squiggly's own JSON: any supported size, any layout, lossless.
 *   {"size": N, "regions": N rows of N ids 0..N-1, "givens": N rows of N digits 0..N, …}
 * An optional "constraints" list holds variant constraints (constraintsJson.ts). Other
 * fields (title, author, …) are kept as they are. An input is one puzzle object or
 * a list of them. Results are `{"status": "unique" | "none" | "multiple" | "invalid", …}`.
 */
import {
  cellName,
  adoptBoard,
  isSupportedSize,
  sizesText,
  SUPPORTED_SIZES,
  type Board,
  type Constraint,
  validateLayout,
} from '../engine/index.ts';
import { constraintJson, readConstraints } from './constraintsJson.ts';
import { plural, quote, type FormatError } from './errors.ts';
import { jsonItems, MAX_ITEM_CHARS } from './jsonStream.ts';
import {
  describeNode,
  MAX_DEPTH,
  numberOffsets,
  parseJsonNodes,
  TextLocator,
  type JsonEntry,
  type JsonNode,
} from './jsonSyntax.ts';
import { caseStep, collectSteps, errorStep, joinLines } from './text.ts';
import type {
  CaseAnswer,
  JsonValue,
  ParseResult,
  PuzzleToPrint,
  ReadStep,
  SolveResult,
  TextInput,
} from './types.ts';

const KNOWN_FIELDS = ['size', 'regions', 'givens'] as const;
/** The optional field read here rather than kept as it is. */
const CONSTRAINTS_FIELD = 'constraints';
const INDENT = '  ';

/**
 * Read Squiggly JSON: one puzzle object (`single` is then true, and errors carry no case
 * number), or a list of puzzle objects, each a case; a bad puzzle in a list does not stop
 * the others. Every error points at the value it is about.
 */
export function parseJson(text: string): ParseResult {
  const steps = jsonSteps(text);
  const result = collectSteps(steps);
  return jsonIsList(text) ? result : { ...result, single: true };
}

/**
 * Whether a JSON input (or its first piece) is a list of puzzles rather than one puzzle: a
 * top-level list, or JSON Lines (a second object after the first).
 */
export function jsonIsList(head: string): boolean {
  const start = head.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (/^[ \t\r\n]*\[/.test(head.slice(start, start + 4096))) return true;
  const first = jsonItems(head).next();
  return first.done !== true && first.value.kind === 'item' && first.value.list;
}

/**
 * The cases and errors of a JSON input one by one (see parseJson), reading one puzzle at a
 * time (jsonItems), so that a list of any length holds one puzzle's nodes at once.
 */
export function* jsonSteps(input: TextInput): Generator<ReadStep, number> {
  const pieces = jsonItems(input);
  const errors: FormatError[] = [];
  const layouts: LayoutMemo = { last: null };
  // A lone value that is not JSON: the text after it says nothing more.
  let loneUnreadable = false;
  for (;;) {
    const next = pieces.next();
    if (next.done === true) return next.value.count;
    const piece = next.value;
    if (piece.kind === 'error') {
      if (!loneUnreadable) yield errorStep(piece.error);
      continue;
    }
    const caseNumber = piece.list ? piece.index : undefined;
    const at = { line: piece.line, column: piece.column };
    const located = (error: FormatError): FormatError =>
      caseNumber === undefined ? error : { case: caseNumber, ...error };
    if (piece.tooDeep !== null) {
      loneUnreadable = !piece.list;
      const message = `values are nested more than ${MAX_DEPTH} levels deep`;
      yield errorStep(located({ ...piece.tooDeep, message }));
      continue;
    }
    if (piece.text === null) {
      yield errorStep(
        located({
          ...at,
          message: `this value is ${describeLength(piece.length)} of JSON, more than the ${describeLength(MAX_ITEM_CHARS)} a puzzle may take; it is left out unread`,
        }),
      );
      continue;
    }
    const locator = new ItemLocator(piece.text, piece.line, piece.column);
    const syntax = parseJsonNodes(piece.text);
    if ('error' in syntax) {
      loneUnreadable = !piece.list;
      yield errorStep(
        located({ ...locator.at(syntax.error.offset), message: syntax.error.message }),
      );
      continue;
    }
    errors.length = 0;
    const parsed = readPuzzle(syntax.node, piece.text, caseNumber, locator, errors, layouts);
    if (parsed !== null) yield caseStep({ case: piece.index, ...parsed });
    for (const error of errors) yield errorStep(error);
  }
}

/** 1 MB, 340 kB: a size in words. */
function describeLength(chars: number): string {
  return chars >= 1 << 20
    ? `${(chars / (1 << 20)).toFixed(1)} MB`
    : `${Math.round(chars / 1024)} kB`;
}

/** Where an offset into one item's text stands in the whole input. */
interface Locator {
  at(offset: number): { line: number; column: number };
}

/** Offsets of an item's text to lines and columns of the input, from where the item starts. */
class ItemLocator implements Locator {
  private readonly inner: TextLocator;

  constructor(
    text: string,
    private readonly line: number,
    private readonly column: number,
  ) {
    this.inner = new TextLocator(text);
  }

  at(offset: number): { line: number; column: number } {
    const { line, column } = this.inner.at(offset);
    return line === 1
      ? { line: this.line, column: this.column + column - 1 }
      : { line: this.line + line - 1, column };
  }
}

interface PuzzleRead {
  line: number;
  board: Board;
  constraints?: Constraint[];
  extra?: Record<string, JsonValue>;
}

/**
 * The last valid layout read: a list of puzzles mostly repeats one layout (standard boxes),
 * and its puzzles then share one checked array, as the line formats' puzzles do, instead
 * of each holding (and the command line each keeping while a worker counts) its own.
 */
interface LayoutMemo {
  last: Uint8Array | null;
}

const sameGrid = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((value, index) => value === b[index]);

function readPuzzle(
  node: JsonNode,
  text: string,
  caseNumber: number | undefined,
  locator: Locator,
  errors: FormatError[],
  layouts: LayoutMemo,
): PuzzleRead | null {
  const errorCountBefore = errors.length;
  const report = (offset: number, message: string): void => {
    const error: FormatError = { ...locator.at(offset), message };
    errors.push(caseNumber === undefined ? error : { case: caseNumber, ...error });
  };
  if (node.kind !== 'object') {
    report(
      node.offset,
      `expected a puzzle object with "size", "regions" and "givens", got ${describeNode(node)}`,
    );
    return null;
  }
  const fields = new Map<string, JsonEntry>();
  const extraEntries: [string, JsonValue][] = [];
  for (const entry of node.entries) {
    const known =
      (KNOWN_FIELDS as readonly string[]).includes(entry.key) || entry.key === CONSTRAINTS_FIELD;
    if (known && fields.has(entry.key)) {
      report(entry.keyOffset, `the field ${quote(entry.key)} appears twice`);
    } else if (known) {
      fields.set(entry.key, entry);
    } else {
      extraEntries.push([entry.key, plainValue(entry.value)]);
    }
  }
  for (const name of KNOWN_FIELDS) {
    if (!fields.has(name)) report(node.offset, `the puzzle has no ${quote(name)} field`);
  }
  const sizeNode = fields.get('size')?.value;
  if (sizeNode === undefined) return null;
  const sizes = sizesText(SUPPORTED_SIZES, 'or');
  if (sizeNode.kind !== 'number' || !isSupportedSize(sizeNode.value)) {
    report(sizeNode.offset, `"size" must be ${sizes}, got ${describeNode(sizeNode)}`);
    return null;
  }
  const size = sizeNode.value;
  const regionsField = fields.get('regions');
  const givensField = fields.get('givens');
  let regions =
    regionsField && readGrid(regionsField.value, text, 'regions', size, size - 1, report);
  const givens = givensField && readGrid(givensField.value, text, 'givens', size, size, report);
  if (regions && layouts.last !== null && sameGrid(regions, layouts.last)) {
    regions = layouts.last;
  } else if (regions && regionsField) {
    for (const problem of validateLayout(size, regions)) {
      const cell = problem.cells[0];
      const offset =
        cell === undefined
          ? regionsField.value.offset
          : gridItemOffset(regionsField.value, text, cell, size);
      report(offset, `bad layout: ${problem.message}`);
    }
  }
  const constraintsNode = fields.get(CONSTRAINTS_FIELD)?.value;
  const constraints = constraintsNode && readConstraints(constraintsNode, size, report);
  if (errors.length > errorCountBefore || !regions || !givens) return null;
  layouts.last = regions;
  // The grids are new arrays of checked values (boards never change their arrays in place,
  // so a shared layout is safe): the board takes them as they are.
  const board = adoptBoard(size, regions, givens);
  const { line } = locator.at(node.offset);
  return {
    line,
    board,
    ...(constraints && constraints.length > 0 && { constraints }),
    ...(extraEntries.length > 0 && { extra: Object.fromEntries(extraEntries) }),
  };
}

/**
 * Read `size` rows of `size` integers from 0 to `max` (`text`: the item the node is in).
 * Reports every bad row and cell; returns null when there was any.
 */
function readGrid(
  node: JsonNode,
  text: string,
  field: string,
  size: number,
  max: number,
  report: (offset: number, message: string) => void,
): Uint8Array | null {
  const rows = node.kind === 'array' ? node.items : null;
  if (rows === null || rows.length !== size) {
    const got =
      rows !== null
        ? plural(rows.length, 'row')
        : node.kind === 'numbers'
          ? plural(node.values.length, 'row')
          : describeNode(node);
    report(node.offset, `${quote(field)} must be ${size} rows of ${size} numbers, got ${got}`);
    return null;
  }
  const what = field === 'regions' ? `a region id from 0 to ${max}` : `a digit from 0 to ${max}`;
  const grid = new Uint8Array(size * size);
  let ok = true;
  for (let rowIndex = 0; rowIndex < size; rowIndex++) {
    const row = rows[rowIndex];
    const length =
      row.kind === 'numbers' ? row.values.length : row.kind === 'array' ? row.items.length : -1;
    if (length !== size) {
      const got = length >= 0 ? plural(length, 'number') : describeNode(row);
      report(
        row.offset,
        `row ${rowIndex + 1} of ${quote(field)} must be ${size} numbers, got ${got}`,
      );
      ok = false;
      continue;
    }
    const firstCell = rowIndex * size;
    if (row.kind === 'numbers') {
      // The usual row: plain numbers, offsets looked up only for a bad one.
      for (let colIndex = 0; colIndex < size; colIndex++) {
        const value = row.values[colIndex];
        if (Number.isInteger(value) && value >= 0 && value <= max) {
          grid[firstCell + colIndex] = value;
        } else {
          const offset = numberOffsets(text, row)[colIndex];
          report(
            offset,
            `${field} ${cellName(firstCell + colIndex, size)}: expected ${what}, got ${value}`,
          );
          ok = false;
        }
      }
    } else if (row.kind === 'array') {
      // A row holding something other than numbers: each of those is an error.
      for (let colIndex = 0; colIndex < size; colIndex++) {
        const item = row.items[colIndex];
        if (
          item.kind !== 'number' ||
          !Number.isInteger(item.value) ||
          item.value < 0 ||
          item.value > max
        ) {
          report(
            item.offset,
            `${field} ${cellName(firstCell + colIndex, size)}: expected ${what}, got ${describeNode(item)}`,
          );
          ok = false;
        } else {
          grid[firstCell + colIndex] = item.value;
        }
      }
    }
  }
  return ok ? grid : null;
}

/** Offset of one cell's value in a grid node already checked to be `size` rows of `size`. */
function gridItemOffset(grid: JsonNode, text: string, cell: number, size: number): number {
  if (grid.kind !== 'array') return grid.offset;
  const row = grid.items[Math.floor(cell / size)];
  if (row.kind === 'numbers') return numberOffsets(text, row)[cell % size];
  return row.kind === 'array' ? row.items[cell % size].offset : row.offset;
}

function plainValue(node: JsonNode): JsonValue {
  switch (node.kind) {
    case 'object':
      // fromEntries defines own properties, so a key "__proto__" stays a plain field.
      return Object.fromEntries(node.entries.map((entry) => [entry.key, plainValue(entry.value)]));
    case 'array':
      return node.items.map(plainValue);
    case 'numbers':
      return node.values;
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/** Rows of a grid as `[1,2,3,4]` lines, each prefixed with `indent`. */
function gridRowLines(grid: ArrayLike<number>, size: number, indent: string): string[] {
  const lines: string[] = [];
  for (let row = 0; row < size; row++) {
    const numbers = Array.prototype.slice.call(grid, row * size, (row + 1) * size) as number[];
    lines.push(`${indent}[${numbers.join(',')}]${row < size - 1 ? ',' : ''}`);
  }
  return lines;
}

/** The lines of `"name": [ rows ]` at one level of indentation inside an object. */
function gridField(name: string, grid: ArrayLike<number>, size: number, last: boolean): string[] {
  return [
    `${INDENT}${JSON.stringify(name)}: [`,
    ...gridRowLines(grid, size, INDENT + INDENT),
    `${INDENT}]${last ? '' : ','}`,
  ];
}

/** The lines of one puzzle object, rows of the grids one per line. */
function puzzleLines({ board, constraints = [], extra }: PuzzleToPrint): string[] {
  // An optional field named like a main one would be written twice and refused on reading.
  const extraEntries = Object.entries(extra ?? {}).filter(
    ([key]) => !(KNOWN_FIELDS as readonly string[]).includes(key) && key !== CONSTRAINTS_FIELD,
  );
  const lines = [
    '{',
    `${INDENT}"size": ${board.size},`,
    ...gridField('regions', board.regions, board.size, false),
    ...gridField(
      'givens',
      board.givens,
      board.size,
      extraEntries.length === 0 && constraints.length === 0,
    ),
  ];
  if (constraints.length > 0) {
    // One constraint per line: a cage or a line reads at a glance.
    lines.push(`${INDENT}"${CONSTRAINTS_FIELD}": [`);
    constraints.forEach((constraint, index) => {
      const comma = index < constraints.length - 1 ? ',' : '';
      lines.push(
        `${INDENT}${INDENT}${JSON.stringify(constraintJson(constraint, board.size))}${comma}`,
      );
    });
    lines.push(`${INDENT}]${extraEntries.length === 0 ? '' : ','}`);
  }
  extraEntries.forEach(([key, value], index) => {
    const text = JSON.stringify(value, null, 2).replaceAll('\n', `\n${INDENT}`);
    lines.push(
      `${INDENT}${JSON.stringify(key)}: ${text}${index < extraEntries.length - 1 ? ',' : ''}`,
    );
  });
  lines.push('}');
  return lines;
}

/** Lines of a list of items, each item given as its own lines. */
function listLines(items: readonly string[][]): string[] {
  if (items.length === 0) return ['[]'];
  const lines = ['['];
  items.forEach((itemLines, index) => {
    const indented = itemLines.map((line) => INDENT + line);
    if (index < items.length - 1) indented[indented.length - 1] += ',';
    lines.push(...indented);
  });
  lines.push(']');
  return lines;
}

/**
 * Write puzzles as Squiggly JSON: one puzzle as a bare object, several as a list. Optional
 * fields are written after size, regions and givens.
 */
export function printJson(puzzles: readonly PuzzleToPrint[]): string {
  if (puzzles.length === 1) return joinLines(puzzleLines(puzzles[0]));
  return joinLines(listLines(puzzles.map(puzzleLines)));
}

/** Side length of a flat square grid. */
const sideOf = (grid: ArrayLike<number>): number => Math.round(Math.sqrt(grid.length));

function resultLines(result: SolveResult): string[] {
  const status = `${INDENT}"status": ${JSON.stringify(result.status)}`;
  switch (result.status) {
    case 'none':
      return ['{', status, '}'];
    case 'unique':
    case 'found':
      return [
        '{',
        `${status},`,
        ...gridField('solution', result.solution, sideOf(result.solution), true),
        '}',
      ];
    case 'multiple': {
      const grids = result.solutions.map((grid) => [
        '[',
        ...gridRowLines(grid, sideOf(grid), INDENT),
        ']',
      ]);
      const [open, ...rest] = listLines(grids);
      return [
        '{',
        `${status},`,
        `${INDENT}"solutions": ${open}`,
        ...rest.map((line) => INDENT + line),
        '}',
      ];
    }
    case 'invalid': {
      const errors = result.errors.map((error, index) => {
        const comma = index < result.errors.length - 1 ? ',' : '';
        return `${INDENT}${INDENT}${JSON.stringify(error)}${comma}`;
      });
      return ['{', `${status},`, `${INDENT}"errors": [`, ...errors, `${INDENT}]`, '}'];
    }
  }
}

/**
 * JSON results written as the answers come: a list's `[`, its items and `]` in pieces whose
 * joined text is printJsonResults of all the answers, so a list of any length is written
 * without holding its answers. A lone puzzle's one answer is a bare object.
 */
export function jsonResultsWriter(single: boolean): {
  write(answers: readonly CaseAnswer[]): string;
  end(): string;
} {
  let written = 0;
  let held: CaseAnswer | undefined;
  return {
    write(answers) {
      if (single) {
        held ??= answers[0];
        return '';
      }
      let text = '';
      for (const answer of answers) {
        const item = resultLines(answer.result)
          .map((line) => INDENT + line)
          .join('\n');
        text += `${written === 0 ? '[\n' : ',\n'}${item}`;
        written++;
      }
      return text;
    },
    end() {
      if (single && held !== undefined) return printJsonResults([held], true);
      return written === 0 ? '[]\n' : '\n]\n';
    },
  };
}

/**
 * Results as JSON: `{"status":"unique","solution":…}`, `{"status":"none"}`,
 * `{"status":"multiple","solutions":[…,…]}` or `{"status":"invalid","errors":[…]}`.
 * With `single`, the one answer is written as a bare object; otherwise a list in case order.
 * (`found`, a solution whose uniqueness was not checked, is written with its own status.)
 */
export function printJsonResults(answers: readonly CaseAnswer[], single = false): string {
  if (single && answers.length === 1) return joinLines(resultLines(answers[0].result));
  return joinLines(listLines(answers.map((answer) => resultLines(answer.result))));
}
