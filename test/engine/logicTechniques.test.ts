/**
 * The techniques of issue 35 (turbot.ts and the modules after it): for each, a real puzzle
 * (standard boxes and jigsaw, copied from bench/data) solved step by step until the
 * technique is the solver's next step, with every elimination checked against the
 * puzzle's unique solution (DLX); and a built position with its explanation in words,
 * beside a near miss where the technique finds nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  at,
  byCell,
  expectedEliminations,
  fullMarks,
  keepOnly,
  remove,
  skyscraperMarks,
} from '../fixtures/candidateMarks.ts';
import {
  applyStep,
  countSolutionsDlx,
  createBoard,
  findStep,
  initialState,
  jellyfish,
  yCycle,
  multiColouring,
  simpleColouring,
  skyscraper,
  TECHNIQUES,
  turbotFish,
  twoStringKite,
  wxyzWing,
  vwxyzWing,
  alignedPairExclusion,
  stepDifficulty,
  ratingOf,
  solveByLogic,
  type Step,
  type Technique,
} from '../../src/engine/index.ts';
import { boardOfLine as boardOf } from '../fixtures/jigsawLines.ts';

/**
 * Solve `line` by logic until `technique` is the next step (the easiest technique that
 * makes progress there); that step, checked against the unique solution. Only the
 * techniques up to this one are tried, so techniques added later in the order leave the
 * path alone.
 */
function firstUse(line: string, technique: Technique, skip: readonly Technique[] = []): Step {
  const board = boardOf(line);
  const check = countSolutionsDlx(board, 2);
  expect(check.count).toBe(1);
  const solution = check.solutions[0];
  const state = initialState(board);
  // The techniques up to this one: those tried after it cannot change the path.
  const entries = TECHNIQUES.slice(
    0,
    TECHNIQUES.findIndex((entry) => entry.name === technique) + 1,
  ).filter((entry) => !skip.includes(entry.name));
  for (let steps = 0; steps < 400; steps++) {
    const step = findStep(state, entries);
    if (step === null) break;
    for (const { cell, digit } of step.eliminations) expect(solution[cell]).not.toBe(digit);
    for (const { cell, digit } of step.placements) expect(solution[cell]).toBe(digit);
    if (step.technique === technique) {
      expect(step.eliminations.length + step.placements.length).toBeGreaterThan(0);
      for (const { cell, digit } of step.eliminations) {
        expect(state.candidates[cell] & (1 << digit)).not.toBe(0);
      }
      return step;
    }
    applyStep(state, step);
  }
  throw new Error(`${technique} is never the next step`);
}

/** Each technique at its first use on a standard puzzle (top1465) and a jigsaw (jigsaw-gen-1000). */
/**
 * The x-chains of strong links, grouped or not, tried before colouring, find every colouring
 * step of the benchmark sets first (none of top1465, 17clue-10k, serg or jigsaw-gen-1000
 * reaches colouring since they came in); colouring is checked where it is the next step
 * without them.
 */
const STRONG_LINK_CHAINS: readonly Technique[] = [
  'x-chain of three strong links',
  'x-chain of four strong links',
  'grouped turbot fish',
  'grouped x-chain of three strong links',
  'grouped x-chain of four strong links',
];

