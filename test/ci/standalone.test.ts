/**
 * Probe for .ci/check-standalone.sh, the CI step that fails when src/, bin/, bench/, test/ or
 * README.md refer to the shared/ folder beside the clone (which users do not have).
 *
 * A check that has never failed proves nothing, so this runs the script on temp folders, never
 * on the real tree (whose state depends on other work): a clean copy must exit 0, a copy with
 * one offending file in each place it watches must exit 1 and name that file and line, and a
 * folder with nothing to check must not pass as clean. The offending text is assembled at run
 * time so that this file does not itself trip the check it tests.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../.ci/check-standalone.sh', import.meta.url));
const DOTS = '.'.repeat(2);
const PARENT_SHARED = `${DOTS}/shared`;

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temp project holding the given files (path -> text). */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'squiggly-standalone-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function check(dir: string): { status: number | null; output: string } {
  const run = spawnSync('bash', [SCRIPT, dir], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

const CLEAN = {
  'README.md': '# Squiggly\n\n    bin/squiggly solve examples/hdu4069.in\n',
  'src/engine/bits.ts': '/** Bit tricks shared by the bitset engines. */\nexport const ONE = 1;\n',
  'bin/cli/main.ts': "export const SAMPLES = 'examples';\n",
  'bench/sets.ts': "export const DATA_DIR = 'bench/data';\n",
  'test/fixtures/paths.ts': "export const DATA = 'test/data';\n",
};

describe('check-standalone.sh', () => {
  it('passes a project that refers only to its own files', () => {
    const { status, output } = check(project(CLEAN));
    expect(output).toContain('no reference to');
    expect(status).toBe(0);
  });

  it.each([
    ['src/formats/probe.ts', `// see ${PARENT_SHARED}/formats.md\n`],
    ['bin/cli/probe.ts', `export const SAMPLE = '${PARENT_SHARED}/samples/hdu4069.in';\n`],
    ['bench/probe.ts', `export const DIR = path.resolve(ROOT, '${PARENT_SHARED}/data/bench');\n`],
    [
      'test/fixtures/probe.ts',
      `export const DIR = resolve(ROOT, '${DOTS}', 'shared', 'samples');\n`,
    ],
    ['test/e2e/probe.spec.ts', `const DIR = join(ROOT, "${DOTS}", "shared");\n`],
    ['README.md', `# Squiggly\n\n    bin/squiggly solve ${PARENT_SHARED}/samples/hdu4069.in\n`],
  ])('fails when %s refers to the folder beside the clone', (path, text) => {
    const { status, output } = check(project({ ...CLEAN, [path]: text }));
    expect(status).toBe(1);
    expect(output).toMatch(new RegExp(`${path.replace(/\./g, '\\.')}:\\d+:`));
  });

  it('does not look outside the folders a user runs (docs/ may tell the history)', () => {
    const { status } = check(
      project({ ...CLEAN, 'docs/history.md': `Data came from ${PARENT_SHARED}.\n` }),
    );
    expect(status).toBe(0);
  });

  it('does not pass a folder with nothing to check as clean', () => {
    const { status, output } = check(project({ 'notes.txt': 'nothing here\n' }));
    expect(status).toBe(2);
    expect(output).toContain('nothing to check');
  });
});
