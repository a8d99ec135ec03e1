/**
 * The techniques of issue 35 (turbot.ts and the modules after it): for each, a real puzzle
 * (standard boxes and jigsaw, copied from bench/data) solved step by step until the
 * technique is the solver's next step, with every elimination checked against the
 * puzzle's unique solution (DLX); and a built position with its explanation in words,
 * beside a near miss where the technique finds nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  applyStep,
  countSolutionsDlx,
  createBoard,
  findStep,
  fullMask,
  initialState,
  multiColouring,
  simpleColouring,
  skyscraper,
  standardRegions,
  turbotFish,
  twoStringKite,
  type Board,
  type Step,
  type Technique,
} from '../../src/engine/index.ts';

const at = (row: number, col: number, size = 9): number => (row - 1) * size + (col - 1);
const fullMarks = (size = 9): Int32Array => new Int32Array(size * size).fill(fullMask(size));
const maskOf = (digits: number[]): number => digits.reduce((mask, digit) => mask | (1 << digit), 0);
function remove(marks: Int32Array, cells: number[], digits: number[]): void {
  for (const cell of cells) marks[cell] &= ~maskOf(digits);
}
const byCell = (step: Step | null): string =>
  (step?.eliminations ?? [])
    .map(({ cell, digit }) => `${cell}:${digit}`)
    .sort()
    .join(' ');
const expected = (cells: number[], digits: number[]): string =>
  cells
    .flatMap((cell) => digits.map((digit) => `${cell}:${digit}`))
    .sort()
    .join(' ');

/** A benchmark line: 81 givens, then (jigsaw) 81 region digits 1-9. */
function boardOf(line: string): Board {
  const [givens, regions] = line.split(' ');
  return createBoard(
    9,
    regions === undefined ? standardRegions(9) : Array.from(regions, (ch) => Number(ch) - 1),
    Array.from(givens, (ch) => (ch === '.' ? 0 : Number(ch))),
  );
}

/**
 * Solve `line` by logic until `technique` is the next step (the easiest technique that
 * makes progress there); that step, checked against the unique solution.
 */
function firstUse(line: string, technique: Technique): Step {
  const board = boardOf(line);
  const check = countSolutionsDlx(board, 2);
  expect(check.count).toBe(1);
  const solution = check.solutions[0];
  const state = initialState(board);
  for (let steps = 0; steps < 400; steps++) {
    const step = findStep(state);
    if (step === null) break;
    for (const { cell, digit } of step.eliminations) expect(solution[cell]).not.toBe(digit);
    for (const { cell, digit } of step.placements) expect(solution[cell]).toBe(digit);
    if (step.technique === technique) {
      expect(step.eliminations.length + step.placements.length).toBeGreaterThan(0);
      for (const { cell, digit } of step.eliminations) {
        expect(state.candidates[cell] & (1 << digit)).not.toBe(0);
      }
      return step;
    }
    applyStep(state, step);
  }
  throw new Error(`${technique} is never the next step`);
}

describe('skyscraper, two-string kite, turbot fish', () => {
  it('skyscraper on standard boxes and on a jigsaw, each removal agreeing with the solution', () => {
    const boxes = firstUse(
      '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........',
      'skyscraper',
    );
    expect(boxes.explanation).toBe(
      '4 goes in column 4 only in r3c4 or r5c4, and in column 7 only in r3c7 or r6c7. r3c4 ' +
        'and r3c7 share row 3, so they are not both 4, and r5c4 or r6c7 is 4. So 4 can be ' +
        'removed from r5c9 and r6c6, which see both',
    );
    const jigsaw = firstUse(
      '......6.........8.......54.8..7..9.2.......9.....72....6.23.............1....9... ' +
        '112222222112333255111333355411355555444399666774499666777449666778489999778888888',
      'skyscraper',
    );
    expect(jigsaw.eliminations).toEqual([{ cell: at(3, 6), digit: 1 }]);
  });

  it('two-string kite on standard boxes and on a jigsaw', () => {
    const boxes = firstUse(
      '....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..',
      'two-string kite',
    );
    expect(boxes.explanation).toBe(
      '1 goes in row 1 only in r1c6 or r1c9, and in column 8 only in r2c8 or r6c8. r1c9 and ' +
        'r2c8 share region 3, so they are not both 1, and r1c6 or r6c8 is 1. So 1 can be ' +
        'removed from r6c6, which sees both',
    );
    const jigsaw = firstUse(
      '.....6.54..3......8...9..2........9.6.7...8.....1......6......5.8.......42...8... ' +
        '111222233412226233411256333441756663441755663471755669477755599477888999888888999',
      'two-string kite',
    );
    expect(jigsaw.eliminations).toEqual([{ cell: at(7, 1), digit: 1 }]);
  });

  it('turbot fish on standard boxes and on a jigsaw', () => {
    const boxes = firstUse(
      '.135.........7.4...........1......892.4.6....7.........8.1.....6.....2.....9.3...',
      'turbot fish',
    );
    expect(boxes.eliminations).toEqual([{ cell: at(4, 6), digit: 5 }]);
    const jigsaw = firstUse(
      '...........98..6........4....5..4...3.658...........1.82.4.9.............9...3... ' +
        '111111133221133333722222339777255559747265599747865559447866669444888669448888699',
      'turbot fish',
    );
    expect(jigsaw.explanation).toBe(
      '2 goes in column 8 only in r5c8 or r9c8, and in region 5 only in r4c5 or r5c6. r5c8 ' +
        'and r5c6 share row 5, so they are not both 2, and r9c8 or r4c5 is 2. So 2 can be ' +
        'removed from r9c5, which sees both',
    );
  });

  // Digit 1: column 1 only in r1c1 and r7c1, column 5 only in r2c5 and r7c5.
  const tower = (): Int32Array => {
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 4, 5, 6, 8, 9].map((row) => at(row, 1)),
      [1],
    );
    remove(
      marks,
      [1, 3, 4, 5, 6, 8, 9].map((row) => at(row, 5)),
      [1],
    );
    return marks;
  };

  it('names each shape once: a skyscraper is neither a kite nor a turbot fish', () => {
    const state = initialState(createBoard(9), tower());
    const step = skyscraper(state);
    expect(step?.cells).toEqual([at(1, 1), at(2, 5), at(7, 1), at(7, 5)]);
    expect(byCell(step)).toBe(expected([at(1, 4), at(1, 6), at(2, 2), at(2, 3)], [1]));
    expect(twoStringKite(state)).toBeNull();
    expect(turbotFish(state)).toBeNull();
  });

  it('finds nothing when a link has a third place', () => {
    const marks = tower();
    marks[at(5, 5)] |= 1 << 1;
    const state = initialState(createBoard(9), marks);
    expect(skyscraper(state)).toBeNull();
    expect(turbotFish(state)).toBeNull();
  });
});

