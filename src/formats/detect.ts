/**
 * Telling the format of an input from its first lines. `{` or `[` first is JSON. Otherwise
 * each of the first SAMPLE_LINES non-blank lines votes for the format whose row it looks
 * like (N*N givens and N*N region characters: jigsaw; N*N region characters alone, mostly
 * alike between neighbours: layout; a line of 81 cells or `end`: poj3074;
 * 9 numbers, not all single digits, as its border cells carry wall bits: hdu4069; 9 digits:
 * poj2676; 4 of `1`-`4` and `*`: hdu5547), and the format with at least half the votes, and
 * more than all the others together, wins: one damaged line, even the first, no longer
 * decides for the whole file, nor stops a short one being read. A lone number first is the
 * case count T of the counted formats and does not vote. The reason says how many lines
 * agreed, so a caller can tell the user when the choice was not unanimous; with no
 * majority, the error says how the lines split.
 *
 * Only the first lines are looked at, each up to LOOK_CHARS characters, so detection costs
 * nothing next to parsing, however big or odd the input.
 *
 * The command line reads two more formats, f-puzzles lines (fpuzzlesLines.ts) and ISS lines
 * (issLines.ts), that the app reads on the page instead: detectInputFormat first asks
 * whether most of the first lines are f-puzzles strings or links (each unpacked, bounded, so
 * a line of base-64-looking region letters is not taken for one), then whether most are ISS
 * strings (a `.` then a type or `~`, as no judge row starts), then falls back to
 * detectFormat.
 */
import { quote, type FormatError } from './errors.ts';
import { isFpuzzlesLine } from './fpuzzles.ts';
import { looksLikeIss } from './iss.ts';
import { looksLikeJigsawLine } from './jigsawLine.ts';
import { looksLikeLayoutLine } from './layoutLine.ts';
import { firstTextColumn, isDigits, LineReader } from './text.ts';
import type { FormatName, InputFormatName } from './types.ts';

export type Detection =
  | {
      format: FormatName;
      reason: string;
      /** Whether every line looked at agreed (false: some looked like no row of the format). */
      unanimous?: boolean;
    }
  | { format: null; error: FormatError };

/** Lines of at least this many characters with no space read as poj3074 puzzle lines. */
const MIN_PUZZLE_LINE = 40;
/** Non-blank lines that vote. */
const SAMPLE_LINES = 40;
/** Characters of a line looked at: every row of every format fits (a 25x25 jigsaw line: 1,251). */
const LOOK_CHARS = 1300;

/** The formats lines vote for, in the order that breaks a tie. */
const VOTERS = ['hdu4069', 'poj2676', 'hdu5547', 'jigsaw', 'layout', 'poj3074'] as const;
type Voter = (typeof VOTERS)[number];

/** What a line of each format holds, for the reason: `line 2 holds 9 numbers`. */
const HOLDS: Record<Voter, string> = {
  hdu4069: 'holds 9 numbers',
  poj2676: 'holds 9 digits',
  hdu5547: 'holds 4 of 1-4 and *',
  jigsaw: 'holds N*N givens and N*N region characters',
  layout: 'holds N*N region characters',
  poj3074: 'is a puzzle on one line',
};
const HOLD_MANY: Record<Voter, string> = {
  hdu4069: 'hold 9 numbers',
  poj2676: 'hold 9 digits',
  hdu5547: 'hold 4 of 1-4 and *',
  jigsaw: 'hold N*N givens and N*N region characters',
  layout: 'hold N*N region characters',
  poj3074: 'are puzzles on one line',
};

/** "a", "a and b", "a, b and c". */
const listParts = (parts: readonly string[]): string =>
  parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** Whether nearly all of a line's first 81 characters are digits or dots (a damaged puzzle line still is). */
function mostlyCells(line: string): boolean {
  const cells = line.slice(0, 81);
  let good = 0;
  for (let index = 0; index < cells.length; index++) {
    const code = cells.charCodeAt(index);
    if (code === 46 || (code >= 48 && code <= 57)) good++;
  }
  return good * 10 >= cells.length * 9;
}

