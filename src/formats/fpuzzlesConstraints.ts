/**
 * The variant constraints of an f-puzzles string, both ways: the constraint fields of its
 * JSON object read into the engine's Constraint list, and a list written back in f-puzzles'
 * own field shapes, as f-puzzles' exporter (and Rangsk's SudokuSolver, which reads and
 * writes the same fields: SudokuSolver/PuzzleFormats/FPuzzlesBoard.cs and SolverFactory.cs)
 * write them. Cells are "R1C1" strings; numbers are written as strings, as f-puzzles does.
 *
 * Meanings that decide the mapping (docs/formats.md has the table):
 * - "diagonal+" is the rising diagonal, from the bottom-left corner (Squiggly's `up`);
 * - a `difference` dot with no value (or 1) is a white kropki dot, a `ratio` dot with no
 *   value (or 2) a black one; another value is a different rule that Squiggly has no kind
 *   for: left out, by name;
 * - `nonconsecutive` is f-puzzles' "negative" of the white dot: orthogonal pairs without a
 *   dot (white or black) are not consecutive; `negative: ["ratio"]` the same for black dots,
 *   `negative: ["xv"]` for X and V. Squiggly's nonConsecutive is exact only when the puzzle
 *   has no dot, its allDotsGiven only for both negatives together, with every dot read:
 *   anything else is left out, by name, so that no rule is read stricter than it is;
 * - a little killer's clue cell is outside the grid, and its diagonal runs from there to the
 *   far edge; a sandwich clue's cell is outside its row (RrC0) or column (R0Cc);
 * - renban, German whispers (with a `value`: the difference) and slow thermometers come from
 *   Rangsk's f-puzzles plugin, which writes a cosmetic line (`line` with `fromConstraint`)
 *   beside each so that f-puzzles without it, and SudokuPad, draw them: those lines are
 *   read as the drawing of the constraint, not as lines left out, and are written likewise.
 *
 * `fpuzzlesConstraintGaps` names what of a list f-puzzles cannot hold (greater-than signs, a
 * little killer that stops short of the edge, whispers other than German and Dutch, the
 * non-consecutive rule beside dots); the writer is only called for lists without gaps.
 */
import {
  colOf,
  constraintProblems,
  describeConstraint,
  kingNeighbours,
  rowOf,
  whisperDifference,
  type Constraint,
} from '../engine/index.ts';

/** The constraint fields read here, in the order they are read and written. */
export const CONSTRAINT_FIELDS = [
  'diagonal+',
  'diagonal-',
  'antiknight',
  'antiking',
  'nonconsecutive',
  'negative',
  'killercage',
  'extraregion',
  'odd',
  'even',
  'thermometer',
  'slowthermometer',
  'arrow',
  'difference',
  'ratio',
  'xv',
  'littlekillersum',
  'sandwichsum',
  'whispers',
  'renban',
  'palindrome',
] as const;

/** The plugin constraints whose cosmetic lines (and bulbs) are their drawing, by name. */
const DRAWN_CONSTRAINTS = new Set([
  'Renban',
  'German Whispers',
  'Dutch Whispers',
  'Whispers',
  'Slow Thermometer',
]);

/** What the cosmetic line of a plugin constraint looks like, as the plugin writes it. */
const LINE_STYLE: Record<string, { outlineC: string; width: number }> = {
  Renban: { outlineC: '#F067F0', width: 0.25 },
  'German Whispers': { outlineC: '#67F067', width: 0.1875 },
  'Dutch Whispers': { outlineC: '#FF9A00', width: 0.1875 },
  'Slow Thermometer': { outlineC: '#6495ED', width: 0.3 },
};

export interface ConstraintReading {
  constraints: Constraint[];
  /** What was not read, in words ("white dots showing a difference other than 1"). */
  leftOut: string[];
}

