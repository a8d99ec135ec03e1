/**
 * The library file: a whole "My puzzles" library as one JSON file, to keep as a backup or to
 * carry to another browser, and to read back (merging).
 *
 *   {"squigglyLibrary": 1, "exported": "2026-11-24T09:00:00.000Z", "puzzles": [
 *   {"id": "…", "created": "<ISO date>", "modified": "<ISO date>", "verdict": "unique",
 *    "rating": "easy", "puzzle": "puzzle=1.<data>"},
 *   …]}
 *
 * Each puzzle is its share-link fragment (link.ts): the same compact, versioned encoding of
 * size, clues, region labels, half-drawn walls, title, author and rules, so there is one
 * puzzle codec, not two. The facts around it (id, dates, last verdict and rating) are plain
 * fields. The printer puts one puzzle per line, so a person can read and diff the file.
 *
 * Reading is two-phase so that a big file never holds the page for long: readLibraryFile
 * checks the envelope (JSON.parse, fast) and returns a reader; entry(i) decodes one puzzle,
 * so the caller can decode in slices and yield between them. Every error is a FormatError
 * located at the value it is about (line, column; the case is the puzzle's 1-based place):
 * positions come from the located JSON reader (jsonSyntax.ts), run only once something is
 * wrong, so a good file pays for JSON.parse alone.
 */
import { isLevel } from '../engine/index.ts';
import { quote, type FormatError } from './errors.ts';
import { parseJsonNodes, TextLocator, type JsonNode } from './jsonSyntax.ts';
import { parseShareLink, shareFragment, type LinkPuzzle } from './link.ts';

/** The version this code writes and the highest it reads. */
export const LIBRARY_FILE_VERSION = 1;
export const LIBRARY_VERDICTS = ['unique', 'none', 'multiple', 'invalid'] as const;

export interface LibraryFileEntry {
  id: string;
  /** Milliseconds since 1970 (UTC). */
  created: number;
  modified: number;
  verdict: (typeof LIBRARY_VERDICTS)[number] | null;
  rating: string | null;
  puzzle: LinkPuzzle;
}

/** One puzzle's line of the file (without the comma between lines). */
export const libraryFileLine = (entry: LibraryFileEntry): string =>
  JSON.stringify({
    id: entry.id,
    created: new Date(entry.created).toISOString(),
    modified: new Date(entry.modified).toISOString(),
    verdict: entry.verdict,
    rating: entry.rating,
    puzzle: shareFragment(entry.puzzle),
  });

/** The file's text before its first puzzle line (a printer in slices writes it first). */
export const libraryFileHead = (exported: number): string =>
  `{"squigglyLibrary": ${LIBRARY_FILE_VERSION}, "exported": ${JSON.stringify(new Date(exported).toISOString())}, "puzzles": [\n`;
/** Between two puzzle lines. */
export const LIBRARY_FILE_SEPARATOR = ',\n';
/** After the last puzzle line. */
export const LIBRARY_FILE_TAIL = '\n]}\n';

/** The whole library as file text, one puzzle per line. */
export function printLibraryFile(entries: readonly LibraryFileEntry[], exported: number): string {
  const lines = entries.map(libraryFileLine);
  return `${libraryFileHead(exported)}${lines.join(LIBRARY_FILE_SEPARATOR)}${LIBRARY_FILE_TAIL}`;
}

export interface LibraryFileReader {
  /** Puzzles in the file. */
  count: number;
  /** Decode puzzle `index` (0-based): the entry, or where and why it cannot be read. */
  entry(index: number): { entry: LibraryFileEntry } | { error: FormatError };
}

type EntryField = 'id' | 'created' | 'modified' | 'verdict' | 'rating' | 'puzzle';

