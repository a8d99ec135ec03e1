/**
 * The ISS constraint string (src/formats/iss.ts). Real puzzles from the Interactive Sudoku
 * Solver are read and solved, and our solution must be the one ISS publishes beside them
 * (so the readings of cages, little killers, pills, diagonals, windoku, jigsaws and shapes
 * are ISS's, not only self-consistent); errors name the column and the constraint; what
 * Squiggly does not hold is named; and printing round-trips every constraint the property
 * fixtures make (test/fixtures/variantArbitraries.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countVariantSolutions,
  createBoard,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
  whisperDifference,
  type Board,
  type Constraint,
} from '../../src/engine/index.ts';
import { detectInputFormat } from '../../src/formats/index.ts';
import { issCannotHold, looksLikeIss, parseIss, printIss } from '../../src/formats/iss.ts';
import { ISS_LINES, parseIssLines, printIssLines } from '../../src/formats/issLines.ts';
import { randomConstraints } from '../fixtures/variantArbitraries.ts';

/**
 * From data/example_puzzles.js of github.com/sigh/Interactive-Sudoku-Solver (MIT licence),
 * commit e373f9811c087246b097eb444d838ab492c55f35: the puzzle names, inputs and solutions
 * as ISS lists them.
 */
const ISS_EXAMPLES: { name: string; input: string; solution: string }[] = [
  {
    name: 'Killer',
    input:
      '.Cage~3~R1C1~R1C2.Cage~15~R1C3~R1C4~R1C5.Cage~25~R2C1~R2C2~R3C1~R3C2.Cage~17~R2C3~R2C4.Cage~9~R3C3~R3C4~R4C4.Cage~22~R1C6~R2C5~R2C6~R3C5.Cage~4~R1C7~R2C7.Cage~16~R1C8~R2C8.Cage~15~R1C9~R2C9~R3C9~R4C9.Cage~20~R3C7~R3C8~R4C7.Cage~8~R3C6~R4C6~R5C6.Cage~17~R4C5~R5C5~R6C5.Cage~20~R5C4~R6C4~R7C4.Cage~14~R4C2~R4C3.Cage~6~R4C1~R5C1.Cage~13~R5C2~R5C3~R6C2.Cage~6~R6C3~R7C2~R7C3.Cage~17~R4C8~R5C7~R5C8.Cage~27~R6C1~R7C1~R8C1~R9C1.Cage~8~R8C2~R9C2.Cage~16~R8C3~R9C3.Cage~10~R7C5~R8C4~R8C5~R9C4.Cage~12~R5C9~R6C9.Cage~6~R6C7~R6C8.Cage~20~R6C6~R7C6~R7C7.Cage~15~R8C6~R8C7.Cage~14~R7C8~R7C9~R8C8~R8C9.Cage~13~R9C5~R9C6~R9C7.Cage~17~R9C8~R9C9',
    solution: '215647398368952174794381652586274931142593867973816425821739546659428713437165289',
  },
  {
    name: 'Little Killer Sudoku',
    input:
      '.~R3C2_5~R3C7_2~R5C4_3~R5C5_7.LittleKiller~22~R1C1.LittleKiller~28~R2C1.LittleKiller~26~R3C1.LittleKiller~23~R1C5.LittleKiller~34~R1C7.LittleKiller~40~R1C8.LittleKiller~42~R1C9',
    solution: '198235764427968531653714289732186945541379826986542173865421397279653418314897652',
  },
  {
    name: 'Pill Arrow Sudoku',
    input:
      '.PillArrow~2~R1C3~R1C2~R1C1~R2C1~R3C1.PillArrow~2~R1C8~R1C7~R1C6~R1C5~R1C4.PillArrow~2~R2C7~R2C6~R2C5~R2C4~R2C3.PillArrow~2~R4C1~R5C1~R6C1~R7C1~R8C1.PillArrow~2~R3C2~R4C2~R5C2~R6C2~R7C2.PillArrow~2~R9C1~R9C2~R9C3~R9C4~R9C5.PillArrow~2~R5C9~R4C9~R3C9~R2C9~R1C9.PillArrow~2~R8C6~R9C6~R9C7~R9C8~R9C9.Arrow~R3C3~R4C4~R5C5.Arrow~R7C3~R6C4~R5C5~R4C6.Arrow~R3C8~R4C7.',
    solution: '514896237679231485328745196235684971491327658786159342967418523853962714142573869',
  },
  {
    name: 'XV Kropki Sudoku',
    input:
      '.X~R2C1~R2C2.X~R3C1~R3C2.X~R1C8~R1C7.X~R2C7~R2C8.X~R7C8~R8C8.X~R7C9~R8C9.X~R8C3~R9C3.X~R8C2~R9C2.X~R5C4~R5C5.V~R8C2~R8C3.V~R8C8~R8C9.V~R2C1~R3C1.V~R1C7~R2C7.BlackDot~R2C5~R2C6.BlackDot~R4C6~R5C6.BlackDot~R5C6~R6C6.BlackDot~R3C1~R4C1.WhiteDot~R3C3~R3C2.WhiteDot~R4C3~R5C3.WhiteDot~R8C4~R8C5.WhiteDot~R8C6~R8C7.WhiteDot~R5C2~R6C2',
    solution: '195287463284536197376149825657912384918374256423658719532461978741895632869723541',
  },
  {
    name: 'X-Windoku',
    input:
      '.Diagonal~1.Diagonal~-1.Windoku.~R1C8_1~R2C5_2~R2C9_3~R4C1_4~R4C6_3~R5C5_5~R5C9_6~R6C5_1~R7C6_7~R7C7_8~R8C5_6~R9C5_3~R9C6_2',
    solution: '932674518678521943541398267469283751217459386853716429326147895794865132185932674',
  },
  {
    name: 'Jigsaw',
    input:
      '.NoBoxes.Jigsaw~000000021453303021453333221453322221455566121445666111445566667488887777888887777.~R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9',
    solution: '364891527189374265542168739625719843213987456937456182876523914498235671751642398',
  },
  {
    name: '6x6',
    input: '.~R1C5_4~R2C2_1~R2C4_3~R2C6_5~R3C4_2~R4C3_3~R5C1_6~R5C3_2~R5C5_5~R6C2_5.Shape~6x6',
    solution: '325146416325541263263514632451154632',
  },
  {
    name: 'Odd & even',
    input:
      '.~R1C6_7~R1C7_2~R1C8_1~R1C9_6~R2C9_5~R2C8_7~R2C7_9~R2C6_4~R8C1_2~R8C2_7~R8C3_4~R8C4_5~R9C1_9~R9C2_5~R9C3_8~R9C4_2~R4C7_2_4_6_8~R4C8_2_4_6_8~R5C6_2_4_6_8~R6C6_2_4_6_8~R6C7_2_4_6_8~R6C8_2_4_6_8~R7C6_2_4_6_8~R8C7_2_4_6_8~R8C8_2_4_6_8~R2C3_1_3_5_7_9~R3C2_1_3_5_7_9~R4C4_1_3_5_7_9~R4C2_1_3_5_7_9~R5C4_1_3_5_7_9~R5C2_1_3_5_7_9~R3C4_1_3_5_7_9~R6C3_1_3_5_7_9',
    solution: '549837216823614975716925348635149827492786153187352469361478592274593681958261734',
  },
];

