/**
 * The solver contract (src/engine/contract.ts) as one suite that every fast engine's test
 * file declares with its own boards: `engineContractTests(engine, boards)`. It checks
 * against reference engines on random boards (count and `complete` up to 2 and further,
 * clue clashes, the unique solution, every verdict seen often), limit and keepSolutions,
 * the same answers when a layout comes back, boards whose counts are known, and the search
 * control every engine shares (progress pace, abort, a full grid, clashing clues, sizes it
 * refuses). What differs per engine (boards, references, run counts) is in its own file.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createBoard,
  createRandom,
  guessBudget,
  isSolution,
  randomSolution,
  startRegions,
  type Board,
  type CountFunction,
  type CountResult,
  type SearchOptions,
} from '../../src/engine/index.ts';

/** Every solution an engine returned solves the board, and no two are the same grid. */
export function expectValidSolutions(board: Board, solutions: Uint8Array[]): void {
  for (const solution of solutions) expect(isSolution(board, solution)).toBe(true);
  // Comma-joined: digits 10 and up would make plain joins ambiguous.
  expect(new Set(solutions.map((solution) => solution.join(','))).size).toBe(solutions.length);
}

/** An engine to hold to the contract. */
export interface EngineUnderTest {
  /** As the describe blocks name it: `standard 9x9 engine`. */
  name: string;
  count: CountFunction;
  /** Board size for the search-control tests (on the standard boxes of that size). */
  size: number;
  /** Boards it must refuse with a RangeError (other sizes). */
  refuses?: Board[];
}

/** An engine the one under test is compared with. */
export interface Reference {
  name: string;
  /**
   * The reference count. A reference run with a node budget may stop (`aborted`): its count
   * is then only a lower bound, and nothing else is compared.
   */
  count: (board: Board, limit: number) => CountResult;
  /** How many boards of the verdict mix it must finish at least (with a budget). */
  minFinished?: number;
}

/** A board whose count up to 2 is known (a benchmark puzzle). */
export interface KnownBoard {
  board: Board;
  count: number;
  /** Shown when the count is wrong: the puzzle's line. */
  label?: string;
}

export interface ContractBoards {
  /** What the engine is compared with, first to last. */
  references: Reference[];
  /** Boards for the count up to 2, mixed so that none, one and many solutions all turn up. */
  verdictMix: fc.Arbitrary<Board>;
  verdictRuns: number;
  /**
   * The mix is split into classes (say jigsaw layouts and the boxes): each verdict must turn
   * up more than `minPerVerdict` times in every class, or the agreement proves little.
   */
  classOf?: (board: Board) => number;
  classes?: number;
  minPerVerdict: number;
  /** Boards for counts past 2, limits 1..maxLimit, keepSolutions 0..maxKeep. */
  counting: { boards: fc.Arbitrary<Board>; maxLimit: number; maxKeep: number; runs: number };
  /** Boards of a few layouts, counted twice in turn: tables built per layout must not leak. */
  layoutsComeBack?: { boards: fc.Arbitrary<Board>; runs: number };
  /** Boards whose counts are known, read when the test runs. */
  knownBoards?: { name: string; load: () => KnownBoard[] }[];
  /**
   * A guess budget for the engine under test on the random boards. A plain engine (no
   * restarts) has a heavy tail: now and then a sparse board with a wrong clue takes it
   * millions of guesses to prove that it has no solution, and one such board made a test
   * run for minutes. A board past the budget is not compared, and at most `maxOverBudget`
   * of them may turn up in one property run.
   */
  engineBudget?: { guesses: number; maxOverBudget: number };
}

