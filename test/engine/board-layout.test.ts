import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyseWalls,
  APP_SIZES,
  bandRegions,
  boxShape,
  cellName,
  createBoard,
  halfTurn,
  hasBoxShape,
  hasStandardBoxes,
  createRandom,
  findWallMismatches,
  randomJigsawLayout,
  regionsFromWalls,
  sizesText,
  standardRegions,
  startRegions,
  SUPPORTED_SIZES,
  toRows,
  validateLayout,
  wallsFromRegions,
  WALL_DOWN,
  WALL_LEFT,
  WALL_RIGHT,
  WALL_UP,
} from '../../src/engine/index.ts';
import { describeLayoutProblems, isValidLayout } from '../../src/engine/layout.ts';

describe('standard layouts', () => {
  it.each([
    [4, 2, 2],
    [6, 2, 3],
    [8, 2, 4],
    [9, 3, 3],
    [10, 2, 5],
    [12, 3, 4],
    [14, 2, 7],
    [15, 3, 5],
    [16, 4, 4],
    [25, 5, 5],
  ])('size %i has %ix%i boxes and a valid layout', (size, rows, cols) => {
    expect(boxShape(size)).toEqual({ rows, cols });
    expect(validateLayout(size, standardRegions(size))).toEqual([]);
  });

  it('numbers 6x6 boxes (2 rows x 3 columns) in reading order', () => {
    expect(toRows(standardRegions(6), 6)).toEqual([
      [0, 0, 0, 1, 1, 1],
      [0, 0, 0, 1, 1, 1],
      [2, 2, 2, 3, 3, 3],
      [2, 2, 2, 3, 3, 3],
      [4, 4, 4, 5, 5, 5],
      [4, 4, 4, 5, 5, 5],
    ]);
  });

  it('offers every size from 4 to 16 in the app, and 25 besides in the engine', () => {
    expect(APP_SIZES).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(SUPPORTED_SIZES).toEqual([...APP_SIZES, 25]);
    expect(sizesText(APP_SIZES)).toBe('4 to 16');
    expect(sizesText(SUPPORTED_SIZES, 'or')).toBe('4 to 16 or 25');
    expect(sizesText([4, 6, 8, 9, 10, 11])).toBe('4, 6 and 8 to 11');
  });

  it.each([5, 7, 11, 13])('size %i is prime: no boxes, and standardRegions says so', (size) => {
    expect(boxShape(size)).toBeNull();
    expect(hasBoxShape(size)).toBe(false);
    expect(() => standardRegions(size)).toThrow(
      new RegExp(`a ${size}×${size} grid has no standard boxes \\(${size} is prime\\)`),
    );
    // A board of such a size is never "standard", whatever its layout.
    expect(hasStandardBoxes(createBoard(size))).toBe(false);
  });

  it('has no boxes for sizes that are no grid size', () => {
    for (const size of [0, 1, 2, 3, 4.5, -9, Number.NaN]) expect(boxShape(size)).toBeNull();
  });

  it.each([...APP_SIZES, 25])('starts size %i on a valid layout: its boxes, or bands', (size) => {
    const regions = startRegions(size);
    expect(validateLayout(size, regions)).toEqual([]);
    if (hasBoxShape(size)) expect(regions).toEqual(standardRegions(size));
    else expect(regions).toEqual(bandRegions(size));
    // Region r faces region N-1-r under a half turn (randomSymmetricLayout starts here).
    for (let cell = 0; cell < size * size; cell++) {
      expect(regions[halfTurn(cell, size)]).toBe(size - 1 - regions[cell]);
    }
  });

  it('lays 7x7 bands out as a snake of compact regions', () => {
    expect(toRows(bandRegions(7), 7)).toEqual([
      [0, 0, 0, 1, 1, 1, 1],
      [0, 0, 0, 0, 1, 1, 1],
      [4, 4, 3, 3, 2, 2, 2],
      [4, 4, 3, 3, 3, 2, 2],
      [4, 4, 4, 3, 3, 2, 2],
      [5, 5, 5, 6, 6, 6, 6],
      [5, 5, 5, 5, 6, 6, 6],
    ]);
  });

  it('names cells 1-based', () => {
    expect(cellName(0, 9)).toBe('r1c1');
    expect(cellName(80, 9)).toBe('r9c9');
    expect(cellName(13, 4)).toBe('r4c2');
  });
});

