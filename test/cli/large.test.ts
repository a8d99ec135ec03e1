/** A full-size hdu4069 input (T = 2500, the judge's bound) from the jigsaw benchmark, solved by the tool. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSolution } from '../../src/engine/index.ts';
import { parseHdu4069 } from '../../src/formats/index.ts';
import { boardsFromJigsawLines } from '../fixtures/jigsawLines.ts';
import { makeHdu4069, makeMixedHdu4069 } from '../fixtures/make-hdu4069.ts';
import { JIGSAW_BENCH } from '../fixtures/paths.ts';
import { buildCliOnce, squiggly } from './run.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

const CASES = 2500;

beforeAll(buildCliOnce, 60_000);

describe('squiggly solve on 2500 hdu4069 cases', () => {
  it('answers every case, in order, each with a solution that keeps its clues', async () => {
    const text = makeHdu4069(boardsFromJigsawLines(readFileSync(JIGSAW_BENCH, 'utf8')), CASES);
    const file = join(tempDir('large'), 'hdu4069-2500.txt');
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

describe('squiggly on worker threads', () => {
  it('gives byte for byte the same answers with 1 and with 2 threads, bad cases included', async () => {
    const boards = boardsFromJigsawLines(readFileSync(JIGSAW_BENCH, 'utf8'));
    // Enough cases for several chunks per thread; some have no solution, some several.
    const { text, kinds } = makeMixedHdu4069(boards, 700);
    expect(kinds).toContain('none');
    expect(kinds).toContain('multiple');
    // One case unreadable (a value out of range), so errors and exit status come along too.
    const lines = text.split('\n');
    lines[1 + 10 * 9 + 4] = lines[1 + 10 * 9 + 4].replace(/^\d+/, '999');
    const file = join(tempDir('jobs'), 'mixed-700.txt');
    writeFileSync(file, lines.join('\n'));
    for (const command of [['solve'], ['count', '--limit', '3']]) {
      const one = await squiggly([...command, '--jobs', '1', file]);
      const two = await squiggly([...command, '--jobs', '2', file]);
      expect(one.status).toBe(1);
      expect(one.stderr).toContain('case 10, line');
      expect(two).toEqual(one);
    }
  }, 120_000);
});