/** Cosmetic entries that draw a constraint read here (not left out), by field. */
export function drawsReadConstraint(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const from = (entry as Record<string, unknown>).fromConstraint;
  return typeof from === 'string' && DRAWN_CONSTRAINTS.has(from);
}

/** "R3C4" for a cell of the grid. */
const fpCell = (cell: number, size: number): string =>
  `R${rowOf(cell, size) + 1}C${colOf(cell, size) + 1}`;

/** Thrown inside the reader with the message for the FormatError. */
class FieldError extends Error {}

/** A row and column (1-based, any number) from "R3C4", or null. */
function rowCol(text: unknown): { row: number; col: number } | null {
  if (typeof text !== 'string') return null;
  const match = /^R(\d{1,3})C(\d{1,3})$/i.exec(text.trim());
  return match ? { row: Number(match[1]), col: Number(match[2]) } : null;
}

const shown = (value: unknown): string => JSON.stringify(value) ?? 'nothing';

/**
 * Read the constraint fields of an f-puzzles object for a grid of `size`; throws a message
 * (string) naming the field and entry for anything malformed.
 */
export function readFpuzzlesConstraints(
  puzzle: Record<string, unknown>,
  size: number,
): ConstraintReading | string {
  try {
    return readAll(puzzle, size);
  } catch (error) {
    if (error instanceof FieldError) return error.message;
    throw error;
  }
}

