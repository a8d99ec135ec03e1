/**
 * The logical solver, technique by technique: each test builds a position (a board and
 * candidate marks) where exactly the technique's step applies, checks the step the solver
 * would take there (nextStep tries every easier technique first), its eliminations or
 * placements and its explanation; and a near miss where the technique must find nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  at,
  byCell,
  expectedEliminations,
  fullMarks,
  keepOnly,
  parse9,
  remove,
  skyscraperMarks,
} from '../fixtures/candidateMarks.ts';
import {
  alternatingChain,
  claiming,
  commonPeer,
  createBoard,
  finnedXWing,
  hiddenPair,
  hiddenQuad,
  hiddenSingle,
  hiddenTriple,
  initialState,
  jigsawFish,
  lawOfLeftovers,
  nakedPair,
  nakedQuad,
  nakedSingle,
  nakedTriple,
  nextStep,
  pointing,
  solveByLogic,
  standardRegions,
  swordfish,
  validateLayout,
  xChain,
  xWing,
  wWing,
  xyWing,
  xyzWing,
} from '../../src/engine/index.ts';

const rowCells = (row: number, size = 9): number[] =>
  Array.from({ length: size }, (_, col) => at(row, col + 1, size));

const EMPTY9 = createBoard(9);
const state9 = (marks: Int32Array) => initialState(EMPTY9, marks);

/**
 * A 4x4 jigsaw: region 1 (A) is r1c1, r1c2, r2c2, r2c3, so r2c3 shares region 1 with r1c1
 * and column 3 with r1c3.
 */
const JIGSAW4 = [0, 0, 1, 1, 2, 0, 0, 1, 2, 2, 3, 1, 2, 3, 3, 3];
const EMPTY_JIGSAW4 = createBoard(4, JIGSAW4);

// POJ 3074 sample: singles alone solve it.
const SAMPLE = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const SAMPLE_SOLUTION =
  '527389416819426735436751829375692184194538267268174593643217958951843672782965341';

describe('singles', () => {
  it('finds a hidden single in a region, and says so', () => {
    const marks = fullMarks();
    remove(
      marks,
      [at(1, 1), at(1, 2), at(1, 3), at(2, 1), at(2, 3), at(3, 1), at(3, 2), at(3, 3)],
      [5],
    );
    const step = nextStep(EMPTY9, marks);
    expect(step).toEqual({
      technique: 'hidden single',
      cells: [at(2, 2)],
      candidates: [{ cell: at(2, 2), digit: 5 }],
      placements: [{ cell: at(2, 2), digit: 5 }],
      eliminations: [],
      explanation: 'r2c2 is the only place for 5 in region 1',
    });
  });

  it('finds a hidden single in a row when no region has one', () => {
    const board = parse9('12345678.' + '.'.repeat(72));
    const step = hiddenSingle(initialState(board));
    expect(step?.explanation).toBe('r1c9 is the only place for 9 in row 1');
    expect(step?.placements).toEqual([{ cell: at(1, 9), digit: 9 }]);
  });

  it('finds no hidden single while every digit has two places', () => {
    const marks = fullMarks();
    remove(marks, [at(1, 1), at(1, 2), at(1, 3), at(2, 1), at(2, 3), at(3, 1), at(3, 2)], [5]);
    expect(hiddenSingle(state9(marks))).toBeNull();
  });

  it('finds a naked single, and says whether the units alone leave one digit', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(4, 4)], [7]);
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('naked single');
    expect(step?.placements).toEqual([{ cell: at(4, 4), digit: 7 }]);
    expect(step?.explanation).toBe('r4c4 can only be 7: every other digit has been ruled out');
    // r1c6 sees 1-5 in its row, 6 in its region, 7 and 8 in its column.
    const rows = ['12345....', '...6.....', '.........', '.....7...', '.....8...'];
    const board = parse9(rows.join('') + '.'.repeat(36));
    expect(nakedSingle(initialState(board))?.explanation).toBe(
      'r1c6 can only be 9: every other digit is already in its row, column or region',
    );
  });

  it('finds no naked single while every cell has two candidates', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(4, 4)], [7, 8]);
    expect(nakedSingle(state9(marks))).toBeNull();
  });

  it('solves an easy puzzle by singles alone, each step explained (was propagateSingles)', () => {
    const result = solveByLogic(parse9(SAMPLE), { techniques: ['hidden single', 'naked single'] });
    expect(result.status).toBe('solved');
    expect(Array.from(result.state.grid).join('')).toBe(SAMPLE_SOLUTION);
    expect(result.steps.length).toBe(SAMPLE.split('.').length - 1);
    for (const step of result.steps) {
      expect(step.explanation).toMatch(/^r\dc\d (can only be|is the only place for) \d/);
    }
  });

  it('stops at a contradiction and says why', () => {
    const givens = new Uint8Array(16);
    [1, 2, 3].forEach((digit, col) => (givens[col + 1] = digit)); // row 1: . 1 2 3
    givens[8] = 4; // r3c1 = 4, so r1c1 has no candidate
    const result = solveByLogic(createBoard(4, standardRegions(4), givens));
    expect(result.status).toBe('contradiction');
    expect(result.contradiction).toBe('r1c1 has no candidate left');
  });

  it('refuses a layout whose regions are not N cells each', () => {
    const regions = standardRegions(4);
    regions[0] = 1; // region 1 has 3 cells, region 2 has 5
    expect(() => solveByLogic(createBoard(4, regions))).toThrow(
      'the logical solver needs 4 regions of 4 cells; region 1 has 3',
    );
  });

  it('honours the step bound (one hint at a time)', () => {
    const result = solveByLogic(parse9(SAMPLE), { maxSteps: 1 });
    expect(result.steps).toHaveLength(1);
    expect(result.status).toBe('stuck');
  });
});

