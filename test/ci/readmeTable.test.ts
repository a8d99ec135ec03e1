/**
 * README's benchmark table is made from bench/results/latest.md (bench/readme-table.ts), so
 * `npm test` (and CI with it) fails when one changed without the other.
 *
 * The first test checks the real tree. The others run the script's `--check` on temp copies,
 * never on the real files: a README with one figure changed, or without its markers, must
 * fail with a message saying what to run or what is missing, so the check is known to fail
 * when it should.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { END_MARKER, START_MARKER, updatedReadme } from '../../bench/readme-table.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'bench', 'readme-table.ts');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const RESULTS = readFileSync(join(ROOT, 'bench', 'results', 'latest.md'), 'utf8');

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `--check` on a temp README beside the real results; exit status and messages. */
function check(readme: string): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'squiggly-readme-'));
  made.push(dir);
  const path = join(dir, 'README.md');
  writeFileSync(path, readme);
  const results = join(dir, 'latest.md');
  writeFileSync(results, RESULTS);
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', SCRIPT, '--check', '--readme', path, '--results', results],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('README benchmark table', () => {
  it('is what bench/results/latest.md gives (else: npm run bench:readme)', async () => {
    expect(await updatedReadme(README, RESULTS, join(ROOT, 'README.md'))).toBe(README);
  });

  it('quotes the machine of the run beside the figures', () => {
    const machine = /^- machine: (.+)$/m.exec(RESULTS)?.[1];
    expect(machine).toBeTruthy();
    const table = README.slice(README.indexOf(START_MARKER), README.indexOf(END_MARKER));
    expect(table).toContain(machine);
  });

  it('--check passes on the real README', () => {
    expect(check(README)).toEqual({ status: 0, output: '' });
  });

  it('--check fails when a figure in the table was changed by hand', () => {
    const table = README.slice(README.indexOf(START_MARKER), README.indexOf(END_MARKER));
    const figure = /\| +([\d.,]+) µs \(/.exec(table)?.[1];
    expect(figure).toBeTruthy();
    const edited = README.replace(table, table.replace(`${figure!} µs`, `9${figure!} µs`));
    expect(edited).not.toBe(README);
    const { status, output } = check(edited);
    expect(status).toBe(1);
    expect(output).toMatch(/the benchmark table is not what .*latest\.md gives/);
    expect(output).toContain('npm run bench:readme');
  });

  it('--check fails, naming the markers, when README has none', () => {
    const { status, output } = check(README.replace(START_MARKER, ''));
    expect(status).toBe(2);
    expect(output).toContain(`no ${START_MARKER} ... ${END_MARKER} pair`);
  });
});
