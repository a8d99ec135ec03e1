/**
 * The bounded lz-string decoder (src/formats/lz.ts): it reads what lz-string writes, in both
 * the URI-safe and the base-64 alphabets, gives lz-string's own answer on garbled data, and
 * refuses a decompression bomb as "too-large" after unpacking no more than its limit.
 */
import fc from 'fast-check';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import {
  startOfBase64,
  unpackBase64,
  unpackUriComponent,
  UNPACKED_LIMIT,
  type Unpacking,
} from '../../src/formats/lz.ts';
import { lzBomb } from '../fixtures/lzBomb.ts';

const URI_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';

/** Any text: ASCII, any UTF-16 code unit (lone surrogates too), whole code points. */
const textArb = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) }),
  fc.string({ unit: fc.constantFrom('ab', 'a', 'b', 'abc', 'ba'), maxLength: 400 }),
);

const variants = [
  {
    name: 'URI component',
    compress: LZString.compressToEncodedURIComponent,
    theirs: LZString.decompressFromEncodedURIComponent,
    ours: unpackUriComponent,
    alphabet: URI_SAFE,
  },
  {
    name: 'base 64',
    compress: LZString.compressToBase64,
    theirs: LZString.decompressFromBase64,
    ours: unpackBase64,
    alphabet: BASE64,
  },
] as const;

/**
 * lz-string's answer in our terms. It answers "" both for the empty text (a first code of 2:
 * a first character from 'Q' to 'f') and for data that runs out before the end code, which
 * is "damaged" here, as are a code naming no entry (null) and a throw. A first code of 3 (a
 * first character from 'w' on) makes lz-string unpack the word "undefined"; that is no text
 * anyone wrote, and ours calls it damaged: not compared.
 */
function theirAnswer(
  theirs: (data: string) => string | null,
  alphabet: string,
  data: string,
): Unpacking | null {
  const index = data.length > 0 ? alphabet.indexOf(data[0]) : -1;
  // The first character's top bit is the code's low bit, the next its high bit.
  const firstCode = index < 0 ? 0 : ((index >> 5) & 1) | (((index >> 4) & 1) << 1);
  if (firstCode === 3) return null;
  let text: string | null;
  try {
    text = theirs(data);
  } catch {
    return { failure: 'damaged' };
  }
  if (text === '' && firstCode === 2) return { text };
  return text ? { text } : { failure: 'damaged' };
}

describe.each(variants)('lz-string $name data', ({ compress, theirs, ours, alphabet }) => {
  it('unpacks to the text that was packed', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(ours(compress(text))).toEqual({ text });
      }),
      { numRuns: 400 },
    );
  });

  it("gives lz-string's answer on garbled data", () => {
    const garbledArb = fc.oneof(
      // Packed text with characters changed, cut short or added to.
      fc
        .tuple(
          textArb,
          fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet)), { maxLength: 4 }),
        )
        .map(([text, changes]) => {
          const chars = [...compress(text)];
          for (const [at, char] of changes) if (chars.length > 0) chars[at % chars.length] = char;
          return chars.join('');
        }),
      fc.tuple(textArb, fc.nat()).map(([text, cut]) => {
        const packed = compress(text);
        return packed.slice(0, cut % (packed.length + 1));
      }),
      // Random characters of the alphabet, and of anything.
      fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 200 }),
      fc.string({ maxLength: 100 }),
    );
    fc.assert(
      fc.property(garbledArb, (data) => {
        const expected = theirAnswer(theirs, alphabet, data);
        if (expected === null) return;
        const got = ours(data);
        if ('text' in expected && expected.text.length > UNPACKED_LIMIT) {
          expect(got).toEqual({ failure: 'too-large' });
        } else {
          expect(got).toEqual(expected);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('says "damaged" for no data, and for data that ends before its end code', () => {
    expect(ours('')).toEqual({ failure: 'damaged' });
    const packed = compress('a puzzle of some length, long enough to cut');
    expect(ours(packed.slice(0, packed.length - 4))).toEqual({ failure: 'damaged' });
  });

  it('keeps to a limit: text up to it unpacks, one character more is too large', () => {
    const packed = compress('x'.repeat(5000) + 'yz');
    expect(ours(packed, 5002)).toEqual({ text: 'x'.repeat(5000) + 'yz' });
    expect(ours(packed, 5001)).toEqual({ failure: 'too-large' });
  });
});

describe('a decompression bomb', () => {
  it('is what it claims: its output grows with the square of its length', () => {
    // Small enough for lz-string to unpack: 300 codes of at most 10 bits, 45,451 characters.
    const small = lzBomb(300);
    expect(small.length).toBeLessThan(500);
    expect(LZString.decompressFromEncodedURIComponent(small)).toBe('a'.repeat(301 * 151));
    expect(unpackUriComponent(small)).toEqual({ text: 'a'.repeat(301 * 151) });
  });

  it('is refused as too large, having unpacked no more than the limit', () => {
    // 32,000 codes, 75 KB: lz-string would unpack 512 million characters (and freeze a page).
    for (const alphabet of ['uri', 'base64'] as const) {
      const bomb = lzBomb(32_000, alphabet);
      expect(bomb.length).toBeGreaterThan(70_000);
      const unpack = alphabet === 'uri' ? unpackUriComponent : unpackBase64;
      expect(unpack(bomb)).toEqual({ failure: 'too-large' });
      // A bomb ten times longer costs no more: the limit is reached after ~1,400 codes.
      expect(unpack(bomb + bomb.repeat(9))).toEqual({ failure: 'too-large' });
    }
  });
});

describe('startOfBase64', () => {
  it('gives the start of the packed text, however long it is', () => {
    expect(startOfBase64(LZString.compressToBase64('{"size":9}'), 1)).toBe('{');
    expect(startOfBase64(LZString.compressToBase64('{"size":9}'), 4)).toBe('{"si');
    expect(startOfBase64(LZString.compressToBase64('ab'), 10)).toBe('ab');
    expect(startOfBase64(lzBomb(32_000, 'base64'), 3)).toBe('aaa');
    expect(startOfBase64('', 1)).toBeNull();
  });
});