describe('intersections', () => {
  it('pointing: a region whose places for a digit lie in one row clears the rest of the row', () => {
    const marks = fullMarks();
    // Region 5 is r4-6 c4-6; 7 only in r4c5 and r4c6.
    remove(marks, [at(4, 4), at(5, 4), at(5, 5), at(5, 6), at(6, 4), at(6, 5), at(6, 6)], [7]);
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('pointing');
    expect(byCell(step)).toBe(
      expectedEliminations(
        [1, 2, 3, 7, 8, 9].map((col) => at(4, col)),
        [7],
      ),
    );
    expect(step?.explanation).toBe(
      'In region 5, 7 can only go in r4c5 or r4c6, both in row 4, so 7 can be removed from ' +
        'the rest of row 4: r4c1, r4c2, r4c3, r4c7, r4c8 and r4c9',
    );
  });

  it('claiming: a row whose places for a digit lie in one region clears the rest of the region', () => {
    const marks = fullMarks();
    remove(
      marks,
      [1, 4, 5, 6, 7, 8, 9].map((col) => at(4, col)),
      [7],
    );
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('claiming');
    expect(step?.explanation).toBe(
      'In row 4, 7 can only go in r4c2 or r4c3, both in region 4, so 7 can be removed from ' +
        'the rest of region 4: r5c1, r5c2, r5c3, r6c1, r6c2 and r6c3',
    );
  });

  it('finds no locked candidates when the places span two lines and two regions', () => {
    const marks = fullMarks();
    remove(marks, [at(4, 4), at(5, 4), at(5, 6), at(6, 4), at(6, 5), at(6, 6)], [7]);
    const state = state9(marks);
    expect(pointing(state)).toBeNull();
    expect(claiming(state)).toBeNull();
  });

  it('common peer: a jigsaw cell that sees every place of a digit in a row loses it', () => {
    expect(validateLayout(4, JIGSAW4)).toEqual([]);
    const marks = fullMarks(4);
    remove(marks, [at(1, 2, 4), at(1, 4, 4)], [1]);
    const step = nextStep(EMPTY_JIGSAW4, marks);
    expect(step).toEqual({
      technique: 'common peer',
      cells: [at(1, 1, 4), at(1, 3, 4)],
      candidates: [
        { cell: at(1, 1, 4), digit: 1 },
        { cell: at(1, 3, 4), digit: 1 },
      ],
      placements: [],
      eliminations: [{ cell: at(2, 3, 4), digit: 1 }],
      explanation:
        'In row 1, 1 can only go in r1c1 or r1c3; r2c3 sees all of them (through its row, ' +
        'column or region), so 1 can be removed from r2c3',
    });
  });

  it('common peer finds nothing on standard boxes, where pointing and claiming say it all', () => {
    const marks = fullMarks(4);
    remove(marks, [at(1, 2, 4), at(1, 4, 4)], [1]);
    expect(commonPeer(initialState(createBoard(4), marks))).toBeNull();
  });
});

