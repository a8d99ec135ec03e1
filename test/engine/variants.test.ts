/**
 * Variant constraints (src/engine/variants): each rule read on filled grids as its
 * definition says, the shape problems named in words, and the engine on whole puzzles (a
 * killer jigsaw from its cages alone; the contract's clue clashes and refusals). The random
 * agreement with brute force is test/property/variants.property.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  createBoard,
  createRandom,
  isSolution,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
} from '../../src/engine/index.ts';
import {
  brokenConstraint,
  constraintProblems,
  keeps,
  whisperDifference,
  type Constraint,
} from '../../src/engine/variants/constraints.ts';
import {
  compileVariants,
  countVariantSolutions,
  narrowByRules,
  variantProblems,
} from '../../src/engine/variants/variantSolver.ts';

// A 4x4 solution on standard boxes:
//   1 2 | 3 4
//   3 4 | 1 2
//   ----+----
//   2 1 | 4 3
//   4 3 | 2 1
const GRID_4 = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
const kept = (constraint: Constraint, grid = GRID_4) => keeps(grid, 4, constraint, [constraint]);

describe('each rule, read on a filled grid', () => {
  it('cages: all different, and the sum when there is one', () => {
    expect(kept({ kind: 'cage', cells: [0, 1, 4], sum: 6 })).toBe(true);
    expect(kept({ kind: 'cage', cells: [0, 1, 4], sum: 7 })).toBe(false);
    expect(kept({ kind: 'cage', cells: [0, 5] })).toBe(true); // 1 and 4
    expect(kept({ kind: 'cage', cells: [1, 8] })).toBe(false); // 2 and 2
  });

  it('a sandwich of 1 and N side by side sums to 0', () => {
    // Row 3 is 2 1 4 3: the 1 and the 4 touch.
    expect(kept({ kind: 'sandwich', line: 'row', index: 2, sum: 0 })).toBe(true);
    // Column 1 is 1 3 2 4: 3 and 2 lie between.
    expect(kept({ kind: 'sandwich', line: 'column', index: 0, sum: 5 })).toBe(true);
    expect(kept({ kind: 'sandwich', line: 'column', index: 0, sum: 4 })).toBe(false);
  });

  it('an arrow with a pill reads it as a number', () => {
    // On a 2x2 of 1 5 / 9 6: the pill r1c1 r1c2 reads 15 = 9 + 6; read the other way, 51.
    const grid = [1, 5, 9, 6];
    expect(keeps(grid, 2, { kind: 'arrow', circle: [0, 1], shaft: [2, 3] }, [])).toBe(true);
    expect(keeps(grid, 2, { kind: 'arrow', circle: [1, 0], shaft: [2, 3] }, [])).toBe(false);
  });

  it('dots: 1 and 2 are both consecutive and in ratio 2', () => {
    expect(kept({ kind: 'kropki', cells: [0, 1], colour: 'white' })).toBe(true);
    expect(kept({ kind: 'kropki', cells: [0, 1], colour: 'black' })).toBe(true);
    // r1c2 = 2, r1c3 = 3: consecutive, not double.
    expect(kept({ kind: 'kropki', cells: [1, 2], colour: 'black' })).toBe(false);
  });

  it('"all dots given": a pair with a dot is left to its dot', () => {
    const dot: Constraint = { kind: 'kropki', cells: [0, 1], colour: 'white' };
    const all: Constraint = { kind: 'allDotsGiven' };
    // GRID_4 has many unmarked consecutive neighbours: broken.
    expect(keeps(GRID_4, 4, all, [dot, all])).toBe(false);
    // On a 2x2 of 1 2 / 4 7 only the marked pair is consecutive or in ratio 2; with 8 for
    // the 7, the unmarked 4 and 8 are in ratio 2.
    expect(keeps([1, 2, 4, 7], 2, all, [dot, all])).toBe(true);
    expect(keeps([1, 2, 4, 8], 2, all, [dot, all])).toBe(false);
  });

  it('whispers differ by ceil(N/2) unless told', () => {
    expect(whisperDifference(9)).toBe(5);
    expect(whisperDifference(6)).toBe(3);
    // r1c1 1, r2c2 4: 3 apart, enough on 4x4 (2) and not for a difference of 4.
    expect(kept({ kind: 'whisper', cells: [0, 5] })).toBe(true);
    expect(kept({ kind: 'whisper', cells: [0, 5], difference: 4 })).toBe(false);
  });

  it('thermometers rise from the bulb; slow ones may stay level', () => {
    expect(kept({ kind: 'thermometer', cells: [0, 1, 2] })).toBe(true);
    expect(kept({ kind: 'thermometer', cells: [2, 1, 0] })).toBe(false);
    expect(keeps([1, 1], 2, { kind: 'thermometer', cells: [0, 1], slow: true }, [])).toBe(true);
    expect(keeps([1, 1], 2, { kind: 'thermometer', cells: [0, 1] }, [])).toBe(false);
  });

  it('renban, palindrome, little killer, greater-than, parity, XV', () => {
    expect(kept({ kind: 'renban', cells: [0, 1, 2] })).toBe(true); // 1 2 3
    expect(kept({ kind: 'renban', cells: [0, 5] })).toBe(false); // 1 4
    expect(kept({ kind: 'palindrome', cells: [1, 4, 9] })).toBe(false); // 2 3 1
    expect(kept({ kind: 'palindrome', cells: [0, 5, 10, 15] })).toBe(true); // 1 4 4 1
    expect(kept({ kind: 'littleKiller', cells: [0, 5, 10, 15], sum: 10 })).toBe(true);
    expect(kept({ kind: 'greaterThan', cells: [1, 0] })).toBe(true);
    expect(kept({ kind: 'even', cell: 1 })).toBe(true);
    expect(kept({ kind: 'odd', cell: 1 })).toBe(false);
    expect(kept({ kind: 'xv', cells: [2, 3], sum: 5 })).toBe(false); // 3 + 4 = 7
  });

  it('global rules look at every pair', () => {
    expect(kept({ kind: 'antiKing' })).toBe(false); // r2c3 and r3c2 are both 1
    expect(kept({ kind: 'nonConsecutive' })).toBe(false);
    expect(kept({ kind: 'diagonal', direction: 'down' })).toBe(false); // 1 4 4 1
    expect(brokenConstraint(GRID_4, 4, [{ kind: 'cage', cells: [0, 1] }])).toBeNull();
  });
});

describe('shape problems, in words', () => {
  it('names what is wrong and where', () => {
    expect(constraintProblems({ kind: 'thermometer', cells: [0, 2] }, 4)).toEqual([
      'the thermometer from r1c1: r1c1 and r1c3 do not touch',
    ]);
    expect(constraintProblems({ kind: 'cage', cells: [0, 1], sum: 9 }, 4)).toEqual([
      'the killer cage at r1c1 (9): 2 different digits sum to 3–7, not 9',
    ]);
    expect(constraintProblems({ kind: 'arrow', circle: [0], shaft: [10, 11] }, 4)).toEqual([
      'the arrow from r1c1: its shaft must start next to its circle',
    ]);
    expect(constraintProblems({ kind: 'kropki', cells: [0, 5], colour: 'white' }, 4)).toEqual([
      'the kropki dot between r1c1 and r2c2: the two cells must share a side',
    ]);
    expect(constraintProblems({ kind: 'extraRegion', cells: [0, 16] }, 4)).toEqual([
      'extra region: cell 16 is not on a 4x4 grid',
    ]);
    expect(variantProblems(4, [{ kind: 'antiKnight' }, { kind: 'renban', cells: [0, 0] }])).toEqual(
      [
        'the renban line from r1c1: a cell is listed twice',
        'the renban line from r1c1: r1c1 and r1c1 do not touch',
      ],
    );
  });

  it('the engine refuses a puzzle with a problem, naming it', () => {
    const board = createBoard(4, standardRegions(4), new Uint8Array(16));
    expect(() =>
      countVariantSolutions(board, [{ kind: 'cage', cells: [0, 1], sum: 9 }], 2),
    ).toThrow(/killer cage at r1c1 \(9\)/);
  });
});

describe('the engine on whole puzzles', () => {
  it('a killer jigsaw from its cages alone: every solution found keeps every cage', () => {
    const random = createRandom(20261202);
    const regions = randomJigsawLayout(9, random);
    const solution = randomSolution(9, regions, random)!;
    // Cages of up to 4 cells, grown over distinct digits, covering the grid.
    const cageOf = new Int32Array(81).fill(-1);
    const cages: Constraint[] = [];
    for (let start = 0; start < 81; start++) {
      if (cageOf[start] >= 0) continue;
      const cells = [start];
      cageOf[start] = cages.length;
      for (const cell of [start + 1, start + 9, start + 10]) {
        if (cells.length >= 3 || cell >= 81 || cageOf[cell] >= 0) continue;
        if (cell % 9 === 0 && start % 9 === 8) continue;
        if (!cells.some((other) => solution[other] === solution[cell])) {
          if (cells.some((other) => Math.abs(other - cell) === 1 || Math.abs(other - cell) === 9)) {
            cells.push(cell);
            cageOf[cell] = cages.length;
          }
        }
      }
      cages.push({ kind: 'cage', cells, sum: cells.reduce((t, c) => t + solution[c], 0) });
    }
    const board = createBoard(9, regions, new Uint8Array(81));
    const result = countVariantSolutions(board, cages, 2);
    expect(result.count).toBeGreaterThanOrEqual(1);
    for (const found of result.solutions) {
      expect(isSolution(board, found)).toBe(true);
      expect(brokenConstraint(found, 9, cages)).toBeNull();
    }
    if (result.count === 1) expect(Array.from(result.solutions[0])).toEqual(Array.from(solution));
  });

  it('clues that clash are reported before any search, as by every engine', () => {
    const givens = new Uint8Array(16);
    givens[0] = 1;
    givens[2] = 1;
    const result = countVariantSolutions(createBoard(4, standardRegions(4), givens), [], 2);
    expect(result.count).toBe(0);
    expect(result.clueConflicts).toHaveLength(1);
  });

  it('a clue a constraint forbids leaves no solution', () => {
    const givens = new Uint8Array(16);
    givens[0] = 1;
    const board = createBoard(4, standardRegions(4), givens);
    const result = countVariantSolutions(board, [{ kind: 'even', cell: 0 }], 2);
    expect(result).toMatchObject({ count: 0, complete: true, clueConflicts: [] });
  });
});

describe('box-line intersections', () => {
  it('a digit missing from a box outside a row leaves the row outside the box', () => {
    // 4x4 boxes: box 0 is cells 0, 1, 4, 5; row 0 is cells 0-3. 4 is out of cells 4 and 5,
    // so box 0's 4 is in row 0, and cells 2 and 3 cannot hold it.
    const rules = compileVariants({ size: 4, regions: standardRegions(4) }, []);
    const full = 0b11110;
    const candidates = Array.from({ length: 16 }, () => full);
    candidates[4] = full & ~(1 << 4);
    candidates[5] = full & ~(1 << 4);
    const left = narrowByRules(rules, candidates);
    expect(left).not.toBeNull();
    expect(left![2] & (1 << 4)).toBe(0);
    expect(left![3] & (1 << 4)).toBe(0);
    expect(left![0] & (1 << 4)).not.toBe(0);
  });
});

/** Every candidate of a 9x9 cell: bits 1-9. */
const fullMask9 = 0b1111111110;

