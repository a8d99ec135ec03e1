/** fast-check arbitraries for boards: random sizes, standard or jigsaw layouts, clue sets. */
import fc from 'fast-check';
import {
  APP_SIZES,
  createBoard,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  standardRegions,
  type Board,
} from '../../src/engine/index.ts';

/** A layout: standard boxes or a random jigsaw, of any app size (4..16). */
export const layoutArb = (sizes: readonly number[] = APP_SIZES) =>
  fc
    .record({
      size: fc.constantFrom(...sizes),
      jigsaw: fc.boolean(),
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
    })
    .map(({ size, jigsaw, seed }) => ({
      size,
      regions: jigsaw ? randomJigsawLayout(size, createRandom(seed)) : standardRegions(size),
    }));

/**
 * A board whose clues are a random subset of a random solution, with a few digits changed
 * now and then, so that boards with none, one and many solutions all turn up. Bigger grids
 * keep more clues, to keep the independent solver's search short.
 */
export const boardArb = (sizes: readonly number[] = APP_SIZES) =>
  fc
    .record({
      layout: layoutArb(sizes),
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      keep: fc.double({ min: 0, max: 1, noNaN: true }),
      changes: fc.nat({ max: 3 }),
    })
    .map(({ layout, seed, keep, changes }): Board => {
      const { size } = layout;
      const random = createRandom(seed);
      // Some jigsaw layouts have no solution at all; fall back to the standard boxes then.
      let regions = layout.regions;
      let solution = randomSolution(size, regions, random, 2000, 3);
      if (!solution) {
        regions = standardRegions(size);
        solution = randomSolution(size, regions, random) as Uint8Array;
      }
      const minKeep = size >= 12 ? 0.6 : size >= 8 ? 0.35 : 0;
      const share = minKeep + (1 - minKeep) * keep;
      const givens = solution.map((digit) => (random() < share ? digit : 0));
      for (let change = 0; change < changes; change++) {
        const cell = Math.floor(random() * size * size);
        if (givens[cell] !== 0) givens[cell] = 1 + Math.floor(random() * size);
      }
      return createBoard(size, regions, givens);
    });
