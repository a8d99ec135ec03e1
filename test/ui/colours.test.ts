/**
 * Region colouring: touching regions never share a colour, on random layouts of every size;
 * the colours are a function of the layout alone (the cells of each region: not their
 * numbers, not what was coloured before); and an edit leaves the regions it does not touch
 * their colours, nearly always.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  APP_SIZES,
  createRandom,
  randomJigsawLayout,
  standardRegions,
  hasBoxShape,
} from '../../src/engine/index.ts';
import {
  colourRegions,
  hueOfColour,
  PALETTE_SIZE,
  regionHues,
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

/** Region numbers in reading order of first appearance, as the layout view numbers them. */
const renumber = (regionOf: ArrayLike<number>): number[] => {
  const next = new Map<number, number>();
  return Array.from(regionOf, (region) => {
    if (!next.has(region)) next.set(region, next.size);
    return next.get(region) as number;
  });
};

/** The colour of each cell. */
const byCell = (size: number, regionOf: ArrayLike<number>): number[] => {
  const colours = colourRegions(size, regionOf);
  return Array.from(regionOf, (region) => colours[region]);
};

describe('colourRegions', () => {
  it('finds the neighbours of the standard 4x4 boxes', () => {
    expect(regionNeighbours(4, standardRegions(4)).map((near) => [...near].sort())).toEqual([
      [1, 2],
      [0, 3],
      [0, 3],
      [1, 2],
    ]);
  });

  it('colours the standard boxes in a pattern of four', () => {
    expect(colourRegions(4, standardRegions(4))).toEqual([0, 1, 2, 3]);
    // 9x9: box rows and columns even or odd.
    expect(colourRegions(9, standardRegions(9))).toEqual([0, 1, 0, 2, 3, 2, 0, 1, 0]);
    for (const size of SIZES.filter(hasBoxShape)) {
      expect(Math.max(...expectProperColouring(size, standardRegions(size)))).toBe(3);
    }
  });

  it('never gives touching regions the same colour on random jigsaw layouts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIZES), fc.integer({ min: 0, max: 1e9 }), (size, seed) => {
        expectProperColouring(size, randomJigsawLayout(size, createRandom(seed)));
      }),
      { numRuns: 150 },
    );
  });

  it('stays within the palette on random layouts, mostly within its first four', () => {
    let beyondFour = 0;
    let regions = 0;
    for (const size of SIZES) {
      for (let seed = 0; seed < 40; seed++) {
        const colours = expectProperColouring(size, randomJigsawLayout(size, createRandom(seed)));
        beyondFour += colours.filter((colour) => colour >= 4).length;
        regions += colours.length;
      }
    }
    expect(beyondFour / regions).toBeLessThan(0.05);
  });

  it('falls back to DSatur when the map needs more than a small palette gives', () => {
    // Stripes touching as a path 0-2-3-1: two colours suffice, and DSatur finds them.
    const stripes = [0, 0, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3, 1, 1, 1, 1];
    for (const palette of [2, 3]) {
      const colours = colourRegions(4, stripes, palette);
      expect(Math.max(...colours)).toBeLessThan(palette);
      expect(colours[0]).not.toBe(colours[2]);
      expect(colours[2]).not.toBe(colours[3]);
      expect(colours[3]).not.toBe(colours[1]);
    }
    // Four regions all touching (a wheel: three round a middle one) need four.
    const wheel = [0, 0, 0, 0, 0, 3, 3, 1, 2, 3, 3, 1, 2, 2, 1, 1];
    expect(new Set(colourRegions(4, wheel, 4)).size).toBe(4);
  });

  it('spreads hues far apart', () => {
    const hues = Array.from({ length: PALETTE_SIZE }, (_, c) => hueOfColour(c));
    expect(new Set(hues).size).toBe(PALETTE_SIZE);
  });
});

describe('colours from the layout alone', () => {
  it('the same cut numbered otherwise gets the same colours, cell by cell', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SIZES), fc.integer({ min: 0, max: 1e9 }), (size, seed) => {
        const layout = Array.from(randomJigsawLayout(size, createRandom(seed)));
        // Numbers shuffled: region r becomes (r * k + 3) mod size, k prime to the size.
        const k = size % 5 === 0 ? 7 : 5;
        const shuffled = layout.map((region) => (region * k + 3) % size);
        expect(byCell(size, shuffled)).toEqual(byCell(size, layout));
      }),
      { numRuns: 60 },
    );
  });

  it('regionHues gives a layout the same hues whatever was coloured before', () => {
    const first = randomJigsawLayout(9, createRandom(1));
    const hues = regionHues(9, first);
    // Other layouts of the same size in between (an edit, another puzzle, a link).
    for (let seed = 2; seed < 8; seed++) regionHues(9, randomJigsawLayout(9, createRandom(seed)));
    regionHues(9, standardRegions(9));
    // The same layout in a new array, as a reload or a new layout view gives it.
    expect(regionHues(9, Uint8Array.from(first))).toEqual(hues);
    expect(hues).toEqual(colourRegions(9, first).map(hueOfColour));
  });
});

describe('colours while a setter edits', () => {
  it('a wall splitting one box leaves every other box its colour', () => {
    const boxes = Array.from(standardRegions(9));
    const before = byCell(9, boxes);
    // Column 1 of the first box becomes a region of its own: every later region's number
    // moves up by one.
    const split = renumber(boxes.map((box, cell) => (box === 0 && cell % 9 === 0 ? 99 : box)));
    const after = byCell(9, split);
    for (let cell = 0; cell < 81; cell++) {
      if (boxes[cell] !== 0) expect(after[cell], `cell ${cell}`).toBe(before[cell]);
    }
    expectProperColouring(9, split);
  });

  it('a region split in two leaves nearly all the other regions their colours', () => {
    let kept = 0;
    let untouched = 0;
    for (const size of SIZES) {
      for (let seed = 0; seed < 30; seed++) {
        const layout = Array.from(randomJigsawLayout(size, createRandom(seed)));
        // Region `seed % size` loses the cells of its first row to a new region.
        const target = seed % size;
        const firstRow = Math.floor(layout.indexOf(target) / size);
        const split = renumber(
          layout.map((region, cell) =>
            region === target && Math.floor(cell / size) === firstRow ? size : region,
          ),
        );
        const before = byCell(size, layout);
        const after = byCell(size, split);
        for (let region = 0; region < size; region++) {
          if (region === target) continue;
          untouched++;
          const cell = layout.indexOf(region);
          if (after[cell] === before[cell]) kept++;
        }
      }
    }
    expect(kept / untouched).toBeGreaterThan(0.9);
  });
});