function readAll(puzzle: Record<string, unknown>, size: number): ConstraintReading {
  const constraints: Constraint[] = [];
  const leftOut: string[] = [];
  const grid = `${size}x${size}`;

  const flag = (field: string): boolean => {
    const value = puzzle[field];
    if (value === undefined || value === null || value === false) return false;
    if (value === true) return true;
    throw new FieldError(`"${field}" must be true or false, got ${shown(value)}`);
  };
  const entries = (field: string): Record<string, unknown>[] => {
    const value = puzzle[field];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value))
      throw new FieldError(`"${field}" must be a list, got ${shown(value)}`);
    return value.map((entry, index) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        throw new FieldError(`${field} ${index + 1}: expected an object, got ${shown(entry)}`);
      }
      return entry as Record<string, unknown>;
    });
  };
  const cellIn = (where: string, text: unknown): number => {
    const at = rowCol(text);
    if (at === null)
      throw new FieldError(`${where}: expected a cell such as "R1C1", got ${shown(text)}`);
    if (at.row < 1 || at.row > size || at.col < 1 || at.col > size) {
      throw new FieldError(`${where}: cell ${String(text)} is outside the ${grid} grid`);
    }
    return (at.row - 1) * size + (at.col - 1);
  };
  const cellList = (where: string, value: unknown, name = 'cells'): number[] => {
    if (!Array.isArray(value))
      throw new FieldError(`${where}: "${name}" must be a list of cells, got ${shown(value)}`);
    return value.map((text) => cellIn(where, text));
  };
  const lineList = (where: string, entry: Record<string, unknown>): number[][] => {
    const lines = entry.lines;
    if (!Array.isArray(lines))
      throw new FieldError(`${where}: "lines" must be a list of lines, got ${shown(lines)}`);
    return lines.map((line, index) => cellList(`${where} line ${index + 1}`, line, 'line'));
  };
  /** A number written as f-puzzles writes it (a string of digits), or undefined if none. */
  const numberOf = (where: string, value: unknown): number | undefined => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
    if (typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value)) return Number(value);
    throw new FieldError(`${where}: "value" must be a whole number, got ${shown(value)}`);
  };
  const add = (where: string, constraint: Constraint): void => {
    const problems = constraintProblems(constraint, size);
    if (problems.length > 0) throw new FieldError(`${where}: ${problems[0]}`);
    constraints.push(constraint);
  };
  /** Say what was left out, once per kind of thing. */
  const leave = (words: string): void => {
    if (!leftOut.includes(words)) leftOut.push(words);
  };

  if (flag('diagonal+')) add('diagonal+', { kind: 'diagonal', direction: 'up' });
  if (flag('diagonal-')) add('diagonal-', { kind: 'diagonal', direction: 'down' });
  if (flag('antiknight')) add('antiknight', { kind: 'antiKnight' });
  if (flag('antiking')) add('antiking', { kind: 'antiKing' });
  const nonconsecutive = flag('nonconsecutive');
  const negativeValue = puzzle.negative ?? [];
  if (!Array.isArray(negativeValue) || negativeValue.some((name) => typeof name !== 'string')) {
    throw new FieldError(
      `"negative" must be a list of constraint names, got ${shown(negativeValue)}`,
    );
  }
  const negative = new Set(negativeValue as string[]);

  entries('killercage').forEach((entry, index) => {
    const where = `killercage ${index + 1}`;
    const cells = cellList(where, entry.cells ?? []);
    if (cells.length === 0) return leave('killer cages without cells');
    const value = entry.value;
    if (
      value !== undefined &&
      value !== null &&
      value !== '' &&
      !/^\s*\d+\s*$/.test(String(value))
    ) {
      // A clue such as "?" is not a total: the cage is read without one, and that is said.
      leave(`the non-numeric killer cage totals (such as ${shown(value)})`);
      return add(where, { kind: 'cage', cells });
    }
    const sum = numberOf(where, value);
    add(where, sum === undefined ? { kind: 'cage', cells } : { kind: 'cage', cells, sum });
  });
  entries('extraregion').forEach((entry, index) => {
    const where = `extraregion ${index + 1}`;
    add(where, { kind: 'extraRegion', cells: cellList(where, entry.cells) });
  });
  for (const kind of ['odd', 'even'] as const) {
    entries(kind).forEach((entry, index) => {
      const where = `${kind} ${index + 1}`;
      add(where, { kind, cell: cellIn(where, entry.cell) });
    });
  }
  for (const field of ['thermometer', 'slowthermometer'] as const) {
    entries(field).forEach((entry, index) => {
      const where = `${field} ${index + 1}`;
      for (const cells of lineList(where, entry)) {
        add(
          where,
          field === 'thermometer'
            ? { kind: 'thermometer', cells }
            : { kind: 'thermometer', cells, slow: true },
        );
      }
    });
  }
  entries('arrow').forEach((entry, index) => {
    const where = `arrow ${index + 1}`;
    const circle = cellList(where, entry.cells);
    lineList(where, entry).forEach((line, lineIndex) => {
      // f-puzzles draws each shaft from a cell of the circle: that cell is not on the shaft.
      if (line.length === 0 || !circle.includes(line[0])) {
        throw new FieldError(
          `${where} line ${lineIndex + 1}: it must start in the arrow's circle, at one of ${(entry.cells as unknown[]).join(', ')}`,
        );
      }
      add(where, { kind: 'arrow', circle, shaft: line.slice(1) });
    });
  });
  let dotsLeftOut = false;
  let dotCount = 0;
  for (const [field, colour, plain] of [
    ['difference', 'white', 1],
    ['ratio', 'black', 2],
  ] as const) {
    entries(field).forEach((entry, index) => {
      const where = `${field} ${index + 1}`;
      const cells = cellList(where, entry.cells);
      if (cells.length !== 2)
        throw new FieldError(`${where}: a dot joins two cells, got ${cells.length}`);
      dotCount++;
      const value = numberOf(where, entry.value);
      if (value !== undefined && value !== plain) {
        dotsLeftOut = true;
        return leave(
          colour === 'white'
            ? 'white dots showing a difference other than 1'
            : 'black dots showing a ratio other than 2',
        );
      }
      add(where, { kind: 'kropki', cells: [cells[0], cells[1]], colour });
    });
  }
  entries('xv').forEach((entry, index) => {
    const where = `xv ${index + 1}`;
    const cells = cellList(where, entry.cells);
    if (cells.length !== 2)
      throw new FieldError(`${where}: an X or V joins two cells, got ${cells.length}`);
    const letter = typeof entry.value === 'string' ? entry.value.trim().toUpperCase() : null;
    if (letter !== 'X' && letter !== 'V') {
      throw new FieldError(`${where}: "value" must be "X" or "V", got ${shown(entry.value)}`);
    }
    add(where, { kind: 'xv', cells: [cells[0], cells[1]], sum: letter === 'X' ? 10 : 5 });
  });
  entries('littlekillersum').forEach((entry, index) => {
    const where = `littlekillersum ${index + 1}`;
    const at = rowCol(entry.cell);
    if (at === null)
      throw new FieldError(`${where}: expected a cell such as "R0C3", got ${shown(entry.cell)}`);
    const step = LITTLE_KILLER_STEPS[String(entry.direction)];
    if (step === undefined) {
      throw new FieldError(
        `${where}: "direction" must be UR, UL, DR or DL, got ${shown(entry.direction)}`,
      );
    }
    const inside = (row: number, col: number): boolean =>
      row >= 1 && row <= size && col >= 1 && col <= size;
    if (inside(at.row, at.col)) {
      throw new FieldError(
        `${where}: its clue cell ${String(entry.cell)} is inside the grid; f-puzzles puts it outside`,
      );
    }
    const cells: number[] = [];
    for (
      let row = at.row + step[0], col = at.col + step[1];
      inside(row, col);
      row += step[0], col += step[1]
    ) {
      cells.push((row - 1) * size + (col - 1));
    }
    if (cells.length === 0)
      throw new FieldError(
        `${where}: from ${String(entry.cell)} going ${String(entry.direction)} it points at no cell of the ${grid} grid`,
      );
    const sum = numberOf(where, entry.value);
    if (sum === undefined) return leave('little killer arrows without a total');
    add(where, { kind: 'littleKiller', cells, sum });
  });
  entries('sandwichsum').forEach((entry, index) => {
    const where = `sandwichsum ${index + 1}`;
    const at = rowCol(entry.cell);
    if (at === null)
      throw new FieldError(`${where}: expected a cell such as "R0C3", got ${shown(entry.cell)}`);
    const rowOutside = at.row === 0 || at.row === size + 1;
    const colOutside = at.col === 0 || at.col === size + 1;
    const line =
      rowOutside && at.col >= 1 && at.col <= size
        ? 'column'
        : colOutside && at.row >= 1 && at.row <= size
          ? 'row'
          : null;
    if (line === null) {
      throw new FieldError(
        `${where}: its clue cell ${String(entry.cell)} is not beside a row or column of the ${grid} grid`,
      );
    }
    const sum = numberOf(where, entry.value);
    if (sum === undefined) return leave('sandwich clues without a total');
    add(where, { kind: 'sandwich', line, index: (line === 'column' ? at.col : at.row) - 1, sum });
  });
  entries('whispers').forEach((entry, index) => {
    const where = `whispers ${index + 1}`;
    const difference = numberOf(where, entry.value);
    for (const cells of lineList(where, entry)) {
      add(
        where,
        difference === undefined
          ? { kind: 'whisper', cells }
          : { kind: 'whisper', cells, difference },
      );
    }
  });
  for (const kind of ['renban', 'palindrome'] as const) {
    entries(kind).forEach((entry, index) => {
      const where = `${kind} ${index + 1}`;
      for (const cells of lineList(where, entry)) add(where, { kind, cells });
    });
  }

  // The negatives last: whether they are exact depends on the dots read above.
  const negativeRatio = negative.delete('ratio');
  const negativeXv = negative.delete('xv');
  if (nonconsecutive && negativeRatio && !dotsLeftOut) {
    add('nonconsecutive', { kind: 'allDotsGiven' });
  } else {
    if (nonconsecutive && dotCount === 0) add('nonconsecutive', { kind: 'nonConsecutive' });
    else if (nonconsecutive)
      leave(
        'non-consecutive rule (which spares pairs with a dot; Squiggly holds it only with no dots, or with "all black dots given" too)',
      );
    if (negativeRatio)
      leave(
        '"all black dots given" rule (Squiggly holds it only with the non-consecutive rule, as "all dots given")',
      );
  }
  if (negativeXv) add('negative', { kind: 'allXvGiven' });
  for (const name of negative) leave(`negative constraint on ${shown(name)}`);

  return { constraints, leftOut: [...leftOut] };
}

