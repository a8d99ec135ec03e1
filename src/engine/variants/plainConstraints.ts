/**
 * Constraints read back from plain data: what the app saved (autosave, undo history, the
 * library, a share link) comes back as `unknown`, and a damaged or hand-edited value must be
 * refused with a word, never trusted as a Constraint. The plain form is the engine's own
 * (cells as indices), the one the store holds, so saving is a copy and reading is this
 * check: the shape of every field, then constraintProblems (cells inside the grid, lines
 * unbroken, sums possible). Files use their own forms (Squiggly JSON names cells "r1c1",
 * src/formats/constraintsJson.ts) with errors at a line and column; this is for data the
 * app wrote itself, where "constraint 3: …" is enough to say what is wrong.
 */
import { constraintProblems, CONSTRAINT_NAMES, type Constraint } from './constraints.ts';

type Fields = Record<string, unknown>;

const isCell = (value: unknown, size: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < size * size;

const isCells = (value: unknown, size: number): value is number[] =>
  Array.isArray(value) && value.every((cell) => isCell(cell, size));

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** The constraint a plain value holds, or null when its shape is not one. */
function shapeOf(fields: Fields, size: number): Constraint | null {
  const { cells } = fields;
  switch (fields.kind) {
    case 'cage':
      if (!isCells(cells, size)) return null;
      if (fields.sum === undefined) return { kind: 'cage', cells: [...cells] };
      return isWhole(fields.sum) ? { kind: 'cage', cells: [...cells], sum: fields.sum } : null;
    case 'extraRegion':
    case 'renban':
    case 'palindrome':
      return isCells(cells, size) ? { kind: fields.kind, cells: [...cells] } : null;
    case 'thermometer':
      if (!isCells(cells, size)) return null;
      if (fields.slow === undefined) return { kind: 'thermometer', cells: [...cells] };
      return typeof fields.slow === 'boolean'
        ? { kind: 'thermometer', cells: [...cells], slow: fields.slow }
        : null;
    case 'whisper':
      if (!isCells(cells, size)) return null;
      if (fields.difference === undefined) return { kind: 'whisper', cells: [...cells] };
      return isWhole(fields.difference)
        ? { kind: 'whisper', cells: [...cells], difference: fields.difference }
        : null;
    case 'littleKiller':
      return isCells(cells, size) && isWhole(fields.sum)
        ? { kind: 'littleKiller', cells: [...cells], sum: fields.sum }
        : null;
    case 'kropki':
    case 'xv':
    case 'greaterThan': {
      if (!isCells(cells, size) || cells.length !== 2) return null;
      const pair: [number, number] = [cells[0], cells[1]];
      if (fields.kind === 'greaterThan') return { kind: 'greaterThan', cells: pair };
      if (fields.kind === 'kropki') {
        return fields.colour === 'white' || fields.colour === 'black'
          ? { kind: 'kropki', cells: pair, colour: fields.colour }
          : null;
      }
      return fields.sum === 5 || fields.sum === 10
        ? { kind: 'xv', cells: pair, sum: fields.sum }
        : null;
    }
    case 'arrow':
      return isCells(fields.circle, size) && isCells(fields.shaft, size)
        ? { kind: 'arrow', circle: [...fields.circle], shaft: [...fields.shaft] }
        : null;
    case 'even':
    case 'odd':
      return isCell(fields.cell, size) ? { kind: fields.kind, cell: fields.cell } : null;
    case 'diagonal':
      return fields.direction === 'down' || fields.direction === 'up'
        ? { kind: 'diagonal', direction: fields.direction }
        : null;
    case 'sandwich':
      return (fields.line === 'row' || fields.line === 'column') &&
        isWhole(fields.index) &&
        fields.index < size &&
        isWhole(fields.sum)
        ? { kind: 'sandwich', line: fields.line, index: fields.index, sum: fields.sum }
        : null;
    case 'antiKnight':
    case 'antiKing':
    case 'nonConsecutive':
    case 'allDotsGiven':
    case 'allXvGiven':
      return { kind: fields.kind };
    default:
      return null;
  }
}

/**
 * The constraints a plain value holds on a board of `size` (copies, so later edits of the
 * input change nothing), or what is wrong with the first bad one.
 */
export function constraintsFromPlain(value: unknown, size: number): Constraint[] | string {
  if (!Array.isArray(value)) return 'the constraints are not a list';
  const constraints: Constraint[] = [];
  for (const [index, item] of value.entries()) {
    const at = `constraint ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return `${at} is not a constraint`;
    }
    const fields = item as Fields;
    const known = typeof fields.kind === 'string' && Object.hasOwn(CONSTRAINT_NAMES, fields.kind);
    if (!known) return `${at} has an unknown kind ${JSON.stringify(fields.kind) ?? 'nothing'}`;
    const constraint = shapeOf(fields, size);
    if (constraint === null) {
      return `${at} (${CONSTRAINT_NAMES[fields.kind as Constraint['kind']]}) is damaged`;
    }
    const problems = constraintProblems(constraint, size);
    if (problems.length > 0) return `${at}: ${problems[0]}`;
    constraints.push(constraint);
  }
  return constraints;
}
