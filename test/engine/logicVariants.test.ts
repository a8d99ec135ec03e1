/**
 * The logical solver with variant constraints, technique by technique: on a 9x9 with boxes
 * and one constraint (and a clue or two), the constraint's technique is the step the solver
 * takes next (nextStep tries every easier technique first), with the eliminations its rule
 * gives and words that name the constraint; innies and outies (the 45 rule) is the next
 * step on a 9x9 killer with boxes and on a jigsaw, from marks that leave nothing easier,
 * with its exact eliminations and words; the constraint's groups feed the singles and
 * subsets; and a 4x4 killer is solved to the end by logic and rated.
 */
import { describe, expect, it } from 'vitest';
import {
  applyStep,
  createBoard,
  initialState,
  nextStep,
  ratePuzzle,
  solveByLogic,
  standardRegions,
  type Step,
  type Technique,
} from '../../src/engine/index.ts';
import type { Constraint } from '../../src/engine/variants/constraints.ts';

const cell = (row: number, column: number, size = 9): number => (row - 1) * size + column - 1;

/** The next step on a 9x9 with boxes, `givens` as [row, column, digit] and one constraint. */
function stepWith(constraints: Constraint[], givens: [number, number, number][] = []): Step {
  const digits = new Uint8Array(81);
  for (const [row, column, digit] of givens) digits[cell(row, column)] = digit;
  const step = nextStep(
    createBoard(9, standardRegions(9), digits),
    undefined,
    undefined,
    constraints,
  );
  if (step === null) throw new Error('no step');
  return step;
}

/** Eliminations as "r1c1-5" strings, sorted. */
const removed = (step: Step): string[] =>
  step.eliminations
    .map(({ cell: at, digit }) => `r${Math.floor(at / 9) + 1}c${(at % 9) + 1}-${digit}`)
    .sort();

const digitsRemoved = (step: Step, at: number): number[] =>
  step.eliminations.filter((e) => e.cell === at).map((e) => e.digit);

function expectTechnique(step: Step, technique: Technique): void {
  expect(step.technique, step.explanation).toBe(technique);
}

