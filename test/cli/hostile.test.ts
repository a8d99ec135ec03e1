/**
 * The command line against hostile input, as issue 13's attacker tried it: a few hundred
 * inputs made by damaging valid files of every format (lines deleted, doubled, swapped,
 * cut, characters replaced by anything from NUL to non-ASCII, a huge T, a byte order mark,
 * CRLF, a very long line) and hand-made hostile JSON (deep nesting, a value too big to
 * keep, odd numbers and escapes, duplicate and `__proto__` keys). Each is solved or checked
 * in this process, format detected or forced. What must hold for every one:
 * - the tool returns (no exception, no hang: the test's time-out) with status 0 or 1;
 * - status 1 exactly when something went wrong, and then standard error says what (or,
 *   for check, its report names the bad case);
 * - every line of standard error is located: `FILE: case k, line l, column c: …`,
 *   `FILE: line l, column c: …`, the format detection note, or the summary past
 *   --max-errors (which names the cases);
 * - a JSON answer is JSON.
 * That no undamaged case is lost is the damage property test's part
 * (test/property/damage.property.test.ts); this one looks for crashes and unlocated errors.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli/main.ts';
import { FORMAT_NAMES, FORMATS, type FormatName } from '../../src/formats/index.ts';
import { boardsFromJigsawLines } from '../fixtures/jigsawLines.ts';
import { BENCH_DATA, JIGSAW_BENCH, SAMPLES } from '../fixtures/paths.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

const JIGSAWS = boardsFromJigsawLines(readFileSync(JIGSAW_BENCH, 'utf8')).slice(0, 6);
const STANDARD = FORMATS.poj3074
  .parse(
    readFileSync(resolve(BENCH_DATA, 'top1465.txt'), 'utf8').split('\n').slice(0, 6).join('\n'),
  )
  .cases.map((parsed) => ({ board: parsed.board }));
const FOURS = FORMATS.hdu5547.parse(readFileSync(resolve(SAMPLES, 'hdu5547.in'), 'utf8')).cases;

/** Valid inputs to damage: the samples, and files of several cases in each judge format. */
const VALID: { name: string; text: string }[] = [
  ...['hdu4069.in', 'hdu5547.in', 'jigsaw.in', 'poj2676.in', 'poj3074.in', 'puzzle.json'].map(
    (name) => ({
      name,
      text: readFileSync(resolve(SAMPLES, name), 'utf8'),
    }),
  ),
  { name: 'hdu4069 x6', text: FORMATS.hdu4069.printPuzzles(JIGSAWS.map((board) => ({ board }))) },
  { name: 'json x6', text: FORMATS.json.printPuzzles(JIGSAWS.map((board) => ({ board }))) },
  { name: 'jigsaw x6', text: FORMATS.jigsaw.printPuzzles(JIGSAWS.map((board) => ({ board }))) },
  { name: 'poj2676 x6', text: FORMATS.poj2676.printPuzzles(STANDARD) },
  { name: 'poj3074 x6', text: FORMATS.poj3074.printPuzzles(STANDARD) },
  {
    name: 'hdu5547 x9',
    text: FORMATS.hdu5547.printPuzzles(
      [...FOURS, ...FOURS, ...FOURS].map(({ board }) => ({ board })),
    ),
  },
];

/** Characters a damaged byte may become: digits, separators, JSON syntax, controls, others. */
const ODD_CHARACTERS = [
  '0',
  '9',
  '7',
  ' ',
  '\t',
  '\r',
  '\0',
  '.',
  '*',
  ',',
  '[',
  ']',
  '{',
  '}',
  '"',
  '\\',
  '-',
  'e',
  'x',
  'é',
  '\u{1F600}',
  '\uFFFD',
  '\u2028',
];