const CASES: {
  technique: Technique;
  boxes: string;
  jigsaw?: string;
  jigsawRemoves?: string;
  skip?: readonly Technique[];
}[] = [
  {
    technique: 'skyscraper',
    boxes: '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........',
    jigsaw:
      '..8.9........3...9.........6.7....5..4.........3.....27..2....5.8..2..3.....63... ' +
      '111126633112226633122222633145556633144555663447555888447788889477799889477799999',
    jigsawRemoves: '7 from r1c8 and r2c8',
  },
  {
    technique: 'two-string kite',
    boxes: '6.9.....8...7.1...4............6...4.2.....3..3....5...1.5...7.8...9..........2..',
    jigsaw:
      '.....6.54..3......8...9..2........9.6.7...8.....1......6......5.8.......42...8... ' +
      '111222233412226233411256333441756663441755663471755669477755599477888999888888999',
    jigsawRemoves: '1 from r7c1',
  },
  {
    technique: 'turbot fish',
    boxes: '.6.........3..15...9.8...716....2.3....75...4....9...82.1.....6..6.......8.5...4.',
    jigsaw:
      '...1..........9....9....751.2.......4....2.6.2....78......6..1..4.........3...... ' +
      '111222222111132266431133256433335556437755566447756669447859999477888999477888889',
    jigsawRemoves: '6 from r9c6',
  },
  {
    technique: 'simple colouring',
    skip: STRONG_LINK_CHAINS,
    boxes: '84...9..1....8.2......7..4...1..4....83....6...9.....4...7...3..1.8....5.2..3.4..',
    jigsaw:
      '..4.2..8.6........9....7.5..3..........45....5................9.286...1.......... ' +
      '111123333112122333142225533142255999445555969448885966477788996447788696777788666',
    jigsawRemoves: '8 from r6c6 and r7c5',
  },
  {
    technique: 'multi-colouring',
    skip: STRONG_LINK_CHAINS,
    boxes: '....2....9.6.7...88......4.....6.4..6.......9.124...3....3...8...8....71....589..',
    jigsaw:
      '..5..79..4.............4.....28.1..7.1......3......3..2.8.......7.6.....9........ ' +
      '111222223111522333115522333144559336444599666744599996744558966777888966777788888',
    jigsawRemoves: '7 from r5c4',
  },
  {
    technique: 'wxyz-wing',
    boxes: '7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........',
    jigsaw:
      '.....6.54..3......8...9..2........9.6.7...8.....1......6......5.8.......42...8... ' +
      '111222233412226233411256333441756663441755663471755669477755599477888999888888999',
    // Of the wings here, SE's choice: the easiest on its scale, then the most removals.
    jigsawRemoves: '6 from r4c7 and r6c5',
  },
  {
    technique: 'x-chain of three strong links',
    boxes: '9.24.15....4..8......2................53.71..3...1.46...7.....4.89...32.5..6.....',
    jigsaw:
      '......1.........2.7.8.....3...2.1...........99............4.9.8.5..6..........48. ' +
      '122222223121553233111153333444155366444195566477995596447799996777779866888888886',
    jigsawRemoves: '9 from r1c4',
  },
  {
    technique: 'x-chain of four strong links',
    boxes: '1.........2......59.68.........3....6.....4.9.7..296.......59.....1..7.683......4',
    jigsaw:
      '...8..59........6.....2.7............8...1..5..768......2...6..8.........4.....59 ' +
      '111133333121225533122222533112445555444465566474466666777768889788888899777999999',
    jigsawRemoves: '2 from r6c7',
  },
  {
    technique: 'grouped turbot fish',
    boxes: '5..6.3....2....98.......1...1..9.......3....67.......4....8.25.4..7..............',
    jigsaw:
      '...........98..6........4....5..4...3.658...........1.82.4.9.............9...3... ' +
      '111111133221133333722222339777255559747265599747865559447866669444888669448888699',
    jigsawRemoves: '6 from r3c5, r8c5 and r9c5',
  },
  {
    technique: 'grouped x-chain of three strong links',
    boxes: '.......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........',
    jigsaw:
      '...........98..6........4....5..4...3.658...........1.82.4.9.............9...3... ' +
      '111111133221133333722222339777255559747265599747865559447866669444888669448888699',
    jigsawRemoves: '3 from r4c5',
  },
  {
    technique: 'grouped x-chain of four strong links',
    boxes: '.......1.2316....99......7..2..9.......4.1..61..2..5....8......3...8.9..64.9....2',
    jigsaw:
      '..4....9.......63....7..........5......6.42..2.1.....8.....9.8........5.659.2.... ' +
      '222222333212113333211111133444556666744556666745555596744479999777778899888888899',
    jigsawRemoves: '4 from r8c2 and r8c4',
  },
  {
    technique: 'jellyfish',
    boxes: '.....3...8..2..67..6.......51...2.4.......3..47.5....87..4..8....2.1....6..3..4.5',
    // No puzzle of jigsaw-gen-1000 meets a jellyfish before a harder step: the jigsaw
    // case is the unit test on built candidates below.
  },
  {
    technique: 'y-cycle',
    // From the Sudoku Exchange sample (bench/data/rated): SE rates it 6.6, for this loop.
    boxes: '..54.31...8.1.6.2.1.......3.2.....1.85.9.2.7479..4..32...8.1.......7.....1.3.5.4.',
    jigsaw:
      '...1..........9....9....751.2.......4....2.6.2....78......6..1..4.........3...... ' +
      '111222222111132266431133256433335556437755566447756669447859999477888999477888889',
    jigsawRemoves: '3 from r2c2; 6 from r2c2; 8 from r9c4, r7c3 and r8c3',
  },
];

