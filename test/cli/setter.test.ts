/** The setter's commands end to end: hint, rate and generate, as a user runs them. */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  countSolutionsBest,
  countSolutionsDlx,
  createBoard,
  flattenRows,
  hasClueSymmetry,
  hasStandardBoxes,
  ratePuzzle,
  validateLayout,
} from '../../src/engine/index.ts';
import { parseJigsawLine } from '../../src/formats/index.ts';
import { buildCliOnce, squiggly } from './run.ts';

beforeAll(() => {
  buildCliOnce();
}, 60_000);

// POJ 3074 sample puzzle (singles solve it) and a top1465 puzzle logic alone cannot finish.
const EASY = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

interface Generated {
  size: number;
  regions: number[][];
  givens: number[][];
  /** The level, and "rating": the ER on the Sudoku Explainer scale (null when unfinished). */
  rating: { level: string; rating: number | null; hardest: string | null; steps: number };
  seed: number;
  index: number;
}

const boardOf = (puzzle: Generated) =>
  createBoard(
    puzzle.size,
    flattenRows(puzzle.regions, puzzle.size),
    flattenRows(puzzle.givens, puzzle.size),
  );
const lines = (text: string): string[] => text.trimEnd().split('\n');

describe('squiggly hint', () => {
  it('gives the next step per case, as text and as one JSON object per case', async () => {
    const text = await squiggly(['hint', '-f', 'poj3074'], `${EASY}\n${HARD}\n`);
    expect(text.status).toBe(0);
    expect(lines(text.stdout)).toEqual([
      'Case 1: hidden single: r3c3 is the only place for 6 in region 1',
      expect.stringMatching(/^Case 2: hidden single: r\dc\d is the only place for \d in /),
    ]);
    const json = await squiggly(['hint', '--json', '-f', 'poj3074'], `${EASY}\n`);
    expect(JSON.parse(json.stdout)).toEqual({
      case: 1,
      technique: 'hidden single',
      difficulty: 1.2,
      cells: [[3, 3]],
      placements: [{ cell: [3, 3], digit: 6 }],
      eliminations: [],
      explanation: 'r3c3 is the only place for 6 in region 1',
    });
  });

  it('--all lists every step to the end, or to where logic gets stuck', async () => {
    const empty = '.'.repeat(81);
    const run = await squiggly(
      ['hint', '--all', '--json', '-f', 'poj3074'],
      `${EASY}\n${HARD}\n${empty}\n`,
    );
    const [easy, hard, open] = lines(run.stdout).map((line) => JSON.parse(line));
    expect(easy.case).toBe(1);
    expect(easy.status).toBe('solved');
    expect(easy.steps).toHaveLength(EASY.split('.').length - 1);
    // The hard one to the end, through forcing chains.
    expect(hard.case).toBe(2);
    expect(hard.status).toBe('solved');
    expect(
      hard.steps.some((step: { technique: string }) =>
        / forcing chain$|^forcing chain$/.test(step.technique),
      ),
    ).toBe(true);
    // Each step with its number on the Sudoku Explainer scale; the rating is their maximum.
    const numbers = hard.steps.map((step: { difficulty: number }) => step.difficulty);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...numbers)).toBeGreaterThanOrEqual(7);
    // Logic gets stuck only where there is more than one solution.
    expect(open.case).toBe(3);
    expect(open.status).toBe('stuck');
    expect(open.stuckCells).toHaveLength(81);
    const text = await squiggly(['hint', '--all', '-f', 'poj3074'], `${EASY}\n`);
    expect(lines(text.stdout)[0]).toBe('Case 1:');
    expect(lines(text.stdout).at(-1)).toBe('  solved by logic in 45 steps');
  });

  it('says why there is no step: full grid, clash, or beyond the techniques', async () => {
    const clash = `55${'.'.repeat(79)}`;
    const run = await squiggly(['hint', '--json', '-f', 'poj3074'], `${clash}\n`);
    // The status says it is impossible; the explanation says why, as hint --all's does.
    expect(JSON.parse(run.stdout)).toEqual({
      case: 1,
      status: 'contradiction',
      explanation: '5 is twice in row 1',
    });
    const text = await squiggly(['hint', '-f', 'poj3074'], `${clash}\n`);
    expect(text.stdout).toBe('Case 1: impossible: 5 is twice in row 1\n');
  });
});