describe('subsets', () => {
  it('naked pair: clears both units the two cells share', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1), at(1, 2)], [3, 8]);
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('naked pair');
    const rest = [
      ...[3, 4, 5, 6, 7, 8, 9].map((col) => at(1, col)),
      ...[at(2, 1), at(2, 2), at(2, 3), at(3, 1), at(3, 2), at(3, 3)],
    ];
    expect(byCell(step)).toBe(expectedEliminations(rest, [3, 8]));
    expect(step?.explanation).toMatch(
      /^r1c1 and r1c2 can only hold 3 and 8 between them, so 3 and 8 can be removed from the rest of row 1 and region 1: 3 from r1c3, /,
    );
  });

  it('finds no naked pair when the two cells hold three digits', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [3, 8]);
    keepOnly(marks, [at(1, 2)], [3, 9]);
    expect(nakedPair(state9(marks))).toBeNull();
  });

  it('hidden pair: two digits with the same two places keep only them', () => {
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 4, 6, 7, 8, 9].map((col) => at(1, col)),
      [3, 8],
    );
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('hidden pair');
    expect(byCell(step)).toBe(expectedEliminations([at(1, 1), at(1, 5)], [1, 2, 4, 5, 6, 7, 9]));
    expect(step?.explanation).toMatch(
      /^In row 1, 3 and 8 can only go in r1c1 and r1c5, so those cells hold nothing else: remove 1 from r1c1 and r1c5; 2 from/,
    );
    remove(marks, [], []);
    const miss = fullMarks();
    remove(
      miss,
      [2, 3, 4, 6, 7, 8].map((col) => at(1, col)),
      [3, 8],
    );
    expect(hiddenPair(state9(miss))).toBeNull();
  });

  it('naked triple: three cells, three digits', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2]);
    keepOnly(marks, [at(1, 4)], [2, 3]);
    keepOnly(marks, [at(1, 7)], [1, 3]);
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('naked triple');
    expect(byCell(step)).toBe(
      expectedEliminations(
        [2, 3, 5, 6, 8, 9].map((col) => at(1, col)),
        [1, 2, 3],
      ),
    );
    expect(step?.explanation).toMatch(
      /^r1c1, r1c4 and r1c7 can only hold 1, 2 and 3 between them, so 1, 2 and 3 can be removed from the rest of row 1: /,
    );
    keepOnly(marks, [at(1, 7)], []);
    const miss = fullMarks();
    keepOnly(miss, [at(1, 1)], [1, 2]);
    keepOnly(miss, [at(1, 4)], [2, 3]);
    keepOnly(miss, [at(1, 7)], [1, 4]);
    expect(nakedTriple(state9(miss))).toBeNull();
  });

  it('hidden triple: three digits, three places', () => {
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 5, 6, 8, 9].map((col) => at(1, col)),
      [1, 2, 3],
    );
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('hidden triple');
    expect(byCell(step)).toBe(
      expectedEliminations([at(1, 1), at(1, 4), at(1, 7)], [4, 5, 6, 7, 8, 9]),
    );
    expect(step?.explanation).toMatch(/^In row 1, 1, 2 and 3 can only go in r1c1, r1c4 and r1c7, /);
    const miss = fullMarks();
    remove(
      miss,
      [2, 3, 5, 6, 8].map((col) => at(1, col)),
      [1, 2, 3],
    );
    expect(hiddenTriple(state9(miss))).toBeNull();
  });

  it('naked quad: four cells, four digits', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2]);
    keepOnly(marks, [at(1, 4)], [2, 3]);
    keepOnly(marks, [at(1, 7)], [3, 4]);
    keepOnly(marks, [at(1, 8)], [1, 4]);
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('naked quad');
    expect(byCell(step)).toBe(
      expectedEliminations(
        [2, 3, 5, 6, 9].map((col) => at(1, col)),
        [1, 2, 3, 4],
      ),
    );
    const miss = fullMarks();
    keepOnly(miss, [at(1, 1)], [1, 2]);
    keepOnly(miss, [at(1, 4)], [2, 3]);
    keepOnly(miss, [at(1, 7)], [3, 4]);
    keepOnly(miss, [at(1, 8)], [1, 5]);
    expect(nakedQuad(state9(miss))).toBeNull();
  });

  it('hidden quad: four digits, four places', () => {
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 5, 6, 8].map((col) => at(1, col)),
      [1, 2, 3, 4],
    );
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('hidden quad');
    expect(byCell(step)).toBe(
      expectedEliminations([at(1, 1), at(1, 4), at(1, 7), at(1, 9)], [5, 6, 7, 8, 9]),
    );
    expect(step?.explanation).toMatch(
      /^In row 1, 1, 2, 3 and 4 can only go in r1c1, r1c4, r1c7 and r1c9, so those cells hold nothing else/,
    );
    const miss = fullMarks();
    remove(
      miss,
      [2, 3, 5, 6].map((col) => at(1, col)),
      [1, 2, 3, 4],
    );
    expect(hiddenQuad(state9(miss))).toBeNull();
  });
});

