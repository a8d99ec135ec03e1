/**
 * A player's progress on one puzzle, kept in the browser's storage under a key made from the
 * puzzle's content (size, walls, clues: `puzzleKey`), so the same puzzle opened again, from a
 * link or an import, resumes where the player left it, and a different puzzle starts fresh.
 * The full content key is stored inside the value too and compared on reading: a hash
 * collision then reads as "no progress", never as someone else's marks.
 *
 * This is a small module on purpose (not zustand's persist): progress is one record per
 * puzzle, chosen by the puzzle on screen, while persist keeps one record per store. The
 * library of puzzles (IndexedDB) will take this over; until then localStorage holds a few KB
 * per puzzle played. Anything unreadable is ignored (the player starts the puzzle afresh) and
 * left where it is: nothing is deleted.
 *
 * Marks are bit masks, bit d for digit d, as the engine's candidate masks are.
 *
 * The undo and redo steps are kept too (the last SAVED_STEPS each way), so a reload, which
 * phones do to a tab in the background, does not take Undo away. Each step is stored as
 * the cells where it differs from its neighbour towards the board on screen ([cell, digit,
 * centre, corner, colour] per cell, flat): a move changes a few cells, so 200 steps take a few KB
 * where whole boards would take 100-600 KB. The encoding is cached by the arrays' identity
 * (the store never mutates them), so the timer's save every second costs nothing more.
 * Steps that do not read back are dropped; the board is still restored.
 *
 * Colours (SudokuPad's colouring: several per cell, bit c for colour c, 1 to PLAY_COLOURS)
 * came later. A board with none is stored as before (no `colour` field), and a save without
 * one reads as uncoloured. Steps with colours are stored as [cell, digit, centre, corner,
 * colour] per cell under `pastCells` and `futureCells`; the four-wide `past` and `future` of
 * older saves still read (their steps uncoloured), and an older app reading a newer save
 * finds no steps it could misread: it keeps the board and loses Undo, as with a full storage.
 *
 * The log of moves (`log`, for the replay): every board the player made, with the play time
 * it was made at, oldest first; undo and redo count as moves, since they change the board.
 * Stored as [ms, ...cells changed from the frame before, five numbers each], the first from
 * an empty board; at most LOG_FRAMES frames and about LOG_NUMBERS numbers (the oldest go
 * first). A log that does not read back, or a save from before it, starts the replay at the
 * board as restored: nothing else is lost.
 */
import type { KeyValueStorage } from './persistence.ts';

export const PLAY_KEY_PREFIX = 'squiggly-play:';
const PROGRESS_VERSION = 1;

/** Colours in the palette (Play's Colour entry: keys 1-9). */
export const PLAY_COLOURS = 9;
const ALL_COLOURS = 2 ** (PLAY_COLOURS + 1) - 2;

/** What the player has put on the grid: digits, centre marks, corner marks and colours. */
export interface PlayBoard {
  digits: number[];
  centre: number[];
  corner: number[];
  /** Colours per cell, bit c for colour c (clues may be coloured too). */
  colour: number[];
}

/** A board of the log, with the play time it was made at (playElapsedMs then). */
export interface PlayMove {
  ms: number;
  board: PlayBoard;
}

export interface PlayProgress {
  board: PlayBoard;
  elapsedMs: number;
  /** Undo steps, oldest first (the store's playPast). */
  past?: PlayBoard[];
  /** Redo steps, next first (the store's playFuture). */
  future?: PlayBoard[];
  /** Reveal has shown digits (Check gives no credit then). */
  revealed?: boolean;
  /** The cells Reveal filled, with the digit it put there (the store's playRevealedCells). */
  revealedCells?: Record<number, number>;
  /** The last Check (the store's playCheck): its marks, its words, and whether it was solved. */
  check?: StoredCheck | null;
  /** The log of moves, oldest first (the store's playLog): its last board is `board`. */
  log?: PlayMove[];
}

/** What Check found, as kept: wrong digits by cell (the marks stay while their digit does). */
export interface StoredCheck {
  wrong: Record<number, number>;
  message: string;
  solved: boolean;
}

/** A check's words are ours and short; anything longer was not written by this app. */
const CHECK_MESSAGE_LIMIT = 500;

/** Undo steps kept in storage each way. */
export const SAVED_STEPS = 200;

