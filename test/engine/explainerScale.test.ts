/**
 * The Sudoku Explainer scale (explainerScale.ts): the length term, the hidden singles'
 * three numbers, ER / pearl / diamond of a solve, and the numbers on whole puzzles.
 */
import { describe, expect, it } from 'vitest';
import { at, fullMarks, keepOnly, parse9, remove } from '../fixtures/candidateMarks.ts';
import { DYNAMIC, Propagator, STATIC } from '../../src/engine/logic/propagation.ts';
import {
  EXPLAINER_BASE,
  GROUPED_TERM,
  STRONG_LINK_BASE,
  explainerRating,
  hiddenSingle,
  initialState,
  lengthTerm,
  ratePuzzle,
  solveByLogic,
  stepDifficulty,
  TECHNIQUE_NAMES,
  type Step,
} from '../../src/engine/index.ts';

const EMPTY9 = parse9('.'.repeat(81));

describe('the length term', () => {
  it("adds 0.1 each time the length passes 4, 6, 8, 12, 16, 24, 32 (Sudoku Explainer's)", () => {
    // Candidates the chain rests on -> the term; the length is two less.
    const table: [number, number][] = [
      [2, 0],
      [6, 0],
      [7, 0.1],
      [8, 0.1],
      [9, 0.2],
      [10, 0.2],
      [11, 0.3],
      [14, 0.3],
      [15, 0.4],
      [18, 0.4],
      [19, 0.5],
      [26, 0.5],
      [27, 0.6],
      [34, 0.6],
      [35, 0.7],
    ];
    for (const [complexity, term] of table) {
      expect(lengthTerm(complexity), `${complexity} candidates`).toBeCloseTo(term, 10);
    }
  });
});

describe('a step on the scale', () => {
  it('a hidden single is 1.0 as a full house, 1.2 in its region, 1.5 in a line', () => {
    const fullHouse = initialState(parse9('12345678.' + '.'.repeat(72)));
    const last = hiddenSingle(fullHouse) as Step;
    expect(last.placements).toEqual([{ cell: at(1, 9), digit: 9 }]);
    expect(stepDifficulty(fullHouse, last)).toBe(1.0);

    const marks = fullMarks();
    remove(
      marks,
      [at(1, 1), at(1, 2), at(1, 3), at(2, 1), at(2, 3), at(3, 1), at(3, 2), at(3, 3)],
      [5],
    );
    const inRegion = initialState(EMPTY9, marks);
    expect(stepDifficulty(inRegion, hiddenSingle(inRegion) as Step)).toBe(1.2);

    // 5 has one place in row 1 (r1c9) but three in its region (r1c9, r2c9, r3c9).
    const lineMarks = fullMarks();
    remove(
      lineMarks,
      [1, 2, 3, 4, 5, 6, 7, 8].map((col) => at(1, col)),
      [5],
    );
    const inLine = initialState(EMPTY9, lineMarks);
    const step = hiddenSingle(inLine) as Step;
    expect(step.placements).toEqual([{ cell: at(1, 9), digit: 5 }]);
    expect(stepDifficulty(inLine, step)).toBe(1.5);
  });

  it('a chain adds its length term to its base; other techniques are their base', () => {
    const state = initialState(EMPTY9);
    const chain = (technique: Step['technique'], nodes: number): Step => ({
      technique,
      cells: [],
      candidates: Array.from({ length: nodes }, (_, cell) => ({ cell, digit: 1 })),
      placements: [],
      eliminations: [{ cell: 80, digit: 1 }],
      explanation: '',
    });
    // A chain of links counts its candidates and the removed one twice, true and false
    // (SE's ForcingChainHint: a skyscraper's 4 cells are its 6-node turbot fish).
    expect(stepDifficulty(state, chain('x-chain', 4))).toBe(6.6);
    expect(stepDifficulty(state, chain('x-chain', 6))).toBe(6.7);
    expect(stepDifficulty(state, chain('x-chain', 9))).toBe(6.9);
    // SE has no w-wing: its six candidates are an XY forcing chain of 8 (7.0 + 0.1).
    expect(stepDifficulty(state, chain('w-wing', 6))).toBe(7.1);
    expect(stepDifficulty(state, chain('alternating chain', 10))).toBe(7.3);
    expect(stepDifficulty(state, chain('forcing chain', 19))).toBe(7.5);
    expect(stepDifficulty(state, chain('x-wing', 40))).toBe(3.2);
    expect(stepDifficulty(state, chain('skyscraper', 4))).toBe(4.0);
  });

  it('every technique has its number', () => {
    for (const name of TECHNIQUE_NAMES) expect(EXPLAINER_BASE[name], name).toBeGreaterThan(0);
  });

  it("rates a grouped chain of strong links SukakuExplainer's way: its base + 0.3", () => {
    const grouped = [
      [2, 'grouped turbot fish'],
      [3, 'grouped x-chain of three strong links'],
      [4, 'grouped x-chain of four strong links'],
    ] as const;
    for (const [links, name] of grouped) {
      const expected = Math.round((STRONG_LINK_BASE[links] + GROUPED_TERM) * 10) / 10;
      expect(EXPLAINER_BASE[name], name).toBe(expected);
    }
    expect(EXPLAINER_BASE['grouped turbot fish']).toBe(EXPLAINER_BASE['finned x-wing']);
  });
});