describe('fish', () => {
  it('x-wing: two rows whose places for a digit share two columns', () => {
    const marks = fullMarks();
    for (const row of [2, 7])
      remove(
        marks,
        [1, 2, 4, 5, 6, 7, 9].map((col) => at(row, col)),
        [4],
      );
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('x-wing');
    expect(step?.cells).toEqual([at(2, 3), at(2, 8), at(7, 3), at(7, 8)]);
    const rest = [1, 3, 4, 5, 6, 8, 9].flatMap((row) => [at(row, 3), at(row, 8)]);
    expect(byCell(step)).toBe(expectedEliminations(rest, [4]));
    expect(step?.explanation).toMatch(
      /^In rows 2 and 7, 4 can only go in columns 3 and 8, so 4 can be removed from the rest of those columns: r1c3, r1c8, r3c3, /,
    );
  });

  it('finds no x-wing when one row has a third place', () => {
    const marks = fullMarks();
    remove(
      marks,
      [1, 2, 4, 5, 6, 7, 9].map((col) => at(2, col)),
      [4],
    );
    remove(
      marks,
      [1, 2, 4, 6, 7, 9].map((col) => at(7, col)),
      [4],
    );
    expect(xWing(state9(marks))).toBeNull();
  });

  it('swordfish: three rows, three columns', () => {
    const marks = fullMarks();
    const keep: Record<number, number[]> = { 1: [2, 5], 4: [5, 8], 7: [2, 8] };
    for (const [row, cols] of Object.entries(keep)) {
      remove(
        marks,
        rowCells(Number(row)).filter((cell) => !cols.includes((cell % 9) + 1)),
        [5],
      );
    }
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('swordfish');
    const rest = [2, 3, 5, 6, 8, 9].flatMap((row) => [at(row, 2), at(row, 5), at(row, 8)]);
    expect(byCell(step)).toBe(expectedEliminations(rest, [5]));
    expect(step?.explanation).toMatch(
      /^In rows 1, 4 and 7, 5 can only go in columns 2, 5 and 8, so 5 can be removed from the rest of those columns/,
    );
    const miss = Int32Array.from(marks);
    miss[at(7, 9)] |= 1 << 5;
    expect(swordfish(state9(miss))).toBeNull();
  });

  it('jigsaw fish: two regions whose places for a digit lie in two rows', () => {
    const marks = fullMarks();
    // Regions 1 and 2 keep 5 only in r1c1, r2c2 and r1c5, r2c6: rows 1 and 2 hold both 5s.
    const region1 = [1, 2, 3].flatMap((row) => [1, 2, 3].map((col) => at(row, col)));
    const region2 = [1, 2, 3].flatMap((row) => [4, 5, 6].map((col) => at(row, col)));
    remove(
      marks,
      region1.filter((cell) => cell !== at(1, 1) && cell !== at(2, 2)),
      [5],
    );
    remove(
      marks,
      region2.filter((cell) => cell !== at(1, 5) && cell !== at(2, 6)),
      [5],
    );
    const step = jigsawFish(state9(marks));
    expect(step?.technique).toBe('jigsaw fish');
    expect(byCell(step)).toBe(
      expectedEliminations([at(1, 7), at(1, 8), at(1, 9), at(2, 7), at(2, 8), at(2, 9)], [5]),
    );
    expect(step?.explanation).toBe(
      'In region 1 and region 2, which share no cell, 5 can only go in r1c1, r1c5, r2c2 or ' +
        'r2c6, all inside row 1 and row 2; each of those holds one 5, so it is one of these, ' +
        'and 5 can be removed from r1c7, r1c8, r1c9, r2c7, r2c8 and r2c9',
    );
    // On standard boxes claiming gets there first (row 3's 5 lies in region 3 alone).
    expect(nextStep(EMPTY9, marks)?.technique).toBe('claiming');
    marks[at(3, 3)] |= 1 << 5;
    expect(jigsawFish(state9(marks))).toBeNull();
  });
});

