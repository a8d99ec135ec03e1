/**
 * Share links: a whole puzzle in a URL fragment, `#puzzle=<version>.<data>`, so that the
 * link opens the same puzzle on any machine with no server involved.
 *
 * <data> is lz-string's compressToEncodedURIComponent of a small JSON object:
 *   {"s": size, "g": givens, "r": region labels, "x": [extra wall edges],
 *    "t": title, "a": author, "u": rules, "c": [constraints]}
 * givens and labels are strings of base-36 characters, one per cell in reading order
 * (labels as a list of numbers when a label reaches 36, which only a layout broken into
 * many pieces has). Walls are mostly implied by the labels (a wall wherever two
 * neighbours differ); "x" lists the walls drawn between cells of one region (a half-drawn
 * layout), as edge ids (`cell * 2` right of the cell, `cell * 2 + 1` below it), so that a
 * work in progress travels as it is. "c" holds the variant constraints in the engine's plain
 * form (cells as indices; src/engine/variants/plainConstraints.ts reads them back). Empty
 * optional fields are left out.
 *
 * A link with constraints is version 2, one without stays version 1: a Squiggly from before
 * constraints opens a classic puzzle's link as ever, and says a link with cages "was made by
 * a newer version" instead of opening the jigsaw without its cages.
 *
 * The version sits outside the compressed data so that a link from a newer Squiggly is
 * recognised as such even when this version cannot read its data (and a number no Squiggly
 * writes is called garbled, not new). Data is unpacked by lz.ts's bounded decoder, and data
 * longer than any puzzle's is refused unread: a crafted link costs milliseconds, and says
 * "damaged or too large", never freezes the page. Every failure is a
 * FormatError on line 1 whose column points into the text given (the start of the version
 * or the data), and whose message names the field and cell; decoding never throws and
 * returns nothing half-read, so a bad link changes nothing.
 */
import { compressToEncodedURIComponent, unpackUriComponent, UNPACKED_LIMIT } from './lz.ts';
import {
  APP_SIZES,
  cellName,
  constraintsFromPlain,
  sizesText,
  neighbourAcross,
  wallsFromRegions,
  WALL_DOWN,
  WALL_LEFT,
  WALL_RIGHT,
  WALL_UP,
  type Constraint,
} from '../engine/index.ts';
import { quote, type FormatError } from './errors.ts';

/** The highest link version this code writes and reads (2: with constraints). */
export const LINK_VERSION = 2;
/** The version of a link without constraints, which every Squiggly reads. */
const CLASSIC_LINK_VERSION = 1;
/** The fragment key: `#puzzle=1.…`. */
export const LINK_KEY = 'puzzle';
/** Longest title, author or rules text a link carries (rules may be a paragraph or two). */
export const MAX_INFO_LENGTH = 4000;
/**
 * Longest link data read: the largest puzzle a link holds (16×16, every inner wall drawn,
 * 4000 random CJK characters in each of title, author and rules, which lz-string barely
 * packs) is 53,032 characters; a plain-text one is 2,718. Longer data is refused unread, so
 * reading a link costs milliseconds on the page whatever is pasted into the address bar.
 */
export const MAX_LINK_DATA = 100_000;
/** Link versions above this are no version any Squiggly will write: a garbled link. */
const MAX_PLAUSIBLE_VERSION = 999;

/** Title, author and rules: text that travels with the puzzle. Empty strings when unset. */
export interface PuzzleInfo {
  title: string;
  author: string;
  rules: string;
}

export const EMPTY_INFO: PuzzleInfo = Object.freeze({ title: '', author: '', rules: '' });

/** A puzzle as a link holds it: the editor's own view, layout possibly unfinished. */
export interface LinkPuzzle {
  size: number;
  /** Region label per cell (0-based). */
  regions: readonly number[];
  /** Clue per cell, 0 = empty. */
  givens: readonly number[];
  /** Wall bits per cell (1 up, 2 right, 4 down, 8 left); border walls included. */
  walls: readonly number[];
  info: PuzzleInfo;
  /** Variant constraints; none (or absent) for a classic jigsaw. */
  constraints?: readonly Constraint[];
}

export type LinkReading = { puzzle: LinkPuzzle } | { error: FormatError };

const INFO_KEYS = [
  ['t', 'title'],
  ['a', 'author'],
  ['u', 'rules'],
] as const;

