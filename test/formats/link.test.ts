/**
 * Share links: every puzzle the editor can hold (any app size, any layout, half-drawn ones
 * with stray walls and regions in pieces, any title, author and rules text) survives
 * shareFragment → parseShareLink; damaged links and links from a newer version give a
 * located error and no puzzle.
 */
import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import {
  APP_SIZES,
  createRandom,
  randomJigsawLayout,
  randomSolution,
  wallsFromRegions,
  WALL_DOWN,
  WALL_RIGHT,
  WALL_UP,
  WALL_LEFT,
} from '../../src/engine/index.ts';
import {
  LINK_VERSION,
  looksLikeShareLink,
  MAX_INFO_LENGTH,
  parseShareLink,
  shareFragment,
  shareUrl,
  type LinkPuzzle,
} from '../../src/formats/index.ts';
import { givensArb, jigsawLayoutArb } from '../fixtures/arbitraries.ts';
import { lzBomb } from '../fixtures/lzBomb.ts';
import { randomConstraints } from '../fixtures/variantArbitraries.ts';

/** Labels: a jigsaw layout, or arbitrary labels (pieces, more than 36 regions). */
const labelsArb = (size: number): fc.Arbitrary<number[]> =>
  fc.oneof(
    jigsawLayoutArb(size).map((regions) => Array.from(regions)),
    fc.array(fc.nat({ max: size * size - 1 }), {
      minLength: size * size,
      maxLength: size * size,
    }),
  );

const infoArb = fc.record({
  title: fc.oneof(fc.constant(''), fc.string({ maxLength: 40 })),
  author: fc.oneof(fc.constant(''), fc.string({ unit: 'grapheme', maxLength: 20 })),
  rules: fc.oneof(fc.constant(''), fc.string({ maxLength: 300 })),
});

/** A puzzle as the editor holds it: walls from the labels plus stray walls inside regions. */
const linkPuzzleArb: fc.Arbitrary<LinkPuzzle> = fc
  .constantFrom(...APP_SIZES)
  .chain((size) =>
    fc.record({
      size: fc.constant(size),
      regions: labelsArb(size),
      givens: givensArb(size).map((g) => Array.from(g)),
      stray: fc.array(fc.nat({ max: size * size * 2 - 1 }), { maxLength: 12 }),
      info: infoArb,
    }),
  )
  .map(({ size, regions, givens, stray, info }) => {
    const walls = Array.from(wallsFromRegions(size, regions));
    for (const edge of stray) {
      const cell = edge >> 1;
      const down = (edge & 1) === 1;
      const other = down ? cell + size : cell + 1;
      if (down ? other >= size * size : cell % size === size - 1) continue;
      walls[cell] |= down ? WALL_DOWN : WALL_RIGHT;
      walls[other] |= down ? WALL_UP : WALL_LEFT;
    }
    return { size, regions, givens, walls, info };
  });

const simple: LinkPuzzle = {
  size: 4,
  regions: [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3],
  givens: [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0],
  walls: Array.from(wallsFromRegions(4, [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3])),
  info: { title: 'Tiny', author: 'Ann', rules: 'Normal sudoku rules apply.' },
};

describe('share links with constraints', () => {
  it('round-trip random constraints of every kind, as version 2', () => {
    fc.assert(
      fc.property(fc.constantFrom(4, 6, 9), fc.integer(), (size, seed) => {
        const random = createRandom(seed);
        const regions = randomJigsawLayout(size, random);
        const solution = randomSolution(size, regions, random);
        if (!solution) return;
        const constraints = randomConstraints(size, solution, random, 6);
        const puzzle: LinkPuzzle = {
          size,
          regions: Array.from(regions),
          givens: new Array<number>(size * size).fill(0),
          walls: Array.from(wallsFromRegions(size, regions)),
          info: { title: '', author: '', rules: '' },
          constraints,
        };
        const fragment = shareFragment(puzzle);
        expect(fragment.startsWith(constraints.length > 0 ? 'puzzle=2.' : 'puzzle=1.')).toBe(true);
        const read = parseShareLink(fragment);
        expect(read).toEqual({
          puzzle: constraints.length > 0 ? puzzle : { ...puzzle, constraints: undefined },
        });
      }),
      { numRuns: 120 },
    );
  });

  it('refuse a damaged constraint, naming it', () => {
    const payload = {
      s: 4,
      g: '0'.repeat(16),
      r: '0011001122332233',
      c: [
        { kind: 'cage', cells: [0, 1] },
        { kind: 'thermometer', cells: [0, 15] },
      ],
    };
    const read = parseShareLink(
      `puzzle=2.${compressToEncodedURIComponent(JSON.stringify(payload))}`,
    );
    expect(read).toMatchObject({
      error: { line: 1, message: expect.stringMatching(/^constraint 2: .*thermometer/) },
    });
  });
});