describe('a solve on the scale', () => {
  it('ER is the hardest step, the pearl the hardest up to the first placement, the diamond the first', () => {
    const step = (technique: Step['technique'], placed: boolean): Step => ({
      technique,
      cells: [],
      candidates: [],
      placements: placed ? [{ cell: 0, digit: 1 }] : [],
      eliminations: placed ? [] : [{ cell: 0, digit: 2 }],
      explanation: '',
    });
    const steps = [
      step('pointing', false),
      step('x-wing', false),
      step('hidden single', true),
      step('turbot fish', false),
      step('naked single', true),
    ];
    expect(explainerRating(steps, [2.6, 3.2, 1.2, 4.2, 2.3])).toEqual({
      er: 4.2,
      pearl: 3.2,
      diamond: 2.6,
      technique: 'turbot fish',
    });
    expect(explainerRating([], [])).toBeNull();
  });

  // POJ 3074's sample: singles alone (1.2: hidden singles in regions and full houses).
  const SINGLES =
    '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
  // A forcing chain finishes it (squiggly rate: extreme).
  const FORCING =
    '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

  it('rates whole puzzles: the same number every time, a forcing chain at 7.0 or more', () => {
    const easy = ratePuzzle(parse9(SINGLES));
    expect(easy.explainer).toEqual({
      er: 1.2,
      pearl: 1.2,
      diamond: 1.2,
      technique: 'hidden single',
    });
    const hard = ratePuzzle(parse9(FORCING));
    expect(hard.level).toBe('extreme');
    expect(hard.explainer?.er).toBeGreaterThanOrEqual(7);
    expect(ratePuzzle(parse9(FORCING)).explainer).toEqual(hard.explainer);
    // The number follows the steps: the maximum of the solve's own numbers.
    const result = solveByLogic(parse9(FORCING));
    expect(result.difficulties).toHaveLength(result.steps.length);
    expect(hard.explainer?.er).toBe(Math.max(...result.difficulties));
  });

  it('has no number when logic does not finish', () => {
    expect(ratePuzzle(EMPTY9).explainer).toBeNull();
  });
});

describe('static and dynamic chains', () => {
  /** Follow r1c1 = 1 from a position with the given candidates (all others open). */
  const follow = (special: [number, number[]][]) => {
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2]);
    for (const [cell, digits] of special) keepOnly(marks, [cell], digits);
    const p = new Propagator(initialState(EMPTY9, marks).geometry);
    p.reset(new Uint8Array(81), marks);
    p.assumePlaced(at(1, 1), 1);
    return { p, facts: Array.from({ length: p.factCount }, (_, fact) => fact) };
  };

  it('a chain of cells with two candidates is static; a single that needs two facts is dynamic', () => {
    // r1c2 {1,4}: r1c1 = 1 leaves it 4, from that one fact.
    const links = follow([[at(1, 2), [1, 4]]]);
    expect(links.p.grid[at(1, 2)]).toBe(4);
    expect(links.p.isStatic(links.facts)).toBe(true);
    // r1c9 {1,4,5} loses 1 (the assumption) and 4 (r1c2's placement): 5 rests on both.
    const dynamic = follow([
      [at(1, 2), [1, 4]],
      [at(1, 9), [1, 4, 5]],
    ]);
    expect(dynamic.p.grid[at(1, 9)]).toBe(5);
    expect(dynamic.p.isStatic(dynamic.facts)).toBe(false);
  });

  it('a dynamic forcing chain starts at 8.5 (7.5 of one digit), a static one at 7.0', () => {
    const state = initialState(EMPTY9);
    const chain: Step = {
      technique: 'forcing chain',
      cells: [],
      candidates: Array.from({ length: 6 }, (_, cell) => ({ cell, digit: 1 })),
      placements: [],
      eliminations: [{ cell: 80, digit: 1 }],
      explanation: '',
    };
    expect(stepDifficulty(state, chain)).toBe(7.0);
    expect(stepDifficulty(state, { ...chain, dynamic: 'many digits' })).toBe(8.5);
    // One digit throughout: Sudoku Explainer's Nishio.
    expect(stepDifficulty(state, { ...chain, dynamic: 'one digit' })).toBe(7.5);
    // SE's count when the step says it (the candidates true and false behind the chain).
    expect(stepDifficulty(state, { ...chain, complexity: 15 })).toBe(7.4);
    expect(stepDifficulty(state, { ...chain, technique: 'dynamic forcing chain' })).toBe(8.5);
  });

  it("follows SE's three kinds: static links only, one digit alone, or every single", () => {
    // r1c1 = 1 and r1c9 {1,4,5}: r1c9 loses 1. r2c9 {4,5} and r3c9 {4,6}: nothing is a link
    // from r1c9 (three candidates), so a static chain stops where a dynamic one goes on.
    const marks = fullMarks();
    keepOnly(marks, [at(1, 1)], [1, 2]);
    keepOnly(marks, [at(1, 2)], [1, 4]);
    keepOnly(marks, [at(1, 9)], [1, 4, 5]);
    const p = new Propagator(initialState(EMPTY9, marks).geometry);
    p.reset(new Uint8Array(81), marks, DYNAMIC);
    p.assumePlaced(at(1, 1), 1);
    expect(p.grid[at(1, 9)]).toBe(5); // needs both r1c1 = 1 and r1c2 = 4
    p.reset(new Uint8Array(81), marks, STATIC);
    p.assumePlaced(at(1, 1), 1);
    expect(p.grid[at(1, 2)]).toBe(4); // a link: r1c2 had two candidates
    expect(p.grid[at(1, 9)]).toBe(0);
    // One digit: only 1's places; r1c2 keeps its 4 unplaced.
    p.reset(new Uint8Array(81), marks, 1);
    p.assumePlaced(at(1, 1), 1);
    expect(p.grid[at(1, 2)]).toBe(0);
    // SE's count of r1c2 = 4 (static): r1c1 = 1, r1c2 is not 1, r1c2 = 4.
    p.reset(new Uint8Array(81), marks, STATIC);
    p.assumePlaced(at(1, 1), 1);
    expect(p.explainerComplexity([], [p.placementOf(at(1, 2))])).toBe(3);
  });
});