/** Declare the contract tests for `engine` (each group in its own describe). */
export function engineContractTests(engine: EngineUnderTest, boards: ContractBoards): void {
  const { count } = engine;
  /**
   * The engine's count within boards.engineBudget (when set), or null past it: on the
   * random boards, where `overBudget` counts the boards skipped so.
   */
  let overBudget = 0;
  const countWithin = (board: Board, limit: number, options: SearchOptions = {}) => {
    if (boards.engineBudget === undefined) return count(board, limit, options);
    const { guesses } = boards.engineBudget;
    const budget = guessBudget(guesses, Math.min(guesses, 4096));
    const result = count(board, limit, { ...options, ...budget });
    if (!budget.signal.aborted) return result;
    overBudget++;
    return null;
  };
  const expectFewOverBudget = (): void =>
    expect(overBudget).toBeLessThanOrEqual(boards.engineBudget?.maxOverBudget ?? 0);
  const against = boards.references.map((reference) => reference.name).join(' and ');

  describe(`${engine.name} against ${against}`, () => {
    it('agrees on the count up to 2, and every solution is valid', () => {
      overBudget = 0;
      const classes = boards.classes ?? 1;
      const verdicts = new Array<number>(3 * classes).fill(0);
      const finished = boards.references.map(() => 0);
      fc.assert(
        fc.property(boards.verdictMix, (board) => {
          const result = countWithin(board, 2);
          if (result === null) return;
          verdicts[3 * (boards.classOf?.(board) ?? 0) + result.count]++;
          expect(result.aborted).toBe(false);
          expect(result.complete).toBe(result.count < 2);
          expect(result.solutions.length).toBe(result.count);
          expectValidSolutions(board, result.solutions);
          boards.references.forEach((reference, index) => {
            const expected = reference.count(board, 2);
            expect(result.clueConflicts).toEqual(expected.clueConflicts);
            if (expected.aborted) {
              expect(result.count).toBeGreaterThanOrEqual(expected.count);
              return;
            }
            finished[index]++;
            expect(result.count).toBe(expected.count);
            if (expected.count === 1) expect(result.solutions[0]).toEqual(expected.solutions[0]);
          });
        }),
        { numRuns: boards.verdictRuns },
      );
      expectFewOverBudget();
      for (const seen of verdicts) expect(seen).toBeGreaterThan(boards.minPerVerdict);
      boards.references.forEach((reference, index) =>
        expect(finished[index]).toBeGreaterThan(reference.minFinished ?? boards.verdictRuns - 1),
      );
    }, 60_000);

    it('agrees on larger counts, stops at the limit, and keeps only keepSolutions', () => {
      overBudget = 0;
      const { counting } = boards;
      fc.assert(
        fc.property(
          counting.boards,
          fc.integer({ min: 1, max: counting.maxLimit }),
          fc.nat({ max: counting.maxKeep }),
          (board, limit, keepSolutions) => {
            const result = countWithin(board, limit, { keepSolutions });
            if (result === null) return;
            for (const reference of boards.references) {
              const expected = reference.count(board, limit);
              if (expected.aborted) expect(result.count).toBeGreaterThanOrEqual(expected.count);
              else expect(result.count).toBe(expected.count);
            }
            expect(result.complete).toBe(result.count < limit);
            expect(result.solutions.length).toBe(Math.min(keepSolutions, result.count));
            expectValidSolutions(board, result.solutions);
            const all = countWithin(board, limit);
            if (all === null) return;
            expect(all.solutions.length).toBe(all.count);
            expectValidSolutions(board, all.solutions);
          },
        ),
        { numRuns: counting.runs },
      );
      expectFewOverBudget();
    }, 60_000);

    const { layoutsComeBack } = boards;
    if (layoutsComeBack) {
      it('gives the same answer when a layout comes back after others', () => {
        overBudget = 0;
        fc.assert(
          fc.property(
            fc.array(layoutsComeBack.boards, { minLength: 2, maxLength: 4 }),
            (several) => {
              const first = several.map((board) => countWithin(board, 2));
              const again = several.map((board) => countWithin(board, 2));
              expect(again).toEqual(first);
            },
          ),
          { numRuns: layoutsComeBack.runs },
        );
        expectFewOverBudget();
      });
    }
  });

  for (const known of boards.knownBoards ?? []) {
    describe(`${engine.name} on ${known.name}`, () => {
      it('gets every known count, with valid solutions', () => {
        for (const { board, count: expected, label } of known.load()) {
          const result = count(board, 2);
          expect(result.count, label).toBe(expected);
          expect(result.complete).toBe(expected < 2);
          expectValidSolutions(board, result.solutions);
        }
      }, 30_000);
    });
  }

  describe(`${engine.name}: search control`, () => {
    if (engine.refuses) {
      const refused = engine.refuses;
      it('refuses boards it is not made for', () => {
        for (const board of refused) expect(() => count(board, 2)).toThrow(RangeError);
      });
    }
    searchControlTests(count, engine.size);
  });
}

/**
 * The search-control tests for boards of `size` on the standard boxes (or, for a size
 * without boxes, its start layout: startRegions): progress exactly
 * every `progressEvery` nodes, a stop on abort, a full grid needs no guess, clues that clash
 * give no solution without search. (An empty jigsaw 16x16 can take any engine thousands of
 * guesses to a first solution, so the boxes keep the progress test short.)
 */
export function searchControlTests(count: CountFunction, size: number): void {
  const layout = startRegions(size);
  it('reports progress and stops on abort', () => {
    const empty = createBoard(size, layout);
    const reports: number[] = [];
    const signal = { aborted: false };
    const result = count(empty, 1e9, {
      signal,
      progressEvery: 100,
      keepSolutions: 0,
      onProgress: ({ nodes, solutions }) => {
        reports.push(nodes);
        expect(solutions).toBeLessThanOrEqual(nodes);
        signal.aborted = nodes >= 1000;
      },
    });
    expect(reports).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(result.aborted).toBe(true);
    expect(result.complete).toBe(false);
    expect(result.solutions).toEqual([]);
    expect(result.count).toBeGreaterThan(0);
  });

  it('solves a full grid and rejects clashing clues without search', () => {
    const solution = randomSolution(size, layout, createRandom(7)) as Uint8Array;
    const full = createBoard(size, layout, solution);
    const result = count(full, 2);
    expect(result.count).toBe(1);
    expect(result.complete).toBe(true);
    expect(result.nodes).toBe(0);
    expect(result.solutions[0]).toEqual(solution);
    const clash = createBoard(
      size,
      layout,
      Uint8Array.from(solution, (_digit, cell) => (cell < 2 ? 5 : 0)),
    );
    const clashed = count(clash, 2);
    expect(clashed.count).toBe(0);
    expect(clashed.nodes).toBe(0);
    expect(clashed.clueConflicts.length).toBeGreaterThan(0);
  });
}