/** Check the file's envelope; a reader for its puzzles, or the located error. */
export function readLibraryFile(
  text: string,
): { reader: LibraryFileReader } | { error: FormatError } {
  let locator: TextLocator | null = null;
  let nodes: JsonNode | null = null;
  /** The located tree, read only when something must be pointed at. */
  const tree = (): JsonNode | null => {
    if (nodes === null) {
      const read = parseJsonNodes(text);
      nodes = 'node' in read ? read.node : null;
    }
    return nodes;
  };
  const at = (offset: number, message: string, puzzle?: number): FormatError => {
    locator ??= new TextLocator(text);
    const { line, column } = locator.at(offset);
    return puzzle === undefined
      ? { line, column, message }
      : { case: puzzle, line, column, message };
  };
  const field = (node: JsonNode | null | undefined, key: string): JsonNode | null =>
    node?.kind === 'object'
      ? (node.entries.find((entry) => entry.key === key)?.value ?? null)
      : null;

  if (text.trim() === '') return { error: at(0, 'the file is empty') };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const read = parseJsonNodes(text);
    const offset = 'error' in read ? read.error.offset : 0;
    const why = 'error' in read ? read.error.message : 'it is not JSON';
    return { error: at(offset, `not a Squiggly library file: the JSON is damaged (${why})`) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: at(0, 'not a Squiggly library file: expected an object with "puzzles"') };
  }
  const file = value as Record<string, unknown>;
  const version = file.squigglyLibrary;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return {
      error: at(
        field(tree(), 'squigglyLibrary')?.offset ?? 0,
        'not a Squiggly library file: "squigglyLibrary" (its version) is missing or not a whole number',
      ),
    };
  }
  if (version > LIBRARY_FILE_VERSION) {
    return {
      error: at(
        field(tree(), 'squigglyLibrary')?.offset ?? 0,
        `this library file was made by a newer version of Squiggly (file version ${version}; this one reads up to ${LIBRARY_FILE_VERSION})`,
      ),
    };
  }
  const puzzles = file.puzzles;
  if (!Array.isArray(puzzles)) {
    return {
      error: at(field(tree(), 'puzzles')?.offset ?? 0, '"puzzles" must be a list of puzzles'),
    };
  }

  const itemNode = (index: number): JsonNode | null => {
    const list = field(tree(), 'puzzles');
    return list?.kind === 'array' ? (list.items[index] ?? null) : null;
  };
  const entry = (index: number): { entry: LibraryFileEntry } | { error: FormatError } => {
    const number = index + 1;
    const fail = (key: EntryField | null, message: string, inner = 0): { error: FormatError } => {
      const item = itemNode(index);
      const node = key === null ? item : (field(item, key) ?? item);
      return { error: at((node?.offset ?? 0) + inner, message, number) };
    };
    const item = puzzles[index];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return fail(null, 'expected a puzzle object');
    }
    const fields = item as Record<string, unknown>;
    const id = fields.id;
    if (typeof id !== 'string' || id === '' || id.length > 200) {
      return fail('id', `"id" must be a non-empty text of at most 200 characters, got ${show(id)}`);
    }
    const dates: number[] = [];
    for (const key of ['created', 'modified'] as const) {
      const date = typeof fields[key] === 'string' ? Date.parse(fields[key]) : NaN;
      if (Number.isNaN(date)) {
        return fail(
          key,
          `"${key}" must be a date such as "2026-11-24T09:00:00.000Z", got ${show(fields[key])}`,
        );
      }
      dates.push(date);
    }
    const verdict = fields.verdict ?? null;
    if (verdict !== null && !(LIBRARY_VERDICTS as readonly unknown[]).includes(verdict)) {
      return fail(
        'verdict',
        `"verdict" must be one of ${LIBRARY_VERDICTS.join(', ')} or null, got ${show(verdict)}`,
      );
    }
    const rating = fields.rating ?? null;
    if (rating !== null && !(typeof rating === 'string' && isLevel(rating))) {
      return fail('rating', `"rating" must be a difficulty level or null, got ${show(rating)}`);
    }
    if (typeof fields.puzzle !== 'string') {
      return fail(
        'puzzle',
        `"puzzle" must be the puzzle's link text ("puzzle=1.…"), got ${show(fields.puzzle)}`,
      );
    }
    const read = parseShareLink(fields.puzzle);
    if ('error' in read) {
      // The link's own column counts within the string; +1 steps over the opening quote.
      return fail('puzzle', `the puzzle cannot be read: ${read.error.message}`, read.error.column);
    }
    return {
      entry: {
        id,
        created: dates[0],
        modified: dates[1],
        verdict: verdict as LibraryFileEntry['verdict'],
        rating: rating as string | null,
        puzzle: read.puzzle,
      },
    };
  };
  return { reader: { count: puzzles.length, entry } };
}

const show = (value: unknown): string =>
  value === undefined
    ? 'nothing'
    : typeof value === 'string'
      ? quote(value)
      : quote(JSON.stringify(value) ?? String(value));
