/**
 * Telling the format of an input from its first lines. Only the first two non-blank lines
 * are looked at, so detection costs nothing next to parsing.
 */
import { quote, type FormatError } from './errors.ts';
import { firstTextColumn, isDigits, LineReader } from './text.ts';
import type { FormatName } from './types.ts';

export type Detection =
  { format: FormatName; reason: string } | { format: null; error: FormatError };

/** Lines of at least this many characters with no space read as poj3074 puzzle lines. */
const MIN_PUZZLE_LINE = 40;

/**
 * The format an input is in, and why that was decided; or a located error when no format
 * fits. Rules, in order: `{` or `[` first is JSON; a long line without spaces (or `end`)
 * is poj3074; a lone number T first is hdu4069, poj2676 or hdu5547, told apart by the
 * next line (9 numbers, 9 digits, or 4 of `1`-`4` and `*`).
 */
export function detectFormat(text: string): Detection {
  const reader = new LineReader(text);
  if (!reader.nextNonBlank()) {
    return { format: null, error: { ...reader.endPosition(), message: 'the input is empty' } };
  }
  const first = reader.text.trimStart();
  const firstLine = reader.line;
  if (first.startsWith('{') || first.startsWith('[')) {
    return { format: 'json', reason: `line ${firstLine} starts with ${quote(first[0])}` };
  }
  if (first === 'end' || (first.length >= MIN_PUZZLE_LINE && !/\s/.test(first))) {
    return {
      format: 'poj3074',
      reason: `line ${firstLine} is ${first === 'end' ? '"end"' : 'a puzzle on one line'}`,
    };
  }
  if (!isDigits(first)) {
    return {
      format: null,
      error: {
        line: firstLine,
        column: firstTextColumn(reader.text),
        message: `cannot tell the format: the first line is not a number of cases, a puzzle on one line, or JSON: ${quote(first)}; name the format with --format`,
      },
    };
  }
  if (!reader.nextNonBlank()) {
    return {
      format: null,
      error: {
        ...reader.endPosition(),
        message:
          'cannot tell the format: the input ends after the number of cases; name the format with --format',
      },
    };
  }
  const row = reader.text.trimStart();
  // A row of hdu4069 is a few dozen characters; a look at the start of a huge line will do.
  const tokens = row.slice(0, 1000).split(/[ \t]+/);
  if (tokens.length === 9) {
    return { format: 'hdu4069', reason: `line ${reader.line} holds 9 numbers` };
  }
  if (/^[0-9]{9}$/.test(row)) {
    return { format: 'poj2676', reason: `line ${reader.line} holds 9 digits` };
  }
  if (/^[1-4*]{4}$/.test(row)) {
    return { format: 'hdu5547', reason: `line ${reader.line} holds 4 of 1-4 and *` };
  }
  return {
    format: null,
    error: {
      line: reader.line,
      column: firstTextColumn(reader.text),
      message: `cannot tell the format from ${quote(row)}: expected 9 numbers (hdu4069), 9 digits (poj2676) or 4 of 1-4 and * (hdu5547); name the format with --format`,
    },
  };
}