describe('validateLayout explains every problem', () => {
  it('reports a region id out of range with its cell', () => {
    const regions = standardRegions(4);
    regions[5] = 7;
    const problems = validateLayout(4, regions);
    expect(problems.map((p) => p.code)).toContain('region-id-range');
    expect(problems[0].message).toBe('r2c2 has region id 7; ids run from 0 to 3');
  });

  it('reports sizes and the number of regions', () => {
    const regions = standardRegions(4);
    regions[15] = 0; // region 4 loses r4c4 to region 1, which is now in two pieces
    const messages = validateLayout(4, regions).map((p) => p.message);
    expect(messages).toContain('region 1 has 5 cells; it needs 4 (r1c1, r1c2, r2c1, r2c2, r4c4)');
    expect(messages).toContain('region 4 has 3 cells; it needs 4 (r3c3, r3c4, r4c3)');
    expect(messages).toContain('region 1 is in 2 pieces: {r1c1, r1c2, r2c1, r2c2} and {r4c4}');
  });

  it('reports a missing region', () => {
    const regions = new Uint8Array(16); // one region of 16 cells
    const codes = validateLayout(4, regions).map((p) => p.code);
    expect(codes).toEqual(['region-count', 'region-size']);
    expect(validateLayout(4, regions)[0].message).toBe(
      'the layout has 1 region; a 4×4 grid needs 4',
    );
  });
});

describe('walls and region maps', () => {
  it('round-trips the standard 9x9 layout', () => {
    const regions = standardRegions(9);
    const walls = wallsFromRegions(9, regions);
    expect(walls[0]).toBe(WALL_UP | WALL_LEFT);
    expect(walls[2]).toBe(WALL_UP | WALL_RIGHT);
    expect(findWallMismatches(9, walls)).toEqual([]);
    expect(regionsFromWalls(9, walls).areaOf).toEqual(regions);
  });

  it('reports a wall seen from one side only, naming both cells', () => {
    const walls = wallsFromRegions(4, standardRegions(4));
    walls[0] |= WALL_RIGHT; // r1c1 claims a wall that r1c2 does not have
    const problems = findWallMismatches(4, walls);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe('r1c1 has a wall right of it, but r1c2 has none on that side');
    expect(problems[0].cells).toEqual([0, 1]);
  });

  it('analyses a half-drawn layout: open walls and wrong sizes, nothing refused', () => {
    const walls = new Uint8Array(16);
    walls[0] |= WALL_DOWN;
    walls[4] |= WALL_UP; // a lone wall under r1c1 that encloses nothing
    const analysis = analyseWalls(4, walls);
    expect(analysis.areas).toHaveLength(1);
    expect(analysis.openWalls).toEqual([{ cell: 0, side: WALL_DOWN }]);
    expect(analysis.problems.map((p) => p.message)).toEqual([
      'the walls enclose 1 region; a 4×4 grid needs 4',
      'region 1 has 16 cells; it needs 4 (r1c1, r1c2, r1c3, r1c4, r2c1, r2c2, r2c3, r2c4, r3c1, r3c2, r3c3, r3c4, …)',
      '1 wall segment does not close a region yet (first: between r1c1 and r2c1)',
    ]);
  });
});

describe('layout messages', () => {
  it('count one cell in the singular', () => {
    // 4x4: region 0 is the single cell r1c1, region 1 the other 15.
    const regions = Array.from({ length: 16 }, (_, cell) => (cell === 0 ? 0 : 1));
    const messages = validateLayout(4, regions).map((problem) => problem.message);
    expect(messages).toContain('region 1 has 1 cell; it needs 4 (r1c1)');
  });
});

describe('isValidLayout agrees with the described problems', () => {
  // The quick verdict decides whether validateLayout looks for words at all, so it must say
  // "valid" exactly when the full analysis finds nothing: on valid jigsaws, and on jigsaws
  // damaged by moving, relabelling or corrupting cells (sizes, splits, counts, bad ids).
  const damaged = fc
    .record({
      size: fc.constantFrom(4, 6, 9),
      seed: fc.integer(),
      edits: fc.array(
        fc.record({ cell: fc.nat(), id: fc.integer({ min: -1, max: 10 }), fraction: fc.boolean() }),
        { maxLength: 3 },
      ),
    })
    .map(({ size, seed, edits }) => {
      const regions: number[] = Array.from(randomJigsawLayout(size, createRandom(seed), 40));
      for (const { cell, id, fraction } of edits) {
        regions[cell % regions.length] = fraction ? id + 0.5 : id;
      }
      return { size, regions };
    });

  it('on random and damaged layouts', () => {
    let invalid = 0;
    fc.assert(
      fc.property(damaged, ({ size, regions }) => {
        const valid = describeLayoutProblems(size, regions).length === 0;
        if (!valid) invalid++;
        expect(isValidLayout(size, regions)).toBe(valid);
        expect(validateLayout(size, regions).length === 0).toBe(valid);
      }),
      { numRuns: 400 },
    );
    // Both answers were tried: most edits break the layout, the runs without edits do not.
    expect(invalid).toBeGreaterThan(50);
    expect(invalid).toBeLessThan(400);
  });

  it('on a layout split in two but of the right sizes', () => {
    // Region 0 holds r1c1 and r4c4; region 3 holds r1c2..: sizes fine, two regions split.
    const regions = [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3];
    [regions[0], regions[15]] = [3, 0];
    expect(isValidLayout(4, regions)).toBe(false);
    expect(describeLayoutProblems(4, regions).map((problem) => problem.code)).toContain(
      'region-split',
    );
  });
});
