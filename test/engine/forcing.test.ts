/**
 * The forcing chains: each explanation is a proof a person can check, fact by fact.
 *
 * For positions where the other techniques are stuck (reached by solving real puzzles from
 * the benchmark sets, standard and jigsaw), the step's explanation is replayed: from the
 * position and the assumption, every fact it lists must be a naked or hidden single at its
 * turn (using only the facts listed before it), and the break it ends with must then be
 * there. So the chain said is complete, not just the conclusion right; the conclusion is
 * also checked against the solution.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyStep,
  cellForcingChain,
  cloneState,
  countSolutionsBest,
  createBoard,
  findStep,
  forcingChain,
  initialState,
  isSolved,
  nestedForcingChain,
  solveByLogic,
  standardRegions,
  TECHNIQUES,
  unitForcingChain,
  type Board,
  type LogicState,
  type Step,
} from '../../src/engine/index.ts';
import { JIGSAW_BENCH, BENCH_DATA } from '../fixtures/paths.ts';

const SIZE = 9;

/** Cell index of `r4c5`. */
const cellOf = (name: string): number => {
  const [, row, col] = /^r(\d+)c(\d+)$/.exec(name) as RegExpExecArray;
  return (Number(row) - 1) * SIZE + Number(col) - 1;
};

function boardOf(line: string): Board {
  const compact = line.replace(/\s+/g, '');
  const [givensText, regionsText] = [compact.slice(0, 81), compact.slice(81)];
  const givens = Array.from(givensText, (char) => (char === '.' ? 0 : Number(char)));
  if (regionsText.length === 0) return createBoard(SIZE, standardRegions(SIZE), givens);
  const ids = new Map<string, number>();
  const regions = Array.from(regionsText, (char) => {
    if (!ids.has(char)) ids.set(char, ids.size);
    return ids.get(char) as number;
  });
  return createBoard(SIZE, regions, givens);
}

const linesOf = (file: string, count: number): string[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.length >= 81)
    .slice(0, count);

/** Positions where every technique before the forcing chains is stuck, from solving `board`. */
function stuckPositions(board: Board): LogicState[] {
  const easier = TECHNIQUES.filter((entry) => !entry.name.includes('forcing'));
  const state = initialState(board);
  const positions: LogicState[] = [];
  while (!isSolved(state)) {
    const step = findStep(state, easier) ?? findStep(state);
    if (step === null) break;
    if (step.technique.includes('forcing')) positions.push(cloneState(state));
    applyStep(state, step);
  }
  return positions;
}

/** Place a digit on a copy of the state's arrays, as the singles would. */
function place(state: LogicState, cell: number, digit: number): void {
  applyStep(state, { placements: [{ cell, digit }], eliminations: [] });
}

const FACT =
  /(r\d+c\d+) = (\d) \((its only candidate|the only place for (\d) in (row|column|region) (\d+))\)/g;

/** Replay the facts of a text from a state: each must be a single when its turn comes. */
function replayFacts(state: LogicState, text: string): void {
  for (const match of text.matchAll(FACT)) {
    const [whole, name, digitText, reason, , kind, index] = match;
    const cell = cellOf(name);
    const digit = Number(digitText);
    expect(state.grid[cell], whole).toBe(0);
    if (reason === 'its only candidate') {
      expect(state.candidates[cell], whole).toBe(1 << digit);
    } else {
      const offset = kind === 'row' ? 0 : kind === 'column' ? SIZE : 2 * SIZE;
      const unit = state.geometry.units[offset + Number(index) - 1];
      expect(unit.cells, whole).toContain(cell);
      const places = unit.cells.filter((other) => state.candidates[other] & (1 << digit));
      expect(places, whole).toEqual([cell]);
    }
    place(state, cell, digit);
  }
}

/** The break a text ends with holds in the state. */
function checkBreak(state: LogicState, text: string): void {
  const cellBreak = /(r\d+c\d+) would have no candidate left\. So/.exec(text);
  if (cellBreak !== null) {
    const cell = cellOf(cellBreak[1]);
    expect(state.grid[cell]).toBe(0);
    expect(state.candidates[cell]).toBe(0);
    return;
  }
  const unitBreak = /(\d) would have no place left in (row|column|region) (\d+)\. So/.exec(text);
  expect(unitBreak, text).not.toBeNull();
  const [, digitText, kind, index] = unitBreak as RegExpExecArray;
  const offset = kind === 'row' ? 0 : kind === 'column' ? SIZE : 2 * SIZE;
  const unit = state.geometry.units[offset + Number(index) - 1];
  const digit = Number(digitText);
  expect(unit.cells.some((cell) => state.grid[cell] === digit)).toBe(false);
  expect(unit.cells.some((cell) => state.candidates[cell] & (1 << digit))).toBe(false);
}

