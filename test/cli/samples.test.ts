/** The four judge samples and the one-line jigsaw sample, solved by the real tool, byte for byte. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES } from '../fixtures/paths.ts';
import { buildCliOnce, squiggly } from './run.ts';

const NAMES = ['hdu4069', 'poj3074', 'poj2676', 'hdu5547', 'jigsaw'];
const input = (name: string): string => resolve(SAMPLES, `${name}.in`);
const expected = (name: string): string => readFileSync(resolve(SAMPLES, `${name}.out`), 'utf8');

beforeAll(buildCliOnce, 60_000);

describe('squiggly solve reproduces the judge samples exactly', () => {
  it.each(NAMES)('%s with --format', async (name) => {
    const run = await squiggly(['solve', '--format', name, input(name)]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(expected(name));
    expect(run.status).toBe(0);
  });

  it.each(NAMES)('%s detected from the file', async (name) => {
    const run = await squiggly(['solve', input(name)]);
    expect(run).toEqual({ stdout: expected(name), stderr: '', status: 0 });
  });

  it.each(NAMES)('%s from standard input with CRLF line ends', async (name) => {
    const crlf = readFileSync(input(name), 'utf8').replaceAll('\n', '\r\n');
    const run = await squiggly(['solve', '--format', 'auto'], crlf);
    expect(run).toEqual({ stdout: expected(name), stderr: '', status: 0 });
  });
});
