/**
 * The judges that promise exactly one solution per case (poj3074, poj2676, hdu5547): their
 * output has no words for "several" or "none", so the tool prints what it always printed
 * (the first solution found, or `No solution`) and says on standard error, per case with its
 * line, that the promise was broken; the exit status is then 1. What is printed is checked
 * against the engine's own first solution (a search for one solution, as the tool once ran).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countSolutionsBest } from '../../src/engine/index.ts';
import { FORMATS, type FormatName } from '../../src/formats/index.ts';
import { BENCH_DATA } from '../fixtures/paths.ts';
import { buildCliOnce, squiggly } from './run.ts';

beforeAll(buildCliOnce, 60_000);

/** What `solve` printed for these cases before it looked for a second solution. */
function firstSolutionOutput(format: FormatName, text: string): string {
  const { cases } = FORMATS[format].parse(text);
  const answers = cases.map((parsed) => {
    const [solution] = countSolutionsBest(parsed.board, 1).solutions;
    return {
      case: parsed.case,
      result:
        solution === undefined
          ? { status: 'none' as const }
          : { status: 'found' as const, solution },
    };
  });
  return FORMATS[format].printResults(answers, {});
}

const POJ3074_UNIQUE =
  '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
/** The first puzzle of the serg benchmark, whose puzzles all have several solutions. */
const POJ3074_SEVERAL = readFileSync(resolve(BENCH_DATA, 'serg-benchmark-10k.txt'), 'utf8').slice(
  0,
  81,
);
const POJ3074_NONE = `55${'.'.repeat(79)}`;

describe('a broken promise of one solution is said on standard error, exit 1', () => {
  it('hdu5547: an empty grid prints one of its 288 solutions, as before, and says so', async () => {
    const input = '1\n\n****\n****\n****\n****\n';
    const run = await squiggly(['solve'], input);
    expect(run.stdout).toBe(firstSolutionOutput('hdu5547', input));
    expect(run.stdout).toMatch(/^Case #1:\n([1-4]{4}\n){4}$/);
    expect(run.stderr).toBe(
      '<stdin>: case 1, line 3, column 1: this puzzle has several solutions, though the hdu5547 judge promises one; printed one of them\n',
    );
    expect(run.status).toBe(1);
  });

  it('poj3074: names each case with several solutions or none, answers every case', async () => {
    const input = [POJ3074_UNIQUE, POJ3074_SEVERAL, POJ3074_NONE, POJ3074_UNIQUE, ''].join('\n');
    expect(countSolutionsBest(FORMATS.poj3074.parse(input).cases[1].board, 2).count).toBe(2);
    const run = await squiggly(['solve'], input);
    expect(run.stdout).toBe(firstSolutionOutput('poj3074', input));
    expect(run.stdout.split('\n')[2]).toBe('No solution');
    expect(run.stderr).toBe(
      [
        '<stdin>: case 2, line 2, column 1: this puzzle has several solutions, though the poj3074 judge promises one; printed one of them',
        '<stdin>: case 3, line 3, column 1: this puzzle has no solution (r1c1 and r1c2 both hold 5 in one row), though the poj3074 judge promises one',
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(1);
  });

  it('poj2676: the line named is the first row of the case', async () => {
    const unique = [
      '103000509',
      '002109400',
      '000704000',
      '300502006',
      '060000050',
      '700803004',
      '000401000',
      '009205800',
      '804000107',
    ];
    const several = ['000000000', ...unique.slice(1)];
    const input = `2\n${unique.join('\n')}\n\n${several.join('\n')}\n`;
    const run = await squiggly(['solve', '--format', 'poj2676'], input);
    expect(run.stdout).toBe(firstSolutionOutput('poj2676', input));
    expect(run.stderr).toBe(
      '<stdin>: case 2, line 12, column 1: this puzzle has several solutions, though the poj2676 judge promises one; printed one of them\n',
    );
    expect(run.status).toBe(1);
  });

  it('says the same with several threads', async () => {
    const input = `${Array.from({ length: 40 }, (_, i) => (i % 7 === 3 ? POJ3074_SEVERAL : POJ3074_UNIQUE)).join('\n')}\n`;
    const one = await squiggly(['solve', '--jobs', '1'], input);
    const three = await squiggly(['solve', '--jobs', '3'], input);
    expect(three).toEqual(one);
    expect(one.stderr.trimEnd().split('\n')).toHaveLength(6);
    expect(one.stderr).toContain('<stdin>: case 4, line 4, column 1: this puzzle has several');
  });

  it('hdu4069 and JSON keep "Multiple Solutions" and "multiple" on standard output, exit 0', async () => {
    const empty = `1\n${Array.from({ length: 9 }, (_, row) =>
      Array.from({ length: 9 }, (_, col) => {
        const box = (r: number, c: number) => Math.floor(r / 3) * 3 + Math.floor(c / 3);
        let walls = 0;
        if (row === 0 || box(row - 1, col) !== box(row, col)) walls += 16;
        if (col === 8 || box(row, col + 1) !== box(row, col)) walls += 32;
        if (row === 8 || box(row + 1, col) !== box(row, col)) walls += 64;
        if (col === 0 || box(row, col - 1) !== box(row, col)) walls += 128;
        return walls;
      }).join(' '),
    ).join('\n')}\n`;
    expect(await squiggly(['solve'], empty)).toEqual({
      stdout: 'Case 1:\nMultiple Solutions\n',
      stderr: '',
      status: 0,
    });
  });
});
