/**
 * The generator's guided search for a target difficulty (src/engine/guidedSearch.ts through
 * generateSetterPuzzle): the level reported is the logical solver's own rating of the
 * puzzle, the answer is unique, a seed gives the same puzzle, every size works (the closest
 * puzzle, said so, where the level cannot be had), and progress carries an estimate of the
 * time left. A range on the Sudoku Explainer scale does the same by ER: the solver's ER is
 * in the range, and a missed range gives the puzzle of the nearest ER, with the ERs seen.
 * Small sizes and fixed seeds keep it fast.
 */
import { describe, expect, it } from 'vitest';
import {
  countSolutionsDlx,
  createBoard,
  createRandom,
  generateSetterPuzzle,
  hasClueSymmetry,
  LEVELS,
  randomJigsawLayout,
  randomSolution,
  ratePuzzle,
  type Board,
  type ExplainerTarget,
  type Level,
  type Random,
  type SetterProgress,
} from '../../src/engine/index.ts';

/** A random layout with a solution (some random jigsaw layouts have none). */
function solvableLayout(size: number, random: Random): Uint8Array {
  for (;;) {
    const regions = randomJigsawLayout(size, random);
    if (randomSolution(size, regions, random) !== null) return regions;
  }
}

/** Whether some clue of `board` can go with the answer staying unique (DLX decides). */
function hasRemovableClue(board: Board): boolean {
  return Array.from(board.givens).some((digit, cell) => {
    if (digit === 0) return false;
    const fewer = Uint8Array.from(board.givens);
    fewer[cell] = 0;
    return countSolutionsDlx(createBoard(board.size, board.regions, fewer), 2).count === 1;
  });
}

const cases: [number, Level][] = [
  [4, 'easy'],
  [6, 'medium'],
  [6, 'expert'],
  [8, 'hard'],
  [9, 'medium'],
  [9, 'hard'],
  [9, 'expert'],
  [12, 'medium'],
];