describe('each technique is the next step on a real puzzle, boxes and jigsaw', () => {
  for (const { technique, boxes, jigsaw, jigsawRemoves, skip } of CASES) {
    it(`${technique}: every removal agrees with the solution`, () => {
      expect(firstUse(boxes, technique, skip).technique).toBe(technique);
      if (jigsaw === undefined || jigsawRemoves === undefined) return;
      const step = firstUse(jigsaw, technique, skip);
      if (jigsawRemoves.includes(';')) {
        // Several digits (a loop): the explanation lists each digit's cells.
        expect(step.explanation).toContain(`remove ${jigsawRemoves}, which`);
        return;
      }
      const [digit, cells] = jigsawRemoves.split(' from ');
      expect(step.eliminations.every((removal) => removal.digit === Number(digit))).toBe(true);
      expect(step.explanation).toContain(`${digit} can be removed from ${cells}`);
    });
  }
});

describe('the explanations, in words', () => {
  it('skyscraper: two columns joined along a row', () => {
    expect(firstUse(CASES[0].boxes, 'skyscraper').explanation).toBe(
      '4 goes in column 4 only in r3c4 or r5c4, and in column 7 only in r3c7 or r6c7. r3c4 ' +
        'and r3c7 share row 3, so they are not both 4, and r5c4 or r6c7 is 4. So 4 can be ' +
        'removed from r5c9 and r6c6, which see both',
    );
  });

  it('two-string kite: a row and a column joined inside a region (jigsaw)', () => {
    expect(firstUse(CASES[1].jigsaw ?? '', 'two-string kite').explanation).toBe(
      '1 goes in row 2 only in r2c1 or r2c6, and in column 8 only in r5c8 or r7c8. r2c6 and ' +
        'r5c8 share region 6, so they are not both 1, and r2c1 or r7c8 is 1. So 1 can be ' +
        'removed from r7c1, which sees both',
    );
  });

  it('turbot fish: two jigsaw regions joined along a column', () => {
    expect(firstUse(CASES[2].jigsaw ?? '', 'turbot fish').explanation).toBe(
      '6 goes in region 3 only in r3c6 or r4c3, and in region 7 only in r8c3 or r9c2. r4c3 ' +
        'and r8c3 share column 3, so they are not both 6, and r3c6 or r9c2 is 6. So 6 can be ' +
        'removed from r9c6, which sees both',
    );
  });

  it('colour trap', () => {
    expect(firstUse(CASES[3].boxes, 'simple colouring', STRONG_LINK_CHAINS).explanation).toBe(
      'Colour the places of 7 along the units where 7 has only two places: colour A (r1c3, ' +
        'r2c9 and r9c1) and colour B (r1c8, r8c3 and r9c9); one of the two colours holds 7 in ' +
        'all its cells, the other in none. r2c8 sees r2c9 of colour A and r1c8 of colour B, ' +
        'so it sees 7 whichever colour holds it (colour trap), so 7 can be removed from r2c8',
    );
  });

  it('multi-colouring', () => {
    expect(firstUse(CASES[4].boxes, 'multi-colouring', STRONG_LINK_CHAINS).explanation).toBe(
      'Colour the places of 3 along the units where 3 has only two places: colour A (r3c5) ' +
        'and colour B (r5c5); colour C (r4c1 and r8c7) and colour D (r4c6, r8c1 and r9c9); in ' +
        'each chain one colour holds 3 in all its cells, the other in none. r5c5 of colour B ' +
        'sees r4c6 of colour D, so B and D are not both 3, and colour A or colour C is; r3c7 ' +
        'sees a cell of each, so 3 can be removed from r3c7',
    );
  });

  it('x-chain of three strong links: each link passes the digit on, rated as SE rates it', () => {
    const board = boardOf(CASES[6].boxes);
    const step = firstUse(CASES[6].boxes, 'x-chain of three strong links');
    expect(step.explanation).toBe(
      '7 goes in row 6 only in r6c9 or r6c2, in column 1 only in r4c1 or r2c1 and in column 4 ' +
        'only in r2c4 or r8c4. r6c2 sees r4c1 and r2c1 sees r2c4, and two cells that see each ' +
        'other are not both 7: if r6c9 is not 7, r6c2 is, r4c1 is not, r2c1 is, r2c4 is not, ' +
        'r8c4 is. So r6c9 or r8c4 is 7, and 7 can be removed from r8c9, which sees both',
    );
    // A row link and two column links: SukakuExplainer's 5.4 plus 0.1 for both kinds of line.
    expect(stepDifficulty(initialState(board), step)).toBe(5.5);
    // Four links, two in columns and two in rows: 5.8 plus 0.1.
    const four = firstUse(CASES[7].boxes, 'x-chain of four strong links');
    expect(stepDifficulty(initialState(boardOf(CASES[7].boxes)), four)).toBe(5.9);
  });

  it('grouped turbot fish: a group holds the digit when one of its cells does', () => {
    const line = CASES[8].boxes;
    const step = firstUse(line, 'grouped turbot fish');
    expect(step.explanation).toBe(
      '6 goes in column 2 only in the group (r7c2, r8c2, r9c2) or r6c2; in column 5 only in ' +
        'r6c5 or r8c5 (a group holds 6 when one of its cells does); r6c2 sees r6c5, and two ' +
        'that see each other do not both hold 6: if the group (r7c2, r8c2, r9c2) does not ' +
        'hold 6, r6c2 is, r6c5 is not, r8c5 is. So the group (r7c2, r8c2, r9c2) or r8c5 ' +
        'holds 6, and 6 can be removed from r8c3, which sees all of their cells',
    );
  });

  it('grouped chains rate as SukakuExplainer: its base + 0.3; the jellyfish 5.2', () => {
    const expected: [number, Technique, number][] = [
      [8, 'grouped turbot fish', 4.3],
      [9, 'grouped x-chain of three strong links', 5.7],
      [10, 'grouped x-chain of four strong links', 6.1],
      [11, 'jellyfish', 5.2],
    ];
    for (const [index, technique, rating] of expected) {
      expect(CASES[index].technique).toBe(technique);
      const step = firstUse(CASES[index].boxes, technique);
      expect(stepDifficulty(initialState(boardOf(CASES[index].boxes)), step), technique).toBe(
        rating,
      );
    }
  });

  it('y-cycle: a loop of two-candidate cells, rated as SE rates its bidirectional Y-cycle', () => {
    const line = CASES[12].boxes;
    const step = firstUse(line, 'y-cycle');
    expect(step.explanation).toBe(
      'r3c2 (4 or 6), r3c7 (4 or 8), r8c7 (3 or 8) and r8c2 (3 or 6) form a loop, each cell ' +
        'seeing the next: r3c2 and r3c7 share 4, r3c7 and r8c7 share 8, r8c7 and r8c2 share 3 ' +
        'and r8c2 and r3c2 share 6. If one of them is the digit it shares with the next, the ' +
        'next is not, so it is the digit it shares with the one after, and so on round the ' +
        'loop; so either every cell holds the digit it shares with the next, or every cell the ' +
        'one it shares with the one before. Either way, of two neighbours exactly one holds ' +
        'their shared digit, so remove 4 from r3c3; 8 from r4c7 and r9c7, which see both',
    );
    // Four cells: 6.5 plus the length term on 8 candidates, 6.6, as SE rates this puzzle.
    expect(stepDifficulty(initialState(boardOf(line)), step)).toBe(6.6);
    // Five cells (10 candidates): 6.7, SE's number for this one too.
    const five =
      '74...5....1.7..43..5..1.7.9..4..3..8.8.1.9.4.3..8..1..4.6.5..8..31..8.7....4...61';
    expect(stepDifficulty(initialState(boardOf(five)), firstUse(five, 'y-cycle'))).toBe(6.7);
  });

  it('wxyz-wing', () => {
    // SE's shape (a cell of two candidates, the three others seeing each other): the wing
    // on r4c1, r4c7, r7c5 and r7c7 found before is not one (r4c1 and r7c5 do not see each other).
    expect(firstUse(CASES[5].boxes, 'wxyz-wing').explanation).toBe(
      'r4c7, r7c1, r7c5 and r7c7 hold only 1, 6, 7 and 8 between them. Each of 1, 6 and 7 ' +
        'can be in only one of them (the cells holding it see each other), so 1, 6 and 7 fill ' +
        'at most 3 of the 4 cells and one of r4c7 or r7c1 is 8. So 8 can be removed ' +
        'from r4c1, which sees all of them',
    );
  });

  it('alternating chain: the shortest over every start, as SE takes the least complex', () => {
    // Sudoku Exchange sample 000274921f39, SE 7.1: a chain of 6 candidates (7.1), where the
    // first start with a chain gave one of 8 (7.2).
    const line =
      '590000007040010083008034900001402000069000820000109300004670200980040030700000016';
    const step = firstUse(line, 'alternating chain');
    expect(step.candidates).toHaveLength(6);
    expect(ratingOf(solveByLogic(boardOf(line))).explainer?.er).toBe(7.1);
  });

  it('aligned triple exclusion: three cells and the cells that see all three (SE 7.5)', () => {
    // top1465 (boxes) and jigsaw-gen-1000: the first puzzles where it is the next step.
    const boxes = firstUse(
      '050090000100000600000308000008040009514000000030000200000000004080006007700150060',
      'aligned triple exclusion',
    );
    expect(boxes.explanation).toBe(
      'Aligned triple exclusion on r6c3, r7c2 and r9c2: of the ways to fill them with one ' +
        'candidate each, those that put one digit in two of them that see each other, or take ' +
        'every candidate of r4c2 (2, 6 or 7), r7c3 (1 or 5), r8c3 (1 or 5) or r9c3 (2 or 9), ' +
        'which see all three, are out. No way left puts 2 in r9c2, so remove 2 from r9c2',
    );
    const jigsaw = firstUse(
      '900000640001048005000070000000800000080000309006000000500000000030000074600000000 ' +
        '111152233115152223115552223445552333744466663744466693774669999777788899788888899',
      'aligned triple exclusion',
    );
    expect(jigsaw.eliminations).toEqual([{ cell: 6 * 9 + 2, digit: 7 }]);
    expect(jigsaw.explanation).toContain('or r7c5 (1 or 8), which see all three');
  });
});

