import { describe, expect, it, vi } from 'vitest';
import { createBoard, standardRegions } from '../../src/engine/board.ts';
import { countSolutionsBest } from '../../src/engine/engines.ts';
import { randomJigsawLayout, randomSolution } from '../../src/engine/generator.ts';
import { createRandom, shuffle } from '../../src/engine/random.ts';
import { WARM_UP_ROUNDS, warmUpNow, warmUpSteps } from '../../src/engine/warmUp.ts';
import type { Board } from '../../src/engine/board.ts';
import type * as Generator from '../../src/engine/generator.ts';
import type * as LayoutConstraints from '../../src/engine/layoutConstraints.ts';

/** A board holding `clues` cells of a random solution of the layout. */
function partOfSolution(size: number, regions: Uint8Array, clues: number, seed: number): Board {
  const random = createRandom(seed);
  const solution = randomSolution(size, regions, random);
  if (solution === null) throw new Error(`seed ${seed}: no solution for the layout`);
  const givens = new Uint8Array(size * size);
  const cells = shuffle(
    Array.from({ length: size * size }, (_, cell) => cell),
    random,
  );
  for (const cell of cells.slice(0, clues)) givens[cell] = solution[cell];
  return createBoard(size, regions, givens);
}

describe('engine warm-up', () => {
  it('makes the WebAssembly modules, then three searches per layout (every app size, a 9x9, three 16x16 and a 12x12 jigsaw) a round, and the jigsaws mirrored', () => {
    expect(warmUpSteps(1)).toHaveLength(1 + 3 * 11 + 5);
    expect(warmUpSteps()).toHaveLength(1 + (3 * 11 + 5) * WARM_UP_ROUNDS);
  });

  it("derives the leftover pairs of each 16x16 jigsaw layout's seven mirror images too", async () => {
    const layouts = new Set<string>();
    vi.resetModules();
    vi.doMock('../../src/engine/layoutConstraints.ts', async (importOriginal) => {
      const real = await importOriginal<typeof LayoutConstraints>();
      return {
        ...real,
        layoutConstraintsOf: (...args: Parameters<typeof real.layoutConstraintsOf>) => {
          if (args[0] === 16) layouts.add(args[1].join(','));
          return real.layoutConstraintsOf(...args);
        },
      };
    });
    try {
      const fresh = await import('../../src/engine/warmUp.ts');
      for (const step of fresh.warmUpSteps(1)) step();
      // Three jigsaw layouts in eight orders each, besides the standard boxes.
      expect(layouts.size).toBeGreaterThanOrEqual(3 * 8);
    } finally {
      vi.doUnmock('../../src/engine/layoutConstraints.ts');
      vi.resetModules();
    }
  });

  it('makes each jigsaw layout in the first step that searches it, not when listing the steps', async () => {
    // A worker's warm-up lists its steps before running the first; what the listing costs,
    // a request that comes in then waits for.
    const made: number[] = [];
    vi.resetModules();
    vi.doMock('../../src/engine/generator.ts', async (importOriginal) => {
      const real = await importOriginal<typeof Generator>();
      return {
        ...real,
        randomJigsawLayout: (...args: Parameters<typeof real.randomJigsawLayout>) => {
          made.push(args[0]);
          return real.randomJigsawLayout(...args);
        },
      };
    });
    try {
      const fresh = await import('../../src/engine/warmUp.ts');
      const steps = fresh.warmUpSteps(2);
      expect(made).toEqual([]);
      for (const step of steps) step();
      expect(made).toEqual([9, 16, 16, 16, 12]);
    } finally {
      vi.doUnmock('../../src/engine/generator.ts');
      vi.resetModules();
    }
  });

  it('makes every WebAssembly module in its first step, once', async () => {
    // What wasmModule.ts uses of WebAssembly, with each module made counted.
    const api = (
      globalThis as unknown as {
        WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: unknown };
      }
    ).WebAssembly;
    let made = 0;
    function CountedModule(bytes: Uint8Array): object {
      made++;
      return new api.Module(bytes);
    }
    vi.stubGlobal('WebAssembly', { Module: CountedModule, Instance: api.Instance });
    vi.resetModules();
    try {
      const fresh = await import('../../src/engine/warmUp.ts');
      fresh.warmUpSteps(1)[0]();
      expect(made).toBe(3);
      fresh.warmUpSteps(1)[0]();
      expect(made).toBe(3);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it('changes no answer: counts, solutions and guesses are the same before and after', () => {
    const boards = [
      partOfSolution(9, standardRegions(9), 26, 1),
      partOfSolution(9, randomJigsawLayout(9, createRandom(2)), 28, 2),
      partOfSolution(16, randomJigsawLayout(16, createRandom(3)), 110, 3),
      partOfSolution(6, standardRegions(6), 10, 4),
      createBoard(16, randomJigsawLayout(16, createRandom(5))),
      partOfSolution(12, randomJigsawLayout(12, createRandom(6)), 60, 6),
    ];
    const answers = () =>
      boards.map((board) => {
        const { count, solutions, nodes, complete } = countSolutionsBest(board, 2);
        return { count, solutions: solutions.map((grid) => grid.join('')), nodes, complete };
      });
    const before = answers();
    warmUpNow(1);
    expect(answers()).toEqual(before);
    // The boards are real work: at least one search, and the sparse board has solutions.
    expect(before.some(({ nodes }) => nodes > 0)).toBe(true);
    expect(before[4].count).toBe(2);
  });
});