describe('a target difficulty', () => {
  it.each(cases)(
    'at size %i, %s: the solver rates the puzzle so, and its answer is unique',
    (size, level) => {
      const random = createRandom(size * 100 + level.length);
      const regions = solvableLayout(size, random);
      const result = generateSetterPuzzle(size, regions, random, { difficulty: level });
      expect(result.status).toBe('done');
      if (result.status !== 'done') return;
      expect(result.rating?.level).toBe(level);
      // Exactly what the logical solver says of the puzzle, not a figure of the search.
      expect(result.rating).toEqual(ratePuzzle(result.board));
      expect(countSolutionsDlx(result.board, 2).count).toBe(1);
      expect(result.solves).toBeGreaterThan(0);
    },
    60_000,
  );

  it('gives the same puzzle for the same seed', () => {
    const make = () => {
      const random = createRandom(77);
      const regions = solvableLayout(9, random);
      return generateSetterPuzzle(9, regions, random, { difficulty: 'hard' });
    };
    const first = make();
    const second = make();
    expect(first.status).toBe('done');
    if (first.status !== 'done' || second.status !== 'done') return;
    expect(Array.from(second.board.givens)).toEqual(Array.from(first.board.givens));
    expect(second.attempts).toBe(first.attempts);
  });

  it('keeps the clue symmetry asked for', () => {
    const random = createRandom(12);
    const regions = solvableLayout(9, random);
    const result = generateSetterPuzzle(9, regions, random, {
      difficulty: 'medium',
      clueSymmetry: '180',
    });
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(hasClueSymmetry(result.board, '180')).toBe(true);
    expect(result.rating).toEqual(ratePuzzle(result.board));
    expect(countSolutionsDlx(result.board, 2).count).toBe(1);
  });

  it('at 4x4, where no puzzle is expert, gives up with the closest puzzle, rated', () => {
    const random = createRandom(4);
    const regions = solvableLayout(4, random);
    const result = generateSetterPuzzle(4, regions, random, {
      difficulty: 'expert',
      maxAttempts: 6,
    });
    expect(result.status).toBe('gave up');
    if (result.status !== 'gave up') return;
    expect(result.reason).toMatch(/^no 4×4 puzzle rated expert turned up in 6 attempts/);
    const closest = result.closest;
    expect(closest).toBeDefined();
    if (closest === undefined) return;
    expect(closest.rating).toEqual(ratePuzzle(closest.board));
    expect(LEVELS.indexOf(closest.rating.level)).toBeLessThan(LEVELS.indexOf('expert'));
    expect(countSolutionsDlx(closest.board, 2).count).toBe(1);
  });

  it.each([6, 9])(
    'with minimal at size %i: minimal when it says nothing, else says it is not',
    (size) => {
      for (const seed of [1, 2, 3]) {
        const random = createRandom(seed);
        const regions = solvableLayout(size, random);
        const result = generateSetterPuzzle(size, regions, random, {
          difficulty: 'medium',
          minimal: true,
          minimalAttempts: 1,
        });
        expect(result.status).toBe('done');
        if (result.status !== 'done') return;
        expect(result.rating).toEqual(ratePuzzle(result.board));
        if (result.note === undefined) expect(hasRemovableClue(result.board)).toBe(false);
        else {
          expect(result.note).toMatch(/^not minimal: /);
          expect(hasRemovableClue(result.board)).toBe(true);
        }
      }
    },
    60_000,
  );

  it('reports its phases, the time spent and an estimate of the time left', () => {
    let clock = 0;
    const reports: SetterProgress[] = [];
    const random = createRandom(9);
    const regions = solvableLayout(9, random);
    const result = generateSetterPuzzle(9, regions, random, {
      difficulty: 'hard',
      // A clock that moves one millisecond a reading: the estimate is then deterministic.
      now: () => clock++,
      onProgress: (progress) => reports.push(progress),
    });
    expect(result.status).toBe('done');
    const removing = reports.filter((report) => report.phase === 'removing');
    expect(removing.length).toBeGreaterThan(0);
    expect(removing[0]).toMatchObject({ attempt: 1, total: 81 });
    const elapsed = reports.map((report) => report.elapsedMs);
    expect(elapsed).toEqual([...elapsed].sort((a, b) => a - b));
    // Once part of the pass is done there is an estimate, and it is never negative.
    const late = removing.filter((report) => report.done >= 40);
    expect(late.length).toBeGreaterThan(0);
    for (const report of late) {
      expect(report.estimatedMsLeft).not.toBeNull();
      expect(report.estimatedMsLeft).toBeGreaterThanOrEqual(0);
    }
  });

  it('stops when aborted', () => {
    const random = createRandom(3);
    const regions = solvableLayout(9, random);
    const signal = { aborted: false };
    const result = generateSetterPuzzle(9, regions, random, {
      difficulty: 'hard',
      signal,
      onProgress: ({ done }) => {
        if (done >= 30) signal.aborted = true;
      },
    });
    expect(result).toEqual({ status: 'aborted', attempts: 1 });
  });
});

/** The solver's ER of a rated result (it finished: a range asks for a puzzle logic solves). */
const erOf = (rating: { explainer: { er: number } | null } | null): number => {
  expect(rating?.explainer).not.toBeNull();
  return rating?.explainer?.er as number;
};

const ranges: [number, ExplainerTarget['er']][] = [
  [6, [3.0, 4.0]],
  [9, [2.0, 3.0]],
  [9, [4.0, 5.0]],
  [9, [6.0, 7.0]],
  [9, [7.0, Infinity]],
];