/** The fragment, without `#`: `puzzle=1.<data>`. */
export function shareFragment(puzzle: LinkPuzzle): string {
  const { size, regions, givens, walls } = puzzle;
  const payload: Record<string, unknown> = {
    s: size,
    g: givens.map((digit) => digit.toString(36)).join(''),
    r: regions.every((label) => label < 36)
      ? regions.map((label) => label.toString(36)).join('')
      : [...regions],
  };
  const extra: number[] = [];
  for (let cell = 0; cell < size * size; cell++) {
    for (const side of [WALL_RIGHT, WALL_DOWN]) {
      const other = neighbourAcross(cell, side, size);
      if (other >= 0 && regions[cell] === regions[other] && (walls[cell] & side) !== 0) {
        extra.push(cell * 2 + (side === WALL_DOWN ? 1 : 0));
      }
    }
  }
  if (extra.length > 0) payload.x = extra;
  for (const [key, field] of INFO_KEYS) {
    if (puzzle.info[field] !== '') payload[key] = puzzle.info[field];
  }
  const constraints = puzzle.constraints ?? [];
  if (constraints.length > 0) payload.c = constraints;
  const version = constraints.length > 0 ? LINK_VERSION : CLASSIC_LINK_VERSION;
  return `${LINK_KEY}=${version}.${compressToEncodedURIComponent(JSON.stringify(payload))}`;
}

/** A full link: `base` (the app's address, any fragment dropped) with the puzzle fragment. */
export function shareUrl(base: string, puzzle: LinkPuzzle): string {
  const hash = base.indexOf('#');
  return `${hash < 0 ? base : base.slice(0, hash)}#${shareFragment(puzzle)}`;
}

/** Whether a text holds a share link (a URL or fragment with `puzzle=`), good or bad. */
export function looksLikeShareLink(text: string): boolean {
  return findLinkStart(text.trim()) >= 0;
}

/** Where `puzzle=` starts in a link, fragment or bare `puzzle=…` text; -1 when nowhere. */
function findLinkStart(text: string): number {
  const marker = `#${LINK_KEY}=`;
  const at = text.indexOf(marker);
  if (at >= 0) return at + 1;
  return text.startsWith(`${LINK_KEY}=`) ? 0 : -1;
}

/**
 * Read a share link: a whole URL, its fragment (with or without `#`), or `puzzle=…`.
 * Columns in errors count from the start of `text` as given.
 */
export function parseShareLink(text: string): LinkReading {
  const lead = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const fail = (offset: number, message: string): LinkReading => ({
    error: { line: 1, column: lead + offset + 1, message },
  });
  if (trimmed === '') return fail(0, 'the link is empty');
  const start = findLinkStart(trimmed);
  if (start < 0) {
    return fail(0, `not a Squiggly share link: expected "#${LINK_KEY}=" in ${quote(trimmed)}`);
  }
  const versionAt = start + LINK_KEY.length + 1;
  const body = trimmed.slice(versionAt);
  const dot = body.indexOf('.');
  const versionText = dot < 0 ? body : body.slice(0, dot);
  const expected = `expected "${LINK_KEY}=${LINK_VERSION}.…"`;
  const digits = /^[0-9]+$/.test(versionText);
  if (versionText === '' || (dot < 0 && !digits)) {
    return fail(versionAt, `the link has no version number before its data (${expected})`);
  }
  if (!digits) {
    return fail(
      versionAt,
      `the link version must be a number, got ${quote(versionText)} (${expected}); the link was changed or garbled`,
    );
  }
  const version = Number(versionText);
  if (version < 1 || version > MAX_PLAUSIBLE_VERSION) {
    return fail(
      versionAt,
      `link version ${versionText.length > 20 ? `${versionText.slice(0, 20)}…` : versionText} is not a version any Squiggly writes (this one writes up to ${LINK_VERSION}); the link was changed or garbled`,
    );
  }
  if (version > LINK_VERSION) {
    return fail(
      versionAt,
      `this link was made by a newer version of Squiggly (link version ${version}; this one reads up to ${LINK_VERSION}); open it in an up-to-date Squiggly`,
    );
  }
  const dataAt = versionAt + versionText.length + 1;
  const data = dot < 0 ? '' : body.slice(dot + 1);
  if (data === '')
    return fail(dataAt - 1, 'the link ends before its puzzle data; it was cut short');
  const tooLarge = (why: string): LinkReading =>
    fail(dataAt, `this link is damaged or too large: its puzzle data ${why}`);
  if (data.length > MAX_LINK_DATA) {
    return tooLarge(
      `is ${data.length.toLocaleString('en')} characters long, and no puzzle's is over ${MAX_LINK_DATA.toLocaleString('en')}`,
    );
  }
  const unpacked = unpackUriComponent(data);
  if ('failure' in unpacked && unpacked.failure === 'too-large') {
    return tooLarge(
      `unpacks to more than ${UNPACKED_LIMIT.toLocaleString('en')} characters, far more than any puzzle needs`,
    );
  }
  const damaged = 'the puzzle data is damaged (it was probably cut short or changed when copied)';
  if (!('text' in unpacked) || unpacked.text === '') return fail(dataAt, damaged);
  let payload: unknown;
  try {
    payload = JSON.parse(unpacked.text);
  } catch {
    return fail(dataAt, damaged);
  }
  const result = readPayload(payload);
  return typeof result === 'string' ? fail(dataAt, result) : { puzzle: result };
}

