/**
 * The uniqueness techniques (uniqueness.ts): unique rectangles and loops of types 1-4 and the
 * BUG of types 1 and 2, each on a real puzzle with standard boxes and on a jigsaw (copied
 * from bench/data), solved step by step with the techniques that assume uniqueness until
 * that type is the next step, every removal checked against the unique solution (DLX);
 * built positions for the deadly pattern's unit test; and the gate: never in the default
 * path, never with variant constraints.
 */
import { describe, expect, it } from 'vitest';
import { at, fullMarks, keepOnly } from '../fixtures/candidateMarks.ts';
import {
  applyStep,
  countSolutionsDlx,
  createBoard,
  findStep,
  initialState,
  rateProvedUnique,
  ratingOf,
  solveByLogic,
  stepDifficulty,
  TECHNIQUES_ASSUMING_UNIQUENESS,
  uniqueRectangle,
  UNIQUENESS_TECHNIQUES,
  type Step,
} from '../../src/engine/index.ts';
import { boardOfLine as boardOf } from '../fixtures/jigsawLines.ts';

/**
 * Solve with the uniqueness techniques until one of `technique` whose explanation contains
 * `marker` is the next step; every step on the way is checked against the solution.
 */
function firstUse(line: string, technique: string, marker: string): { step: Step; er: number } {
  const board = boardOf(line);
  const check = countSolutionsDlx(board, 2);
  expect(check.count).toBe(1);
  const solution = check.solutions[0];
  const state = initialState(board);
  for (let steps = 0; steps < 400; steps++) {
    const step = findStep(state, TECHNIQUES_ASSUMING_UNIQUENESS);
    if (step === null) break;
    for (const { cell, digit } of step.eliminations) expect(solution[cell]).not.toBe(digit);
    for (const { cell, digit } of step.placements) expect(solution[cell]).toBe(digit);
    if (step.technique === technique && step.explanation.includes(marker)) {
      return { step, er: stepDifficulty(state, step) };
    }
    applyStep(state, step);
  }
  throw new Error(`${technique} (${marker}) is never the next step`);
}

// Per type, what its explanation says, and a puzzle with boxes (Sudoku Exchange sample) and
// a jigsaw (jigsaw-gen-1000) where it is the next step; the number is SE's for the step.
const CASES = [
  {
    type: 'unique rectangle type 1',
    technique: 'unique rectangle',
    marker: 'is not',
    er: 4.5,
    boxes: '006000200900000004243000896000591000002080300400203001300000007000907000010408020',
    jigsaw:
      '.....6.54..3......8...9..2........9.6.7...8.....1......6......5.8.......42...8... ' +
      '111222233412226233411256333441756663441755663471755669477755599477888999888888999',
  },
  {
    type: 'unique rectangle type 2',
    technique: 'unique rectangle',
    marker: 'which see',
    er: 4.5,
    boxes: '300009002040076080001800600690000800030000010008000037003005400010630050500700008',
    jigsaw:
      '6..1..9.......5.9.8...34.........6...1..5.....3........8..........2...5.....7.... ' +
      '111116666144466336142266333144222233144222339745555999777775599778855599788888889',
  },
  {
    type: 'unique rectangle type 3',
    technique: 'unique rectangle',
    marker: 'naked set',
    er: 4.6,
    boxes: '082400003907005000010027000000009062090000050260800000000170020000900704800006130',
    jigsaw:
      '...59...6......4....4..7..1..7....9....8....2.......2..5.6...........5...6....... ' +
      '222222333121122366111133336444135556444155566744495556778899966777899999777888888',
  },
  {
    type: 'unique rectangle type 4',
    technique: 'unique rectangle',
    marker: 'has no other place',
    er: 4.5,
    boxes: '000030000560749083000802000000000000001608500090307040300090006070103050005000800',
    jigsaw:
      '...........98..6........4....5..4...3.658...........1.82.4.9.............9...3... ' +
      '111111133221133333722222339777255559747265599747865559447866669444888669448888699',
  },
  {
    type: 'unique loop type 1',
    technique: 'unique loop',
    marker: 'is not',
    er: 4.6,
    boxes: '740008090005902000100005000203000809010080060604000301000800004000409600050700028',
    jigsaw:
      '..6..............8.......63..32...4.69.....7..1..8.......8...3....59........21..4 ' +
      '111222222411252333415253333415555336411556666444446666777888889777899889777899999',
  },
  {
    type: 'bivalue universal grave type 1',
    technique: 'bivalue universal grave',
    marker: 'so r',
    er: 5.6,
    boxes: '590000007040010083008034900001402000069000820000109300004670200980040030700000016',
    jigsaw:
      '....1.....6.....3..41...............6.2.....42...9.....8....3..........37.....59. ' +
      '111122333412222333411122233441556663444558866744588666755588896777589899777799999',
  },
  {
    type: 'bivalue universal grave type 2',
    technique: 'bivalue universal grave',
    marker: 'so one of',
    er: 5.7,
    boxes: '054001000030270004200000710000060008076000430900030000097000005800059070000600280',
    jigsaw:
      '.....1.9.51.8....4.......8..2.79......1....63...1......7.....29.........65...9... ' +
      '222222333212112333111155339144155639444555669444585699784888699788878669777777669',
  },
  {
    type: 'bivalue universal grave type 4',
    technique: 'bivalue universal grave',
    marker: 'holds its extra digit',
    er: 5.7,
    // SE rates 40d453305afd 5.7 by its BUG type 4.
    boxes: '000570010350000090007093600005020004704309201200050800003140500020000076060087000',
    jigsaw:
      '..........58.....2...95.3..7.....1.......64.......8..........53......7.........3. ' +
      '111333333113332266112222266114425256444455556774855856744888896777888996777999999',
  },
];

