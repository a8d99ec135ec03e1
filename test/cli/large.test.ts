/** A full-size hdu4069 input (T = 2500, the judge's bound) from the jigsaw benchmark, solved by the tool. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isSolution } from '../../src/engine/index.ts';
import { parseHdu4069 } from '../../src/formats/index.ts';
import { boardsFromJigsawLines } from '../fixtures/jigsawLines.ts';
import { makeHdu4069 } from '../fixtures/make-hdu4069.ts';
import { JIGSAW_BENCH } from '../fixtures/paths.ts';
import { buildCliOnce, squiggly } from './run.ts';

const CASES = 2500;

beforeAll(buildCliOnce, 60_000);

describe('squiggly solve on 2500 hdu4069 cases', () => {
  it('answers every case, in order, each with a solution that keeps its clues', async () => {
    const text = makeHdu4069(boardsFromJigsawLines(readFileSync(JIGSAW_BENCH, 'utf8')), CASES);
    const file = join(mkdtempSync(join(tmpdir(), 'squiggly-large-')), 'hdu4069-2500.txt');
    writeFileSync(file, text);
    const run = await squiggly(['solve', file]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);

    const boards = parseHdu4069(text).cases.map((parsedCase) => parsedCase.board);
    const lines = run.stdout.split('\n');
    expect(lines).toHaveLength(CASES * 10 + 1);
    boards.forEach((board, index) => {
      const block = lines.slice(index * 10, index * 10 + 10);
      expect(block[0]).toBe(`Case ${index + 1}:`);
      const grid = Array.from(block.slice(1).join(''), Number);
      // Every puzzle of the benchmark is unique, so each answer is a full grid.
      expect(isSolution(board, grid)).toBe(true);
    });
  }, 120_000);
});