/** Row and column steps of f-puzzles' little killer directions. */
const LITTLE_KILLER_STEPS: Record<string, [number, number]> = {
  UR: [-1, 1],
  UL: [-1, -1],
  DR: [1, 1],
  DL: [1, -1],
};

/** A little killer's clue cell and direction, when its cells run the whole diagonal. */
function littleKillerClue(
  cells: readonly number[],
  size: number,
): { cell: string; direction: string } | null {
  const first = cells[0];
  const row = rowOf(first, size) + 1;
  const col = colOf(first, size) + 1;
  const inside = (r: number, c: number): boolean => r >= 1 && r <= size && c >= 1 && c <= size;
  const directions =
    cells.length > 1
      ? [[rowOf(cells[1], size) - rowOf(first, size), colOf(cells[1], size) - colOf(first, size)]]
      : Object.values(LITTLE_KILLER_STEPS);
  for (const [dr, dc] of directions) {
    const last = cells[cells.length - 1];
    const lastRow = rowOf(last, size) + 1;
    const lastCol = colOf(last, size) + 1;
    if (inside(row - dr, col - dc) || inside(lastRow + dr, lastCol + dc)) continue;
    const direction = Object.entries(LITTLE_KILLER_STEPS).find(
      ([, step]) => step[0] === dr && step[1] === dc,
    );
    if (direction) return { cell: `R${row - dr}C${col - dc}`, direction: direction[0] };
  }
  return null;
}