/** A sum rule in words, its terms sorted: "+3 -6 = 0". */
const sumWords = (rule: { cells: number[]; coefficients: number[]; target: number }): string =>
  `${rule.cells
    .map((cell, k) => `${rule.coefficients[k] > 0 ? '+' : '-'}${cell}`)
    .sort()
    .join(' ')} = ${rule.target}`;

describe('sums that know distinct digits', () => {
  it('an arrow whose shaft lies in one row: three distinct digits making 6 are 1, 2, 3', () => {
    // Digits may repeat along an arrow, but not within a row: 6 = 1+1+4 or 2+2+2 is out.
    const board = { size: 9, regions: standardRegions(9) };
    const arrow: Constraint = { kind: 'arrow', circle: [0], shaft: [1, 2, 3] };
    const candidates = Array.from({ length: 81 }, () => fullMask9);
    candidates[0] = 1 << 6;
    const left = narrowByRules(compileVariants(board, [arrow]), candidates);
    expect(left).not.toBeNull();
    for (const cell of [1, 2, 3]) expect(left![cell]).toBe(0b1110);
  });

  it('a little killer through three cells of one box makes at least 1 + 2 + 3', () => {
    // Cells 0, 10 and 20 all lie in box 0 of a 9x9: they hold three distinct digits, so
    // their sum is at least 6, and 5 is impossible (with repeats, 1 + 1 + 3 would do).
    const board = { size: 9, regions: standardRegions(9) };
    const killer: Constraint = { kind: 'littleKiller', cells: [0, 10, 20], sum: 5 };
    const candidates = Array.from({ length: 81 }, () => fullMask9);
    expect(narrowByRules(compileVariants(board, [killer]), candidates)).toBeNull();
  });
});

