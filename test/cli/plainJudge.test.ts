/**
 * The judge's fast path (bin/cli/plainJudge.ts): a small poj3074 file of plain lines whose
 * every puzzle is unique is answered in one loop, with exactly what the general path prints;
 * anything else is declined, and `solve` then prints what it always did. The general path is
 * what `--jobs 1` runs (the fast path is only taken with the default threads).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli/main.ts';
import { PLAIN_JUDGE_MAX_CASES, solvePlainPoj3074 } from '../../bin/cli/plainJudge.ts';
import { parsePoj3074, printPoj3074Results } from '../../src/formats/index.ts';
import { countSolutionsBest } from '../../src/engine/index.ts';
import { BENCH_DATA } from '../fixtures/paths.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

const TOP = readFileSync(resolve(BENCH_DATA, 'top1465.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.length === 81);
/** The first puzzle of the serg benchmark: several solutions. */
const SEVERAL = readFileSync(resolve(BENCH_DATA, 'serg-benchmark-10k.txt'), 'utf8').slice(0, 81);

/** Run the tool in this process, its output piped (not a terminal). */
async function run(args: string[]): Promise<{ stdout: string; stderr: string; status: number }> {
  let stdout = '';
  let stderr = '';
  const status = await main(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    interactive: false,
  });
  return { stdout, stderr, status };
}

let dir = '';
beforeAll(() => {
  dir = tempDir('plain-judge');
});
const fileWith = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('solvePlainPoj3074', () => {
  it('answers plain lines of unique puzzles with what printPoj3074Results prints', () => {
    const text = `${TOP.slice(0, 200).join('\n')}\nend\n`;
    const answers = parsePoj3074(text).cases.map((parsed) => {
      const result = countSolutionsBest(parsed.board, 2);
      const solution = result.solutions[0];
      if (result.count !== 1) throw new Error(`case ${parsed.case} is not unique`);
      return { case: parsed.case, result: { status: 'unique' as const, solution } };
    });
    expect(solvePlainPoj3074(text)).toBe(printPoj3074Results(answers));
  });

  it('declines a puzzle that is not unique, a line it does not read plainly, and a big file', () => {
    const lines = TOP.slice(0, 10);
    expect(solvePlainPoj3074([...lines.slice(0, 5), SEVERAL, ...lines].join('\n'))).toBeNull();
    expect(solvePlainPoj3074(`${lines.join('\r\n')}\r\n`)).toBeNull();
    expect(solvePlainPoj3074(`${lines[0]}\n\n${lines[1]}\n`)).toBeNull();
    const many = Array.from({ length: PLAIN_JUDGE_MAX_CASES + 1 }, (_, k) => TOP[k % TOP.length]);
    expect(solvePlainPoj3074(many.join('\n'))).toBeNull();
  });
});

describe('squiggly solve on a plain poj3074 file', () => {
  it('prints what the general path prints, for unique puzzles and for a broken promise', async () => {
    const unique = fileWith('unique.txt', `${TOP.slice(0, 300).join('\n')}\n`);
    const fast = await run(['solve', unique]);
    expect(fast).toEqual(await run(['solve', '--jobs', '1', unique]));
    expect(fast.stdout.split('\n')).toHaveLength(301);
    expect(fast.status).toBe(0);

    // A case with several solutions: the fast path gives way, and the judge's complaint
    // comes as before.
    const broken = fileWith('broken.txt', `${[...TOP.slice(0, 3), SEVERAL, TOP[3]].join('\n')}\n`);
    const answered = await run(['solve', broken]);
    expect(answered).toEqual(await run(['solve', '--jobs', '1', broken]));
    expect(answered.status).toBe(1);
    expect(answered.stderr).toMatch(/line 4/);
  });
});
