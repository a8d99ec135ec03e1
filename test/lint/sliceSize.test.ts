/**
 * Small slices (docs/store.md, issue 33): a slice file (src/store/**\/*Slice.ts) holds its
 * state's shape, its types and a short creator; its actions are module-level functions in the
 * slice's folder. eslint.config.js keeps it so with `max-lines` (300 lines a file, counted as
 * wc -l counts: comments and blank lines too) and `max-lines-per-function` (120 lines, the
 * creator first). This file shows both rules bite at one line over, stay quiet at the limit
 * and outside slice files, and that every slice file in the repository is within them (so the
 * unit tests fail too when a slice grows, not only `npm run lint`).
 *
 * Before the split, the rule said of the old slices: librarySlice.ts "File has too many lines
 * (1036)" and "Arrow function has too many lines (772)"; importSlice.ts (492; 288),
 * batchSlice.ts (341; 228), runSlice.ts (309; 212), puzzleSlice.ts (creator 127).
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

const MAX_LINES = 'max-lines';
const MAX_FUNCTION = 'max-lines-per-function';
const SLICE_MAX_LINES = 300;
const CREATOR_MAX_LINES = 120;

// The first lint loads the config, its plugins and the resolver (see layers.test.ts).
beforeAll(() => eslint.lintText('', { filePath: `${ROOT}src/engine/warm-up.ts` }), 60_000);

async function rulesFiredOn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: ROOT + filePath });
  return result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** A file of exactly `lines` lines (and a final newline), each a small export. */
const fileOf = (lines: number): string =>
  Array.from({ length: lines }, (_, index) => `export const line${index} = ${index};`).join('\n') +
  '\n';

/** A creator of exactly `lines` lines, from its first line to its closing brace. */
const creatorOf = (lines: number): string =>
  [
    'export function createProbeSlice(): number {',
    '  let total = 0;',
    ...Array.from({ length: lines - 4 }, () => '  total += 1;'),
    '  return total;',
    '}',
  ].join('\n') + '\n';

describe('a slice file is at most 300 lines', () => {
  it('fires one line over', async () => {
    expect(await rulesFiredOn('src/store/probeSlice.ts', fileOf(SLICE_MAX_LINES + 1))).toEqual([
      MAX_LINES,
    ]);
  });

  it('fires on a slice in a store folder too', async () => {
    expect(
      await rulesFiredOn('src/store/library/probeSlice.ts', fileOf(SLICE_MAX_LINES + 1)),
    ).toEqual([MAX_LINES]);
  });

  it('is quiet at the limit', async () => {
    expect(await rulesFiredOn('src/store/probeSlice.ts', fileOf(SLICE_MAX_LINES))).toEqual([]);
  });

  it('leaves the parts of a slice and other store modules alone', async () => {
    expect(await rulesFiredOn('src/store/library/probe.ts', fileOf(SLICE_MAX_LINES + 1))).toEqual(
      [],
    );
    expect(await rulesFiredOn('src/store/probe.ts', fileOf(SLICE_MAX_LINES + 1))).toEqual([]);
  });
});

describe('a function in a slice file (its creator) is at most 120 lines', () => {
  it('fires one line over', async () => {
    expect(await rulesFiredOn('src/store/probeSlice.ts', creatorOf(CREATOR_MAX_LINES + 1))).toEqual(
      [MAX_FUNCTION],
    );
  });

  it('is quiet at the limit', async () => {
    expect(await rulesFiredOn('src/store/probeSlice.ts', creatorOf(CREATOR_MAX_LINES))).toEqual([]);
  });
});

describe("the repository's slices", () => {
  it('are all within both limits', async () => {
    const results = await eslint.lintFiles(['src/store/**/*Slice.ts']);
    // Every slice of state.ts is linted (a glob that matched nothing would pass silently).
    expect(results.length).toBeGreaterThanOrEqual(12);
    const over = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === MAX_LINES || message.ruleId === MAX_FUNCTION)
        .map((message) => `${result.filePath.slice(ROOT.length)}: ${message.message}`),
    );
    expect(over).toEqual([]);
  }, 60_000);
});
