/**
 * The library file (src/formats/library.ts): a library printed and read back is the same
 * library; every damaged or foreign file gives one error naming the puzzle, line and column
 * of the value at fault, and the reader returns nothing half-read.
 */
import { describe, expect, it } from 'vitest';
import { standardRegions, wallsFromRegions } from '../../src/engine/index.ts';
import { formatErrorText } from '../../src/formats/errors.ts';
import {
  printLibraryFile,
  readLibraryFile,
  type LibraryFileEntry,
} from '../../src/formats/library.ts';
import { lzBomb } from '../fixtures/lzBomb.ts';

function entry(id: string, title: string, size = 4): LibraryFileEntry {
  const regions = Array.from(standardRegions(size));
  const givens = new Array<number>(size * size).fill(0);
  givens[0] = 1;
  const walls = Array.from(wallsFromRegions(size, regions));
  // A half-drawn wall inside region 0 (between cells 0 and 1) travels too.
  walls[0] |= 2;
  walls[1] |= 8;
  return {
    id,
    created: Date.UTC(2026, 0, 2, 3, 4, 5),
    modified: Date.UTC(2026, 10, 24, 9, 0, 0),
    verdict: 'multiple',
    rating: null,
    puzzle: { size, regions, givens, walls, info: { title, author: 'Ann', rules: 'Jigsaw.' } },
  };
}

function readAll(text: string): LibraryFileEntry[] {
  const read = readLibraryFile(text);
  if ('error' in read) throw new Error(formatErrorText(read.error));
  return Array.from({ length: read.reader.count }, (_, index) => {
    const one = read.reader.entry(index);
    if ('error' in one) throw new Error(formatErrorText(one.error));
    return one.entry;
  });
}

function errorOf(text: string): string {
  const read = readLibraryFile(text);
  if ('error' in read) return formatErrorText(read.error);
  for (let index = 0; index < read.reader.count; index++) {
    const one = read.reader.entry(index);
    if ('error' in one) return formatErrorText(one.error);
  }
  return 'no error';
}

describe('library file', () => {
  it('round-trips entries: ids, dates, verdict, rating, board, half-drawn walls and text', () => {
    const entries = [
      entry('a', 'First'),
      { ...entry('b', 'Second', 9), rating: 'hard', verdict: 'unique' as const },
    ];
    const text = printLibraryFile(entries, Date.UTC(2026, 10, 24));
    expect(text.split('\n')).toHaveLength(5); // head, one line per puzzle, close, final newline
    expect(readAll(text)).toEqual(entries);
  });

  it('reads an empty library', () => {
    expect(readAll(printLibraryFile([], 0))).toEqual([]);
  });

  it('locates broken JSON', () => {
    const text = printLibraryFile([entry('a', 'First')], 0).replace('"verdict"', '"verdict');
    expect(errorOf(text)).toMatch(
      /^line 2, column \d+: not a Squiggly library file: the JSON is damaged/,
    );
  });

  it('refuses other JSON and newer versions, naming the field', () => {
    expect(errorOf('[1, 2]')).toBe(
      'line 1, column 1: not a Squiggly library file: expected an object with "puzzles"',
    );
    expect(errorOf('{"puzzles": []}')).toMatch(/"squigglyLibrary" \(its version\) is missing/);
    expect(errorOf('{\n"squigglyLibrary": 7, "puzzles": []}')).toBe(
      'line 2, column 20: this library file was made by a newer version of Squiggly (file version 7; this one reads up to 1)',
    );
    expect(errorOf('{"squigglyLibrary": 1, "puzzles": {}}')).toBe(
      'line 1, column 35: "puzzles" must be a list of puzzles',
    );
    expect(errorOf('')).toBe('line 1, column 1: the file is empty');
  });

  it('names the puzzle, line and column of a bad field', () => {
    const good = printLibraryFile([entry('a', 'First'), entry('b', 'Second')], 0);
    const badDate = good.replace(/"modified":"[^"]+"/, '"modified":"yesterday"');
    expect(errorOf(badDate)).toMatch(
      /^case 1, line 2, column \d+: "modified" must be a date such as .*, got "yesterday"$/,
    );
    const lines = good.split('\n');
    lines[2] = lines[2].replace('"verdict":"multiple"', '"verdict":"maybe"');
    const column = lines[2].indexOf('"maybe"') + 1;
    expect(errorOf(lines.join('\n'))).toBe(
      `case 2, line 3, column ${column}: "verdict" must be one of unique, none, multiple, invalid or null, got "maybe"`,
    );
    expect(errorOf(good.replace('"id":"b"', '"id":7'))).toMatch(
      /^case 2, line 3, column \d+: "id" must be/,
    );
    expect(errorOf(good.replace('"rating":null', '"rating":"trivial"'))).toMatch(
      /^case 1, line 2, .*"rating" must be a difficulty level or null, got "trivial"/,
    );
  });

  it('points into a damaged puzzle link', () => {
    const good = printLibraryFile([entry('a', 'First')], 0);
    const damaged = good.replace('"puzzle":"puzzle=1.', '"puzzle":"puzzle=9.');
    const line = damaged.split('\n')[1];
    const column = line.indexOf('puzzle=9.') + 'puzzle='.length + 1;
    expect(errorOf(damaged)).toBe(
      `case 1, line 2, column ${column}: the puzzle cannot be read: this link was made by a newer version of Squiggly (link version 9; this one reads up to 2); open it in an up-to-date Squiggly`,
    );
  });

  it('refuses a crafted puzzle (a decompression bomb) as damaged or too large, at once', () => {
    const good = printLibraryFile([entry('a', 'First'), entry('b', 'Second')], 0);
    // 75 KB that lz-string unpacks to 512 million characters; and 406 KB (crashed Import).
    for (const codes of [32_000, 170_000]) {
      const hostile = good.replace(
        /"puzzle":"puzzle=1\.[^"]*"/,
        `"puzzle":"puzzle=1.${lzBomb(codes)}"`,
      );
      const column = hostile.split('\n')[1].indexOf('puzzle=1.') + 'puzzle=1.'.length + 1;
      expect(errorOf(hostile)).toMatch(
        new RegExp(
          `^case 1, line 2, column ${column}: the puzzle cannot be read: this link is damaged or too large: its puzzle data `,
        ),
      );
      // The other puzzle of the file still reads.
      const read = readLibraryFile(hostile);
      expect('reader' in read && read.reader.entry(1)).toMatchObject({ entry: { id: 'b' } });
    }
  });
});