function read(text: string): { board: Board; constraints: Constraint[]; leftOut: string[] } {
  const reading = parseIss(text);
  if ('error' in reading) throw new Error(`${reading.error.column}: ${reading.error.message}`);
  return reading;
}

describe('reading ISS strings', () => {
  for (const example of ISS_EXAMPLES) {
    it(`solves ISS's "${example.name}" to the solution ISS publishes`, () => {
      expect(looksLikeIss(example.input)).toBe(true);
      const { board, constraints, leftOut } = read(example.input);
      expect(leftOut).toEqual([]);
      const result = countVariantSolutions(board, constraints, 2);
      expect(result.count).toBe(1);
      expect(Array.from(result.solutions[0]).join('')).toBe(example.solution);
    });
  }

  it('reads each constraint as the engine means it', () => {
    const { board, constraints } = read(
      '.Shape~6x6.Cage~~R1C1~R1C2.Diagonal~1.Whisper~R1C1~R2C2.Whisper~3~R3C3~R4C4' +
        '.GreaterThan~R1C1~R1C2~R2C2.Sandwich~5~C2.Sum~7~R6C1~R5C2.StrictXV.~R1C1_2_4_6',
    );
    expect(board.size).toBe(6);
    expect(constraints).toEqual([
      { kind: 'cage', cells: [0, 1] },
      { kind: 'diagonal', direction: 'up' },
      // Without a difference ISS means 5, which is not the 6x6 default of 3.
      { kind: 'whisper', cells: [0, 7], difference: 5 },
      { kind: 'whisper', cells: [14, 21] },
      { kind: 'greaterThan', cells: [0, 1] },
      { kind: 'greaterThan', cells: [1, 7] },
      { kind: 'sandwich', line: 'column', index: 1, sum: 5 },
      { kind: 'littleKiller', cells: [30, 25], sum: 7 },
      { kind: 'allXvGiven' },
      { kind: 'even', cell: 0 },
    ]);
  });

  it('keeps the boxes of a jigsaw without NoBoxes as extra regions, as ISS solves it', () => {
    const rows = Array.from({ length: 9 }, (_, row) => String(row).repeat(9)).join('');
    const { board, constraints } = read(`.Jigsaw~${rows}`);
    expect(Array.from(board.regions.slice(0, 9))).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(constraints.filter((c) => c.kind === 'extraRegion')).toHaveLength(9);
  });

  it('names what Squiggly does not hold, and reads the rest', () => {
    const { constraints, leftOut } = read(
      '.Quad~R1C1~1~2.Quad~R2C2~3.Cage~10~R1C1~R1C2.Or.~R1C1_1.~R1C2_1.End.Skyscraper~R1~3~',
    );
    expect(constraints).toEqual([{ kind: 'cage', cells: [0, 1], sum: 10 }]);
    expect(leftOut).toEqual(['2 × Quad', 'Or group', 'Skyscraper']);
  });

  it.each([
    ['Cage~10~R1C1', 1, 'starts with "."'],
    ['.Cage~10~R1C1.Foo~1', 14, '"Foo" is not an ISS constraint type'],
    ['.Cage~3~R1C1.Thermo~R1C1~R0C2', 13, 'Thermo: "R0C2" is not a cell of the 9x9 grid'],
    ['.Thermo~R1C1~R1C3', 1, 'Thermo: the thermometer from r1c1: r1c1 and r1c3 do not touch'],
    ['.Cage~x~R1C1~R1C2', 1, 'Cage: a cage sum must be a whole number, not "x"'],
    ['.NoBoxes', 1, 'NoBoxes without a Jigsaw'],
    ['.Shape~6x8', 1, 'a 6x8 grid is not square'],
    ['.Shape~9x9~0-8', 1, 'values "0-8"'],
    ['.~R1C1_3 .~R1C1_4', 10, 'R1C1 is given both 3 and 4'],
    ['.Or.~R1C1_1', 1, 'the Or group has no .End'],
    ['.LittleKiller~10~R5C5', 1, 'no ISS diagonal starts at R5C5'],
  ])('refuses %s at column %i: %s', (text, column, words) => {
    const reading = parseIss(text);
    expect(reading).toHaveProperty('error');
    if (!('error' in reading)) return;
    expect(reading.error.line).toBe(1);
    expect(reading.error.column).toBe(column);
    expect(reading.error.message).toContain(words);
  });

  it('tells ISS strings from other text', () => {
    expect(looksLikeIss('  .Cage~3~R1C1~R1C2')).toBe(true);
    expect(looksLikeIss('.~R1C1_5')).toBe(true);
    expect(looksLikeIss('.NoBoxes.Jigsaw~0')).toBe(true);
    expect(looksLikeIss('..3..4..')).toBe(false);
    expect(looksLikeIss('{"size": 9}')).toBe(false);
  });
});