/** Frames of the log kept, in the store and in storage. */
export const LOG_FRAMES = 1000;
/** About this many numbers of the log are stored at most (some 150 KB at the worst). */
export const LOG_NUMBERS = 40_000;

export const emptyBoard = (cells: number): PlayBoard => ({
  digits: new Array<number>(cells).fill(0),
  centre: new Array<number>(cells).fill(0),
  corner: new Array<number>(cells).fill(0),
  colour: new Array<number>(cells).fill(0),
});

const copyBoard = (board: PlayBoard): PlayBoard => ({
  digits: [...board.digits],
  centre: [...board.centre],
  corner: [...board.corner],
  colour: [...board.colour],
});

/** Whether two boards hold the same things. */
export const sameBoard = (a: PlayBoard, b: PlayBoard): boolean =>
  a === b ||
  (a.digits.length === b.digits.length &&
    a.digits.every(
      (digit, cell) =>
        digit === b.digits[cell] &&
        a.centre[cell] === b.centre[cell] &&
        a.corner[cell] === b.corner[cell] &&
        a.colour[cell] === b.colour[cell],
    ));

/** FNV-1a over the content key: a short storage key; the content key itself is checked. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export const progressStorageKey = (contentKey: string): string =>
  PLAY_KEY_PREFIX + hashOf(contentKey);

/** A whole number from 0 to `max`: a cell, a digit or a mask as stored. */
const fits = (value: unknown, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

const masks = (value: unknown, cells: number, max: number): value is number[] =>
  Array.isArray(value) && value.length === cells && value.every((v) => fits(v, max));

/** `to` as the cells where it differs from `from`: [cell, digit, centre, corner, colour] each. */
function cellsChanged(from: PlayBoard, to: PlayBoard): number[] {
  const changed: number[] = [];
  for (let cell = 0; cell < to.digits.length; cell++) {
    if (
      from.digits[cell] !== to.digits[cell] ||
      from.centre[cell] !== to.centre[cell] ||
      from.corner[cell] !== to.corner[cell] ||
      from.colour[cell] !== to.colour[cell]
    ) {
      changed.push(cell, to.digits[cell], to.centre[cell], to.corner[cell], to.colour[cell]);
    }
  }
  return changed;
}

/**
 * One board from the one before it and its stored change (`width` numbers a cell: 4 in older
 * saves, without the colour; 5 now); null when the change does not fit the board's size.
 */
function boardAfter(
  board: PlayBoard,
  change: unknown,
  size: number,
  width: 4 | 5,
  from = 0,
): PlayBoard | null {
  if (!Array.isArray(change) || (change.length - from) % width !== 0) return null;
  const cells = size * size;
  const allMarks = 2 ** (size + 1) - 1;
  const next = copyBoard(board);
  for (let at = from; at < change.length; at += width) {
    const [cell, digit, centre, corner, colour = board.colour[cell as number]] = change.slice(
      at,
      at + width,
    ) as number[];
    if (!fits(cell, cells - 1) || !fits(digit, size)) return null;
    if (!fits(centre, allMarks) || !fits(corner, allMarks)) return null;
    if (!fits(colour, ALL_COLOURS) || colour % 2 !== 0) return null;
    next.digits[cell] = digit;
    next.centre[cell] = centre;
    next.corner[cell] = corner;
    next.colour[cell] = colour;
  }
  return next;
}

/**
 * The chain of boards stored as changes, each from the one before it (`start` first):
 * null when a change does not fit the board's size.
 */
function boardsFromChanges(
  start: PlayBoard,
  changes: unknown,
  size: number,
  width: 4 | 5,
): PlayBoard[] | null {
  if (!Array.isArray(changes)) return null;
  const boards: PlayBoard[] = [];
  let board = start;
  for (const change of changes) {
    const next = boardAfter(board, change, size, width);
    if (next === null) return null;
    boards.push(next);
    board = next;
  }
  return boards;
}

/** Play times are whole milliseconds, up to about three years. */
const MAX_MS = 1e11;

/** The log read back (see the header), or null when any of it does not read. */
function logFrom(stored: unknown, size: number): PlayMove[] | null {
  if (!Array.isArray(stored) || stored.length > LOG_FRAMES) return null;
  const frames: PlayMove[] = [];
  let board = emptyBoard(size * size);
  for (const frame of stored) {
    if (!Array.isArray(frame) || !fits(frame[0], MAX_MS)) return null;
    const next = boardAfter(board, frame, size, 5, 1);
    if (next === null) return null;
    frames.push({ ms: frame[0] as number, board: next });
    board = next;
  }
  return frames;
}

/**
 * The last encoding of the log, as JSON, reused while the store's array is the same one: the
 * timer's save every second then writes it without encoding it again.
 */
let lastLog: { log: readonly PlayMove[]; json: string } | null = null;

/**
 * Each frame's change from the frame before it, kept while that frame is the same one: a new
 * move then costs one encoding, not one per frame (the store never mutates a frame).
 */
const frameChanges = new WeakMap<PlayMove, { before: PlayMove; change: number[] }>();

function frameChange(before: PlayMove, frame: PlayMove): number[] {
  const kept = frameChanges.get(frame);
  if (kept?.before === before) return kept.change;
  const change = [Math.round(frame.ms), ...cellsChanged(before.board, frame.board)];
  frameChanges.set(frame, { before, change });
  return change;
}

/** The log as stored, in JSON: its newest frames, as many as LOG_NUMBERS allows. */
function storedLog(log: readonly PlayMove[]): string {
  if (lastLog?.log === log) return lastLog.json;
  const stored: number[][] = [];
  let numbers = 0;
  let at = log.length - 1;
  for (; at > 0; at--) {
    const change = frameChange(log[at - 1], log[at]);
    if (numbers + change.length > LOG_NUMBERS && stored.length > 0) break;
    numbers += change.length;
    stored.push(change);
  }
  // The oldest frame kept, from an empty board.
  if (at >= 0 && log[at]) {
    const first = log[at].board;
    stored.push([Math.round(log[at].ms), ...cellsChanged(emptyBoard(first.digits.length), first)]);
  }
  stored.reverse();
  const json = JSON.stringify(stored);
  lastLog = { log, json };
  return json;
}

/** Cells with a digit each (revealed cells, wrong digits) as stored: [cell, digit] pairs, flat. */
const cellDigitsStored = (byCell: Record<number, number>): number[] =>
  Object.entries(byCell).flatMap(([cell, digit]) => [Number(cell), digit]);

/**
 * Stored [cell, digit] pairs read back; none when any pair does not fit the board (revealed
 * digits then simply look typed, a check's marks go: the board itself is never lost).
 */
function cellDigitsFrom(stored: unknown, cells: number, size: number): Record<number, number> {
  const byCell: Record<number, number> = {};
  if (!Array.isArray(stored) || stored.length % 2 !== 0) return byCell;
  for (let at = 0; at < stored.length; at += 2) {
    const [cell, digit] = stored.slice(at, at + 2) as unknown[];
    if (!fits(cell, cells - 1) || !fits(digit, size) || digit === 0) return {};
    byCell[cell] = digit;
  }
  return byCell;
}

/** The last check read back, or null when there is none or it does not read. */
function checkFrom(stored: unknown, cells: number, size: number): StoredCheck | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const { wrong, message, solved } = stored as Record<string, unknown>;
  if (typeof message !== 'string' || message.length > CHECK_MESSAGE_LIMIT) return null;
  if (typeof solved !== 'boolean') return null;
  return { wrong: cellDigitsFrom(wrong, cells, size), message, solved };
}