/** The format a line looks like a row of, or null. */
function rowKind(line: string): Voter | null {
  if (line === 'end') return 'poj3074';
  const head = line.slice(0, LOOK_CHARS);
  // First: a 9x9 layout is as long as a poj3074 line, a 13x13 one near a damaged jigsaw line.
  if (looksLikeLayoutLine(head)) return 'layout';
  // Before poj3074: a jigsaw line's first 81 characters look like a poj3074 line.
  if (looksLikeJigsawLine(head)) return 'jigsaw';
  if (head.length >= MIN_PUZZLE_LINE && !/\s/.test(head) && mostlyCells(head)) return 'poj3074';
  if (/^[0-9]{9}$/.test(head)) return 'poj2676';
  if (/^[1-4*]{4}$/.test(head)) return 'hdu5547';
  const tokens = head.split(/[ \t]+/);
  // Nine single digits are no hdu4069 row: its first cell always has the left wall (128).
  if (
    tokens.length === 9 &&
    tokens.every((token) => token.length <= 3 && isDigits(token)) &&
    !tokens.every((token) => token.length === 1)
  ) {
    return 'hdu4069';
  }
  return null;
}

/** A row of digits with spaces between them: what a person types for a grid. */
const spacedDigits = (line: string): boolean => /^[0-9]( +[0-9]){8} *$/.test(line);

/**
 * The format an input is in, and why that was decided; or a located error when no format
 * fits (see the header).
 */
export function detectFormat(text: string): Detection {
  const reader = new LineReader(text);
  if (!reader.nextNonBlank()) {
    return { format: null, error: { ...reader.endPosition(), message: 'the input is empty' } };
  }
  const first = reader.text.trimStart();
  const firstLine = reader.line;
  const firstColumn = firstTextColumn(reader.text);
  if (first.startsWith('{') || first.startsWith('[')) {
    return { format: 'json', reason: `line ${firstLine} starts with ${quote(first[0])}` };
  }
  // T is a short number; a long line of digits is a puzzle line.
  const countFirst = isDigits(first) && first.length <= 15;
  const votes: Record<Voter, number> = {
    hdu4069: 0,
    poj2676: 0,
    hdu5547: 0,
    jigsaw: 0,
    layout: 0,
    poj3074: 0,
  };
  let examined = 0;
  let from = 0;
  let to = 0;
  let firstUnknown: { line: number; column: number; text: string } | null = null;
  const look = (line: string, lineNumber: number): void => {
    const kind = rowKind(line);
    examined++;
    if (from === 0) from = lineNumber;
    to = lineNumber;
    if (kind !== null) votes[kind]++;
    else if (firstUnknown === null) {
      firstUnknown = { line: lineNumber, column: firstTextColumn(reader.text), text: line };
    }
  };
  if (!countFirst) look(first, firstLine);
  while (examined < SAMPLE_LINES && reader.nextNonBlank()) {
    look(reader.text.trimStart(), reader.line);
  }
  let best: Voter | null = null;
  for (const voter of VOTERS) {
    if (votes[voter] > (best === null ? 0 : votes[best])) best = voter;
  }
  // At least half the lines looked at, and more than every other format together: not a
  // stray look-alike in noise, but a short file with one bad line still reads.
  if (best !== null) {
    const others = VOTERS.reduce((sum, voter) => sum + (voter === best ? 0 : votes[voter]), 0);
    if (votes[best] * 2 < examined || votes[best] <= others) best = null;
  }
  if (best !== null) {
    const agreeing = votes[best];
    let reason: string;
    if (examined === 1) {
      reason = `line ${from} ${best === 'poj3074' && first === 'end' ? 'is "end"' : HOLDS[best]}`;
    } else if (agreeing === examined) {
      reason = `all ${examined} lines looked at (${from}-${to}) ${HOLD_MANY[best]}`;
    } else {
      reason = `${agreeing} of the ${examined} lines looked at (${from}-${to}) ${agreeing === 1 ? HOLDS[best] : HOLD_MANY[best]}`;
    }
    return { format: best, reason, unanimous: agreeing === examined };
  }
  // Lines that do look like rows, split with no majority (a jigsaw line and a damaged one): say
  // so, rather than that nothing looked like a row. (After a case count, one format's rows
  // beside lines of none are told below, at the first line of none.)
  const splitVotes = VOTERS.filter((voter) => votes[voter] > 0);
  if (splitVotes.length > 1 || (splitVotes.length === 1 && !countFirst)) {
    const others = examined - splitVotes.reduce((sum, voter) => sum + votes[voter], 0);
    const parts = splitVotes.map(
      (voter) =>
        `${votes[voter]} ${votes[voter] === 1 ? HOLDS[voter] : HOLD_MANY[voter]} (${voter})`,
    );
    if (others > 0) parts.push(`${others} ${others === 1 ? 'looks' : 'look'} like no format's row`);
    return {
      format: null,
      error: {
        line: from,
        column: 1,
        message: `cannot tell the format: the ${examined} lines looked at (${from}-${to}) do not agree: ${listParts(parts)}; name the format with --format`,
      },
    };
  }
  if (!countFirst) {
    return {
      format: null,
      error: {
        line: firstLine,
        column: firstColumn,
        message: `cannot tell the format: the first line is not a number of cases, a puzzle on one line (poj3074 or jigsaw), or JSON: ${quote(first)}, and no line after it looks like a puzzle row; name the format with --format`,
      },
    };
  }
  const unknown = firstUnknown as { line: number; column: number; text: string } | null;
  if (unknown === null) {
    return {
      format: null,
      error: {
        ...reader.endPosition(),
        message:
          'cannot tell the format: the input ends after the number of cases; name the format with --format',
      },
    };
  }
  return {
    format: null,
    error: {
      line: unknown.line,
      column: unknown.column,
      message: spacedDigits(unknown.text)
        ? `cannot tell the format from ${quote(unknown.text)}: digits with spaces are neither a poj2676 row (9 digits, no spaces) nor an hdu4069 row (9 numbers with wall bits); write the rows without spaces for poj2676, or name the format with --format`
        : `cannot tell the format from ${quote(unknown.text)}: expected 9 numbers (hdu4069), 9 digits (poj2676) or 4 of 1-4 and * (hdu5547); name the format with --format`,
    },
  };
}