type Edit =
  | { kind: 'delete' | 'double' | 'blank'; line: number }
  | { kind: 'swap'; line: number; other: number }
  | { kind: 'replace'; at: number; character: string }
  | { kind: 'cut'; at: number }
  | { kind: 'count'; written: string }
  | { kind: 'long'; line: number; length: number }
  | { kind: 'bom' | 'crlf' };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constantFrom('delete', 'double', 'blank'), line: fc.nat() }),
  fc.record({ kind: fc.constant('swap'), line: fc.nat(), other: fc.nat() }),
  fc.record({
    kind: fc.constant('replace'),
    at: fc.nat(),
    character: fc.constantFrom(...ODD_CHARACTERS),
  }),
  fc.record({ kind: fc.constant('cut'), at: fc.nat() }),
  fc.record({
    kind: fc.constant('count'),
    written: fc.constantFrom('0', '-1', '99999999999999999999999', '2.5', 'T', '', '1 2', '0003'),
  }),
  fc.record({ kind: fc.constant('long'), line: fc.nat(), length: fc.constantFrom(5000, 200_000) }),
  fc.record({ kind: fc.constantFrom('bom', 'crlf') }),
) as fc.Arbitrary<Edit>;

function applyEdit(text: string, edit: Edit): string {
  const lines = text.split('\n');
  const pick = (index: number): number => index % lines.length;
  switch (edit.kind) {
    case 'delete':
      lines.splice(pick(edit.line), 1);
      return lines.join('\n');
    case 'double':
      lines.splice(pick(edit.line), 0, lines[pick(edit.line)]);
      return lines.join('\n');
    case 'blank':
      lines.splice(pick(edit.line), 0, '');
      return lines.join('\n');
    case 'swap': {
      const [a, b] = [pick(edit.line), pick(edit.other)];
      [lines[a], lines[b]] = [lines[b], lines[a]];
      return lines.join('\n');
    }
    case 'replace': {
      const at = edit.at % Math.max(1, text.length);
      return `${text.slice(0, at)}${edit.character}${text.slice(at + 1)}`;
    }
    case 'cut':
      return text.slice(0, edit.at % Math.max(1, text.length));
    case 'count':
      lines[0] = /^\s*\d/.test(lines[0]) ? edit.written : lines[0];
      return lines.join('\n');
    case 'long':
      lines.splice(pick(edit.line), 0, '1'.repeat(edit.length));
      return lines.join('\n');
    case 'bom':
      return `\uFEFF${text}`;
    case 'crlf':
      return text.replaceAll('\n', '\r\n');
  }
}

/** Hand-made hostile JSON, each a whole input. */
const PUZZLE = readFileSync(resolve(SAMPLES, 'puzzle.json'), 'utf8').trim();
const HOSTILE_JSON: string[] = [
  '['.repeat(100_000),
  `[${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}]`,
  `${PUZZLE.slice(0, -1)},"note":"${'x'.repeat(1_100_000)}"}`,
  `[${PUZZLE},${PUZZLE.slice(0, -1)},"note":"${'x'.repeat(1_100_000)}"},${PUZZLE}]`,
  `[${PUZZLE.slice(0, -1)},${Array.from({ length: 120_000 }, (_, key) => `"k${key}":${key}`).join(',')}},${PUZZLE}]`,
  PUZZLE.replace('"size": 9', '"size": 1e400'),
  PUZZLE.replace('"size": 9', '"size": -0'),
  PUZZLE.replace('"size": 9', '"size": 09'),
  PUZZLE.replace('"size": 9', '"size": NaN'),
  PUZZLE.replace('"size": 9', '"size": 9, "size": 9'),
  PUZZLE.replace('"size": 9', '"__proto__": {"size": 4}, "size": 9'),
  PUZZLE.replace('"size": 9', '"s\\u0069ze": 9, "t": "\\ud800"'),
  PUZZLE.replace('"size": 9', '"size": 9, "t": "\\x"'),
  PUZZLE.replace('"size": 9', '"size": 9, "t": "a\tb"'),
  PUZZLE.replace('"size": 9', "'size': 9"),
  PUZZLE.replace('"size": 9', '"size": 9 /* comment */'),
  `[${PUZZLE},]`,
  `[${PUZZLE} ${PUZZLE}]`,
  `[${PUZZLE}]]`,
  `${PUZZLE}${PUZZLE}`,
  '[]',
  '{}',
  'null',
  '"',
  `[${'1,'.repeat(50_000)}1]`,
  PUZZLE.replaceAll('0', '1.0'),
  PUZZLE.replaceAll('[0,', '[-1,'),
  PUZZLE.replace(/\[0,0,0,0,0,0,0,2,2\]/, '[0,0,0,0,0,0,0,2]'),
];