describe('share links', () => {
  it('round-trip every size, layout, stray wall and text', () => {
    fc.assert(
      fc.property(linkPuzzleArb, (puzzle) => {
        const url = shareUrl('https://example.org/squiggly/?x=1#old', puzzle);
        // A classic puzzle's link stays version 1, which every Squiggly reads.
        expect(url.startsWith('https://example.org/squiggly/?x=1#puzzle=1.')).toBe(true);
        expect(looksLikeShareLink(url)).toBe(true);
        const read = parseShareLink(url);
        expect(read).toEqual({
          puzzle: {
            ...puzzle,
            regions: [...puzzle.regions],
            givens: [...puzzle.givens],
            walls: [...puzzle.walls],
          },
        });
      }),
      { numRuns: 150 },
    );
  });

  it('accepts the fragment alone, with or without #, and surrounding blanks', () => {
    const fragment = shareFragment(simple);
    for (const text of [fragment, `#${fragment}`, `  ${fragment}\n`]) {
      const read = parseShareLink(text);
      expect('puzzle' in read && read.puzzle.info).toEqual(simple.info);
    }
  });

  it('is compact: a 9×9 jigsaw with 30 clues fits in about 200 characters', () => {
    const regions = Array.from({ length: 81 }, (_, c) => Math.floor(c / 9));
    const givens = Array.from({ length: 81 }, (_, c) => (c % 3 === 0 ? (c % 9) + 1 : 0));
    const fragment = shareFragment({
      size: 9,
      regions,
      givens,
      walls: Array.from(wallsFromRegions(9, regions)),
      info: { title: '', author: '', rules: '' },
    });
    expect(fragment.length).toBeLessThan(220);
  });

  it('every cut-short link gives an error, unless nothing was lost', () => {
    const url = shareUrl('https://x.test/', simple);
    const dataStart = url.indexOf('.', url.indexOf('#')) + 1;
    for (let end = url.indexOf('#') + 1; end < url.length; end++) {
      const read = parseShareLink(url.slice(0, end));
      // The last character of lz-string's output may carry only end-of-data bits.
      if (end === url.length - 1 && 'puzzle' in read) {
        expect(read.puzzle).toEqual(simple);
        continue;
      }
      expect('error' in read, `cut at ${end}`).toBe(true);
      if ('error' in read) {
        expect(read.error.line).toBe(1);
        expect(read.error.column).toBeGreaterThan(0);
        if (end > dataStart) expect(read.error.column).toBe(dataStart + 1);
      }
    }
  });

  it('a link from a newer version says so, pointing at the version', () => {
    const fragment = shareFragment(simple).replace('=1.', `=${LINK_VERSION + 1}.`);
    const read = parseShareLink(`https://x.test/#${fragment}`);
    expect(read).toEqual({
      error: {
        line: 1,
        column: 'https://x.test/#puzzle='.length + 1,
        message: expect.stringMatching(/newer version of Squiggly \(link version 3/),
      },
    });
  });

  const payload = (value: unknown): string =>
    `#puzzle=1.${compressToEncodedURIComponent(JSON.stringify(value))}`;
  const messageOf = (text: string): string => {
    const read = parseShareLink(text);
    if (!('error' in read)) throw new Error('expected an error');
    return read.error.message;
  };

  it('names what is wrong in a link that decompresses', () => {
    expect(messageOf('#puzzle=1.%%%')).toMatch(/damaged/);
    expect(messageOf('#puzzle=.abc')).toMatch(/no version number/);
    expect(messageOf('#puzzle=N4IgzglgXgpiBcBOANCA')).toMatch(/no version number/);
    expect(messageOf('https://x.test/')).toMatch(/not a Squiggly share link/);
    expect(messageOf('')).toMatch(/empty/);
    expect(messageOf(payload([1, 2]))).toMatch(/not a puzzle/);
    expect(messageOf(payload({ s: 3, g: '', r: '' }))).toMatch(/size must be 4 to 16, got 3/);
    expect(messageOf(payload({ s: 25, g: '', r: '' }))).toMatch(/size must be 4 to 16, got 25/);
    expect(messageOf(payload({ s: 4, g: '0'.repeat(15), r: '0'.repeat(16) }))).toMatch(
      /clues must have 16 cells for a 4×4 puzzle, got 15/,
    );
    expect(messageOf(payload({ s: 4, g: '0'.repeat(15) + '5', r: '0'.repeat(16) }))).toMatch(
      /clues r4c4: expected 0 to 4, got "5"/,
    );
    expect(messageOf(payload({ s: 4, g: '0'.repeat(16) }))).toMatch(/region labels are missing/);
    expect(messageOf(payload({ s: 4, g: '0'.repeat(16), r: '0'.repeat(16), x: [99] }))).toMatch(
      /extra wall 99 is not an edge inside a region/,
    );
    expect(messageOf(payload({ s: 4, g: '0'.repeat(16), r: '0'.repeat(16), t: 7 }))).toMatch(
      /title must be text/,
    );
  });

  it('says what is wrong with a version no Squiggly writes, not that there is none', () => {
    const located = (text: string, message: RegExp) =>
      expect(parseShareLink(text)).toEqual({
        error: { line: 1, column: '#puzzle='.length + 1, message: expect.stringMatching(message) },
      });
    located(
      '#puzzle=99999999999.xxx',
      /^link version 99999999999 is not a version any Squiggly writes \(this one writes up to 2\)/,
    );
    located('#puzzle=0.xxx', /^link version 0 is not a version any Squiggly writes/);
    located('#puzzle=1000.xxx', /^link version 1000 is not a version any Squiggly writes/);
    located('#puzzle=abc.xxx', /^the link version must be a number, got "abc"/);
    located('#puzzle=1e3.xxx', /^the link version must be a number, got "1e3"/);
    // A plausible next version is still told as "newer", not as garbled.
    located('#puzzle=7.xxx', /newer version of Squiggly \(link version 7;/);
    expect(messageOf(`#puzzle=${'9'.repeat(400)}.x`)).toMatch(/^link version 9{20}… is not/);
  });

  it('refuses data too large for any puzzle, unread or as soon as it unpacks too much', () => {
    // A bomb: 32,000 codes (75 KB) that lz-string would unpack to 512 million characters.
    const bomb = `#puzzle=1.${lzBomb(32_000)}`;
    expect(parseShareLink(bomb)).toEqual({
      error: {
        line: 1,
        column: '#puzzle=1.'.length + 1,
        message: expect.stringMatching(
          /^this link is damaged or too large: its puzzle data unpacks to more than 1,000,000 characters/,
        ),
      },
    });
    // Longer than any puzzle's data: refused before it is unpacked.
    expect(messageOf(`#puzzle=1.${lzBomb(50_000)}`)).toMatch(
      /^this link is damaged or too large: its puzzle data is 122,425 characters long, and no puzzle's is over 100,000$/,
    );
    // The largest puzzle a link holds still opens: 16×16, every inner wall, 4000 characters
    // of hardly packable text in each of title, author and rules.
    const text = (seed: number): string =>
      Array.from({ length: MAX_INFO_LENGTH }, (_, i) =>
        String.fromCharCode(0x4e00 + ((i * 7919 + seed * 104729) % 20000)),
      ).join('');
    const regions = Array.from(
      { length: 256 },
      (_, c) => Math.floor(c / 64) * 4 + Math.floor((c % 16) / 4),
    );
    const biggest: LinkPuzzle = {
      size: 16,
      regions,
      givens: Array.from({ length: 256 }, (_, c) => (c % 16) + 1),
      walls: Array.from({ length: 256 }, () => WALL_UP | WALL_RIGHT | WALL_DOWN | WALL_LEFT),
      info: { title: text(1), author: text(2), rules: text(3) },
    };
    const fragment = shareFragment(biggest);
    expect(fragment.length).toBeGreaterThan(20_000);
    expect(parseShareLink(fragment)).toEqual({ puzzle: biggest });
  });
});