/** A detection among the command line's input formats (FormatName, f-puzzles and ISS lines). */
export type InputDetection =
  | { format: InputFormatName; reason: string; unanimous?: boolean }
  | { format: null; error: FormatError };

/** The line formats detectInputFormat looks for first, with what a line of each is. */
const STRING_LINES = [
  {
    format: 'fpuzzles',
    is: isFpuzzlesLine,
    one: 'an f-puzzles string or link',
    many: 'f-puzzles strings or links',
  },
  { format: 'iss', is: looksLikeIss, one: 'an ISS string', many: 'ISS strings' },
] as const;

/**
 * The input format of a text: f-puzzles lines, or ISS lines, when most lines looked at are;
 * else detectFormat.
 */
export function detectInputFormat(text: string): InputDetection {
  for (const kind of STRING_LINES) {
    const reader = new LineReader(text);
    let examined = 0;
    let matching = 0;
    let from = 0;
    let to = 0;
    while (examined < SAMPLE_LINES && reader.nextNonBlank()) {
      examined++;
      if (!kind.is(reader.text)) continue;
      matching++;
      if (from === 0) from = reader.line;
      to = reader.line;
    }
    if (matching === 0 || matching * 2 < examined) continue;
    const reason =
      matching === 1
        ? `line ${from} is ${kind.one}`
        : `${matching === examined ? 'all' : matching} of the ${examined} lines looked at (${from}-${to}) are ${kind.many}`;
    return { format: kind.format, reason, unanimous: matching === examined };
  }
  return detectFormat(text);
}
