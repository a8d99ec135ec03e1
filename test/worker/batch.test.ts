/**
 * The batch view's solve (importer.ts solveBatch) gives the same bytes as `squiggly solve` on
 * the same input: both go through formats/answers.ts (CaseReader, solveJobOf, caseAnswerOf,
 * answersWriter). The command line is run in-process from source (bin/cli/main.ts), on every
 * sample, a mixed hdu4069 file with damaged cases, and a one-line jigsaw file. Statuses come in
 * batches that line up with the cases; a stop keeps what was done and a second call carries on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli/main.ts';
import { createBoard } from '../../src/engine/index.ts';
import { ANSWER_STATUSES, FORMATS } from '../../src/formats/index.ts';
import { createImporter } from '../../src/worker/importer.ts';
import type { BatchProgress } from '../../src/worker/protocol.ts';
import { boardsFromJigsawLines } from '../fixtures/jigsawLines.ts';
import { makeMixedHdu4069 } from '../fixtures/make-hdu4069.ts';
import { JIGSAW_BENCH, SAMPLES } from '../fixtures/paths.ts';
import { createChannelClient } from './channelClient.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

/** `squiggly solve FILE` in this process: its standard output. */
async function cliSolve(text: string, name = 'input.txt'): Promise<string> {
  const file = join(tempDir('batch'), name);
  writeFileSync(file, text);
  let stdout = '';
  await main(['solve', file], { stdout: (piece) => (stdout += piece), stderr: () => {} });
  return stdout;
}

/** A clock that moves 1 s a call: every case is its own batch. */
function steppingClock(): () => number {
  let time = 0;
  return () => (time += 1000);
}

async function batchSolve(text: string, now?: () => number) {
  const importer = createImporter(now ? { now } : {});
  const summary = await importer.parse(text, null);
  const batches: BatchProgress[] = [];
  const result = await importer.solveBatch(summary.id, (batch) => {
    batches.push(batch);
    return true;
  });
  return { summary, batches, result, importer };
}

const MIXED = makeMixedHdu4069(
  boardsFromJigsawLines(readFileSync(JIGSAW_BENCH, 'utf8').split('\n').slice(0, 60).join('\n')),
  60,
);

/** The mixed file with case 11 damaged: a cell of 600. */
function damagedMixed(): string {
  const lines = MIXED.text.split('\n');
  lines[1 + 10 * 10 + 3] = lines[1 + 10 * 10 + 3].replace(/^\d+/, '600');
  return lines.join('\n');
}

describe('batch solve', () => {
  for (const sample of ['hdu4069', 'poj3074', 'poj2676', 'hdu5547', 'jigsaw']) {
    it(`gives the command line's bytes for examples/${sample}.in`, async () => {
      const text = readFileSync(resolve(SAMPLES, `${sample}.in`), 'utf8');
      const { result } = await batchSolve(text);
      expect(result.done).toBe(true);
      const expected = await cliSolve(text);
      expect(result.answers).toBe(expected);
      // And the command line's bytes are the judge's.
      expect(expected).toBe(readFileSync(resolve(SAMPLES, `${sample}.out`), 'utf8'));
    });
  }

  it('gives the same bytes for a JSON list, solutions and errors included', async () => {
    const board = createBoard(
      4,
      [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3],
      new Array(16).fill(0),
    );
    const text = `${FORMATS.json.printPuzzles([{ board }, { board }]).replace(/\]\s*$/, ',{"size":4}]')}\n`;
    const { result, summary } = await batchSolve(text);
    expect(summary.detection.format).toBe('json');
    expect(result.answers).toBe(await cliSolve(text, 'list.json'));
    expect(result.answers).toContain('"invalid"');
  });

  it('gives the same bytes and statuses on a mixed file with damaged cases', async () => {
    const text = damagedMixed();
    const { result, batches, summary } = await batchSolve(text, steppingClock());
    expect(result).toMatchObject({ done: true, answered: summary.caseCount });
    expect(result.answers).toBe(await cliSolve(text));
    // One batch per case with the stepping clock, in order, lining up with case numbers.
    const statuses = new Uint8Array(summary.caseCount);
    let next = 0;
    for (const batch of batches) {
      expect(batch.from).toBe(next);
      statuses.set(batch.statuses, batch.from);
      next += batch.statuses.length;
    }
    expect(next).toBe(summary.caseCount);
    const names = Array.from(statuses, (code) => ANSWER_STATUSES[code]);
    // Case 11 is damaged; the others are what the mixed file made them.
    expect(names[10]).toBe('invalid');
    const invalid = batches.flatMap((batch) => batch.errors);
    expect(invalid).toEqual([{ case: 11, text: expect.stringMatching(/^case 11, line \d+/) }]);
    MIXED.kinds.forEach((kind, index) => {
      if (index !== 10) expect(names[index], `case ${index + 1}`).toBe(kind);
    });
    expect(names).toContain('none');
    expect(names).toContain('multiple');
  });

  it('stops when the page says so, keeps what was done, and carries on', async () => {
    const text = MIXED.text;
    const importer = createImporter({ now: steppingClock() });
    const summary = await importer.parse(text, null);
    let seen = 0;
    const first = await importer.solveBatch(summary.id, (batch) => {
      seen += batch.statuses.length;
      return seen < 5;
    });
    expect(first).toEqual({ done: false, answered: 5, answers: null });
    const rest: BatchProgress[] = [];
    const second = await importer.solveBatch(summary.id, (batch) => {
      rest.push(batch);
      return true;
    });
    // First what was answered before (a fresh view starts from it), then the rest from case 6.
    expect(rest[0].from).toBe(0);
    expect(rest[0].statuses).toHaveLength(5);
    expect(rest[1].from).toBe(5);
    expect(second.done).toBe(true);
    expect(second.answers).toBe(await cliSolve(text));
    // Done: asked again, every status and the answers come back without solving anything.
    const replayed: BatchProgress[] = [];
    const third = await importer.solveBatch(summary.id, (batch) => {
      replayed.push(batch);
      return true;
    });
    expect(replayed).toHaveLength(1);
    expect(Array.from(replayed[0].statuses)).toEqual(
      rest.flatMap((batch) => Array.from(batch.statuses)),
    );
    expect(third.answers).toBe(second.answers);
  });

  it('refuses a parse the worker no longer holds', async () => {
    const importer = createImporter();
    const summary = await importer.parse(MIXED.text, null);
    importer.clear();
    await expect(importer.solveBatch(summary.id, () => true)).rejects.toThrow(
      /no longer holds import/,
    );
  });

  it('works through the Comlink seam, statuses as transferred bytes', async () => {
    const client = createChannelClient();
    try {
      const summary = await client.parseImport(MIXED.text, null);
      expect(summary.clues).toBeInstanceOf(Uint16Array);
      expect(summary.clues[0]).toBeGreaterThan(0);
      const batches: BatchProgress[] = [];
      const result = await client.solveBatch(summary.id, {
        onBatch: (batch) => {
          batches.push(batch);
          return true;
        },
      });
      expect(batches.every((batch) => batch.statuses instanceof Uint8Array)).toBe(true);
      expect(result.answers).toBe(await cliSolve(MIXED.text));
      const cases = await client.importCases(summary.id, [0, 2]);
      expect(cases.map((c) => c.case)).toEqual([1, 3]);
    } finally {
      client.dispose();
    }
  });
});
