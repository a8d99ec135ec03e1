/**
 * Puzzles with variant constraints on the command line: Squiggly JSON's "constraints" list
 * is solved and counted with them (the variant engine), hinted and rated with them (the
 * logical solver's constraint steps), candidates and explain answer about the whole puzzle,
 * a command that does not use them yet refuses the case rather than answer another puzzle,
 * and an unknown constraint makes the case invalid with words naming it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { boxes4Json } from '../fixtures/boxes4Json.ts';
import { buildCliOnce, squiggly } from './run.ts';

beforeAll(() => {
  buildCliOnce();
}, 60_000);

// A 4x4 killer on boxes: eight 2-cell cages, a thermometer on r1c1-r1c3 and a black dot
// between r3c1 and r3c2 leave one solution; without the dot there are two.
const CAGES = [
  [['r1c1', 'r2c1'], 4],
  [['r1c2', 'r1c3'], 5],
  [['r1c4', 'r2c4'], 6],
  [['r2c2', 'r2c3'], 5],
  [['r3c1', 'r4c1'], 6],
  [['r3c2', 'r3c3'], 5],
  [['r3c4', 'r4c4'], 4],
  [['r4c2', 'r4c3'], 5],
].map(([cells, sum]) => ({ kind: 'cage', cells, sum }));
const THERMO = { kind: 'thermometer', cells: ['r1c1', 'r1c2', 'r1c3'] };
const DOT = { kind: 'kropki', cells: ['r3c1', 'r3c2'], colour: 'black' };

const puzzle = (constraints: object[]) => boxes4Json(constraints);

describe('variant constraints in Squiggly JSON', () => {
  it('solve uses them: one solution with the dot, two without', async () => {
    const run = await squiggly(['solve', '-f', 'json'], puzzle([...CAGES, THERMO, DOT]));
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      status: 'unique',
      solution: [
        [1, 2, 3, 4],
        [3, 4, 1, 2],
        [2, 1, 4, 3],
        [4, 3, 2, 1],
      ],
    });
    const two = await squiggly(['solve', '-f', 'json'], puzzle([...CAGES, THERMO]));
    expect(JSON.parse(two.stdout).status).toBe('multiple');
    const count = await squiggly(['count', '-f', 'json'], puzzle(CAGES));
    expect(count.stdout).toBe('Case 1: 4 solutions\n');
  });

  it('hint and rate use them: the cages are the first steps, the rating solves it', async () => {
    const hint = await squiggly(['hint', '-f', 'json'], puzzle([...CAGES, THERMO, DOT]));
    expect(hint.stderr).toBe('');
    expect(hint.status).toBe(0);
    expect(hint.stdout).toMatch(
      /^Case 1: cage combination: The 2-cell 4 cage r1c1 and r2c1 holds 1 and 3/,
    );
    const all = await squiggly(
      ['hint', '--all', '--json', '-f', 'json'],
      puzzle([...CAGES, THERMO, DOT]),
    );
    const solve = JSON.parse(all.stdout);
    expect(solve.status).toBe('solved');
    expect(solve.steps[0]).toMatchObject({
      technique: 'cage combination',
      cells: [
        [1, 1],
        [2, 1],
      ],
    });
    const rate = await squiggly(['rate', '--json', '-f', 'json'], puzzle([...CAGES, THERMO, DOT]));
    const rating = JSON.parse(rate.stdout);
    expect(rating.level).not.toBe('needs search');
    expect(rating.solutions).toBeUndefined();
    // Without the dot: two solutions, which rate counts with the constraints and says.
    const two = await squiggly(['rate', '--json', '-f', 'json'], puzzle([...CAGES, THERMO]));
    expect(JSON.parse(two.stdout)).toMatchObject({ level: 'needs search', solutions: 'multiple' });
  });

  it('a command that does not use them yet refuses the case, saying so', async () => {
    const layout = await squiggly(['layout-check', '-f', 'json'], puzzle([THERMO]));
    expect(layout.stdout).toMatch(/^Case 1: invalid input: layout-check does not use/);
    expect(layout.stdout).toMatch(
      /\(solve, check, count, hint, rate, candidates and explain use them\)/,
    );
  });

  it('candidates answers about the whole puzzle: the cages and the thermometer count', async () => {
    // Two solutions, which differ in rows 3 and 4 only; the empty jigsaw alone would leave
    // every digit in every cell.
    const text = await squiggly(['candidates', '-f', 'json'], puzzle([...CAGES, THERMO]));
    expect(text.stderr).toBe('');
    expect(text.stdout).toBe(
      [
        'Case 1: multiple solutions; 8 cells have a single true candidate: r1c1, r1c2, r1c3, r1c4, r2c1, r2c2, r2c3, r2c4',
        '1  2  3  4 ',
        '3  4  1  2 ',
        '24 13 24 13',
        '24 13 24 13',
        '',
      ].join('\n'),
    );
    const json = await squiggly(
      ['candidates', '--json', '-f', 'json'],
      puzzle([...CAGES, THERMO, DOT]),
    );
    expect(JSON.parse(json.stdout)).toEqual({
      case: 1,
      status: 'unique',
      candidates: [
        [[1], [2], [3], [4]],
        [[3], [4], [1], [2]],
        [[2], [1], [4], [3]],
        [[4], [3], [2], [1]],
      ],
    });
  });

  it('explain names the constraints that cannot all hold, and the fix with them', async () => {
    const fix = await squiggly(['explain', '-f', 'json'], puzzle([...CAGES, THERMO]));
    expect(fix.stdout).toMatch(
      /^Case 1: multiple solutions; make it unique: add r[34]c[1-4] = \d \(fewest: 1\)\n$/,
    );
    // A black dot (1-2 or 2-4) and a V (1-4 or 2-3) on one pair cannot both hold; the
    // cages are not to blame.
    const V = { kind: 'xv', cells: ['r3c1', 'r3c2'], sum: 5 };
    const none = await squiggly(['explain', '-f', 'json'], puzzle([...CAGES, DOT, V]));
    expect(none.stdout).toBe(
      'Case 1: no solution: these constraints cannot all hold on this layout, whatever the clues: the kropki dot between r3c1 and r3c2, the XV sign between r3c1 and r3c2\n',
    );
    const json = await squiggly(['explain', '--json', '-f', 'json'], puzzle([...CAGES, DOT, V]));
    expect(JSON.parse(json.stdout)).toEqual({
      case: 1,
      status: 'none',
      conflict: [],
      constraints: [9, 10],
    });
  });

  it('explain names the constraints that can go from a unique puzzle', async () => {
    // Any one cage can go (the others and the thermometer still fix its two digits); the
    // dot (two solutions without it) and the thermometer cannot.
    const cages = CAGES.map((_, k) => k + 1);
    const text = await squiggly(['explain', '-f', 'json'], puzzle([...CAGES, THERMO, DOT]));
    expect(text.stdout).toBe(
      'Case 1: unique; no clue is redundant; 8 constraints are redundant (each removable alone): the killer cage at r1c1 (4), the killer cage at r1c2 (5), the killer cage at r1c4 (6), the killer cage at r2c2 (5), the killer cage at r3c1 (6), the killer cage at r3c2 (5), the killer cage at r3c4 (4), the killer cage at r4c2 (5)\n',
    );
    const json = await squiggly(
      ['explain', '--json', '-f', 'json'],
      puzzle([...CAGES, THERMO, DOT]),
    );
    expect(JSON.parse(json.stdout)).toEqual({
      case: 1,
      status: 'unique',
      redundant: [],
      redundantConstraints: cages.map((constraint) => ({ constraint, part: 'whole' })),
    });
  });

  it('an unknown constraint makes the case invalid, naming it and where it is', async () => {
    const run = await squiggly(
      ['solve', '-f', 'json'],
      puzzle([...CAGES, { kind: 'chaosConstruction' }]),
    );
    const answer = JSON.parse(run.stdout);
    expect(answer.status).toBe('invalid');
    expect(answer.errors[0].message).toMatch(
      /^constraint 9: Squiggly does not know the constraint "chaosConstruction" \(it knows cage, /,
    );
    expect(answer.errors[0]).toMatchObject({ line: 1, column: expect.any(Number) });
  });
});
