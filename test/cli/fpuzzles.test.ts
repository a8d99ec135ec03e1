/**
 * f-puzzles on the command line: lines of f-puzzles strings and SudokuPad links are told
 * apart by detection and solved, counted and checked with their constraints; what the
 * reader leaves out makes a case invalid, in words; `solve --json` answers one JSON line
 * per case for any format; `convert` writes each case in the target format and names on
 * standard error what the target cannot hold.
 */
import { compressToBase64 } from 'lz-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseFpuzzles } from '../../src/formats/index.ts';
import { buildCliOnce, squiggly } from './run.ts';
import { boxes4Json } from '../fixtures/boxes4Json.ts';

beforeAll(() => {
  buildCliOnce();
}, 60_000);

const grid = (size: number) =>
  Array.from({ length: size }, () => Array.from({ length: size }, () => ({})));
// The 4x4 killer of variants.test.ts: one solution with the black dot, two without.
const cages = [
  [['R1C1', 'R2C1'], 4],
  [['R1C2', 'R1C3'], 5],
  [['R1C4', 'R2C4'], 6],
  [['R2C2', 'R2C3'], 5],
  [['R3C1', 'R4C1'], 6],
  [['R3C2', 'R3C3'], 5],
  [['R3C4', 'R4C4'], 4],
  [['R4C2', 'R4C3'], 5],
].map(([cells, value]) => ({ cells, value: String(value) }));
const thermometer = [{ lines: [['R1C1', 'R1C2', 'R1C3']] }];
const unique = compressToBase64(
  JSON.stringify({
    size: 4,
    title: 'Killer',
    grid: grid(4),
    killercage: cages,
    thermometer,
    ratio: [{ cells: ['R3C1', 'R3C2'] }],
  }),
);
const twoLink = `https://sudokupad.app/fpuzzles${encodeURIComponent(
  compressToBase64(JSON.stringify({ size: 4, grid: grid(4), killercage: cages, thermometer })),
)}`;
const clones = compressToBase64(
  JSON.stringify({ size: 4, grid: grid(4), clone: [{ cells: ['R1C1'], cloneCells: ['R4C4'] }] }),
);
const input = `${unique}\n${twoLink}\n${clones}\n`;
const SOLUTION = [
  [1, 2, 3, 4],
  [3, 4, 1, 2],
  [2, 1, 4, 3],
  [4, 3, 2, 1],
];

describe('f-puzzles input', () => {
  it('is detected, and solved, counted and checked with its constraints', async () => {
    const solve = await squiggly(['solve'], input);
    expect(solve.stdout).toBe('1234341221434321\nMultiple solutions\n');
    expect(solve.stderr).toMatch(
      /case 3, line 3, column 1: this puzzle holds what Squiggly does not read \(clones\); it is not read without them/,
    );
    expect(solve.status).toBe(1);
    const count = await squiggly(['count', '-f', 'fpuzzles'], `${unique}\n${twoLink}\n`);
    expect(count).toEqual({
      status: 0,
      stdout: 'Case 1: 1 solution\nCase 2: 2 solutions\n',
      stderr: '',
    });
    const check = await squiggly(['check'], `${unique}\n`);
    expect(check.stdout).toBe(
      'Format: fpuzzles (detected: line 1 is an f-puzzles string or link)\nCase 1: ok, 4x4 standard, 0 givens\n',
    );
  });

  it('solve --json answers one line per case, for any format', async () => {
    const run = await squiggly(['solve', '--json'], input);
    expect(
      run.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { case: 1, status: 'unique', solution: SOLUTION },
      { case: 2, status: 'multiple' },
      {
        case: 3,
        status: 'invalid',
        error: expect.stringMatching(/^case 3, line 3, column 1: this puzzle holds/),
      },
    ]);
    expect(run.status).toBe(1);
    const jigsaw = await squiggly(['solve', '--json', '-f', 'poj3074'], `${'.'.repeat(81)}\n`);
    expect(jigsaw.stdout).toBe('{"case":1,"status":"multiple"}\n');
  });
});

describe('squiggly convert', () => {
  it('writes JSON and f-puzzles that read back as the same puzzle', async () => {
    const json = await squiggly(['convert', '--to', 'json'], `${unique}\n`);
    expect(json.status).toBe(0);
    const object = JSON.parse(json.stdout);
    expect(object).toMatchObject({ size: 4, title: 'Killer' });
    expect(object.constraints).toHaveLength(10);
    expect(json.stdout.split('\n')).toHaveLength(2);
    // Back from JSON to f-puzzles: the same constraints as the string first read.
    const back = await squiggly(['convert', '--to', 'fpuzzles', '-f', 'json'], json.stdout);
    expect(back.status).toBe(0);
    const first = parseFpuzzles(unique);
    const again = parseFpuzzles(back.stdout.trim());
    if ('error' in first || 'error' in again) throw new Error('not read');
    expect(again.constraints).toEqual(first.constraints);
    expect(again.info.title).toBe('Killer');
    const solved = await squiggly(['solve', '--json'], back.stdout);
    expect(JSON.parse(solved.stdout)).toEqual({ case: 1, status: 'unique', solution: SOLUTION });
  });

  it('names what the target cannot hold, per case, and does not write it', async () => {
    const run = await squiggly(['convert', '--to', 'jigsaw'], input);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /case 1: jigsaw lines cannot hold the killer cage, thermometer, kropki dot; not written/,
    );
    expect(run.stderr).toMatch(/case 2: jigsaw lines cannot hold the killer cage, thermometer;/);
    expect(run.status).toBe(1);
    const plain = await squiggly(
      ['convert', '--to', 'jigsaw', '-f', 'poj3074'],
      `${'.'.repeat(81)}\n`,
    );
    expect(plain).toEqual({
      status: 0,
      stdout: `${'.'.repeat(81)}${'AAABBBCCC'.repeat(3)}${'DDDEEEFFF'.repeat(3)}${'GGGHHHIII'.repeat(3)}\n`,
      stderr: '',
    });
    const greater = boxes4Json([{ kind: 'greaterThan', cells: ['r1c1', 'r1c2'] }], {
      source: 'book',
    });
    const fp = await squiggly(['convert', '--to', 'fpuzzles'], `[${greater}]`);
    expect(fp.stdout).toBe('');
    expect(fp.stderr).toMatch(
      /case 1: f-puzzles cannot hold the greater-than sign between r1c1 and r1c2: f-puzzles has no greater-than signs; not written/,
    );
    const noConstraint = greater.replace(/"constraints":\[.*\]/, '"constraints":[]');
    const extra = await squiggly(['convert', '--to', 'fpuzzles'], noConstraint);
    expect(extra.stderr).toMatch(
      /case 1: f-puzzles cannot hold the field "source"; written without it/,
    );
    expect(extra.stdout.trim().length).toBeGreaterThan(20);
    expect(extra.status).toBe(1);
    expect((await squiggly(['convert'], input)).stderr).toMatch(/convert needs --to/);
  });
});
