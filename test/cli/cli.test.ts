/** The command line tool end to end: outputs, errors, exit status, help, and the launcher. */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_DATA, REPO_ROOT, SAMPLES } from '../fixtures/paths.ts';
import { garbage } from '../formats/helpers.ts';
import { buildCliOnce, squiggly } from './run.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

const sample = (name: string, ext: 'in' | 'out'): string =>
  readFileSync(resolve(SAMPLES, `${name}.${ext}`), 'utf8');
const VERSION = (
  JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;

let scratch = '';
/** Write a file in this run's scratch folder and return its path. */
function scratchFile(name: string, text: string): string {
  const path = join(scratch, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(() => {
  scratch = tempDir('cli');
  buildCliOnce();
}, 60_000);

const jsonPuzzle = (givens: number[][]): string =>
  JSON.stringify({
    size: 4,
    regions: [
      [0, 0, 1, 1],
      [0, 0, 1, 1],
      [2, 2, 3, 3],
      [2, 2, 3, 3],
    ],
    givens,
    title: 'kept, not an error',
  });
const UNIQUE_4 = [
  [1, 2, 3, 4],
  [3, 4, 1, 2],
  [2, 1, 4, 3],
  [0, 0, 0, 0],
];
const EMPTY_4 = [
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
];
const CLASH_4 = [
  [1, 1, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
];

describe('squiggly solve: bad cases go to standard error, the others are answered', () => {
  it('leaves out an unreadable hdu4069 case, keeps the case numbers, exits 1', async () => {
    const lines = sample('hdu4069', 'in').split('\n');
    lines[14] = lines[14].replace('64', 'x1'); // line 15, case 2
    const file = scratchFile('bad-token.txt', lines.join('\n'));
    const run = await squiggly(['solve', file]);
    const answers = sample('hdu4069', 'out').split('\n');
    expect(run.stdout).toBe([...answers.slice(0, 10), ...answers.slice(12)].join('\n'));
    expect(run.stderr).toBe(
      [
        `${file}: read as hdu4069 (detected: 26 of the 27 lines looked at (2-30) hold 9 numbers)`,
        `${file}: case 2, line 15, column 16: expected an integer from 0 to 249, got "x1"`,
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(1);
  });

  it('answers the cases there are when T promises more, and says so', async () => {
    const run = await squiggly(['solve'], sample('hdu4069', 'in').replace(/^3/, '4'));
    expect(run.stdout).toBe(sample('hdu4069', 'out'));
    expect(run.stderr).toBe(
      '<stdin>: case 4, line 31, column 1: the input ends before case 4; line 1 announced 4 cases\n',
    );
    expect(run.status).toBe(1);
  });

  it('prints "No solution" in place of a poj3074 answer without one, with an error', async () => {
    const good = sample('poj3074', 'in').split('\n')[0];
    const run = await squiggly(['solve', '-f', 'poj3074'], `55${'.'.repeat(79)}\n${good}\n`);
    expect(run.stdout).toBe(`No solution\n${sample('poj3074', 'out').split('\n')[0]}\n`);
    expect(run.stderr).toBe(
      '<stdin>: case 1, line 1, column 1: this puzzle has no solution (r1c1 and r1c2 both hold 5 in one row), though the poj3074 judge promises one\n',
    );
    expect(run.status).toBe(1);
  });

  it('reports empty input, and 10 MB of noise, in one line', async () => {
    expect(await squiggly(['solve'], '')).toEqual({
      stdout: '',
      stderr: '<stdin>: line 1, column 1: the input is empty\n',
      status: 1,
    });
    const file = scratchFile('noise.bin', garbage(10_000_000));
    const run = await squiggly(['solve', file]);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      new RegExp(`^${file}: line 1, column 1: cannot tell the format: [^\\n]*\\n$`),
    );
    expect(run.status).toBe(1);
  });

  it('shows at most 100 errors, then how many more', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => `${i}`.padEnd(81, 'x'));
    const run = await squiggly(['solve', '--format', 'poj3074'], lines.join('\n'));
    const errors = run.stderr.trimEnd().split('\n');
    expect(errors).toHaveLength(101);
    expect(errors[0]).toBe(
      '<stdin>: case 1, line 1, column 2: expected a digit 1-9, or "." or "0" for an empty cell, got "x"',
    );
    expect(errors[100]).toBe(
      '<stdin>: … and 50 more errors (in cases 101-150); --max-errors 0 shows them all',
    );
    expect(run.stdout).toBe('');
  });
});

describe('squiggly solve: JSON', () => {
  it('answers unique with the solution, keeping the status words of formats.md', async () => {
    const run = await squiggly(['solve'], jsonPuzzle(UNIQUE_4));
    expect(JSON.parse(run.stdout)).toEqual({
      status: 'unique',
      solution: [...UNIQUE_4.slice(0, 3), [4, 3, 2, 1]],
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('answers multiple with two different solutions, and none for clashing clues', async () => {
    const multiple = JSON.parse((await squiggly(['solve'], jsonPuzzle(EMPTY_4))).stdout) as {
      status: string;
      solutions: number[][][];
    };
    expect(multiple.status).toBe('multiple');
    expect(multiple.solutions).toHaveLength(2);
    expect(multiple.solutions[0]).not.toEqual(multiple.solutions[1]);
    expect(await squiggly(['solve', '--format', 'json'], jsonPuzzle(CLASH_4))).toEqual({
      stdout: '{\n  "status": "none"\n}\n',
      stderr: '',
      status: 0,
    });
  });

  it('answers invalid input with status invalid on standard output, the errors on standard error, exit 1', async () => {
    const run = await squiggly(['solve'], '{"size": 17}');
    expect(JSON.parse(run.stdout)).toEqual({
      status: 'invalid',
      errors: [
        { line: 1, column: 1, message: 'the puzzle has no "regions" field' },
        { line: 1, column: 1, message: 'the puzzle has no "givens" field' },
        { line: 1, column: 10, message: '"size" must be 4 to 16 or 25, got 17' },
      ],
    });
    expect(run.stderr).toBe(
      [
        '<stdin>: line 1, column 1: the puzzle has no "regions" field',
        '<stdin>: line 1, column 1: the puzzle has no "givens" field',
        '<stdin>: line 1, column 10: "size" must be 4 to 16 or 25, got 17',
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(1);
  });

  it('answers a list with a list, in order, bad puzzles included', async () => {
    const list = `[${jsonPuzzle(UNIQUE_4)},\n{"size": 4},\n${jsonPuzzle(CLASH_4)}]`;
    const run = await squiggly(['solve'], list);
    const answers = JSON.parse(run.stdout) as { status: string }[];
    expect(answers.map((answer) => answer.status)).toEqual(['unique', 'invalid', 'none']);
    expect(run.stderr).toBe(
      [
        '<stdin>: case 2, line 2, column 1: the puzzle has no "regions" field',
        '<stdin>: case 2, line 2, column 1: the puzzle has no "givens" field',
        '',
      ].join('\n'),
    );
    expect(run.status).toBe(1);
  });
});

describe('squiggly check and count', () => {
  it('check reports every case without solving, and the format it read', async () => {
    const run = await squiggly(['check', resolve(SAMPLES, 'hdu4069.in')]);
    expect(run.stdout).toBe(
      [
        'Format: hdu4069 (detected: all 27 lines looked at (2-30) hold 9 numbers)',
        'Case 1: ok, 9x9 jigsaw, 35 givens',
        'Case 2: clues clash: r1c4 and r1c5 both hold 1 in one row; r1c4 and r1c5 both hold 1 in one region',
        'Case 3: ok, 9x9 jigsaw, 20 givens',
        '',
      ].join('\n'),
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(
      await squiggly(['check', '--format', 'poj3074', resolve(SAMPLES, 'poj3074.in')]),
    ).toEqual({
      stdout:
        'Format: poj3074 (given)\nCase 1: ok, 9x9 standard, 36 givens\nCase 2: ok, 9x9 standard, 17 givens\n',
      stderr: '',
      status: 0,
    });
  });

  it('check marks unreadable cases and sends their errors to standard error', async () => {
    const run = await squiggly(['check'], sample('hdu5547', 'in').replace('*243', '*253'));
    expect(run.stdout).toBe(
      'Format: hdu5547 (detected: 11 of the 12 lines looked at (3-16) hold 4 of 1-4 and *)\nCase 1: ok, 4x4 standard, 12 givens\nCase 2: invalid input\nCase 3: ok, 4x4 standard, 8 givens\n',
    );
    expect(run.stderr).toBe(
      '<stdin>: case 2, line 8, column 3: expected a digit 1-4, or "*" for an empty cell, got "5"\n',
    );
    expect(run.status).toBe(1);
  });

  it('count counts up to the limit', async () => {
    const file = resolve(SAMPLES, 'hdu4069.in');
    expect(await squiggly(['count', '--limit', '3', file])).toEqual({
      stdout: 'Case 1: 1 solution\nCase 2: 0 solutions\nCase 3: at least 3 solutions\n',
      stderr: '',
      status: 0,
    });
    expect((await squiggly(['count', file])).stdout).toBe(
      'Case 1: 1 solution\nCase 2: 0 solutions\nCase 3: 4 solutions\n',
    );
    expect((await squiggly(['count'], jsonPuzzle(EMPTY_4))).stdout).toBe('Case 1: 288 solutions\n');
    expect((await squiggly(['count', '-n', '10'], jsonPuzzle(EMPTY_4))).stdout).toBe(
      'Case 1: at least 10 solutions\n',
    );
  });
});

describe('squiggly usage', () => {
  it('prints help at the top and for every command, on standard output', async () => {
    const top = await squiggly(['--help']);
    expect(top.stdout).toMatch(/^squiggly: solve and check/);
    expect(top.stdout).toContain(
      'squiggly count [--limit N] [--format NAME] [--engine NAME] [--jobs N] [FILE]',
    );
    expect(top.status).toBe(0);
    for (const command of ['solve', 'check', 'count']) {
      const run = await squiggly([command, '--help']);
      expect(run.stdout).toMatch(new RegExp(`^Usage: squiggly ${command} `));
      expect(run.status).toBe(0);
      expect((await squiggly(['help', command])).stdout).toBe(run.stdout);
    }
  });

  it('solves with every engine alike, and names the engines when one is unknown', async () => {
    for (const engine of ['best', 'fast', 'dlx', 'basic']) {
      const run = await squiggly(['solve', '--engine', engine], sample('hdu4069', 'in'));
      expect(run).toEqual({ status: 0, stdout: sample('hdu4069', 'out'), stderr: '' });
    }
    const bad = await squiggly(['solve', '--engine', 'quantum'], sample('hdu4069', 'in'));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      'squiggly: unknown engine "quantum": expected one of best, dlx, basic\n',
    );
  });

  it('refuses a thread count outside 1 to 8, naming the option', async () => {
    for (const jobs of ['0', '9', 'two', '2.5']) {
      const run = await squiggly(['solve', '--jobs', jobs], sample('hdu4069', 'in'));
      expect(run.status).toBe(2);
      expect(run.stderr).toBe(
        `squiggly: --jobs must be an integer from 1 to 8, got ${JSON.stringify(jobs)}\n`,
      );
      expect(run.stdout).toBe('');
    }
  });

  it('prints the version from package.json', async () => {
    expect(await squiggly(['--version'])).toEqual({
      stdout: `squiggly ${VERSION}\n`,
      stderr: '',
      status: 0,
    });
  });

  it.each([
    [[], /^squiggly: solve and check/],
    [['frobnicate'], /^squiggly: unknown command "frobnicate"; try squiggly --help\n$/],
    [['solve', '--fast'], /^squiggly: solve: unknown option --fast; try squiggly solve --help\n$/],
    [
      ['count', '--limit', '-1'],
      /^squiggly: count: --limit needs a value; one starting with "-" is written --limit=-1; try squiggly count --help\n$/,
    ],
    [['count', '--limit'], /^squiggly: count: --limit needs a value; try squiggly count --help\n$/],
    [
      ['help', 'frobnicate'],
      /^squiggly: no help on "frobnicate": not a command; try squiggly --help\n$/,
    ],
    [['count', '--estimate', '--limit', '5'], /^squiggly: count --estimate takes no --limit/],
    [
      ['solve', '--format', 'csv'],
      /^squiggly: unknown format "csv": expected one of hdu4069, poj3074, poj2676, hdu5547, jigsaw, layout, json, fpuzzles, iss, auto\n$/,
    ],
    [['solve', '--limit', '3'], /^squiggly: solve takes no --limit; only count does\n$/],
    [
      ['count', '--limit', '0'],
      /^squiggly: --limit must be an integer from 1 to 999999999999999, got "0"\n$/,
    ],
    [
      ['count', '--limit', '99999999999999999999'],
      /^squiggly: --limit must be an integer from 1 to 999999999999999, got "99999999999999999999"\n$/,
    ],
    [['solve', 'no-such-file.txt'], /^squiggly: cannot read no-such-file.txt: no such file\n$/],
    [['solve', ''], /^squiggly: cannot read "": no such file\n$/],
    [['solve', 'a.txt', 'b.txt'], /^squiggly: solve reads one FILE, got 2: a.txt b.txt\n$/],
  ])('refuses %j with exit status 2', async (args, message) => {
    const run = await squiggly(args);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe('');
    expect(run.status).toBe(2);
  });
});

describe('bin/squiggly, the launcher', () => {
  /** A copy of the tool's sources, so a test never removes the bundle other tests use. */
  function copyOfTool(): { launcher: string; build: string } {
    const copy = tempDir('launcher');
    for (const path of ['bin', 'src/engine', 'src/formats', 'package.json']) {
      cpSync(resolve(REPO_ROOT, path), join(copy, path), { recursive: true });
    }
    symlinkSync(resolve(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'));
    return { launcher: join(copy, 'bin/squiggly'), build: join(copy, 'build') };
  }

  it('builds the bundle when it is missing or stale, printing nothing but the answer', async () => {
    const { launcher, build } = copyOfTool();
    const bundle = join(build, 'cli.cjs');

    const first = await squiggly(['solve', resolve(SAMPLES, 'poj2676.in')], '', launcher);
    expect(first).toEqual({ stdout: sample('poj2676', 'out'), stderr: '', status: 0 });
    const builtAt = statSync(bundle).mtimeMs;

    await squiggly(['--version'], '', launcher);
    expect(statSync(bundle).mtimeMs).toBe(builtAt);

    const future = new Date(builtAt + 60_000);
    utimesSync(join(launcher, '../../src/formats/poj2676.ts'), future, future);
    expect((await squiggly(['--version'], '', launcher)).stdout).toBe(`squiggly ${VERSION}\n`);
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(builtAt);
  }, 30_000);

  it('keeps one code cache per Node flags, made once, and drops those of an old bundle', async () => {
    const { launcher, build } = copyOfTool();
    const caches = (): string[] =>
      readdirSync(build)
        .filter((name) => /^cli\.cjs\.[0-9a-z]+\.cache$/.test(name))
        .sort();
    const withFlags = (args: string[]): string =>
      execFileSync(process.execPath, ['--max-semi-space-size=1', launcher, ...args], {
        encoding: 'utf8',
      });

    // The first run after a build makes the cache; a run of another command uses it as is.
    await squiggly(['--version'], '', launcher);
    const [plain] = caches();
    expect(caches()).toEqual([plain]);
    const madeAt = statSync(join(build, plain)).mtimeMs;
    const solved = await squiggly(['solve', resolve(SAMPLES, 'poj2676.in')], '', launcher);
    expect(solved.stdout).toBe(sample('poj2676', 'out'));
    expect(statSync(join(build, plain)).mtimeMs).toBe(madeAt);

    // Other Node flags (the launcher's own first line has some) get a cache of their own.
    expect(withFlags(['solve', resolve(SAMPLES, 'poj2676.in')])).toBe(sample('poj2676', 'out'));
    expect(caches()).toHaveLength(2);
    expect(statSync(join(build, plain)).mtimeMs).toBe(madeAt);

    // A new bundle: the first cache made for it removes both old ones.
    const future = new Date(statSync(join(build, 'cli.cjs')).mtimeMs + 60_000);
    utimesSync(join(launcher, '../../src/formats/poj2676.ts'), future, future);
    expect(withFlags(['--version'])).toBe(`squiggly ${VERSION}\n`);
    expect(caches()).toHaveLength(1);
    expect(caches()).not.toContain(plain);
  }, 30_000);

  it("answers a judge's plain solve from its own small bundle, as the whole tool would", async () => {
    const { launcher, build } = copyOfTool();
    const compiled = (bundle: string): boolean =>
      readdirSync(build).some((name) => name.startsWith(`${bundle}.`) && name.endsWith('.cache'));
    const lines = readFileSync(resolve(BENCH_DATA, 'top1465.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.length === 81);
    const plain = join(build, '..', 'plain.txt');
    writeFileSync(plain, `${lines.slice(0, 50).join('\n')}\nend\n`);
    const general = await squiggly(['solve', '--jobs', '1', plain], '', launcher);
    expect(general.status).toBe(0);
    expect(general.stdout.split('\n')).toHaveLength(51);
    rmSync(build, { recursive: true });

    // From a file and from standard input: answered without compiling the whole tool.
    expect(await squiggly(['solve', plain], '', launcher)).toEqual(general);
    expect(await squiggly(['solve'], readFileSync(plain, 'utf8'), launcher)).toEqual(general);
    expect(compiled('judge.cjs')).toBe(true);
    expect(compiled('cli.cjs')).toBe(false);
    // Small because it holds only what it uses (29 kB; with formats/index.ts, 190 kB).
    expect(statSync(join(build, 'judge.cjs')).size).toBeLessThan(60_000);

    // Declined (a puzzle with several solutions; a file that is not poj3074): the whole tool
    // answers, with the input the judge's entry read.
    const several = `${lines[0]}\n${'.'.repeat(81)}\nend\n`;
    const expected = await squiggly(['solve', '--jobs', '1'], several, launcher);
    expect(expected.stdout).toMatch(/\n/);
    expect(await squiggly(['solve'], several, launcher)).toEqual(expected);
    expect(compiled('cli.cjs')).toBe(true);
    const poj2676 = await squiggly(['solve'], sample('poj2676', 'in'), launcher);
    expect(poj2676).toEqual({ stdout: sample('poj2676', 'out'), stderr: '', status: 0 });
  }, 60_000);
});