describe('a target range of ER (Sudoku Explainer)', () => {
  it.each(ranges)(
    'at size %i, ER %s: the solver rates the puzzle within it, and its answer is unique',
    (size, er) => {
      const random = createRandom(size * 10 + er[0]);
      const regions = solvableLayout(size, random);
      const result = generateSetterPuzzle(size, regions, random, { difficulty: { er } });
      expect(result.status).toBe('done');
      if (result.status !== 'done') return;
      // Exactly what the logical solver says of the puzzle, not a figure of the search.
      expect(result.rating).toEqual(ratePuzzle(result.board));
      expect(erOf(result.rating)).toBeGreaterThanOrEqual(er[0]);
      expect(erOf(result.rating)).toBeLessThanOrEqual(er[1]);
      expect(countSolutionsDlx(result.board, 2).count).toBe(1);
      expect(result.solves).toBeGreaterThan(0);
    },
    60_000,
  );

  it('gives the same puzzle for the same seed', () => {
    const make = () => {
      const random = createRandom(78);
      const regions = solvableLayout(9, random);
      return generateSetterPuzzle(9, regions, random, { difficulty: { er: [3.0, 4.0] } });
    };
    const first = make();
    const second = make();
    expect(first.status).toBe('done');
    if (first.status !== 'done' || second.status !== 'done') return;
    expect(Array.from(second.board.givens)).toEqual(Array.from(first.board.givens));
    expect(second.attempts).toBe(first.attempts);
  });

  it('at 4x4, where no puzzle reaches ER 4.0, gives up with the puzzle of the nearest ER', () => {
    const random = createRandom(1);
    const regions = solvableLayout(4, random);
    const result = generateSetterPuzzle(4, regions, random, {
      difficulty: { er: [4.0, 5.0] },
      maxAttempts: 12,
    });
    expect(result.status).toBe('gave up');
    if (result.status !== 'gave up') return;
    // The range in words, and the ERs seen with how often, easiest first.
    const reason =
      /^no 4×4 puzzle rated ER 4\.0–5\.0 turned up in 12 attempts \(ratings seen: (.+)\)$/.exec(
        result.reason,
      );
    expect(reason).not.toBeNull();
    const seen = (reason?.[1] ?? '').split(', ').map((part) => {
      const match = /^(\d+) ER (\d+\.\d)$/.exec(part);
      expect(match, part).not.toBeNull();
      return { count: Number(match?.[1]), er: Number(match?.[2]) };
    });
    expect(seen.reduce((sum, { count }) => sum + count, 0)).toBe(12);
    expect(seen.map(({ er }) => er)).toEqual([...seen.map(({ er }) => er)].sort((a, b) => a - b));
    // Every puzzle was below the range, so the nearest is the highest ER seen (by ER: all
    // of them are rated easy, and a level would not tell them apart).
    const closest = result.closest;
    expect(closest).toBeDefined();
    if (closest === undefined) return;
    expect(closest.rating).toEqual(ratePuzzle(closest.board));
    expect(erOf(closest.rating)).toBe(Math.max(...seen.map(({ er }) => er)));
    expect(countSolutionsDlx(closest.board, 2).count).toBe(1);
  });

  it('with minimal: minimal when it says nothing, else says it is not, naming the range', () => {
    const notes: string[] = [];
    for (const seed of [1, 2, 3]) {
      const random = createRandom(seed);
      const regions = solvableLayout(9, random);
      const result = generateSetterPuzzle(9, regions, random, {
        difficulty: { er: [2.0, 3.0] },
        minimal: true,
        minimalAttempts: 1,
      });
      expect(result.status).toBe('done');
      if (result.status !== 'done') return;
      expect(result.rating).toEqual(ratePuzzle(result.board));
      expect(erOf(result.rating)).toBeGreaterThanOrEqual(2.0);
      expect(erOf(result.rating)).toBeLessThanOrEqual(3.0);
      if (result.note === undefined) expect(hasRemovableClue(result.board)).toBe(false);
      else {
        notes.push(result.note);
        expect(hasRemovableClue(result.board)).toBe(true);
      }
    }
    for (const note of notes) {
      expect(note).toMatch(
        /^not minimal: none of the 1 9×9 puzzle rated ER 2\.0–3\.0 made was minimal; .* would take it out of ER 2\.0–3\.0$/,
      );
    }
  }, 60_000);
});
