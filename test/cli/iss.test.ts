/**
 * ISS strings on the command line: lines of Interactive Sudoku Solver strings are told
 * apart by detection (or named with --format iss) and solved with their constraints; what
 * Squiggly does not hold makes a case invalid, in words; `convert --to iss` writes each
 * case as an ISS string that reads back the same, and names on standard error what ISS
 * cannot hold (issCannotHold) instead of writing it as something else.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseIss } from '../../src/formats/index.ts';
import { boxes4Json } from '../fixtures/boxes4Json.ts';
import { buildCliOnce, squiggly } from './run.ts';

beforeAll(() => {
  buildCliOnce();
}, 60_000);

// The 4x4 killer of variants.test.ts: one solution with the black dot, two without.
const CAGES =
  '.Cage~4~R1C1~R2C1.Cage~5~R1C2~R1C3.Cage~6~R1C4~R2C4.Cage~5~R2C2~R2C3' +
  '.Cage~6~R3C1~R4C1.Cage~5~R3C2~R3C3.Cage~4~R3C4~R4C4.Cage~5~R4C2~R4C3';
const THERMO = '.Thermo~R1C1~R1C2~R1C3';
const UNIQUE = `.Shape~4x4${CAGES}${THERMO}.BlackDot~R3C1~R3C2`;
const TWO = `.Shape~4x4${CAGES}${THERMO}`;
const QUAD = '.Shape~4x4.Quad~R1C1~1~2';

describe('ISS input', () => {
  it('is detected, and solved and checked with its constraints', async () => {
    const solve = await squiggly(['solve'], `${UNIQUE}\n\n${TWO}\n${QUAD}\n`);
    expect(solve.stdout).toBe('1234341221434321\nMultiple solutions\n');
    expect(solve.stderr).toMatch(
      /case 3, line 4, column 1: this puzzle holds what Squiggly does not read \(Quad\); it is not read without them/,
    );
    expect(solve.status).toBe(1);
    const check = await squiggly(['check'], `${UNIQUE}\n`);
    expect(check.stdout).toBe(
      'Format: iss (detected: line 1 is an ISS string)\nCase 1: ok, 4x4 standard, 0 givens\n',
    );
  });

  it('--format iss reads it by name, and a bad constraint is an error at its column', async () => {
    const count = await squiggly(['count', '--format', 'iss'], `${TWO}\n`);
    expect(count).toEqual({ status: 0, stdout: 'Case 1: 2 solutions\n', stderr: '' });
    const bad = await squiggly(['check', '-f', 'iss'], '.Shape~4x4.Cage~3~R1C1~R9C9\n');
    expect(bad.stderr).toMatch(/line 1, column 11: Cage: "R9C9" is not a cell of the 4x4 grid/);
    expect(bad.status).toBe(1);
  });
});

describe('squiggly convert --to iss', () => {
  it('writes ISS strings that read back as the same puzzle, and back to JSON', async () => {
    const json = boxes4Json([
      { kind: 'cage', cells: ['r1c1', 'r2c1'], sum: 4 },
      { kind: 'thermometer', cells: ['r1c1', 'r1c2', 'r1c3'] },
      { kind: 'kropki', cells: ['r3c1', 'r3c2'], colour: 'black' },
    ]);
    const run = await squiggly(['convert', '--to', 'iss'], json);
    expect(run).toEqual({
      status: 0,
      stdout: '.Shape~4x4.Cage~4~R1C1~R2C1.Thermo~R1C1~R1C2~R1C3.BlackDot~R3C1~R3C2\n',
      stderr: '',
    });
    const read = parseIss(run.stdout.trim());
    if ('error' in read) throw new Error('not read');
    expect(read.constraints).toEqual([
      { kind: 'cage', cells: [0, 4], sum: 4 },
      { kind: 'thermometer', cells: [0, 1, 2] },
      { kind: 'kropki', cells: [8, 9], colour: 'black' },
    ]);
    const back = await squiggly(['convert', '--to', 'json', '-f', 'iss'], `${UNIQUE}\n`);
    expect(back.status).toBe(0);
    expect(JSON.parse(back.stdout).constraints).toHaveLength(10);
  });

  it('names what ISS cannot hold, per case, and does not write it', async () => {
    const slow = boxes4Json([{ kind: 'thermometer', cells: ['r1c1', 'r1c2'], slow: true }]);
    const run = await squiggly(['convert', '--to', 'iss'], slow);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /case 1: ISS strings cannot hold the thermometer from r1c1: ISS has no slow thermometer; not written/,
    );
    expect(run.status).toBe(1);
    const titled = JSON.stringify({ ...JSON.parse(boxes4Json([])), title: 'Small' });
    const extra = await squiggly(['convert', '--to', 'iss'], titled);
    expect(extra.stdout).toBe('.Shape~4x4\n');
    expect(extra.stderr).toMatch(
      /case 1: ISS strings cannot hold the field "title"; written without it/,
    );
    expect(extra.status).toBe(1);
  });
});