/**
 * What of a constraint list an f-puzzles string cannot hold, in words, one entry each; []
 * when it holds all of it. A global rule listed twice is held once: it is the same rule.
 */
export function fpuzzlesConstraintGaps(constraints: readonly Constraint[], size: number): string[] {
  const gaps: string[] = [];
  const german = whisperDifference(size);
  const hasDots = constraints.some((c) => c.kind === 'kropki' || c.kind === 'allDotsGiven');
  for (const constraint of constraints) {
    switch (constraint.kind) {
      case 'greaterThan':
        gaps.push(`${describeConstraint(constraint, size)}: f-puzzles has no greater-than signs`);
        break;
      case 'littleKiller':
        if (littleKillerClue(constraint.cells, size) === null) {
          gaps.push(
            `${describeConstraint(constraint, size)}: an f-puzzles little killer runs from outside the grid to its far edge`,
          );
        }
        break;
      case 'whisper':
        if (
          constraint.difference !== undefined &&
          constraint.difference !== german &&
          constraint.difference !== german - 1
        ) {
          gaps.push(
            `${describeConstraint(constraint, size)}: f-puzzles draws whispers with a difference of ${german} (German) or ${german - 1} (Dutch), not ${constraint.difference}`,
          );
        }
        break;
      case 'nonConsecutive':
        if (hasDots) {
          gaps.push(
            'the non-consecutive rule beside kropki dots: f-puzzles spares the pairs with a dot from it',
          );
        }
        break;
      default:
        break;
    }
  }
  return [...new Set(gaps)];
}

/** Append to a list field of the puzzle object. */
function push(puzzle: Record<string, unknown>, field: string, entry: unknown): void {
  const list = (puzzle[field] ??= []) as unknown[];
  list.push(entry);
}

/**
 * Write a constraint list into an f-puzzles object in f-puzzles' field shapes. The list must
 * have no gaps (fpuzzlesConstraintGaps); the caller checks.
 */
