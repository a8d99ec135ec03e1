/**
 * Puzzles with variant constraints on the command line: Squiggly JSON's "constraints" list
 * is solved and counted with them (the variant engine), a command that does not use them
 * yet refuses the case rather than answer another puzzle, and an unknown constraint makes
 * the case invalid with words naming it.
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

  it('a command that does not use them yet refuses the case, saying so', async () => {
    const run = await squiggly(['hint', '-f', 'json'], puzzle([...CAGES, THERMO, DOT]));
    expect(run.stdout).toBe('Case 1: invalid input\n');
    expect(run.stderr).toMatch(
      /hint does not use variant constraints yet, and this puzzle has killer cage, thermometer, kropki dot: it is not answered/,
    );
    expect(run.status).not.toBe(0);
    const candidates = await squiggly(['candidates', '-f', 'json'], puzzle([THERMO]));
    expect(candidates.stdout).toMatch(/^Case 1: invalid input: candidates does not use/);
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
