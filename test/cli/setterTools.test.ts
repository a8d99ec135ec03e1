import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../bin/cli/main.ts';
import {
  cellName,
  countSolutionsDlx,
  createBoard,
  createRandom,
  digitChar,
  explainPuzzle,
  generatePuzzle,
  isSolution,
  randomJigsawLayout,
  type Board,
} from '../../src/engine/index.ts';
import { printJson } from '../../src/formats/index.ts';
import { makeHdu4069 } from '../fixtures/make-hdu4069.ts';
import { REPO_ROOT } from '../fixtures/paths.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

/** Run the tool in-process on an input file; stdout, stderr and the exit status. */
async function run(args: string[], input: string) {
  const dir = tempDir('setter');
  const file = path.join(dir, 'input.txt');
  writeFileSync(file, input);
  let stdout = '';
  let stderr = '';
  const status = await main([...args, file], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { stdout, stderr, status, lines: stdout.trim().split('\n') };
}

// Two jigsaw cases: a minimal unique puzzle, and the same with its first clue taken away.
const random = createRandom(14);
const regions = randomJigsawLayout(9, random);
const unique = generatePuzzle(9, regions, random) as Board;
const solution = countSolutionsDlx(unique, 1).solutions[0];
const multipleGivens = Uint8Array.from(unique.givens);
let removed = 0;
for (let cell = 0; cell < 81 && removed < 1; cell++) {
  if (multipleGivens[cell] !== 0) {
    multipleGivens[cell] = 0;
    removed++;
  }
}
const multiple = createBoard(9, regions, multipleGivens);
const boards = [unique, multiple];
const input = makeHdu4069(boards, 2);

describe('squiggly layout-check', () => {
  it('answers fillable with a filled grid of the layout, as JSON per case', async () => {
    const { lines, status } = await run(['layout-check', '--json'], input);
    expect(status).toBe(0);
    expect(lines).toHaveLength(2);
    lines.forEach((line, index) => {
      const answer = JSON.parse(line);
      expect(answer.case).toBe(index + 1);
      expect(answer.layout).toBe('fillable');
      expect(isSolution(createBoard(9, regions), answer.grid.flat())).toBe(true);
    });
  });
});

describe('squiggly layout-check on bare layout lines', () => {
  it('reads a layout list with no format named and tells fillable from unfillable', async () => {
    const lists = path.resolve(REPO_ROOT, 'test/data/layouts');
    const fillable = readFileSync(path.join(lists, 'fillable-9x9.txt'), 'utf8');
    const unfillable = readFileSync(path.join(lists, 'unfillable-9x9.txt'), 'utf8');
    const first = (text: string) => text.split('\n').slice(0, 3).join('\n');
    const { lines, status, stderr } = await run(
      ['layout-check', '--json'],
      `${first(fillable)}\n${first(unfillable)}\n`,
    );
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(lines.map((line) => JSON.parse(line).layout)).toEqual([
      'fillable',
      'fillable',
      'fillable',
      'cannot be filled',
      'cannot be filled',
      'cannot be filled',
    ]);
  });
});

describe('squiggly candidates', () => {
  it('lists one candidate list per cell, the givens as their digit', async () => {
    const { lines } = await run(['candidates', '--json'], input);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first.status).toBe('unique');
    expect(first.candidates.flat()).toEqual(Array.from(solution, (digit) => [digit]));
    expect(second.status).toBe('multiple');
    expect(second.complete).toBeUndefined();
    const all = countSolutionsDlx(multiple, 1000).solutions;
    second.candidates.flat().forEach((digits: number[], cell: number) => {
      expect(digits).toEqual([...new Set(all.map((grid) => grid[cell]))].sort((a, b) => a - b));
    });
    // In text the verdict is said in words, as explain says it.
    const text = (await run(['candidates'], input)).stdout;
    expect(text).toMatch(/^Case 1: unique[;\n]/);
    expect(text).toMatch(/\nCase 2: multiple solutions[;\n]/);
  });
});