describe('the 45 rule across houses', () => {
  it('a cage sticking out of a row by one cell makes that cell equal the row’s gap', () => {
    // 4x4 boxes. Row 0 is cells 0-3; the cage 0, 1, 2 and 4 (below cell 0) sums to 10, so
    // cell 3 (row 0's last cell, the innie) minus cell 4 (the outie) is 10 - 10 = 0; box 0
    // (cells 0, 1, 4, 5) says the same of cell 5 and cell 2.
    const board = { size: 4, regions: standardRegions(4) };
    const cage: Constraint = { kind: 'cage', cells: [0, 1, 2, 4], sum: 10 };
    const rules = compileVariants(board, [cage]);
    expect(rules.sums.map(sumWords)).toEqual(expect.arrayContaining(['+3 -4 = 0', '+5 -2 = 0']));
    // And it prunes: with cell 4 a 4, cell 3 is a 4 too.
    const candidates = Array.from({ length: 16 }, () => 0b11110);
    candidates[4] = 1 << 4;
    const left = narrowByRules(rules, candidates);
    expect(left?.[3]).toBe(1 << 4);
  });

  it('cages covering a band of rows leave a sum of the cells not covered', () => {
    // 4x4: rows 0-1 (cells 0-7) hold 2 x 10 = 20; cages 0+1+4 = 7 and 2+3+6+7 = 10 leave
    // cell 5 = 3, and the band's rule says so when nothing else does.
    const board = { size: 4, regions: standardRegions(4) };
    const cages: Constraint[] = [
      { kind: 'cage', cells: [0, 1, 4], sum: 7 },
      { kind: 'cage', cells: [2, 3, 6, 7], sum: 10 },
      { kind: 'cage', cells: [5, 9], sum: 4 },
    ];
    // Rows 0-1 less both whole cages leave cell 5 (cage 5+9 is half outside, so its cell
    // inside counts as an innie): cell 5 = 20 - 7 - 10 = 3.
    const rules = compileVariants(board, cages);
    expect(rules.sums.map(sumWords)).toContain('+5 = 3');
    const left = narrowByRules(
      rules,
      Array.from({ length: 16 }, () => 0b11110),
    );
    expect(left?.[5]).toBe(1 << 3);
  });
});

describe('sandwiches', () => {
  it('the digits between the 1 and the 9 are distinct: a sum of 4 is one 4, never 2 + 2', () => {
    const board = { size: 9, regions: standardRegions(9) };
    const sandwich: Constraint = { kind: 'sandwich', line: 'row', index: 0, sum: 4 };
    const candidates = Array.from({ length: 81 }, () => fullMask9);
    candidates[0] = 1 << 1;
    const left = narrowByRules(compileVariants(board, [sandwich]), candidates);
    expect(left).not.toBeNull();
    expect(left![1]).toBe(1 << 4);
    expect(left![2]).toBe(1 << 9);
  });
});