describe('printing ISS strings', () => {
  it('writes what ISS writes for its own puzzle', () => {
    const { board, constraints } = read(ISS_EXAMPLES[0].input);
    expect(printIss(board, constraints)).toBe(ISS_EXAMPLES[0].input);
  });

  it('writes a jigsaw as NoBoxes and its layout, regions numbered as first met', () => {
    const rows = Array.from({ length: 4 }, (_, row) => String(3 - row).repeat(4)).join('');
    const board = createBoard(4, Array.from(rows, Number), new Uint8Array(16).fill(0));
    expect(printIss(board, [{ kind: 'antiKing' }])).toBe(
      '.Shape~4x4.NoBoxes.Jigsaw~0000111122223333.AntiKing',
    );
  });

  it('says what ISS cannot hold', () => {
    expect(
      issCannotHold({ size: 9 }, [{ kind: 'thermometer', cells: [0, 1], slow: true }]),
    ).toEqual(['the thermometer from r1c1: ISS has no slow thermometer']);
    expect(
      issCannotHold({ size: 9 }, [{ kind: 'arrow', circle: [1, 0], shaft: [9] }])[0],
    ).toContain('ISS reads a pill left to right and down');
    expect(issCannotHold({ size: 9 }, [{ kind: 'arrow', circle: [0, 1], shaft: [9] }])).toEqual([]);
    expect(issCannotHold({ size: 25 }, [])[0]).toContain('up to 16x16');
  });

  /** A constraint as a canonical key, so that readings equal up to ISS's spelling compare equal. */
  const canonical = (constraint: Constraint, size: number): string => {
    if (constraint.kind === 'whisper' && constraint.difference === whisperDifference(size)) {
      return JSON.stringify({ kind: 'whisper', cells: constraint.cells });
    }
    if (constraint.kind === 'thermometer' && constraint.slow === false) {
      return JSON.stringify({ kind: 'thermometer', cells: constraint.cells });
    }
    return JSON.stringify(constraint);
  };

  it('reads back what it prints (any size, boxes or jigsaw, every constraint kind)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(4, 6, 8, 9),
        fc.boolean(),
        (seed, size, jigsaw) => {
          const random = createRandom(seed);
          const regions = jigsaw ? randomJigsawLayout(size, random) : standardRegions(size);
          const solution = randomSolution(size, regions, random);
          if (!solution) return;
          const givens = solution.map((digit, cell) => (cell % 7 === seed % 7 ? digit : 0));
          const board = createBoard(size, regions, givens);
          const constraints = randomConstraints(size, solution, random, 8).filter(
            (constraint) => issCannotHold(board, [constraint]).length === 0,
          );
          const text = printIss(board, constraints);
          const back = read(text);
          expect(back.leftOut).toEqual([]);
          // Region ids are renumbered as first met; the partition is the same.
          const partition = (regions: Uint8Array): number[] => {
            const ids = new Map<number, number>();
            return Array.from(regions, (id) => {
              if (!ids.has(id)) ids.set(id, ids.size);
              return ids.get(id) ?? -1;
            });
          };
          expect(partition(back.board.regions)).toEqual(partition(board.regions));
          expect(Array.from(back.board.givens)).toEqual(Array.from(board.givens));
          // A little killer ISS names by its start comes back in ISS's order of its cells.
          const key = (list: readonly Constraint[]): string[] =>
            list
              .map((constraint) =>
                constraint.kind === 'littleKiller'
                  ? JSON.stringify({
                      ...constraint,
                      cells: [...constraint.cells].sort((a, b) => a - b),
                    })
                  : canonical(constraint, size),
              )
              .sort();
          expect(key(back.constraints)).toEqual(key(constraints));
          expect(printIss(back.board, back.constraints)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('ISS lines (the command line format)', () => {
  const lines = ISS_EXAMPLES.slice(0, 3).map((example) => example.input);

  it('reads one case per line, and reads back the same from what it prints', () => {
    const result = parseIssLines(`${lines[0]}\n\n${lines[1]}\n${lines[2]}\n`);
    expect(result.errors).toEqual([]);
    expect(result.cases.map((parsed) => [parsed.case, parsed.line])).toEqual([
      [1, 1],
      [2, 3],
      [3, 4],
    ]);
    // ISS's own string for its Killer, exactly; every case read back from what is printed.
    const printed = printIssLines(result.cases);
    expect(printed.split('\n')[0]).toBe(lines[0]);
    const again = parseIssLines(printed);
    expect(again.errors).toEqual([]);
    expect(again.cases.map((parsed) => parsed.constraints)).toEqual(
      result.cases.map((parsed) => parsed.constraints),
    );
    expect(again.cases.map((parsed) => Array.from(parsed.board.givens))).toEqual(
      result.cases.map((parsed) => Array.from(parsed.board.givens)),
    );
    for (const [index, parsed] of result.cases.entries()) {
      expect(parsed.constraints).toEqual(read(lines[index]).constraints);
    }
  });

  it('makes a case with what Squiggly does not hold, or a bad one, an error of its own', () => {
    const result = parseIssLines(`.Quad~R1C1~1~2\n${lines[0]}\n.Cage~3~R0C1\n`);
    expect(result.cases.map((parsed) => parsed.case)).toEqual([2]);
    expect(result.errors).toEqual([
      expect.objectContaining({ case: 1, line: 1, message: expect.stringMatching(/\(Quad\)/) }),
      expect.objectContaining({ case: 3, line: 3, column: 1 }),
    ]);
    expect(ISS_LINES.cannotHold(createBoard(25, standardRegions(25), new Uint8Array(625)))).toMatch(
      /up to 16x16/,
    );
  });

  it('is what detection tells ISS strings for, and nothing else', () => {
    expect(detectInputFormat(`${lines[0]}\n${lines[1]}\n`)).toEqual({
      format: 'iss',
      reason: 'all of the 2 lines looked at (1-2) are ISS strings',
      unanimous: true,
    });
    expect(detectInputFormat('{"size": 4}').format).toBe('json');
    expect(detectInputFormat(`${'.'.repeat(81)}\n`).format).toBe('poj3074');
  });
});