describe('constraint techniques, each the next step where it applies', () => {
  it('even or odd cell: an even cell loses its odd digits', () => {
    const step = stepWith([{ kind: 'even', cell: cell(1, 1) }]);
    expectTechnique(step, 'even or odd cell');
    expect(digitsRemoved(step, 0)).toEqual([1, 3, 5, 7, 9]);
    expect(step.explanation).toBe('r1c1 is an even cell: remove 1, 3, 5, 7 and 9 from r1c1');
    expect(step.cells).toEqual([0]);
  });

  it('cage combination: the 2-cell 17 cage holds 8 and 9', () => {
    const step = stepWith([{ kind: 'cage', cells: [cell(1, 1), cell(1, 2)], sum: 17 }]);
    expectTechnique(step, 'cage combination');
    expect(digitsRemoved(step, cell(1, 1))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(digitsRemoved(step, cell(1, 2))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(step.explanation).toMatch(/^The 2-cell 17 cage r1c1 and r1c2 holds 8 and 9/);
    expect(step.cells).toEqual([cell(1, 1), cell(1, 2)]);
  });

  it('cage combination: a 3-cell 10 cage with a clue lists the combinations left', () => {
    const step = stepWith(
      [{ kind: 'cage', cells: [cell(1, 1), cell(1, 2), cell(1, 3)], sum: 10 }],
      [[1, 1, 1]],
    );
    expectTechnique(step, 'cage combination');
    // 1 is placed: 1+2+7, 1+3+6 or 1+4+5, so the others lose 8 and 9.
    expect(step.explanation).toMatch(/can only be 1\+2\+7, 1\+3\+6 or 1\+4\+5/);
    expect(digitsRemoved(step, cell(1, 2))).toEqual([8, 9]);
  });

  it('thermometer bounds: each cell between the bulb and the tip', () => {
    const step = stepWith([{ kind: 'thermometer', cells: [cell(1, 1), cell(1, 2), cell(1, 3)] }]);
    expectTechnique(step, 'thermometer bounds');
    expect(digitsRemoved(step, cell(1, 1))).toEqual([8, 9]);
    expect(digitsRemoved(step, cell(1, 2))).toEqual([1, 9]);
    expect(digitsRemoved(step, cell(1, 3))).toEqual([1, 2]);
    expect(step.explanation).toMatch(/r1c1 1–7, r1c2 2–8 and r1c3 3–9/);
  });

  it('dot or sign pair: a black dot rules out 5, 7 and 9; a V rules out 5 and up', () => {
    const black = stepWith([{ kind: 'kropki', cells: [cell(1, 1), cell(1, 2)], colour: 'black' }]);
    expectTechnique(black, 'dot or sign pair');
    expect(digitsRemoved(black, cell(1, 1))).toEqual([5, 7, 9]);
    expect(black.explanation).toMatch(/twice the other/);
    const v = stepWith([{ kind: 'xv', cells: [cell(2, 1), cell(2, 2)], sum: 5 }]);
    expectTechnique(v, 'dot or sign pair');
    expect(digitsRemoved(v, cell(2, 2))).toEqual([5, 6, 7, 8, 9]);
    const greater = stepWith([{ kind: 'greaterThan', cells: [cell(3, 1), cell(3, 2)] }]);
    expect(removed(greater)).toEqual(['r3c1-1', 'r3c2-9']);
  });

  it('neighbour rule: a 5 keeps 4 and 6 from its neighbours, one pair at a time', () => {
    const step = stepWith([{ kind: 'nonConsecutive' }], [[5, 5, 5]]);
    expectTechnique(step, 'neighbour rule');
    expect(step.cells).toHaveLength(2);
    expect(step.cells).toContain(cell(5, 5));
    expect(step.eliminations.map((e) => e.digit).sort()).toEqual([4, 6]);
  });

  it('line rule: whispers, renban and palindrome', () => {
    const whisper = stepWith([{ kind: 'whisper', cells: [cell(1, 1), cell(1, 2)] }]);
    expectTechnique(whisper, 'line rule');
    expect(removed(whisper)).toEqual(['r1c1-5', 'r1c2-5']);
    const renban = stepWith([{ kind: 'renban', cells: [cell(1, 1), cell(1, 2)] }], [[1, 1, 1]]);
    expectTechnique(renban, 'line rule');
    expect(digitsRemoved(renban, cell(1, 2))).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(renban.explanation).toMatch(/can only be 1–2/);
    const palindrome = stepWith(
      [{ kind: 'palindrome', cells: [cell(1, 3), cell(2, 4), cell(3, 5)] }],
      [[1, 3, 3]],
    );
    expectTechnique(palindrome, 'line rule');
    expect(digitsRemoved(palindrome, cell(3, 5))).toEqual([1, 2, 4, 5, 6, 7, 8, 9]);
  });

  it('arrow sum: a 2-cell shaft needs a circle of 2 or more', () => {
    const step = stepWith([
      { kind: 'arrow', circle: [cell(1, 1)], shaft: [cell(1, 2), cell(1, 3)] },
    ]);
    expectTechnique(step, 'arrow sum');
    expect(digitsRemoved(step, cell(1, 1))).toEqual([1]);
    expect(digitsRemoved(step, cell(1, 2))).toEqual([9]);
  });

  it('little killer sum: two diagonal cells summing to 3 hold 1 and 2', () => {
    // Across two boxes: inside one house the 45 rule would read the rest of it first.
    const step = stepWith([{ kind: 'littleKiller', cells: [cell(3, 2), cell(4, 1)], sum: 3 }]);
    expectTechnique(step, 'little killer sum');
    expect(digitsRemoved(step, cell(3, 2))).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('sandwich sum: 35 in row 1 puts the 1 and the 9 at its ends', () => {
    // 35 is 2 + 3 + ... + 8, the most seven different digits between a 1 and a 9 can make:
    // the 1 and the 9 stand at the ends, every other digit between them.
    const step = stepWith([{ kind: 'sandwich', line: 'row', index: 0, sum: 35 }]);
    expectTechnique(step, 'sandwich sum');
    const middle = [2, 3, 4, 5, 6, 7, 8];
    expect(removed(step)).toEqual(
      [
        ...middle.map((digit) => `r1c1-${digit}`),
        ...middle.flatMap((column) => [`r1c${column}-1`, `r1c${column}-9`]),
        ...middle.map((digit) => `r1c9-${digit}`),
      ].sort(),
    );
    expect(step.cells).toHaveLength(9);
    expect(step.explanation).toMatch(/add up to 35, all different as in any row/);
  });
});

describe('innies and outies: the 45 rule over rows, columns and regions', () => {
  const all = 0x3fe;
  /** Full marks on a 9x9, less `digits` in each of `cells`. */
  const marksWithout = (removals: [number[], number[]][]): number[] => {
    const marks = Array.from({ length: 81 }, () => all);
    for (const [cells, digits] of removals) {
      for (const at of cells) for (const digit of digits) marks[at] &= ~(1 << digit);
    }
    return marks;
  };
  const next = (regions: ArrayLike<number>, marks: number[], constraints: Constraint[]) => {
    const step = nextStep(createBoard(9, regions), marks, undefined, constraints);
    if (step === null) throw new Error('no step');
    return step;
  };

  it('standard boxes: the cells a region’s cages leave over make a cage of their own', () => {
    // Box 1: a 15 cage on row 1 and a 27 cage on row 2 and r3c3 leave r3c1 + r3c2 = 3.
    // The marks already say what each cage and its pointing say, so no easier step is left.
    const high = [cell(2, 1), cell(2, 2), cell(2, 3), cell(3, 3)];
    const constraints: Constraint[] = [
      { kind: 'cage', cells: [cell(1, 1), cell(1, 2), cell(1, 3)], sum: 15 },
      { kind: 'cage', cells: high, sum: 27 },
    ];
    const marks = marksWithout([
      [high, [1, 2]],
      [[cell(1, 1), cell(1, 2), cell(1, 3), cell(3, 1), cell(3, 2)], [9]],
    ]);
    const step = next(standardRegions(9), marks, constraints);
    expectTechnique(step, 'innies and outies');
    expect(removed(step)).toEqual(
      [3, 4, 5, 6, 7, 8].flatMap((digit) => [`r3c1-${digit}`, `r3c2-${digit}`]).sort(),
    );
    expect(step.cells).toEqual([cell(3, 1), cell(3, 2)]);
    expect(step.explanation).toBe(
      'Region 1 holds every digit once: 45. The 2 cages in it add up to 42, so the cells ' +
        'left over, r3c1 and r3c2, add up to 45 − 42 = 3; they see each other, so they hold ' +
        '1 and 2: remove 3, 4, 5, 6, 7 and 8 from r3c1; 3, 4, 5, 6, 7 and 8 from r3c2',
    );
  });

  it('standard boxes: the cells two cages stick out with, when no cell is left over', () => {
    // Row 1 is four cages (55), two of them sticking into row 2: r2c1 + r2c3 = 10, and
    // the two see each other, so neither is 5 (a sum alone would allow 5 + 5).
    const constraints: Constraint[] = [
      { kind: 'cage', cells: [cell(1, 1), cell(1, 2), cell(2, 1)], sum: 15 },
      { kind: 'cage', cells: [cell(1, 3), cell(1, 4), cell(2, 3)], sum: 15 },
      { kind: 'cage', cells: [cell(1, 5), cell(1, 6)], sum: 10 },
      { kind: 'cage', cells: [cell(1, 7), cell(1, 8), cell(1, 9)], sum: 15 },
    ];
    const marks = marksWithout([[[cell(1, 5), cell(1, 6)], [5]]]);
    const step = next(standardRegions(9), marks, constraints);
    expectTechnique(step, 'innies and outies');
    expect(removed(step)).toEqual(['r2c1-5', 'r2c3-5']);
    expect(step.explanation).toBe(
      'Row 1 holds every digit once: 45. The 4 cages in it, 2 of them sticking out, add up ' +
        'to 55, so the cells sticking out, r2c1 and r2c3, add up to 55 − 45 = 10; they see ' +
        'each other, so they can only be 1+9, 2+8, 3+7 or 4+6 with the candidates left: ' +
        'remove 5 from r2c1; 5 from r2c3',
    );
  });

  it('a jigsaw: a region’s innie less the outie of the cage sticking out of it', () => {
    // Region 1 of a real jigsaw (fillable-9x9.txt, first line): r1c1-r1c7, r2c1, r3c1.
    // Three 10 cages on row 1 and the 12 cage r2c1-r4c1 (r4c1 in region 4) leave
    // r1c7 - r4c1 = 45 - 42 = 3.
    const layout =
      'AAAAAAABCADDDBBBBCADEDBBCCCDDEEBBCCFDGGEEECCFDGGHHEEFFGGGHHFEFIGHHHHFFFIGHIIIIIII';
    const regions = Array.from(layout, (letter) => letter.charCodeAt(0) - 65);
    const constraints: Constraint[] = [
      { kind: 'cage', cells: [cell(1, 1), cell(1, 2)], sum: 10 },
      { kind: 'cage', cells: [cell(1, 3), cell(1, 4)], sum: 10 },
      { kind: 'cage', cells: [cell(1, 5), cell(1, 6)], sum: 10 },
      { kind: 'cage', cells: [cell(2, 1), cell(3, 1), cell(4, 1)], sum: 12 },
    ];
    const marks = marksWithout([[[1, 2, 3, 4, 5, 6].map((column) => cell(1, column)), [5]]]);
    const step = next(regions, marks, constraints);
    expectTechnique(step, 'innies and outies');
    expect(removed(step)).toEqual(['r1c7-1', 'r1c7-2', 'r1c7-3', 'r4c1-7', 'r4c1-8', 'r4c1-9']);
    expect(step.cells).toEqual([cell(1, 7), cell(4, 1)]);
    expect(step.explanation).toBe(
      'Region 1 holds every digit once: 45. The 4 cages in it, 1 of them sticking out, add ' +
        'up to 42, so r1c7 − r4c1 = 45 − 42 = 3 (r1c7 is the cell left over, r4c1 the cell ' +
        'sticking out). With the candidates left, r1c7 can only be 4, 5, 6, 7, 8 or 9 and ' +
        'r4c1 only 1, 2, 3, 4, 5 or 6: remove 1, 2 and 3 from r1c7; 7, 8 and 9 from r4c1',
    );
  });
});

describe('constraint groups and peers', () => {
  it('group pointing: a cage that must hold 1 clears the cells that see all its places', () => {
    const board = createBoard(9, standardRegions(9));
    const cage: Constraint = { kind: 'cage', cells: [cell(1, 1), cell(2, 2)], sum: 3 };
    const result = solveByLogic(board, { constraints: [cage], maxSteps: 2 });
    expect(result.steps[0].technique).toBe('cage combination');
    const step = result.steps[1];
    expectTechnique(step, 'group pointing');
    expect(step.explanation).toMatch(
      /^Every combination left for the killer cage at r1c1 \(3\) holds 1; its places for it, r1c1 and r2c2, all see/,
    );
    // The rest of box 1, which both places see.
    expect(step.eliminations.map((e) => e.cell).sort((a, b) => a - b)).toEqual([
      cell(1, 2),
      cell(1, 3),
      cell(2, 1),
      cell(2, 3),
      cell(3, 1),
      cell(3, 2),
      cell(3, 3),
    ]);
    expect(step.eliminations.every((e) => e.digit === 1)).toBe(true);
  });

  it('a hidden single in a diagonal', () => {
    // The 1s rule out every diagonal cell but r9c9 (rows 1-6, columns 7 and 8), while box
    // 9, row 9 and column 9 keep three places each.
    const givens: [number, number, number][] = [
      [1, 4, 1],
      [2, 7, 1],
      [3, 1, 1],
      [4, 8, 1],
      [5, 2, 1],
      [6, 5, 1],
    ];
    const step = stepWith([{ kind: 'diagonal', direction: 'down' }], givens);
    expectTechnique(step, 'hidden single');
    expect(step.placements).toEqual([{ cell: cell(9, 9), digit: 1 }]);
    expect(step.explanation).toMatch(/in the diagonal from r1c1/);
  });

  it('a placed digit leaves the cells a knight’s move away', () => {
    const digits = new Uint8Array(81);
    const state = initialState(createBoard(9, standardRegions(9), digits), undefined, [
      { kind: 'antiKnight' },
    ]);
    applyStep(state, { placements: [{ cell: cell(5, 5), digit: 7 }], eliminations: [] });
    expect(state.candidates[cell(3, 4)] & (1 << 7)).toBe(0);
    expect(state.candidates[cell(3, 3)] & (1 << 7)).not.toBe(0);
  });

  it('a naked pair in a cage clears the rest of the cage', () => {
    const board = createBoard(9, standardRegions(9));
    const cage: Constraint = {
      kind: 'cage',
      cells: [cell(1, 1), cell(2, 2), cell(3, 3), cell(4, 4)],
    };
    const pair = (1 << 1) | (1 << 2);
    const candidates = Array.from({ length: 81 }, (_, at) =>
      at === cell(1, 1) || at === cell(4, 4) ? pair : 0x3fe,
    );
    const step = nextStep(board, candidates, ['naked pair'], [cage]);
    expect(step?.technique).toBe('naked pair');
    expect(step?.explanation).toMatch(/the killer cage at r1c1/);
    // r2c2 and r3c3 share a box with r1c1 as well; r4c4's pair is only the cage's.
    expect(step?.eliminations.some((e) => e.cell === cell(3, 3))).toBe(true);
  });
});

describe('a small killer by logic alone', () => {
  // The 4x4 killer of test/cli/variants.test.ts: eight 2-cell cages, a thermometer and a
  // black dot, one solution.
  const pairs: [number, number, number][] = [
    [cell(1, 1, 4), cell(2, 1, 4), 4],
    [cell(1, 2, 4), cell(1, 3, 4), 5],
    [cell(1, 4, 4), cell(2, 4, 4), 6],
    [cell(2, 2, 4), cell(2, 3, 4), 5],
    [cell(3, 1, 4), cell(4, 1, 4), 6],
    [cell(3, 2, 4), cell(3, 3, 4), 5],
    [cell(3, 4, 4), cell(4, 4, 4), 4],
    [cell(4, 2, 4), cell(4, 3, 4), 5],
  ];
  const constraints: Constraint[] = [
    ...pairs.map(([a, b, sum]): Constraint => ({ kind: 'cage', cells: [a, b], sum })),
    { kind: 'thermometer', cells: [cell(1, 1, 4), cell(1, 2, 4), cell(1, 3, 4)] },
    { kind: 'kropki', cells: [cell(3, 1, 4), cell(3, 2, 4)], colour: 'black' },
  ];
  const board = createBoard(4, standardRegions(4));

  it('is solved to the end and rated', () => {
    const result = solveByLogic(board, { constraints });
    expect(result.status).toBe('solved');
    expect(Array.from(result.state.grid)).toEqual([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
    const used = new Set(result.steps.map((step) => step.technique));
    expect(used.has('cage combination')).toBe(true);
    const rating = ratePuzzle(board, constraints);
    expect(rating.level).not.toBe('needs search');
    expect(rating.techniques['cage combination']).toBeGreaterThan(0);
  });

  it('without the constraints it is not a puzzle logic can finish', () => {
    expect(solveByLogic(board).status).toBe('stuck');
  });
});