describe('finned fish', () => {
  // Digit 1: row 2 only at c3, c7 and the fin r2c8; row 6 only at c3 and c7.
  const finned = (): Int32Array => {
    const marks = fullMarks();
    remove(
      marks,
      [1, 2, 4, 5, 6, 9].map((col) => at(2, col)),
      [1],
    );
    remove(
      marks,
      [1, 2, 4, 5, 6, 8, 9].map((col) => at(6, col)),
      [1],
    );
    return marks;
  };

  it('finned x-wing: the cells of a cover that see the fin lose the digit', () => {
    const step = finnedXWing(state9(finned()));
    expect(step?.technique).toBe('finned x-wing');
    expect(step?.cells).toEqual([at(2, 3), at(2, 7), at(2, 8), at(6, 3), at(6, 7)]);
    // Column 7 in the fin's box, outside rows 2 and 6.
    expect(byCell(step)).toBe(expectedEliminations([at(1, 7), at(3, 7)], [1]));
    expect(step?.explanation).toBe(
      'In rows 2 and 6, 1 can only go in columns 3 and 7, or in the fin r2c8. If no fin is 1, ' +
        '1 leaves the rest of those columns; if one is, r1c7 and r3c7 see it. Either way 1 can ' +
        'be removed from r1c7 and r3c7',
    );
  });

  it('finds no finned x-wing when the fin sees no cell of the covers', () => {
    const marks = finned();
    // The fin moves to r2c5, in box 2: no cell of columns 3 or 7 outside the bases sees it.
    marks[at(2, 8)] &= ~(1 << 1);
    marks[at(2, 5)] |= 1 << 1;
    expect(finnedXWing(state9(marks))).toBeNull();
  });
});