describe('squiggly rate', () => {
  it('rates each case, with the hardest technique and the steps', async () => {
    const run = await squiggly(['rate', '--json', '-f', 'poj3074'], `${EASY}\n${HARD}\n`);
    const [easy, hard] = lines(run.stdout).map((line) => JSON.parse(line));
    expect(easy).toEqual({
      case: 1,
      level: 'easy',
      rating: 1.2,
      pearl: 1.2,
      diamond: 1.2,
      hardest: 'hidden single',
      steps: 45,
    });
    expect(hard.level).toBe('extreme');
    expect(hard.hardest).toMatch(/forcing chain$/);
    // On the Sudoku Explainer scale a forcing chain starts at 7.0, plus its length term.
    expect(hard.rating).toBeGreaterThanOrEqual(7);
    expect(hard.pearl).toBeLessThanOrEqual(hard.rating);
    expect(hard.stuckCells).toBeUndefined();
    expect(hard.solutions).toBeUndefined(); // unique: no note
    const text = await squiggly(['rate', '-f', 'poj3074'], `${EASY}\n`);
    expect(text.stdout).toBe('Case 1: easy 1.2 (hardest: hidden single, 45 steps)\n');
  });

  it('says when a puzzle has more than one solution', async () => {
    const run = await squiggly(['rate', '--json', '-f', 'poj3074'], `${'.'.repeat(81)}\n`);
    expect(JSON.parse(run.stdout)).toMatchObject({
      level: 'needs search',
      rating: null,
      solutions: 'multiple',
    });
  });
  // Sudoku Exchange sample 00ac35f9af42: SE rates it 5.6, a BUG type 1 on its path.
  it('--assume-unique rates as Sudoku Explainer, only once search proved one solution', async () => {
    const puzzle =
      '082400003907005000010027000000009062090000050260800000000170020000900704800006130';
    const plain = await squiggly(['rate', '--json', '-f', 'poj3074'], `${puzzle}\n`);
    expect(JSON.parse(plain.stdout)).toMatchObject({ rating: 7.2 });
    const run = await squiggly(
      ['rate', '--assume-unique', '--json', '-f', 'poj3074'],
      `${puzzle}\n${'.'.repeat(81)}\n`,
    );
    const [unique, open] = lines(run.stdout).map((line) => JSON.parse(line));
    expect(unique).toMatchObject({
      rating: 5.6,
      assumedUnique: true,
    });
    expect(open).toMatchObject({ solutions: 'multiple', assumedUnique: false });
    const text = await squiggly(
      ['rate', '--assume-unique', '-f', 'poj3074'],
      `${'.'.repeat(81)}\n`,
    );
    expect(text.stdout).toContain(
      '[uniqueness not assumed: the puzzle has more than one solution]',
    );
    const hint = await squiggly(
      ['hint', '--all', '--assume-unique', '-f', 'poj3074'],
      `${puzzle}\n`,
    );
    expect(hint.stdout).toContain('bivalue universal grave: without 3 in r4c7');
    expect(hint.stdout).toContain('[assuming one solution, proved by search]');
  });
});