describe('built positions and near misses', () => {
  it('a jellyfish on a jigsaw: four rows whose 1s lie in four columns clear those columns', () => {
    const regions = Array.from(CASES[0].jigsaw?.split(' ')[1] ?? '', (ch) => Number(ch) - 1);
    const board = createBoard(9, regions);
    const marks = fullMarks();
    const bases = [1, 3, 5, 7];
    const covers = [2, 4, 6, 8];
    const outside = [1, 3, 5, 7, 9].filter((col) => !covers.includes(col));
    for (const row of bases)
      remove(
        marks,
        outside.map((col) => at(row, col)),
        [1],
      );
    const step = jellyfish(initialState(board, marks));
    const targets = [2, 4, 6, 8, 9].flatMap((row) => covers.map((col) => at(row, col)));
    expect(byCell(step)).toBe(expectedEliminations(targets, [1]));
    expect(step?.explanation).toMatch(
      /^In rows 1, 3, 5 and 7, 1 can only go in columns 2, 4, 6 and 8/,
    );
    // A fifth column for 1 in row 1: four rows no longer fit four columns.
    marks[at(1, 9)] |= 1 << 1;
    expect(jellyfish(initialState(board, marks))).toBeNull();
  });

  it('names each shape once: a skyscraper is neither a kite nor a turbot fish', () => {
    const state = initialState(createBoard(9), skyscraperMarks());
    const step = skyscraper(state);
    expect(step?.cells).toEqual([at(1, 1), at(2, 5), at(7, 1), at(7, 5)]);
    expect(byCell(step)).toBe(expectedEliminations([at(1, 4), at(1, 6), at(2, 2), at(2, 3)], [1]));
    expect(twoStringKite(state)).toBeNull();
    expect(turbotFish(state)).toBeNull();
  });

  it('a built y-cycle: r1c1 {1,2}, r1c5 {2,3}, r5c5 {3,4}, r5c1 {4,1}; none with a 5 in it', () => {
    const loop = [at(1, 1), at(1, 5), at(5, 5), at(5, 1)];
    const pairs = [
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 1],
    ];
    const marks = fullMarks();
    loop.forEach((cell, index) => keepOnly(marks, [cell], pairs[index]));
    const step = yCycle(initialState(createBoard(9), marks));
    // 2 leaves row 1, 3 column 5, 4 row 5 and 1 column 1 (no other cell sees both ends).
    const line = (cells: number[]): number[] => cells.filter((cell) => !loop.includes(cell));
    const row = (r: number): number[] => line(Array.from({ length: 9 }, (_, c) => at(r, c + 1)));
    const col = (c: number): number[] => line(Array.from({ length: 9 }, (_, r) => at(r + 1, c)));
    const expected = [
      ...col(1).map((cell) => ({ cell, digit: 1 })),
      ...row(1).map((cell) => ({ cell, digit: 2 })),
      ...col(5).map((cell) => ({ cell, digit: 3 })),
      ...row(5).map((cell) => ({ cell, digit: 4 })),
    ];
    expect(step?.eliminations).toEqual(expected);
    // r5c1 {4,5}: the loop does not close.
    marks[at(5, 1)] = (1 << 4) | (1 << 5);
    expect(yCycle(initialState(createBoard(9), marks))).toBeNull();
  });

  it('finds nothing when a link has a third place', () => {
    const marks = skyscraperMarks();
    marks[at(5, 5)] |= 1 << 1;
    const state = initialState(createBoard(9), marks);
    expect(skyscraper(state)).toBeNull();
    expect(turbotFish(state)).toBeNull();
  });
  it('colour wrap: two cells of one colour see each other, so that colour loses the digit', () => {
    // 1 has two places in row 1 (c1, c5), column 5 (r1, r5), row 5 (c5, c2), column 2 (r5, r2).
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 4, 6, 7, 8, 9].map((col) => at(1, col)),
      [1],
    );
    remove(
      marks,
      [2, 3, 4, 6, 7, 8, 9].map((row) => at(row, 5)),
      [1],
    );
    remove(
      marks,
      [1, 3, 4, 6, 7, 8, 9].map((col) => at(5, col)),
      [1],
    );
    remove(
      marks,
      [1, 3, 4, 6, 7, 8, 9].map((row) => at(row, 2)),
      [1],
    );
    const step = simpleColouring(initialState(createBoard(9), marks));
    expect(step?.technique).toBe('simple colouring');
    expect(byCell(step)).toBe(expectedEliminations([at(1, 1), at(2, 2), at(5, 5)], [1]));
    expect(step?.explanation).toBe(
      'Colour the places of 1 along the units where 1 has only two places: colour A (r1c1, ' +
        'r2c2 and r5c5) and colour B (r1c5 and r5c2); one of the two colours holds 1 in all ' +
        'its cells, the other in none. r1c1 and r2c2 both have colour A and see each other, ' +
        'so colour A cannot hold 1 (colour wrap), so 1 can be removed from r1c1, r2c2 and r5c5',
    );
  });

  it('finds nothing when no cell sees both colours', () => {
    const marks = fullMarks();
    remove(
      marks,
      [2, 3, 4, 6, 7, 8, 9].map((col) => at(1, col)),
      [1],
    );
    remove(
      marks,
      [2, 3, 4, 5, 6, 7, 8].map((row) => at(row, 5)),
      [1],
    );
    const state = initialState(createBoard(9), marks);
    expect(simpleColouring(state)).toBeNull();
    expect(multiColouring(state)).toBeNull();
  });

  const wing = (last: number[]): Int32Array => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2, 3, 4]);
    keepOnly(marks, [at(1, 5)], [1, 4]);
    keepOnly(marks, [at(2, 2)], [2, 4]);
    keepOnly(marks, [at(3, 3)], last);
    return marks;
  };

  it('a built wing: pivot r1c1 {1,2,3,4}, wings r1c5 {1,4}, r2c2 {2,4}, r3c3 {3,4}', () => {
    const step = wxyzWing(initialState(createBoard(9), wing([3, 4])));
    expect(step?.technique).toBe('wxyz-wing');
    expect(byCell(step)).toBe(expectedEliminations([at(1, 2), at(1, 3)], [4]));
  });

  it('finds nothing when the four cells hold five digits', () => {
    expect(wxyzWing(initialState(createBoard(9), wing([3, 5])))).toBeNull();
  });

  // Five cells, five digits: 1-4 each in two cells that see each other, 5 in all the wings.
  const bigWing = (last: number[]): Int32Array => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2, 3, 4, 5]);
    keepOnly(marks, [at(1, 5)], [1, 5]);
    keepOnly(marks, [at(2, 2)], [2, 5]);
    keepOnly(marks, [at(3, 3)], [3, 5]);
    keepOnly(marks, [at(1, 9)], last);
    return marks;
  };

  it("finds a vwxyz-wing in SukakuExplainer's shape only: box 1 {1-4}, {1,5}, {2,5}, {3,5}, r1c9 {4,5}", () => {
    // Sound, but not SE's shape (r2c2 and r1c9 do not see each other): SE's VWXYZ-wing is a
    // cell of two candidates and four cells that all see each other; this one SE finds as
    // a chain, and so do we (docs/logic.md).
    expect(vwxyzWing(initialState(createBoard(9), bigWing([4, 5])))).toBeNull();
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2, 3, 4]);
    keepOnly(marks, [at(1, 2)], [1, 5]);
    keepOnly(marks, [at(2, 1)], [2, 5]);
    keepOnly(marks, [at(2, 2)], [3, 5]);
    keepOnly(marks, [at(1, 9)], [4, 5]);
    const state = initialState(createBoard(9), marks);
    const step = vwxyzWing(state);
    expect(step?.technique).toBe('vwxyz-wing');
    expect(byCell(step)).toBe(expectedEliminations([at(1, 3)], [5]));
    // On the Sudoku Explainer scale: 6.2, +0.1 as its biggest cell (4) is one off the middle (3).
    expect(stepDifficulty(state, step as Step)).toBe(6.3);
  });

  it('a doubly linked wxyz-wing (every digit restricted) removes each of its four digits', () => {
    // r1c1 {1,2,3}, r1c2 {2,4}, r2c1 {2,3} see each other; r1c5 {1,4} sees every 1 and 4.
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2, 3]);
    keepOnly(marks, [at(1, 2)], [2, 4]);
    keepOnly(marks, [at(2, 1)], [2, 3]);
    keepOnly(marks, [at(1, 5)], [1, 4]);
    const step = wxyzWing(initialState(createBoard(9), marks));
    expect(step?.technique).toBe('wxyz-wing');
    const removed = (digit: number): number[] =>
      (step as Step).eliminations.filter((e) => e.digit === digit).map((e) => e.cell);
    expect(removed(1)).toContain(at(1, 9));
    expect(removed(4)).toContain(at(1, 3));
    expect(removed(2)).toContain(at(3, 3));
    expect(removed(3)).toContain(at(9, 1));
  });

  it('finds no vwxyz-wing when the five cells hold six digits', () => {
    expect(vwxyzWing(initialState(createBoard(9), bigWing([4, 6])))).toBeNull();
  });

  // r1c1 {1,2,3}, r2c5 {4,5}, and two cells of two candidates that see both: r1c5 {1,4}
  // and r1c6 {1,5}. With r1c1 = 1, r2c5 could be neither 4 (r1c5 empty) nor 5 (r1c6 empty).
  const aligned = (third: number[]): Int32Array => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2, 3]);
    keepOnly(marks, [at(2, 5)], [4, 5]);
    keepOnly(marks, [at(1, 5)], [1, 4]);
    keepOnly(marks, [at(1, 6)], third);
    return marks;
  };

  it('aligned pair exclusion: a digit of one cell that goes with none of the other', () => {
    const step = alignedPairExclusion(initialState(createBoard(9), aligned([1, 5])));
    expect(step?.technique).toBe('aligned pair exclusion');
    expect(byCell(step)).toBe(expectedEliminations([at(1, 1)], [1]));
    expect(step?.cells).toEqual([at(1, 1), at(1, 5), at(1, 6), at(2, 5)]);
    expect(step?.explanation).toBe(
      'Aligned pair exclusion on r1c1 and r2c5: if r1c1 were 1, r2c5 could be none of its ' +
        'candidates: 4 (r1c5, which sees both, would have no candidate) and 5 (r1c6, which ' +
        'sees both, would have no candidate). So r1c1 is not 1',
    );
  });

  it('finds no aligned pair exclusion when one pair is left open', () => {
    expect(alignedPairExclusion(initialState(createBoard(9), aligned([1, 6])))).toBeNull();
  });
});