function agreesWith(step: Step, solution: Uint8Array): void {
  for (const { cell, digit } of step.placements)
    expect(solution[cell], step.explanation).toBe(digit);
  for (const { cell, digit } of step.eliminations)
    expect(solution[cell], step.explanation).not.toBe(digit);
}

const puzzles = [...linesOf(resolve(BENCH_DATA, 'top1465.txt'), 8), ...linesOf(JIGSAW_BENCH, 8)];

describe('forcing chains', () => {
  it('say a complete proof: every fact a single at its turn, then the break', () => {
    let checked = 0;
    for (const line of puzzles) {
      const board = boardOf(line);
      const solution = countSolutionsBest(board, 1).solutions[0];
      for (const position of stuckPositions(board)) {
        const step = forcingChain(position);
        if (step === null) continue;
        agreesWith(step, solution);
        const match = /^If (r\d+c\d+) were (not )?(\d):/.exec(step.explanation);
        expect(match, step.explanation).not.toBeNull();
        const [, name, negated, digitText] = match as RegExpExecArray;
        const cell = cellOf(name);
        const digit = Number(digitText);
        const replay = cloneState(position);
        if (negated === undefined) {
          expect(step.eliminations).toEqual([{ cell, digit }]);
          place(replay, cell, digit);
        } else {
          expect(step.placements).toEqual([{ cell, digit }]);
          replay.candidates[cell] &= ~(1 << digit);
        }
        replayFacts(replay, step.explanation);
        checkBreak(replay, step.explanation);
        checked++;
      }
    }
    // Standard and jigsaw puzzles both reach the forcing chains.
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  it('cell and unit forcing chains: each branch leads to the conclusion by the facts it lists', () => {
    let checked = 0;
    for (const line of puzzles) {
      const board = boardOf(line);
      const solution = countSolutionsBest(board, 1).solutions[0];
      for (const position of stuckPositions(board).slice(0, 3)) {
        for (const step of [cellForcingChain(position), unitForcingChain(position)]) {
          if (step === null) continue;
          agreesWith(step, solution);
          const [conclusion] = [...step.placements, ...step.eliminations];
          const placed = step.placements.length === 1;
          const branches = step.explanation.split('. If ').slice(1);
          expect(branches.length).toBeGreaterThanOrEqual(2);
          branches.forEach((branch) => {
            const [, name, digitText] = /^(r\d+c\d+) = (\d)/.exec(branch) as RegExpExecArray;
            const cell = cellOf(name);
            const digit = Number(digitText);
            // The branch's assumption is drawn, and so is every fact it lists.
            expect(step.candidates).toContainEqual({ cell, digit });
            const replay = cloneState(position);
            place(replay, cell, digit);
            replayFacts(replay, branch);
            if (placed) expect(replay.grid[conclusion.cell], branch).toBe(conclusion.digit);
            else {
              const gone =
                (replay.candidates[conclusion.cell] & (1 << conclusion.digit)) === 0 &&
                replay.grid[conclusion.cell] !== conclusion.digit;
              expect(gone, branch).toBe(true);
            }
          });
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('nested forcing chains finish the forum’s hardest puzzles, each deduction right', () => {
    for (const line of linesOf(resolve(BENCH_DATA, 'forum-hardest-1106.txt'), 2)) {
      const board = boardOf(line);
      const solution = countSolutionsBest(board, 1).solutions[0];
      const result = solveByLogic(board);
      expect(result.status).toBe('solved');
      const nested = result.steps.filter((step) => step.technique === 'nested forcing chain');
      expect(nested.length).toBeGreaterThan(0);
      for (const step of result.steps) agreesWith(step, solution);
      expect(nested[0].explanation).toMatch(
        /^If r\d+c\d+ were \d: .*r\d+c\d+ is not \d \(if it were, [^)]*\).*\. So r\d+c\d+ is not \d$/,
      );
    }
  });

  it('find nothing where no assumption breaks: a grid with many solutions stays stuck', () => {
    const board = createBoard(SIZE, standardRegions(SIZE));
    const state = initialState(board);
    expect(forcingChain(state)).toBeNull();
    expect(cellForcingChain(state)).toBeNull();
    expect(unitForcingChain(state)).toBeNull();
    expect(nestedForcingChain(state)).toBeNull();
    expect(solveByLogic(board).status).toBe('stuck');
  });
});