describe('squiggly generate', () => {
  it('makes unique puzzles, the same ones for the same seed', async () => {
    const args = ['generate', '--size', '6', '--count', '3', '--seed', '42'];
    const first = await squiggly(args);
    expect(first.status).toBe(0);
    expect((await squiggly(args)).stdout).toBe(first.stdout);
    const puzzles = lines(first.stdout).map((line) => JSON.parse(line) as Generated);
    expect(puzzles.map((puzzle) => puzzle.index)).toEqual([1, 2, 3]);
    for (const puzzle of puzzles) {
      expect(puzzle.seed).toBe(42);
      expect(validateLayout(6, flattenRows(puzzle.regions, 6))).toEqual([]);
      expect(countSolutionsDlx(boardOf(puzzle), 2).count).toBe(1);
      // No difficulty asked: the generator does not rate, the command rates for the line.
      const { level, hardest, steps } = ratePuzzle(boardOf(puzzle));
      expect(puzzle.rating).toMatchObject({ level, hardest, steps });
    }
    const other = await squiggly(['generate', '--size', '6', '--count', '3', '--seed', '43']);
    expect(other.stdout).not.toBe(first.stdout);
    // Its output, one puzzle per line, is read back by the other commands as three cases.
    const counted = await squiggly(['count'], first.stdout);
    expect(counted).toEqual({
      stdout: 'Case 1: 1 solution\nCase 2: 1 solution\nCase 3: 1 solution\n',
      stderr: '',
      status: 0,
    });
  });

  it('honours --symmetric, --clue-symmetry and --minimal', async () => {
    const run = await squiggly([
      ...['generate', '--size', '8', '--symmetric', '--clue-symmetry', '180', '--minimal'],
      ...['--seed', '7'],
    ]);
    expect(run.status).toBe(0);
    const puzzle = JSON.parse(run.stdout) as Generated;
    const board = boardOf(puzzle);
    const cells = 64;
    for (let cell = 0; cell < cells; cell++) {
      expect(board.regions[cells - 1 - cell]).toBe(7 - board.regions[cell]);
    }
    expect(hasClueSymmetry(board, '180')).toBe(true);
    expect(countSolutionsDlx(board, 2).count).toBe(1);
    // Minimal under the symmetry: no pair of clues (or centre clue) can go.
    for (let cell = 0; cell < cells / 2; cell++) {
      if (board.givens[cell] === 0) continue;
      const fewer = Uint8Array.from(board.givens);
      fewer[cell] = 0;
      fewer[cells - 1 - cell] = 0;
      expect(countSolutionsDlx(createBoard(8, board.regions, fewer), 2).count).toBe(2);
    }
  });

  it('makes jigsaw puzzles of the sizes without boxes and of the new sizes with boxes', async () => {
    for (const [size, extra] of [
      [5, []],
      [7, ['--symmetric']],
      [10, ['--standard']],
      [11, []],
      [13, ['--format', 'jigsaw']],
    ] as const) {
      const run = await squiggly(['generate', '-s', String(size), '--seed', '5', ...extra]);
      expect(run.status).toBe(0);
      const board =
        extra[0] === '--format'
          ? parseJigsawLine(run.stdout).cases[0].board
          : boardOf(JSON.parse(run.stdout) as Generated);
      expect(board.size).toBe(size);
      expect(validateLayout(size, board.regions)).toEqual([]);
      expect(hasStandardBoxes(board)).toBe(extra[0] === '--standard');
      expect(countSolutionsBest(board, 2).count).toBe(1);
    }
  }, 30_000);

  it('makes a puzzle of the difficulty asked for', async () => {
    const run = await squiggly(['generate', '-s', '9', '-d', 'medium', '--seed', '3']);
    expect(run.status).toBe(0);
    const puzzle = JSON.parse(run.stdout) as Generated;
    expect(puzzle.rating.level).toBe('medium');
    const rate = await squiggly(['rate', '--json'], run.stdout);
    expect(JSON.parse(rate.stdout)).toMatchObject({ level: 'medium' });
  }, 30_000);

  it('makes a 12x12 puzzle rated hard by the guided search', async () => {
    const run = await squiggly(['generate', '-s', '12', '-d', 'hard', '--seed', '1']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const puzzle = JSON.parse(run.stdout) as Generated;
    expect(puzzle.rating.level).toBe('hard');
    expect(ratePuzzle(boardOf(puzzle)).level).toBe('hard');
    const rate = await squiggly(['rate', '--json'], run.stdout);
    expect(JSON.parse(rate.stdout)).toMatchObject({ level: 'hard' });
  }, 30_000);

  it('makes puzzles within an ER range: MIN-MAX, or MIN+ for at least MIN', async () => {
    const run = await squiggly(['generate', '-s', '9', '--difficulty', '4.0-5.0', '--seed', '3']);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const puzzle = JSON.parse(run.stdout) as Generated;
    expect(puzzle.rating.rating).toBeGreaterThanOrEqual(4.0);
    expect(puzzle.rating.rating).toBeLessThanOrEqual(5.0);
    // squiggly rate says the same of the puzzle written.
    const rate = await squiggly(['rate', '--json'], run.stdout);
    expect(JSON.parse(rate.stdout)).toMatchObject({ rating: puzzle.rating.rating });
    const atLeast = await squiggly(['generate', '-s', '6', '-d', '3.0+', '-n', '2', '--seed', '2']);
    expect(atLeast.status).toBe(0);
    const made = lines(atLeast.stdout).map((line) => JSON.parse(line) as Generated);
    expect(made).toHaveLength(2);
    for (const each of made) {
      expect(each.rating.rating).toBeGreaterThanOrEqual(3.0);
      expect(ratePuzzle(boardOf(each)).explainer?.er).toBe(each.rating.rating);
    }
  }, 30_000);

  it('gives up on an ER range it cannot reach, naming it and the ERs seen', async () => {
    const run = await squiggly([
      ...['generate', '-s', '4', '-d', '4.0-5.0', '--attempts', '3', '--seed', '1'],
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^squiggly: generate gave up on puzzle 1 of 1: no 4×4 puzzle rated ER 4\.0–5\.0 turned up in 3 attempts \(ratings seen: \d+ ER \d\.\d(, \d+ ER \d\.\d)*\)\n$/,
    );
  });

  it('says on standard error when --minimal could not be had with --difficulty', async () => {
    const run = await squiggly([
      'generate',
      '-s',
      '12',
      '-d',
      'medium',
      '--minimal',
      '--seed',
      '1',
    ]);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(
      /^squiggly: generate: puzzle 1 is not minimal: none of the 3 12×12 puzzles rated medium made was minimal; /,
    );
    const puzzle = JSON.parse(run.stdout) as Generated;
    expect(puzzle.rating.level).toBe('medium');
  }, 60_000);

  it('gives up clearly when the attempts run out', async () => {
    const run = await squiggly([
      'generate',
      '-s',
      '4',
      '-d',
      'expert',
      '--attempts',
      '3',
      '--seed',
      '1',
    ]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(
      /^squiggly: generate gave up on puzzle 1 of 1: no 4×4 puzzle rated expert turned up in 3 attempts \(ratings seen: .+\)\n$/,
    );
  });

  it('writes other formats, and refuses one that cannot hold the puzzles', async () => {
    const poj = await squiggly([
      'generate',
      '-s',
      '9',
      '--standard',
      '-f',
      'poj3074',
      '--seed',
      '2',
    ]);
    expect(poj.status).toBe(0);
    expect(poj.stdout).toMatch(/^[1-9.]{81}\nend\n$/);
    const refused = await squiggly(['generate', '-s', '9', '-f', 'poj3074']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/^squiggly: poj3074 cannot hold these puzzles: .*--standard/);
    // A layout line holds no clues: refused before generating, not thrown after.
    const layout = await squiggly(['generate', '-s', '6', '-f', 'layout']);
    expect(layout.status).toBe(2);
    expect(layout.stdout).toBe('');
    expect(layout.stderr).toMatch(/^squiggly: layout holds a layout alone, .*--format jigsaw/);
  });

  it('rejects bad options with a clear message', async () => {
    const cases: [string[], RegExp][] = [
      [['generate'], /needs --size N/],
      [['generate', '--size', '3'], /--size must be 4 to 16 or 25, got "3"/],
      [['generate', '--size', '17'], /--size must be 4 to 16 or 25, got "17"/],
      [
        ['generate', '--size', '7', '--standard'],
        /--standard cannot be used with --size 7: a 7×7 grid has no standard boxes \(7 is prime\)/,
      ],
      [['generate', '--size', '25'], /--size 25 needs --standard/],
      [
        ['generate', '-s', '4', '--clue-symmetry', 'x'],
        /--clue-symmetry must be one of none, 180, diagonal/,
      ],
      [['generate', '-s', '4', '-d', 'fiendish'], /--difficulty must be one of "easy"/],
      [
        ['generate', '-s', '4', '-d', 'abc'],
        /--difficulty must be one of "easy", .*"needs search", or an ER range on the Sudoku Explainer scale \(MIN-MAX, such as 4\.5-5\.5, or MIN\+, such as 7\.0\+\), got "abc"\n/,
      ],
      [
        ['generate', '-s', '4', '-d', '5-4'],
        /--difficulty "5-4": the lowest ER, 5\.0, is above the highest, 4\.0\n/,
      ],
      [
        ['generate', '-s', '4', '-d', '12'],
        /got "12": an ER target is a range, so write 12-12 for exactly ER 12, or 12\+ for at least ER 12\n/,
      ],
      [
        ['generate', '-s', '4', '-d', '0.5-3'],
        /--difficulty "0\.5-3": ER numbers run from 1\.0 to 12\.0, got 0\.5\n/,
      ],
      [
        ['generate', '-s', '4', '-d', '13+'],
        /--difficulty "13\+": ER numbers run from 1\.0 to 12\.0, got 13\n/,
      ],
      [
        ['generate', '-s', '4', '-d', '4.25-5'],
        /--difficulty "4\.25-5": ER numbers have one decimal, as Sudoku Explainer prints them, got 4\.25\n/,
      ],
      [['generate', '-s', '4', '-d', '4-5-6'], /got "4-5-6"\n/],
      [['generate', '-s', '4', '--count', '0'], /--count must be an integer from 1/],
    ];
    for (const [args, message] of cases) {
      const run = await squiggly(args);
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
    }
  });

  it('has help', async () => {
    const run = await squiggly(['help', 'generate']);
    expect(run.stdout).toMatch(/^Usage: squiggly generate --size N/);
    expect((await squiggly(['rate', '--help'])).stdout).toMatch(/^Usage: squiggly rate/);
  });
});
