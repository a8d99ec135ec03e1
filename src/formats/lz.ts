/**
 * lz-string's formats, for share links (compressToEncodedURIComponent) and f-puzzles strings
 * (compressToBase64). Compression is lz-string's own. Decompression is ours, because
 * lz-string's has no limit on its output: each code of its LZW stream may name the dictionary
 * entry just made, one character longer than the last, so output grows with the square of the
 * input (75 KB of link unpacked to 512 MB and froze the page for seconds; 233 KB crashed it).
 *
 * `unpack` reads the same bit stream as lz-string's _decompress (6 bits a character, least
 * significant code bit first; codes 0 and 1 bring an 8- or 16-bit character, 2 ends the
 * stream; the code width grows as the dictionary does) and gives the same text for every
 * input lz-string reads, but stops as soon as its output would pass `limit` characters and
 * says "too-large", apart from "damaged" (a code naming no entry, or input ending before the
 * end code). Every code writes at least one character, so the work is bounded by the limit
 * whatever the input's length. Where lz-string's own reading is an accident (a first code of
 * 3 unpacks the word "undefined"), ours says "damaged".
 *
 * The limit, UNPACKED_LIMIT, is sized from the largest real puzzles, measured: a 16×16 link
 * with 4000-character title, author and rules, every inner wall drawn, unpacks to 14,002
 * characters in plain text and 66,066 when every character is a control character (JSON
 * writes each as \u00XX); the f-puzzles string Squiggly writes for the same puzzle, 73,576.
 * f-puzzles' own strings may add pencil marks, colours and constraint lists (cages, lines,
 * text), not measured here: 1,000,000 characters leaves a 13× margin over the largest we
 * write for them, and unpacking that much takes milliseconds (999,000 characters: 7 ms in
 * Node on a busy machine), not seconds. A bomb is refused after about 1,400 codes.
 */
import LZString from 'lz-string';

// lz-string is a CommonJS/UMD module whose exports Node's ESM loader cannot see by name, so
// it is imported as a default (module.exports) and its functions taken from that: this works
// under Vite, Vitest, esbuild's CLI bundle and plain Node ESM (tsx for bench/) alike.
export const { compressToBase64, compressToEncodedURIComponent } = LZString;

/** Most characters any puzzle's data unpacks to, with a wide margin (see the header). */
export const UNPACKED_LIMIT = 1_000_000;

export type Unpacking = { text: string } | { failure: 'damaged' | 'too-large' };

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
const URI_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/** Character code -> 6-bit value; characters outside the alphabet read as 0, as in lz-string. */
function valuesOf(alphabet: string): Uint8Array {
  const values = new Uint8Array(128);
  // '=' (64, base-64 padding) has no bit among the low six: it reads as 0 too.
  for (let index = 0; index < alphabet.length; index++) {
    values[alphabet.charCodeAt(index)] = index & 63;
  }
  return values;
}
const BASE64_VALUES = valuesOf(BASE64);
const URI_VALUES = valuesOf(URI_SAFE);

const DAMAGED: Unpacking = { failure: 'damaged' };
const TOO_LARGE: Unpacking = { failure: 'too-large' };

/** The text of compressToEncodedURIComponent's output (blanks read as '+', as a URL may turn them). */
export const unpackUriComponent = (data: string, limit = UNPACKED_LIMIT): Unpacking =>
  unpack(data.replace(/ /g, '+'), URI_VALUES, limit, false);

/** The text of compressToBase64's output. */
export const unpackBase64 = (data: string, limit = UNPACKED_LIMIT): Unpacking =>
  unpack(data, BASE64_VALUES, limit, false);

/**
 * The first `chars` characters of compressToBase64's output (fewer when the text is shorter),
 * or null when the data is damaged before them: a look at the start costing a few codes,
 * however long the data.
 */
export function startOfBase64(data: string, chars: number): string | null {
  const read = unpack(data, BASE64_VALUES, chars, true);
  return 'text' in read ? read.text : null;
}

/**
 * lz-string's LZW stream, read with an output limit. With `partial`, reaching the limit (or
 * the end of the input) gives the text so far rather than a failure.
 */
function unpack(data: string, values: Uint8Array, limit: number, partial: boolean): Unpacking {
  if (data.length === 0) return DAMAGED;
  const totalBits = data.length * 6;
  let bitsRead = 0;
  let current = 0;
  let mask = 0;
  let nextChar = 0;
  /** `width` bits, least significant first; past the end of the data they read as 0. */
  const read = (width: number): number => {
    let value = 0;
    for (let bit = 0; bit < width; bit++) {
      if (mask === 0) {
        const code = nextChar < data.length ? data.charCodeAt(nextChar) : 0;
        current = code < 128 ? values[code] : 0;
        nextChar++;
        mask = 32;
      }
      if ((current & mask) !== 0) value |= 1 << bit;
      mask >>= 1;
      bitsRead++;
    }
    return value;
  };

  const pieces: string[] = [];
  let produced = 0;
  const finish = (): Unpacking => ({ text: pieces.join('') });
  /** Add a piece of output; false when it would pass the limit. */
  const emit = (piece: string): boolean => {
    if (produced + piece.length > limit) {
      if (partial) pieces.push(piece.slice(0, limit - produced));
      return false;
    }
    pieces.push(piece);
    produced += piece.length;
    return true;
  };

  // Codes 0, 1 and 2 are the literal and end codes; entries start at 3. Each entry's first
  // character is kept apart, so that making the next entry (an entry and one character) never
  // reads into a string: the engine keeps each as a link to the last plus one character, not
  // a copy, and a bomb costs a few bytes a code until its output passes the limit.
  const dictionary: string[] = ['', '', ''];
  const firsts: string[] = ['', '', ''];
  let width = 2;
  let enlargeIn = 4;
  const grow = (): void => {
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** width;
      width++;
    }
  };

  const first = read(2);
  if (first === 2) return { text: '' };
  if (first === 3) return DAMAGED;
  width = 3;
  let previous = String.fromCharCode(read(first === 0 ? 8 : 16));
  let previousFirst = previous;
  dictionary.push(previous);
  firsts.push(previous);
  if (!emit(previous)) return partial ? finish() : TOO_LARGE;

  for (;;) {
    // lz-string's test: all the data read at a code's start, with no end code seen.
    if (bitsRead >= totalBits) return partial ? finish() : DAMAGED;
    let code = read(width);
    if (code === 2) return finish();
    if (code < 2) {
      const char = String.fromCharCode(read(code === 0 ? 8 : 16));
      dictionary.push(char);
      firsts.push(char);
      code = dictionary.length - 1;
      grow();
    }
    let entry: string;
    let entryFirst: string;
    if (code < dictionary.length) {
      entry = dictionary[code];
      entryFirst = firsts[code];
    } else if (code === dictionary.length) {
      entry = previous + previousFirst;
      entryFirst = previousFirst;
    } else {
      return partial ? finish() : DAMAGED;
    }
    if (!emit(entry)) return partial ? finish() : TOO_LARGE;
    dictionary.push(previous + entryFirst);
    firsts.push(previousFirst);
    grow();
    previous = entry;
    previousFirst = entryFirst;
  }
}