describe('wings', () => {
  it('xy-wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r3c2 {2,3}', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2]);
    keepOnly(marks, [at(1, 5)], [1, 3]);
    keepOnly(marks, [at(3, 2)], [2, 3]);
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('xy-wing');
    expect(step?.cells).toEqual([at(1, 1), at(1, 5), at(3, 2)]);
    expect(byCell(step)).toBe(
      expectedEliminations([at(1, 2), at(1, 3), at(3, 4), at(3, 5), at(3, 6)], [3]),
    );
    expect(step?.explanation).toBe(
      'r1c1 is 1 or 2. If it is 1, r1c5 (1 or 3) is 3; if it is 2, r3c2 (2 or 3) is 3. ' +
        'Either way one of them is 3, so 3 can be removed from r1c2, r1c3, r3c4, r3c5 and ' +
        'r3c6, which see both',
    );
  });

  it('finds no xy-wing when the pincers end in different digits', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2]);
    keepOnly(marks, [at(1, 5)], [1, 3]);
    keepOnly(marks, [at(3, 2)], [2, 4]);
    expect(xyWing(state9(marks))).toBeNull();
  });
});

describe('xyz-wing and w-wing', () => {
  it('xyz-wing: pivot r1c1 {1,2,3}, pincers r1c5 {1,3} and r2c2 {2,3}', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2, 3]);
    keepOnly(marks, [at(1, 5)], [1, 3]);
    keepOnly(marks, [at(2, 2)], [2, 3]);
    const step = nextStep(EMPTY9, marks);
    expect(step?.technique).toBe('xyz-wing');
    expect(step?.cells).toEqual([at(1, 1), at(1, 5), at(2, 2)]);
    // Only r1c2 and r1c3 see all three (the pivot may be 3 itself).
    expect(byCell(step)).toBe(expectedEliminations([at(1, 2), at(1, 3)], [3]));
    expect(step?.explanation).toBe(
      'r1c1 is 1, 2 or 3. If it is 1, r1c5 is 3; if it is 2, r2c2 is 3; or it is 3 itself. ' +
        'Either way one of the three is 3, so 3 can be removed from r1c2 and r1c3, which see all three',
    );
  });

  it('finds no xyz-wing when the pincers share two digits', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2, 3]);
    keepOnly(marks, [at(1, 5), at(2, 2)], [1, 3]);
    expect(xyzWing(state9(marks))).toBeNull();
  });

  it('w-wing: r1c1 and r5c9 hold {1,2}; 2 in column 2 only at r2c2 and r5c2', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1), at(5, 9)], [1, 2]);
    remove(
      marks,
      [1, 3, 4, 6, 7, 8, 9].map((row) => at(row, 2)),
      [2],
    );
    const step = wWing(state9(marks));
    expect(step?.technique).toBe('w-wing');
    expect(step?.cells).toEqual([at(1, 1), at(2, 2), at(5, 2), at(5, 9)]);
    expect(byCell(step)).toBe(expectedEliminations([at(1, 9), at(5, 1)], [1]));
    expect(step?.explanation).toBe(
      'r1c1 and r5c9 both hold only 1 and 2, and 2 goes in column 2 at r2c2 or r5c2. If r1c1 ' +
        'is not 1 it is 2, so r2c2 is not 2, r5c2 is, and r5c9 is 1. Either way one of them is ' +
        '1, so 1 can be removed from r1c9 and r5c1, which see both',
    );
  });

  it('finds no w-wing when the link has a third place', () => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1), at(5, 9)], [1, 2]);
    remove(
      marks,
      [1, 3, 4, 6, 7, 8].map((row) => at(row, 2)),
      [2],
    );
    // Column 2 keeps 2 at r2c2, r5c2 and r9c2; no other unit links the two cells.
    expect(wWing(state9(marks))).toBeNull();
  });
});