/** The last encoding of the steps, reused while the store's arrays are the same ones. */
let lastSteps: {
  board: PlayBoard;
  past: readonly PlayBoard[];
  future: readonly PlayBoard[];
  stored: { past: number[][]; future: number[][] };
} | null = null;

/** The steps as stored: the undo steps newest first, the redo steps next first. */
function storedSteps(
  board: PlayBoard,
  past: readonly PlayBoard[],
  future: readonly PlayBoard[],
): { past: number[][]; future: number[][] } {
  if (lastSteps?.board === board && lastSteps.past === past && lastSteps.future === future) {
    return lastSteps.stored;
  }
  const stored = { past: [] as number[][], future: [] as number[][] };
  let from = board;
  for (let at = past.length - 1; at >= Math.max(0, past.length - SAVED_STEPS); at--) {
    stored.past.push(cellsChanged(from, past[at]));
    from = past[at];
  }
  from = board;
  for (const next of future.slice(0, SAVED_STEPS)) {
    stored.future.push(cellsChanged(from, next));
    from = next;
  }
  lastSteps = { board, past, future, stored };
  return stored;
}

export function loadProgress(
  storage: KeyValueStorage | null,
  contentKey: string,
  size: number,
): PlayProgress | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(progressStorageKey(contentKey));
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const saved = JSON.parse(raw) as Record<string, unknown>;
    const board = saved.board as Record<string, unknown> | undefined;
    const cells = size * size;
    const allMarks = 2 ** (size + 1) - 1;
    if (
      saved.version !== PROGRESS_VERSION ||
      saved.key !== contentKey ||
      !board ||
      !masks(board.digits, cells, size) ||
      !masks(board.centre, cells, allMarks) ||
      !masks(board.corner, cells, allMarks)
    ) {
      return null;
    }
    // No colours (an older save, or none used): an uncoloured board.
    const colour =
      board.colour === undefined
        ? new Array<number>(cells).fill(0)
        : masks(board.colour, cells, ALL_COLOURS) && board.colour.every((c) => c % 2 === 0)
          ? board.colour
          : null;
    if (colour === null) return null;
    const elapsedRead = Number(saved.elapsedMs);
    const elapsedMs = Number.isFinite(elapsedRead) && elapsedRead >= 0 ? elapsedRead : 0;
    const onScreen: PlayBoard = {
      digits: board.digits,
      centre: board.centre,
      corner: board.corner,
      colour,
    };
    // Steps that do not read back are dropped as a whole: a partial history could undo
    // into a board the player never had. Five-wide steps if there are any, else an older
    // save's four-wide ones.
    const wide = saved.pastCells !== undefined || saved.futureCells !== undefined;
    const past = wide
      ? boardsFromChanges(onScreen, saved.pastCells ?? [], size, 5)
      : boardsFromChanges(onScreen, saved.past ?? [], size, 4);
    const future = wide
      ? boardsFromChanges(onScreen, saved.futureCells ?? [], size, 5)
      : boardsFromChanges(onScreen, saved.future ?? [], size, 4);
    // The log ends at the board on screen: its last frame is that board itself (so the store
    // adds to it by identity); a log that does not lead there gets the board as a last frame.
    const log = logFrom(saved.log, size) ?? [];
    const last = log[log.length - 1];
    if (last && sameBoard(last.board, onScreen)) log[log.length - 1] = { ...last, board: onScreen };
    else log.push({ ms: elapsedMs, board: onScreen });
    return {
      board: onScreen,
      elapsedMs,
      past: past?.reverse() ?? [],
      future: future ?? [],
      revealed: saved.revealed === true,
      revealedCells: cellDigitsFrom(saved.revealedCells ?? [], cells, size),
      check: checkFrom(saved.check, cells, size),
      log: log.slice(-LOG_FRAMES),
    };
  } catch {
    return null;
  }
}

