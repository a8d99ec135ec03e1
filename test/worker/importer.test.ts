/**
 * Reading imports in the worker (importer.ts): what the summary holds, cases on demand, the
 * limits that refuse inputs too big to edit in the app, progress and heartbeats; and the same
 * through the Comlink seam, where the case summary travels as transferred buffers.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createBoard } from '../../src/engine/index.ts';
import { FORMATS, parsePoj3074 } from '../../src/formats/index.ts';
import { createImporter, MAX_ERRORS_SENT } from '../../src/worker/importer.ts';
import { createChannelClient, type ChannelClient } from './channelClient.ts';

const puzzleLine = (first: number): string => `${first}${'.'.repeat(80)}`;
/** `count` poj3074 lines, line n (1-based) starting with (n-1) mod 9 + 1; `bad` lines broken. */
function pojText(count: number, bad: number[] = []): string {
  const lines = Array.from({ length: count }, (_, i) => puzzleLine((i % 9) + 1));
  for (const line of bad) lines[line - 1] = 'x'.repeat(81);
  return `${lines.join('\n')}\n`;
}

describe('the importer', () => {
  it('summarises the good cases, keeps the errors located, and hands out any case', async () => {
    const importer = createImporter();
    const text = pojText(20, [3, 7]);
    const summary = await importer.parse(text, null);
    expect(summary.detection).toMatchObject({ format: 'poj3074' });
    expect(summary.caseCount).toBe(20);
    expect(Array.from(summary.caseNumbers)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1).filter((n) => n !== 3 && n !== 7),
    );
    expect(Array.from(summary.lines)).toEqual(Array.from(summary.caseNumbers));
    expect(Array.from(summary.sizes)).toEqual(new Array(18).fill(9));
    expect(summary.errorCount).toBe(2);
    expect(summary.errors.map((e) => [e.case, e.line, e.column])).toEqual([
      [3, 3, 1],
      [7, 7, 1],
    ]);
    expect(summary.tooBig).toBeNull();
    // The first good case comes in full; others on demand, as the formats layer reads them.
    const expected = parsePoj3074(text).cases;
    expect(summary.first?.givens).toEqual(Array.from(expected[0].board.givens));
    const tenth = importer.caseAt(summary.id, 9);
    expect(tenth).toMatchObject({ case: expected[9].case, line: expected[9].line, size: 9 });
    expect(tenth.givens).toEqual(Array.from(expected[9].board.givens));
    expect(tenth.regions).toEqual(Array.from(expected[9].board.regions));
  });

  it('reads a file itself, and a chosen format instead of detecting', async () => {
    const importer = createImporter();
    const summary = await importer.parse(new Blob([pojText(3)]), 'poj3074');
    expect(summary.detection).toEqual({ format: 'poj3074', reason: 'chosen in the list' });
    expect(summary.caseNumbers).toHaveLength(3);
  });

  it('an input of no known format reads nothing and says why', async () => {
    const summary = await createImporter().parse('hello there', null);
    expect(summary.detection.format).toBeNull();
    expect(summary.caseNumbers).toHaveLength(0);
    expect(summary.first).toBeNull();
  });

  it('a case of an earlier read is refused, not mixed up', async () => {
    const importer = createImporter();
    const first = await importer.parse(pojText(5), null);
    await importer.parse(pojText(2), null);
    expect(() => importer.caseAt(first.id, 3)).toThrow(/no longer holds/);
  });

  it('sends the first errors only, and counts the rest', async () => {
    const bad = Array.from({ length: MAX_ERRORS_SENT + 50 }, (_, i) => i + 1);
    // The format is named: with its first 150 lines bad, detection (a majority vote of the
    // first 40 lines) rightly cannot tell the format; this test is about the error cap.
    const summary = await createImporter().parse(pojText(200, bad), 'poj3074');
    expect(summary.errors).toHaveLength(MAX_ERRORS_SENT);
    expect(summary.errorCount).toBe(MAX_ERRORS_SENT + 50);
  });

  it('refuses what is too big to edit in the app, saying how big and what to use', async () => {
    const importer = createImporter({ maxCases: 100, maxChars: 50_000 });
    const many = await importer.parse(pojText(101), null);
    expect(many.tooBig).toMatch(/more than 100 cases.*command line/);
    expect(many.caseNumbers).toHaveLength(0);
    const long = await importer.parse(new Blob(['x'.repeat(60_000)]), null);
    expect(long.tooBig).toMatch(/0\.1 MB, more than the app reads \(0.1 MB\).*command line/);
    // JSON has no limit of its own (it is read puzzle by puzzle): its case count and length
    // are what count, as for the judge formats.
    const puzzle = FORMATS.json.printPuzzles([{ board: createBoard(4) }]).trim();
    const jsonList = `[${Array.from({ length: 60 }, () => puzzle).join(',')}]`;
    const json = await importer.parse(jsonList, null);
    expect(json.detection.format).toBe('json');
    expect(json.tooBig).toBeNull();
    expect(json.caseNumbers).toHaveLength(60);
    const manyJson = await importer.parse(
      `[${Array.from({ length: 101 }, () => puzzle).join(',')}]`,
      null,
    );
    expect(manyJson.tooBig).toMatch(/more than 100 cases.*command line/);
    expect(() => importer.caseAt(many.id, 0)).toThrow();
  });

  it('reports progress and beats while it reads', async () => {
    let time = 0;
    let beats = 0;
    const importer = createImporter({
      now: () => (time += 10),
      beat: () => beats++,
    });
    const reports: { fraction: number; cases: number }[] = [];
    await importer.parse(pojText(100), null, (progress) => reports.push(progress));
    expect(beats).toBeGreaterThanOrEqual(100);
    expect(reports.length).toBeGreaterThan(5);
    const fractions = reports.map((r) => r.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBeLessThanOrEqual(1);
    expect(reports.at(-1)?.cases).toBeGreaterThan(80);
  });
});

describe('importing through the worker seam', () => {
  let client: ChannelClient;
  afterEach(() => client?.dispose());

  it('returns the summary with its buffers, and a case on demand', async () => {
    client = createChannelClient();
    const progress: number[] = [];
    const summary = await client.parseImport(pojText(50, [2]), null, {
      onProgress: (p) => progress.push(p.cases),
    });
    expect(summary.caseNumbers).toBeInstanceOf(Int32Array);
    expect(summary.caseNumbers).toHaveLength(49);
    expect(summary.sizes[0]).toBe(9);
    const picked = await client.importCase(summary.id, 47);
    expect(picked.case).toBe(49);
    expect(picked.givens[0]).toBe(((49 - 1) % 9) + 1);
  });

  it('a cancelled read ends the worker; the next one holds nothing of the old read', async () => {
    client = createChannelClient();
    const summary = await client.parseImport(pojText(5), null);
    const abort = new AbortController();
    const stopped = client.parseImport(pojText(5), null, { signal: abort.signal });
    abort.abort();
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    await expect(client.importCase(summary.id, 1)).rejects.toThrow(/no longer holds/);
  });
});
