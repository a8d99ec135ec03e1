/** Region colouring: touching regions never share a colour, on random layouts of every size. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APP_SIZES,
  createRandom,
  randomJigsawLayout,
  standardRegions,
  startRegions,
} from '../../src/engine/index.ts';
import {
  colourRegions,
  hueOfColour,
  PALETTE_SIZE,
  regionNeighbours,
} from '../../src/ui/colours.ts';

const SIZES = APP_SIZES;

function expectProperColouring(size: number, regionOf: ArrayLike<number>): number[] {
  const colours = colourRegions(size, regionOf);
  regionNeighbours(size, regionOf).forEach((near, region) => {
    for (const other of near) expect(colours[other]).not.toBe(colours[region]);
  });
  expect(Math.max(...colours)).toBeLessThan(PALETTE_SIZE);
  return colours;
}

describe('colourRegions', () => {
  it('finds the neighbours of the standard 4x4 boxes', () => {
    expect(regionNeighbours(4, standardRegions(4)).map((near) => [...near].sort())).toEqual([
      [1, 2],
      [0, 3],
      [0, 3],
      [1, 2],
    ]);
    expect(colourRegions(4, standardRegions(4))).toEqual([0, 1, 1, 0]);
  });

  it('never gives touching regions the same colour on random jigsaw layouts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIZES), fc.integer({ min: 0, max: 1e9 }), (size, seed) => {
        expectProperColouring(size, randomJigsawLayout(size, createRandom(seed)));
      }),
      { numRuns: 150 },
    );
  });

  it('needs at most 5 colours on the standard boxes (or bands) and random layouts', () => {
    let most = 0;
    for (const size of SIZES) {
      most = Math.max(most, ...expectProperColouring(size, startRegions(size)));
      for (let seed = 0; seed < 20; seed++) {
        const colours = expectProperColouring(size, randomJigsawLayout(size, createRandom(seed)));
        most = Math.max(most, ...colours);
      }
    }
    expect(most).toBeLessThanOrEqual(4);
  });

  it('falls back to DSatur when greedy order runs out of palette', () => {
    // Four stripes touching as a path 0-2-3-1: greedy in region order takes 3 colours
    // (0 and 1 both get the first, so 3 must take a third); two suffice.
    const stripes = [0, 0, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3, 1, 1, 1, 1];
    expect(Math.max(...colourRegions(4, stripes))).toBe(2);
    const colours = colourRegions(4, stripes, 2);
    expect(Math.max(...colours)).toBe(1);
    expect(colours[0]).not.toBe(colours[2]);
    expect(colours[2]).not.toBe(colours[3]);
    expect(colours[3]).not.toBe(colours[1]);
  });

  it('spreads hues far apart', () => {
    const hues = Array.from({ length: PALETTE_SIZE }, (_, c) => hueOfColour(c));
    expect(new Set(hues).size).toBe(PALETTE_SIZE);
  });
});

describe('colours while a setter edits', () => {
  /** Region numbers in reading order of first appearance, as the layout view numbers them. */
  const renumber = (regionOf: number[]): number[] => {
    const next = new Map<number, number>();
    return regionOf.map((region) => {
      if (!next.has(region)) next.set(region, next.size);
      return next.get(region) as number;
    });
  };
  const byCell = (regionOf: number[], colours: number[]) =>
    regionOf.map((region) => colours[region]);

  it('a wall splitting one box leaves every other box its colour', () => {
    const boxes = Array.from(standardRegions(9));
    const before = byCell(boxes, colourRegions(9, boxes));
    // Column 1 of the first box becomes a region of its own: every later region's number
    // moves up by one.
    const split = renumber(boxes.map((box, cell) => (box === 0 && cell % 9 === 0 ? 99 : box)));
    const after = byCell(split, colourRegions(9, split, PALETTE_SIZE, before));
    for (let cell = 0; cell < 81; cell++) {
      if (boxes[cell] !== 0) expect(after[cell], `cell ${cell}`).toBe(before[cell]);
    }
    // Still a proper colouring.
    const neighbours = regionNeighbours(9, split);
    const colours = colourRegions(9, split, PALETTE_SIZE, before);
    neighbours.forEach((near, region) => {
      for (const other of near) expect(colours[other]).not.toBe(colours[region]);
    });
  });
});