/**
 * Save; a full storage drops the log of moves first, then the undo steps, and a full or
 * blocked one loses only the progress, never the move just made.
 */
export function saveProgress(
  storage: KeyValueStorage | null,
  contentKey: string,
  progress: PlayProgress,
): boolean {
  if (!storage) return false;
  const { board, elapsedMs, past = [], future = [], revealed = false } = progress;
  const check = progress.check
    ? { ...progress.check, wrong: cellDigitsStored(progress.check.wrong) }
    : null;
  const record = {
    version: PROGRESS_VERSION,
    key: contentKey,
    // Colours only when there are some: an uncoloured board is stored as before.
    board: board.colour.some((c) => c !== 0)
      ? board
      : { digits: board.digits, centre: board.centre, corner: board.corner },
    elapsedMs,
    revealed,
    revealedCells: cellDigitsStored(progress.revealedCells ?? {}),
    check,
  };
  const steps = storedSteps(board, past, future);
  const log = progress.log && progress.log.length > 1 ? storedLog(progress.log) : null;
  // With the steps and the log, then (a full storage) without the log, then without the
  // steps too: the board matters more than Undo, and Undo more than the replay.
  const withSteps = (): string =>
    JSON.stringify({ ...record, pastCells: steps.past, futureCells: steps.future });
  const tries = [
    // The log's JSON goes in as it is (see storedLog): the record's last field.
    ...(log ? [() => `${withSteps().slice(0, -1)},"log":${log}}`] : []),
    withSteps,
    () => JSON.stringify({ ...record, pastCells: [], futureCells: [] }),
  ];
  for (const text of tries) {
    try {
      storage.setItem(progressStorageKey(contentKey), text());
      return true;
    } catch {
      // Try the smaller record, or give up.
    }
  }
  return false;
}