export function writeFpuzzlesConstraints(
  puzzle: Record<string, unknown>,
  constraints: readonly Constraint[],
  size: number,
): void {
  const names = (cells: readonly number[]): string[] => cells.map((cell) => fpCell(cell, size));
  const negative = new Set<string>();
  const german = whisperDifference(size);
  /** The plugin's cosmetic drawing of a line constraint, for those that do not have it. */
  const drawLine = (from: string, cells: readonly number[]): void => {
    push(puzzle, 'line', { lines: [names(cells)], ...LINE_STYLE[from], fromConstraint: from });
  };
  for (const c of constraints) {
    switch (c.kind) {
      case 'diagonal':
        puzzle[c.direction === 'up' ? 'diagonal+' : 'diagonal-'] = true;
        break;
      case 'antiKnight':
        puzzle.antiknight = true;
        break;
      case 'antiKing':
        puzzle.antiking = true;
        break;
      case 'nonConsecutive':
        puzzle.nonconsecutive = true;
        break;
      case 'allDotsGiven':
        puzzle.nonconsecutive = true;
        negative.add('ratio');
        break;
      case 'allXvGiven':
        negative.add('xv');
        break;
      case 'cage':
        push(
          puzzle,
          'killercage',
          c.sum === undefined
            ? { cells: names(c.cells) }
            : { cells: names(c.cells), value: String(c.sum) },
        );
        break;
      case 'extraRegion':
        push(puzzle, 'extraregion', { cells: names(c.cells) });
        break;
      case 'even':
      case 'odd':
        push(puzzle, c.kind, { cell: fpCell(c.cell, size) });
        break;
      case 'thermometer':
        push(puzzle, c.slow ? 'slowthermometer' : 'thermometer', { lines: [names(c.cells)] });
        if (c.slow) {
          drawLine('Slow Thermometer', c.cells);
          push(puzzle, 'circle', {
            cells: [fpCell(c.cells[0], size)],
            baseC: '#6495ED',
            outlineC: '#6495ED',
            width: 0.8,
            height: 0.8,
            fromConstraint: 'Slow Thermometer',
          });
        }
        break;
      case 'arrow': {
        // The shaft is drawn from the circle's cell next to its first cell.
        const start =
          c.circle.find((cell) => kingNeighbours(cell, c.shaft[0], size)) ?? c.circle[0];
        push(puzzle, 'arrow', { cells: names(c.circle), lines: [names([start, ...c.shaft])] });
        break;
      }
      case 'kropki':
        push(puzzle, c.colour === 'white' ? 'difference' : 'ratio', { cells: names(c.cells) });
        break;
      case 'xv':
        push(puzzle, 'xv', { cells: names(c.cells), value: c.sum === 10 ? 'X' : 'V' });
        break;
      case 'littleKiller': {
        const clue = littleKillerClue(c.cells, size);
        if (clue) push(puzzle, 'littlekillersum', { ...clue, value: String(c.sum) });
        break;
      }
      case 'sandwich':
        push(puzzle, 'sandwichsum', {
          cell: c.line === 'column' ? `R0C${c.index + 1}` : `R${c.index + 1}C0`,
          value: String(c.sum),
        });
        break;
      case 'whisper':
        push(
          puzzle,
          'whispers',
          c.difference === undefined
            ? { lines: [names(c.cells)] }
            : { lines: [names(c.cells)], value: String(c.difference) },
        );
        drawLine(c.difference === german - 1 ? 'Dutch Whispers' : 'German Whispers', c.cells);
        break;
      case 'renban':
        push(puzzle, 'renban', { lines: [names(c.cells)] });
        drawLine('Renban', c.cells);
        break;
      case 'palindrome':
        push(puzzle, 'palindrome', { lines: [names(c.cells)] });
        break;
      case 'greaterThan':
        break;
    }
  }
  if (negative.size > 0) puzzle.negative = [...negative];
}