describe('simple colouring and multi-colouring', () => {
  it('colour trap on standard boxes and on a jigsaw', () => {
    const boxes = firstUse(
      '.26.39......6....19.....7.......4..9.5....2....85.....3..2..9..4....762.........4',
      'simple colouring',
    );
    expect(boxes.explanation).toBe(
      'Colour the places of 7 along the units where 7 has only two places: colour A (r1c1, ' +
        'r2c5, r4c3 and r5c4) and colour B (r1c4, r2c3 and r4c8); one of the two colours ' +
        'holds 7 in all its cells, the other in none. r5c8 sees r5c4 of colour A and r4c8 of ' +
        'colour B (and so for the others), so it sees 7 whichever colour holds it (colour ' +
        'trap), so 7 can be removed from r5c8 and r5c9',
    );
    const jigsaw = firstUse(
      '3..9..4....8....7...71......3...1...8.....7.....6.....7.9...3..6...........2..... ' +
        '411116663411166263455122263455129963455529963457522933477772993478879983477888888',
      'simple colouring',
    );
    expect(jigsaw.eliminations).toEqual([
      { cell: at(5, 4), digit: 4 },
      { cell: at(5, 9), digit: 4 },
    ]);
  });

  it('colour wrap: two cells of one colour see each other, so that colour loses the digit', () => {
    // 1 has two places in row 1 (c1, c5), column 5 (r1, r5), row 5 (c5, c2), column 2 (r5, r2).
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 4, 6, 7, 8, 9].map((col) => at(1, col)),
      [1],
    );
    remove(
      marks,
      [2, 3, 4, 6, 7, 8, 9].map((row) => at(row, 5)),
      [1],
    );
    remove(
      marks,
      [1, 3, 4, 6, 7, 8, 9].map((col) => at(5, col)),
      [1],
    );
    remove(
      marks,
      [1, 3, 4, 6, 7, 8, 9].map((row) => at(row, 2)),
      [1],
    );
    const step = simpleColouring(initialState(createBoard(9), marks));
    expect(step?.technique).toBe('simple colouring');
    expect(byCell(step)).toBe(expected([at(1, 1), at(2, 2), at(5, 5)], [1]));
    expect(step?.explanation).toBe(
      'Colour the places of 1 along the units where 1 has only two places: colour A (r1c1, ' +
        'r2c2 and r5c5) and colour B (r1c5 and r5c2); one of the two colours holds 1 in all ' +
        'its cells, the other in none. r1c1 and r2c2 both have colour A and see each other, ' +
        'so colour A cannot hold 1 (colour wrap), so 1 can be removed from r1c1, r2c2 and r5c5',
    );
  });

  it('finds nothing when no cell sees both colours', () => {
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 4, 6, 7, 8, 9].map((col) => at(1, col)),
      [1],
    );
    remove(
      marks,
      [2, 3, 4, 5, 6, 7, 8].map((row) => at(row, 5)),
      [1],
    );
    const state = initialState(createBoard(9), marks);
    expect(simpleColouring(state)).toBeNull();
    expect(multiColouring(state)).toBeNull();
  });

  it('multi-colouring on standard boxes and on a jigsaw', () => {
    const boxes = firstUse(
      '8..........5.6....37.2...1.6..9..5...5.....36...1..4........7......27.8..2438....',
      'multi-colouring',
    );
    expect(boxes.explanation).toBe(
      'Colour the places of 1 along the units where 1 has only two places: colour A (r1c5, ' +
        'r7c1 and r9c6) and colour B (r7c5 and r9c9); colour C (r4c9 and r8c7) and colour D ' +
        '(r5c7); in each chain one colour holds 1 in all its cells, the other in none. r9c9 of ' +
        'colour B sees r4c9 of colour C, so B and C are not both 1, and colour A or colour D ' +
        'is; r5c1 sees a cell of each, so 1 can be removed from r5c1',
    );
    const jigsaw = firstUse(
      '...........98..6........4....5..4...3.658...........1.82.4.9.............9...3... ' +
        '111111133221133333722222339777255559747265599747865559447866669444888669448888699',
      'multi-colouring',
    );
    expect(jigsaw.eliminations).toEqual([{ cell: at(8, 5), digit: 2 }]);
  });
});
