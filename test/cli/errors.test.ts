/**
 * What the tool says on standard error about a damaged input: `--max-errors N` (0 = all),
 * the summary line that names the cases it left out, and a case count too big to be a
 * number, named as written. Run in this process (main), as a user would see it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli/main.ts';
import { BENCH_DATA, SAMPLES } from '../fixtures/paths.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

/** Run the tool on a file, in this process. */
async function run(
  args: string[],
  file: string,
): Promise<{ stdout: string; stderr: string; status: number }> {
  let stdout = '';
  let stderr = '';
  const status = await main([...args, file], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { stdout, stderr, status };
}

const POJ_LINE = readFileSync(resolve(SAMPLES, 'poj3074.in'), 'utf8').split('\n')[0];
const BAD_LINE = `${POJ_LINE.slice(0, 10)}x${POJ_LINE.slice(11)}`;

/** A poj3074 file whose lines are bad where `bad(case)` says so. */
function pojFile(cases: number, bad: (caseNumber: number) => boolean): string {
  const lines = Array.from({ length: cases }, (_, index) => (bad(index + 1) ? BAD_LINE : POJ_LINE));
  return `${lines.join('\n')}\n`;
}

const scratch = tempDir('errors');
function fileWith(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

describe('--max-errors and the summary of the errors left out', () => {
  it('names the cut cases as ranges, the first few of them, and how to see them all', async () => {
    // Bad: cases 1-150, then 160, 170-171, 180, 190, 200 and 210 (the 7th range onwards is counted).
    const bad = new Set([
      ...Array.from({ length: 150 }, (_, i) => i + 1),
      160,
      170,
      171,
      180,
      190,
      200,
      210,
    ]);
    const file = fileWith(
      'many.txt',
      pojFile(220, (c) => bad.has(c)),
    );
    const { stdout, stderr, status } = await run(['solve'], file);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[99]).toBe(
      `${file}: case 100, line 100, column 11: expected a digit 1-9, or "." or "0" for an empty cell, got "x"`,
    );
    expect(lines[100]).toBe(
      `${file}: … and 57 more errors (in cases 101-150, 160, 170-171, 180, 190 and 2 more); --max-errors 0 shows them all`,
    );
    expect(stdout.split('\n').filter(Boolean)).toHaveLength(220 - bad.size);
    expect(status).toBe(1);
  });

  it('--max-errors N shows N; 0 shows every error; a bad value is a usage error', async () => {
    const file = fileWith(
      'some.txt',
      pojFile(30, (c) => c % 3 === 0),
    );
    const three = await run(['solve', '--max-errors', '3'], file);
    expect(three.stderr.trimEnd().split('\n')).toEqual([
      expect.stringContaining('case 3, line 3'),
      expect.stringContaining('case 6, line 6'),
      expect.stringContaining('case 9, line 9'),
      `${file}: … and 7 more errors (in cases 12, 15, 18, 21, 24 and 2 more); --max-errors 0 shows them all`,
    ]);
    const all = await run(['solve', '--max-errors', '0'], file);
    expect(all.stderr.trimEnd().split('\n')).toHaveLength(10);
    expect(all.stdout).toBe(three.stdout);
    const one = await run(['check', '--max-errors', '1'], file);
    expect(one.stderr).toContain('… and 9 more errors (in cases 6, 9, 12, 15, 18 and 4 more)');
    let usage = '';
    const status = await main(['solve', '--max-errors', 'lots', file], {
      stdout: () => {},
      stderr: (text) => (usage += text),
    });
    expect(status).toBe(2);
    expect(usage).toBe(
      'squiggly: --max-errors must be an integer of 0 (show all) or more, got "lots"\n',
    );
  });

  it('counts the complaints about answers under the same cap, in case order', async () => {
    const several = readFileSync(resolve(BENCH_DATA, 'serg-benchmark-10k.txt'), 'utf8')
      .split('\n')
      .slice(0, 120);
    const file = fileWith('several.txt', `${several.join('\n')}\n`);
    const { stderr, status } = await run(['solve', '--max-errors', '2'], file);
    expect(stderr.trimEnd().split('\n')).toEqual([
      `${file}: case 1, line 1, column 1: this puzzle has several solutions, though the poj3074 judge promises one; printed one of them`,
      `${file}: case 2, line 2, column 1: this puzzle has several solutions, though the poj3074 judge promises one; printed one of them`,
      `${file}: … and 118 more errors (in cases 3-120); --max-errors 0 shows them all`,
    ]);
    expect(status).toBe(1);
  });
});

describe('a case count too big to be a number', () => {
  it('is named as written, never as Infinity', async () => {
    const sample = readFileSync(resolve(SAMPLES, 'hdu4069.in'), 'utf8');
    const huge = '99999999999999999999999';
    const file = fileWith('huge-t.txt', sample.replace(/^3/, huge));
    const { stdout, stderr, status } = await run(['solve'], file);
    expect(stdout).toBe(readFileSync(resolve(SAMPLES, 'hdu4069.out'), 'utf8'));
    expect(stderr).not.toContain('Infinity');
    expect(stderr).toContain(
      `the number of cases T must be an integer from 1 to 2500, got ${huge}`,
    );
    expect(stderr).toContain(`the input ends before case 4; line 1 announced ${huge} cases`);
    expect(status).toBe(1);
  });
});

describe('auto-detection by majority, then every case it can', () => {
  it('a stray space in the first poj3074 line loses that line only, and says what was read', async () => {
    const lines = readFileSync(resolve(SAMPLES, 'poj3074.in'), 'utf8').split('\n');
    const answers = readFileSync(resolve(SAMPLES, 'poj3074.out'), 'utf8').split('\n');
    lines[0] = `${lines[0].slice(0, 10)} ${lines[0].slice(10)}`;
    const file = fileWith('space.txt', lines.join('\n'));
    const { stdout, stderr, status } = await run(['solve'], file);
    expect(stdout).toBe(answers.slice(1).join('\n'));
    expect(stderr).toBe(
      [
        `${file}: read as poj3074 (detected: 2 of the 3 lines looked at (1-3) are puzzles on one line)`,
        `${file}: case 1, line 1, column 11: expected a digit 1-9, or "." or "0" for an empty cell, got a space`,
        '',
      ].join('\n'),
    );
    expect(status).toBe(1);
  });

  it('the hdu4069 sample with 8 numbers in row 1 answers cases 2 and 3', async () => {
    const sample = readFileSync(resolve(SAMPLES, 'hdu4069.in'), 'utf8');
    const answers = readFileSync(resolve(SAMPLES, 'hdu4069.out'), 'utf8').split('\n');
    const file = fileWith('eight.txt', sample.replace(/^(3\n(?:\d+ ){7}\d+) \d+/, '$1'));
    const { stdout, stderr, status } = await run(['solve'], file);
    expect(stdout).toBe(answers.slice(10).join('\n'));
    expect(stderr).toContain(`${file}: case 1, line 2, column 28: row 1 has 8 numbers; expected 9`);
    expect(status).toBe(1);
  });

  it('says nothing more on standard error when every line fits', async () => {
    const { stderr, status } = await run(['solve'], resolve(SAMPLES, 'hdu4069.in'));
    expect({ stderr, status }).toEqual({ stderr: '', status: 0 });
  });
});