describe('each uniqueness technique is the next step on a real puzzle, boxes and jigsaw', () => {
  for (const { type, technique, marker, er, boxes, jigsaw } of CASES) {
    it(`${type}: every removal agrees with the solution`, () => {
      const onBoxes = firstUse(boxes, technique, marker);
      expect(onBoxes.er).toBe(er);
      expect(onBoxes.step.explanation).toContain('this step assumes the puzzle has one solution');
      const onJigsaw = firstUse(jigsaw, technique, marker);
      expect(onJigsaw.step.eliminations.length + onJigsaw.step.placements.length).toBeGreaterThan(
        0,
      );
    });
  }
});

describe('the deadly pattern', () => {
  // r1c1, r1c4 and rowB c1 hold only 1 and 2; rowB c4 holds 1, 2 and 3.
  const rectangle = (rowB: number): Int32Array => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1), at(1, 4), at(rowB, 1)], [1, 2]);
    keepOnly(marks, [at(rowB, 4)], [1, 2, 3]);
    return marks;
  };

  it('in two rows, two columns and two boxes: the extra cell loses 1 and 2 (type 1)', () => {
    const state = initialState(createBoard(9), rectangle(2));
    const step = uniqueRectangle(state);
    expect(step?.technique).toBe('unique rectangle');
    expect(step?.eliminations).toEqual([
      { cell: at(2, 4), digit: 1 },
      { cell: at(2, 4), digit: 2 },
    ]);
    expect(step?.explanation).toContain('remove 1 and 2 from r2c4');
  });

  it('across four boxes it is no pattern: swapping 1 and 2 would break the boxes', () => {
    expect(uniqueRectangle(initialState(createBoard(9), rectangle(4)))).toBeNull();
  });

  it('on a jigsaw, the regions decide: two regions pairing the cells make it a pattern', () => {
    // Rows 1-2 of the layout: r1c1, r2c1 in region 1 and r1c4, r2c4 in region 2 (boxes), or
    // r1c1 and r1c4 in region 1 with r2c1 and r2c4 in region 2 (rows as regions): both pair
    // the four cells two by two; regions made of whole rows 1 and 2 are a jigsaw layout.
    const regions = Array.from({ length: 81 }, (_, cell) => Math.floor(cell / 9));
    const rows = initialState(createBoard(9, regions), rectangle(2));
    expect(uniqueRectangle(rows)?.technique).toBe('unique rectangle');
  });

  it('finds nothing on a puzzle with variant constraints, which can tell 1 from 2', () => {
    const marks = rectangle(2);
    const cage = { kind: 'cage' as const, cells: [at(9, 8), at(9, 9)] };
    expect(uniqueRectangle(initialState(createBoard(9), marks, [cage]))).toBeNull();
  });
});

describe('the gate', () => {
  // Sudoku Exchange sample, 00ac35f9af42: SE rates it 5.6, a BUG type 1 on its path.
  const line = '082400003907005000010027000000009062090000050260800000000170020000900704800006130';

  it('the default path (a setter proving uniqueness) never uses them', () => {
    const result = solveByLogic(boardOf(line));
    expect(result.status).toBe('solved');
    expect(result.steps.some((step) => UNIQUENESS_TECHNIQUES.includes(step.technique))).toBe(false);
    expect(ratingOf(result).explainer?.er).toBe(7.2);
  });

  it("assuming uniqueness, the rating is Sudoku Explainer's: 5.6, the BUG", () => {
    const rating = ratingOf(solveByLogic(boardOf(line), { assumeUnique: true }));
    expect(rating.explainer?.er).toBe(5.6);
    expect(rating.explainer?.technique).toBe('bivalue universal grave');
  });

  it("a proved unique puzzle is rated both ways: the setter's number and SE's", () => {
    const rating = rateProvedUnique(boardOf(line));
    expect(rating.explainer?.er).toBe(7.2);
    expect(rating.asExplainer?.er).toBe(5.6);
    expect(rating.asExplainer?.technique).toBe('bivalue universal grave');
    // A puzzle whose path stops before the uniqueness steps: the same number, one solve.
    const easy = rateProvedUnique(
      boardOf('.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.'),
    );
    expect(easy.asExplainer).toEqual(easy.explainer);
  });
});
