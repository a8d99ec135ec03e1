/**
 * One damaged line never costs more than its own case. For every format: a valid multi-case
 * input (real puzzles: jigsaw-gen-1000 for hdu4069 and JSON, top1465 for poj3074 and
 * poj2676, random 4x4 boards for hdu5547), one line damaged (a bad character in a row, a row
 * deleted, a row doubled), solved by the command line (in this process, format detected):
 * every other case is answered byte for byte as in the undamaged run, and the damaged case
 * is either left out and named on standard error with a line, or (a doubled row that lies
 * between two cases) answered as before, with the stray line named; the exit status is 1.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli/main.ts';
import type { Board } from '../../src/engine/index.ts';
import { FORMATS, type FormatName } from '../../src/formats/index.ts';
import { standardBoardArb } from '../fixtures/arbitraries.ts';
import { boardsFromJigsawLines } from '../fixtures/jigsawLines.ts';
import { BENCH_DATA, JIGSAW_BENCH } from '../fixtures/paths.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

const JIGSAWS = boardsFromJigsawLines(readFileSync(JIGSAW_BENCH, 'utf8')).slice(0, 200);
const STANDARD = FORMATS.poj3074
  .parse(
    readFileSync(resolve(BENCH_DATA, 'top1465.txt'), 'utf8').split('\n').slice(0, 200).join('\n'),
  )
  .cases.map((parsed) => parsed.board);

const scratch = tempDir('damage');
let fileCount = 0;

async function solve(text: string): Promise<{ stdout: string; stderr: string; status: number }> {
  const file = join(scratch, `input-${fileCount++}.txt`);
  writeFileSync(file, text);
  let stdout = '';
  let stderr = '';
  const status = await main(['solve', '--jobs', '1', file], {
    stdout: (piece) => (stdout += piece),
    stderr: (piece) => (stderr += piece),
  });
  return { stdout, stderr, status };
}

/** The input text of `boards` in a format, with which case each line belongs to (0: none). */
function layOut(
  format: FormatName,
  boards: readonly Board[],
  blankLines: boolean,
): { lines: string[]; caseOf: number[]; rowLine: boolean[] } {
  const lines: string[] = [];
  const caseOf: number[] = [];
  const rowLine: boolean[] = [];
  const push = (line: string, caseNumber: number, row: boolean): void => {
    lines.push(line);
    caseOf.push(caseNumber);
    rowLine.push(row);
  };
  if (format === 'json') {
    // One puzzle per item; the rows of its grids are the lines that may be damaged.
    push('[', 0, false);
    boards.forEach((board, index) => {
      const item = FORMATS.json.printPuzzles([{ board }]).trimEnd().split('\n');
      item.forEach((line, at) => {
        const last = at === item.length - 1 && index < boards.length - 1;
        push(`  ${line}${last ? ',' : ''}`, index + 1, /^\s*\[\d/.test(line));
      });
    });
    push(']', 0, false);
    return { lines, caseOf, rowLine };
  }
  const text = FORMATS[format].printPuzzles(boards.map((board) => ({ board })));
  const printed = text.trimEnd().split('\n');
  const counted = format !== 'poj3074';
  const perCase = format === 'hdu5547' ? 4 : 9;
  let row = 0;
  printed.forEach((line, index) => {
    if (counted && index === 0) return push(line, 0, false);
    if (line === '' || line === 'end') return; // separators are laid out below
    const caseNumber = counted ? Math.floor(row / perCase) + 1 : row + 1;
    if (blankLines && counted && row % perCase === 0 && (row > 0 || format === 'hdu5547')) {
      push('', 0, false);
    }
    push(line, caseNumber, true);
    row++;
  });
  if (format === 'poj3074') push('end', 0, false);
  return { lines, caseOf, rowLine };
}

/** The answer blocks of an output, by case number, for each format's output shape. */
function answerBlocks(format: FormatName, output: string, cases: number[]): Map<number, string> {
  const blocks = new Map<number, string>();
  if (format === 'json') {
    const answers = JSON.parse(output) as unknown[];
    answers.forEach((answer, index) => blocks.set(index + 1, JSON.stringify(answer)));
    return blocks;
  }
  const lines = output.trimEnd().split('\n');
  if (format === 'hdu4069' || format === 'hdu5547') {
    let current = 0;
    for (const line of lines) {
      const header = /^Case #?(\d+):$/.exec(line);
      if (header !== null) current = Number(header[1]);
      blocks.set(current, `${blocks.get(current) ?? ''}${line}\n`);
    }
    return blocks;
  }
  // poj3074: one line a case; poj2676: 9 lines (or "No solution"), in the order of `cases`.
  let at = 0;
  for (const caseNumber of cases) {
    const size = format === 'poj2676' && lines[at] !== 'No solution' ? 9 : 1;
    blocks.set(caseNumber, `${lines.slice(at, at + size).join('\n')}\n`);
    at += size;
  }
  return blocks;
}

type Damage = 'corrupt' | 'delete' | 'double';

const FORMAT_CASES: { format: FormatName; boards: fc.Arbitrary<Board[]>; damages: Damage[] }[] = [
  {
    format: 'hdu4069',
    boards: fc.array(fc.constantFrom(...JIGSAWS), { minLength: 3, maxLength: 6 }),
    damages: ['corrupt', 'delete', 'double'],
  },
  {
    format: 'poj2676',
    boards: fc.array(fc.constantFrom(...STANDARD), { minLength: 3, maxLength: 6 }),
    damages: ['corrupt', 'delete', 'double'],
  },
  {
    format: 'hdu5547',
    boards: fc.array(standardBoardArb(4), { minLength: 3, maxLength: 8 }),
    damages: ['corrupt', 'delete', 'double'],
  },
  {
    // One case a line: a deleted line is a case gone without a trace, so only corruption.
    format: 'poj3074',
    boards: fc.array(fc.constantFrom(...STANDARD), { minLength: 3, maxLength: 8 }),
    damages: ['corrupt'],
  },
  {
    format: 'json',
    boards: fc.array(fc.constantFrom(...JIGSAWS), { minLength: 3, maxLength: 5 }),
    damages: ['corrupt'],
  },
];

/**
 * Solves `puzzles` laid out in `format`, damages one row line (picked by `lineSeed`, the
 * column by `columnSeed`), solves again, and checks that only the damaged case is lost.
 */
async function checkDamage(
  format: FormatName,
  puzzles: readonly Board[],
  blankLines: boolean,
  damage: Damage,
  lineSeed: number,
  columnSeed: number,
): Promise<void> {
  // poj2676 and hdu5547 have no way to tell case boundaries but blank lines (which
  // hdu5547 requires anyway): give them blank lines; hdu4069 is tried both ways.
  const { lines, caseOf, rowLine } = layOut(format, puzzles, blankLines || format !== 'hdu4069');
  const caseNumbers = puzzles.map((_, index) => index + 1);
  const before = await solve(`${lines.join('\n')}\n`);
  const expected = answerBlocks(format, before.stdout, caseNumbers);

  const rows = lines.flatMap((_, index) => (rowLine[index] ? [index] : []));
  const at = rows[lineSeed % rows.length];
  const damagedCase = caseOf[at];
  const damaged = [...lines];
  if (damage === 'corrupt') {
    const line = damaged[at];
    const digits = [...line.matchAll(/\d/g)].map((match) => match.index);
    const column = digits[columnSeed % digits.length];
    damaged[at] = `${line.slice(0, column)}x${line.slice(column + 1)}`;
  } else if (damage === 'delete') {
    damaged.splice(at, 1);
  } else {
    damaged.splice(at, 0, damaged[at]);
  }
  const after = await solve(`${damaged.join('\n')}\n`);
  expect(after.status).toBe(1);
  const remaining = caseNumbers.filter((number) => number !== damagedCase);
  const got = answerBlocks(
    format,
    after.stdout,
    // Without case headers, the damaged case is missing when it was left out.
    after.stderr.includes(`case ${damagedCase},`) ? remaining : caseNumbers,
  );
  for (const number of remaining) expect(got.get(number)).toBe(expected.get(number));
  if (got.has(damagedCase) && format !== 'json') {
    // Answered after all: only a doubled row between two cases, named as stray.
    expect(damage).toBe('double');
    expect(got.get(damagedCase)).toBe(expected.get(damagedCase));
    // (past the last case, the stray line may also be named as text after the last case)
    expect(after.stderr).toMatch(
      /line \d+, column \d+: .*(belongs? to no case|unexpected text after the \d+ cases)/,
    );
  } else {
    if (format === 'json') expect(got.get(damagedCase)).toContain('"invalid"');
    expect(after.stderr).toMatch(new RegExp(`case ${damagedCase}, line \\d+, column \\d+`));
  }
}

describe('one damaged line costs at most its own case', () => {
  for (const { format, boards, damages } of FORMAT_CASES) {
    it(`${format}: ${damages.join(', ')}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          boards,
          fc.boolean(),
          fc.constantFrom(...damages),
          fc.nat(),
          fc.nat(),
          (puzzles, blankLines, damage, lineSeed, columnSeed) =>
            checkDamage(format, puzzles, blankLines, damage, lineSeed, columnSeed),
        ),
        { numRuns: 25 },
      );
    }, 120_000);
  }

  // Counterexamples the property once found (JIGSAWS indexes, no blank lines, the damage,
  // lineSeed, columnSeed). Most turn on a row that is a whole region (it may start and end
  // a case): a short case took the next case's first row, or a doubled row made a case
  // look short, and so cost the next case too.
  const FOUND: [number[], Damage, number][] = [
    [[138, 154, 61, 32, 1, 150], 'delete', 14],
    [[0, 61, 0], 'delete', 0],
    [[0, 192, 66, 0, 0, 0], 'delete', 1008170181],
    [[0, 0, 0, 0], 'double', 1377763703],
    [[0, 48, 178], 'double', 217286830],
    [[56, 39, 0], 'double', 832109167],
    [[48, 133, 0], 'double', 1],
    [[102, 178, 0], 'double', 1899902386],
    [[67, 67, 0, 0], 'double', 67391317],
    [[0, 0, 192], 'double', 1643930666],
    [[67, 26, 0], 'double', 1831302520],
    [[33, 33, 0, 0, 0], 'delete', 0],
  ];
  it('hdu4069: damage the property once found', async () => {
    for (const [indexes, damage, lineSeed] of FOUND) {
      const puzzles = indexes.map((index) => JIGSAWS[index]);
      await checkDamage('hdu4069', puzzles, false, damage, lineSeed, 0);
    }
  });
});