const scratch = tempDir('hostile');
let fileCount = 0;

/** Run the tool on `text` and check everything the header promises; returns the status. */
async function runHostile(
  text: string,
  command: string,
  format: FormatName | 'auto',
): Promise<number> {
  const file = join(scratch, `input-${fileCount++}.txt`);
  writeFileSync(file, text);
  let stdout = '';
  let stderr = '';
  const args = [command, '--jobs', '1', '--format', format, file];
  const status = await main(args, {
    stdout: (piece) => (stdout += piece),
    stderr: (piece) => (stderr += piece),
  });
  const context = `${args.join(' ')} on ${JSON.stringify(text.slice(0, 200))}`;
  expect([0, 1], context).toContain(status);
  // Status 1 is explained: on standard error, or (check) in its report of a case. The note
  // that says which format a split vote chose is not an error: with it alone the status can
  // be 0 (e.g. "end" first: poj3074 stops there, and the damaged line after it is never read).
  const problems = stderr
    .split('\n')
    .filter((line) => line !== '' && !/: read as \w+ \(detected: /.test(line));
  const explained =
    problems.length > 0 || (command === 'check' && /^Case \d+: (?!ok)/m.test(stdout));
  expect(explained, `${context}: status ${status}, stderr ${stderr}, stdout ${stdout}`).toBe(
    status === 1,
  );
  const located = new RegExp(
    `^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: (?:(?:case \\d+, )?line \\d+, column \\d+: .+|read as \\w+ \\(detected: .+\\)|… and \\d+ more errors? \\(.+\\); --max-errors 0 shows them all)$`,
    's', // a quoted excerpt may hold U+2028, which `.` alone does not match
  );
  for (const line of stderr
    .trimEnd()
    .split('\n')
    .filter((line) => line !== '')) {
    expect(line, context).toMatch(located);
  }
  if (command === 'solve' && stdout.trimStart().startsWith('[') && format !== 'poj3074') {
    expect(() => JSON.parse(stdout) as unknown, context).not.toThrow();
  }
  return status;
}

describe('hostile input: no crash, no hang, every error located', () => {
  it('damaged files of every format, detected or read as any format', async () => {
    const statuses = { 0: 0, 1: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...VALID),
        fc.array(editArb, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('solve', 'check'),
        fc.constantFrom<FormatName | 'auto'>('auto', 'auto', ...FORMAT_NAMES),
        async (valid, edits, command, format) => {
          const text = edits.reduce(applyEdit, valid.text);
          const status = await runHostile(text, command, format);
          statuses[status as 0 | 1]++;
        },
      ),
      { numRuns: 300 },
    );
    // Both outcomes occurred: some damage is harmless (a blank line), most is not.
    expect(statuses[0]).toBeGreaterThan(0);
    expect(statuses[1]).toBeGreaterThan(150);
  }, 300_000);

  it('"end" first: nothing is read after it, the split vote is noted, status 0', async () => {
    const good =
      '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
    const damaged = `.\t${good.slice(2)}`;
    expect(await runHostile(`end\n${damaged}\n${good}\n`, 'solve', 'auto')).toBe(0);
  });

  it.each(HOSTILE_JSON.map((text, index) => [index, text]))(
    'hostile JSON %i is refused or read, located',
    async (_index, text) => {
      for (const command of ['solve', 'check']) await runHostile(text, command, 'auto');
    },
    60_000,
  );
});
