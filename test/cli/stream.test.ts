/**
 * The tool answers a file chunk by chunk in input order (bin/cli/commands.ts CaseReader,
 * parallel.ts countInOrder), in-process from source: the pieces it writes must join to
 * exactly the whole-file answer, bad and missing cases included.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli/main.ts';
import { countSolutionsBest } from '../../src/engine/index.ts';
import {
  FORMATS,
  parseHdu4069,
  parsePoj3074,
  printPoj3074Results,
  solveResultOf,
  type CaseAnswer,
} from '../../src/formats/index.ts';
import { BENCH_DATA, SAMPLES } from '../fixtures/paths.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

const POJ_LINES = readFileSync(resolve(BENCH_DATA, 'top1465.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.length === 81);

/** Run the tool in this process; every write to standard output is kept as one piece. */
async function run(
  args: string[],
  interactive = false,
): Promise<{ pieces: string[]; stderr: string; status: number }> {
  const pieces: string[] = [];
  let stderr = '';
  const status = await main(args, {
    stdout: (text) => pieces.push(text),
    stderr: (text) => (stderr += text),
    interactive,
  });
  return { pieces, stderr, status };
}

function fileWith(name: string, text: string): string {
  const file = join(tempDir('stream'), name);
  writeFileSync(file, text);
  return file;
}

describe('squiggly answers a file chunk by chunk', () => {
  it('writes poj3074 answers in several pieces that join to the whole-file answer', async () => {
    const lines = POJ_LINES.slice(0, 300);
    // Two bad lines far apart: their cases are left out of the output, in place.
    lines[5] = lines[5].slice(0, 80);
    lines[250] = `${lines[250].slice(0, 40)}x${lines[250].slice(41)}`;
    const text = `${lines.join('\n')}\nend\n`;
    const { pieces, stderr, status } = await run(['solve', fileWith('top300.txt', text)]);

    const parsed = parsePoj3074(text);
    const answers: CaseAnswer[] = parsed.cases.map((parsedCase) => ({
      case: parsedCase.case,
      result: solveResultOf(countSolutionsBest(parsedCase.board, 1, { keepSolutions: 1 }), 1),
    }));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(printPoj3074Results(answers));
    expect(pieces.join('').split('\n')).toHaveLength(298 + 1);
    expect(stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringContaining('case 6, line 6, column 81'),
      expect.stringContaining('case 251, line 251, column 41'),
    ]);
    expect(status).toBe(1);
  });

  it('writes each answer at once to a terminal, so a run stopped by hand keeps them', async () => {
    const text = `${POJ_LINES.slice(0, 5).join('\n')}\n`;
    const file = fileWith('five.txt', text);
    const piped = await run(['solve', file]);
    const watched = await run(['solve', file], true);
    expect(piped.pieces).toHaveLength(1);
    expect(watched.pieces).toHaveLength(5);
    expect(watched.pieces.join('')).toBe(piped.pieces.join(''));
  });

  it('numbers every case of an hdu4069 file that ends early, the missing one included', async () => {
    const sample = readFileSync(resolve(SAMPLES, 'hdu4069.in'), 'utf8');
    const parsed = parseHdu4069(sample);
    // The sample's count line, raised by one: the input then ends before the last case.
    const announced = parsed.caseCount + 1;
    const text = sample.replace(/^\s*\d+/, String(announced));
    const { pieces, stderr, status } = await run([
      'count',
      '--limit',
      '2',
      fileWith('short.txt', text),
    ]);
    const out = pieces.join('').trimEnd().split('\n');
    expect(out).toHaveLength(announced);
    expect(out.at(-1)).toBe(`Case ${announced}: invalid input`);
    expect(stderr).toContain(`the input ends before case ${announced}`);
    expect(status).toBe(1);
  });

  it('writes a JSON list of answers in pieces that join to the whole-list answer', async () => {
    const boards = parsePoj3074(`${POJ_LINES.slice(0, 70).join('\n')}\n`).cases.map(
      ({ board }) => ({ board }),
    );
    const text = FORMATS.json.printPuzzles(boards);
    const { pieces, stderr, status } = await run(['solve', fileWith('list.json', text)]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(pieces.length).toBeGreaterThan(1);
    const answers: CaseAnswer[] = boards.map(({ board }, index) => ({
      case: index + 1,
      result: solveResultOf(countSolutionsBest(board, 2, { keepSolutions: 2 }), 2),
    }));
    expect(pieces.join('')).toBe(FORMATS.json.printResults(answers, {}));
    expect(JSON.parse(pieces.join(''))).toHaveLength(70);
  });

  it('writes the answer to one bare JSON puzzle as one object', async () => {
    const [first] = parsePoj3074(`${POJ_LINES[0]}\n`).cases;
    const text = FORMATS.json.printPuzzles([{ board: first.board }]);
    const { pieces, status } = await run(['solve', fileWith('one.json', text)]);
    expect(status).toBe(0);
    expect(pieces).toHaveLength(1);
    expect(JSON.parse(pieces[0])).toMatchObject({ status: 'unique' });
  });
});