describe('chains', () => {
  it('x-chain: one end of a strong-weak-strong chain holds the digit', () => {
    // The solver meets this three-link chain first as a skyscraper (turbot.ts), which
    // removes what the chain does; the chain search alone finds it too.
    const first = nextStep(EMPTY9, skyscraperMarks());
    expect(first?.technique).toBe('skyscraper');
    const step = xChain(state9(skyscraperMarks()));
    expect(step?.technique).toBe('x-chain');
    expect(byCell(step)).toBe(byCell(first));
    expect(byCell(step)).toBe(expectedEliminations([at(1, 4), at(1, 6), at(2, 2), at(2, 3)], [1]));
    expect(step?.explanation).toBe(
      'Chain on 1: r1c1 = r7c1 - r7c5 = r2c5 (= joins the only two places for 1 in a unit, ' +
        '- two cells that see each other). One of its ends, r1c1 or r2c5, is 1, so 1 can be ' +
        'removed from r1c4, r1c6, r2c2 and r2c3, which see both',
    );
  });

  it('finds no x-chain when a link is not strong', () => {
    const marks = skyscraperMarks();
    marks[at(5, 5)] |= 1 << 1; // column 5 has a third place: no strong link there
    expect(xChain(state9(marks))).toBeNull();
  });
});

describe('alternating chains', () => {
  const marksWith = (pincer: number[]): Int32Array => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2]);
    keepOnly(marks, [at(1, 5)], [1, 3]);
    keepOnly(marks, [at(3, 2)], pincer);
    return marks;
  };

  it('finds the chain through three two-candidate cells (what an xy-wing also sees)', () => {
    const step = alternatingChain(state9(marksWith([2, 3])));
    expect(step?.technique).toBe('alternating chain');
    expect(byCell(step)).toBe(
      expectedEliminations([at(1, 2), at(1, 3), at(3, 4), at(3, 5), at(3, 6)], [3]),
    );
    expect(step?.explanation).toBe(
      'Chain r1c5(3) = r1c5(1) - r1c1(1) = r1c1(2) - r3c2(2) = r3c2(3) (= : at least one is ' +
        'true, - : not both). Either r1c5 is 3 or r3c2 is 3, so remove 3 from r1c2, r1c3, ' +
        'r3c4, r3c5 and r3c6',
    );
  });

  it('finds no chain when its ends prove nothing', () => {
    expect(alternatingChain(state9(marksWith([2, 4])))).toBeNull();
  });
});

describe('law of leftovers', () => {
  it('removes from the innies a digit no outie can hold', () => {
    // Row 1 against region 1 (r1c1, r1c2, r2c2, r2c3): innies r1c3, r1c4; outies r2c2, r2c3.
    const marks = fullMarks(4);
    remove(marks, [at(2, 2, 4), at(2, 3, 4)], [1]);
    const step = lawOfLeftovers(initialState(EMPTY_JIGSAW4, marks));
    expect(step?.technique).toBe('law of leftovers');
    expect(step?.eliminations).toEqual([
      { cell: at(1, 3, 4), digit: 1 },
      { cell: at(1, 4, 4), digit: 1 },
    ]);
    expect(step?.explanation).toBe(
      'Law of leftovers on row 1: with region 1, the innies r1c3 and r1c4 hold the same ' +
        'digits as the outies r2c2 and r2c3. No cell of the outies can be 1, so 1 can be ' +
        'removed from r1c3 and r1c4',
    );
  });

  it('places a digit the outies hold when only one innie can hold it', () => {
    // Outie r2c2 holds 3; of the innies r1c3, r1c4 only r1c4 may still be 3.
    const givens = new Uint8Array(16);
    givens[at(2, 2, 4)] = 3;
    const marks = fullMarks(4);
    remove(marks, [at(1, 3, 4)], [3]);
    const board = createBoard(4, JIGSAW4, givens);
    const step = lawOfLeftovers(initialState(board, marks));
    expect(step?.placements).toEqual([{ cell: at(1, 4, 4), digit: 3 }]);
    expect(step?.explanation).toMatch(
      /The outies hold 3 once, and only r1c4 among the innies can still be 3, so r1c4 is 3$/,
    );
  });

  it('says nothing where regions tile the bands (standard boxes) or nothing is known', () => {
    expect(lawOfLeftovers(initialState(createBoard(9), fullMarks()))).toBeNull();
    expect(lawOfLeftovers(initialState(EMPTY_JIGSAW4, fullMarks(4)))).toBeNull();
  });
});