describe('squiggly explain', () => {
  it('gives redundant clues for a unique puzzle and a proven fix for several solutions', async () => {
    const { lines, status } = await run(['explain', '--json'], input);
    expect(status).toBe(0);
    const [first, second] = lines.map((line) => JSON.parse(line));
    expect(first).toEqual({ case: 1, status: 'unique', redundant: [] });
    expect(second.status).toBe('multiple');
    expect(second.proven).toBe(true);
    const givens = Uint8Array.from(multiple.givens);
    for (const { cell, digit } of second.fix) givens[(cell[0] - 1) * 9 + cell[1] - 1] = digit;
    expect(countSolutionsDlx(createBoard(9, regions, givens), 2).count).toBe(1);
  });

  it('tests symmetric clues with their mirror images, and says so', async () => {
    // The POJ 3074 sample: its clues are symmetric under the half turn.
    const sample =
      '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
    const json = await run(['explain', '--json', '--format', 'poj3074'], `${sample}\nend\n`);
    const [answer] = json.lines.map((line) => JSON.parse(line));
    expect(answer.status).toBe('unique');
    expect(answer.symmetry).toBe('180');
    // Each redundant clue's mirror image is redundant too.
    const cells = new Set(answer.redundant.map(([r, c]: number[]) => `${r},${c}`));
    expect(cells.size).toBeGreaterThan(0);
    for (const [r, c] of answer.redundant) expect(cells.has(`${10 - r},${10 - c}`)).toBe(true);
    const text = await run(['explain', '--format', 'poj3074'], `${sample}\nend\n`);
    expect(text.stdout).toMatch(
      /^Case 1: unique; \d+ clues are redundant \(each removable with its mirror image, keeping the 180° rotation symmetry\): /,
    );
  });

  it('writes the digits 10 to 16 of a fix as letters, as every other output does', async () => {
    // Seed 2's 12x12 puzzle without its first clue of 10 or more: its fix is an 11, a B.
    const random12 = createRandom(2);
    const puzzle12 = generatePuzzle(12, randomJigsawLayout(12, random12), random12) as Board;
    const taken = puzzle12.givens.findIndex((digit) => digit >= 10);
    const board = createBoard(
      12,
      puzzle12.regions,
      Uint8Array.from(puzzle12.givens, (digit, at) => (at === taken ? 0 : digit)),
    );
    const answer = explainPuzzle(board);
    if (answer.verdict !== 'multiple') throw new Error('the clue taken leaves several solutions');
    const [clue] = answer.fix.clues;
    expect(clue.digit).toBeGreaterThanOrEqual(10);
    expect((await run(['explain'], printJson([{ board }]))).stdout).toContain(
      `add ${cellName(clue.cell, 12)} = ${digitChar(clue.digit)} (`,
    );
  });

  it('names clues that cannot all hold, 1-based, in text and JSON', async () => {
    const clash = Uint8Array.from(unique.givens);
    const firstClue = clash.findIndex((digit) => digit !== 0);
    // The same digit again in that clue's row: a direct clash, the smallest core.
    const other = Math.floor(firstClue / 9) * 9 + (((firstClue % 9) + 4) % 9);
    clash[other] = clash[firstClue];
    const text = makeHdu4069([createBoard(9, regions, clash)], 1);
    const json = JSON.parse((await run(['explain', '--json'], text)).lines[0]);
    expect(json.status).toBe('none');
    const cells = [firstClue, other].sort((a, b) => a - b);
    expect(json.conflict).toEqual(cells.map((cell) => [Math.floor(cell / 9) + 1, (cell % 9) + 1]));
    expect((await run(['explain'], text)).stdout).toMatch(
      /^Case 1: no solution: these 2 clues cannot all hold: r\d+c\d+, r\d+c\d+\n$/,
    );
  });
});

describe('squiggly count --estimate', () => {
  it('gives the exact count when small, as estimate = low = high', async () => {
    const { lines } = await run(['count', '--estimate', '--json'], makeHdu4069([multiple], 1));
    const answer = JSON.parse(lines[0]);
    const exact = countSolutionsDlx(multiple, 10_000).count;
    expect(answer).toEqual({ case: 1, estimate: exact, low: exact, high: exact, exact: true });
  });

  it('refuses --json without --estimate, and --estimate elsewhere', async () => {
    expect((await run(['count', '--json'], input)).status).toBe(2);
    expect((await run(['solve', '--estimate'], input)).status).toBe(2);
  });
});