/** The puzzle in a decoded payload, or what is wrong with it. */
function readPayload(payload: unknown): LinkPuzzle | string {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return 'the puzzle data is not a puzzle';
  }
  const fields = payload as Record<string, unknown>;
  const size = fields.s;
  if (typeof size !== 'number' || !(APP_SIZES as readonly number[]).includes(size)) {
    return `the puzzle size must be ${sizesText(APP_SIZES, 'or')}, got ${JSON.stringify(size) ?? 'nothing'}`;
  }
  const cells = size * size;
  const givens = readCells(fields.g, 'clues', size, size);
  if (typeof givens === 'string') return givens;
  const regions = readCells(fields.r, 'region labels', size, cells - 1);
  if (typeof regions === 'string') return regions;
  const walls = Array.from(wallsFromRegions(size, regions));
  const extra = fields.x ?? [];
  if (!Array.isArray(extra)) return 'the extra walls must be a list of edge numbers';
  for (const edge of extra) {
    const cell = typeof edge === 'number' && Number.isInteger(edge) ? edge >> 1 : -1;
    const side = (edge as number) & 1 ? WALL_DOWN : WALL_RIGHT;
    const other = cell >= 0 && cell < cells ? neighbourAcross(cell, side, size) : -1;
    if (other < 0 || regions[cell] !== regions[other]) {
      return `extra wall ${JSON.stringify(edge)} is not an edge inside a region`;
    }
    walls[cell] |= side;
    walls[other] |= side === WALL_DOWN ? WALL_UP : WALL_LEFT;
  }
  const info: PuzzleInfo = { ...EMPTY_INFO };
  for (const [key, field] of INFO_KEYS) {
    const value = fields[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return `the ${field} must be text, got ${JSON.stringify(value)}`;
    if (value.length > MAX_INFO_LENGTH) {
      return `the ${field} is ${value.length} characters long; at most ${MAX_INFO_LENGTH} are allowed`;
    }
    info[field] = value;
  }
  if (fields.c === undefined) return { size, regions, givens, walls, info };
  const constraints = constraintsFromPlain(fields.c, size);
  if (typeof constraints === 'string') return constraints;
  return { size, regions, givens, walls, info, constraints };
}

/** One value per cell, 0..max: a base-36 string, or a list of numbers. */
function readCells(value: unknown, what: string, size: number, max: number): number[] | string {
  const cells = size * size;
  const list: unknown[] | null =
    typeof value === 'string' ? [...value] : Array.isArray(value) ? value : null;
  if (list === null) return `the ${what} are missing`;
  if (list.length !== cells) {
    return `the ${what} must have ${cells} cells for a ${size}×${size} puzzle, got ${list.length}`;
  }
  const numbers: number[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const item = list[cell];
    const number = typeof item === 'string' && /^[0-9a-z]$/.test(item) ? parseInt(item, 36) : item;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < 0 || number > max) {
      return `${what} ${cellName(cell, size)}: expected 0 to ${max}, got ${JSON.stringify(item)}`;
    }
    numbers.push(number);
  }
  return numbers;
}
