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
 * centre, corner] per cell, flat): a move changes a few cells, so 200 steps take a few KB
 * where whole boards would take 100-600 KB. The encoding is cached by the arrays' identity
 * (the store never mutates them), so the timer's save every second costs nothing more.
 * Steps that do not read back are dropped; the board is still restored.
 */
import type { KeyValueStorage } from './persistence.ts';

export const PLAY_KEY_PREFIX = 'squiggly-play:';
const PROGRESS_VERSION = 1;

/** What the player has put on the grid: digits, centre marks and corner marks per cell. */
export interface PlayBoard {
  digits: number[];
  centre: number[];
  corner: number[];
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

export const emptyBoard = (cells: number): PlayBoard => ({
  digits: new Array<number>(cells).fill(0),
  centre: new Array<number>(cells).fill(0),
  corner: new Array<number>(cells).fill(0),
});

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

/** `to` as the cells where it differs from `from`: [cell, digit, centre, corner] each, flat. */
function cellsChanged(from: PlayBoard, to: PlayBoard): number[] {
  const changed: number[] = [];
  for (let cell = 0; cell < to.digits.length; cell++) {
    if (
      from.digits[cell] !== to.digits[cell] ||
      from.centre[cell] !== to.centre[cell] ||
      from.corner[cell] !== to.corner[cell]
    ) {
      changed.push(cell, to.digits[cell], to.centre[cell], to.corner[cell]);
    }
  }
  return changed;
}

/**
 * The chain of boards stored as changes, each from the one before it (`start` first):
 * null when a change does not fit the board's size.
 */
function boardsFromChanges(start: PlayBoard, changes: unknown, size: number): PlayBoard[] | null {
  if (!Array.isArray(changes)) return null;
  const cells = size * size;
  const allMarks = 2 ** (size + 1) - 1;
  const boards: PlayBoard[] = [];
  let board = start;
  for (const change of changes) {
    if (!Array.isArray(change) || change.length % 4 !== 0) return null;
    const next = {
      digits: [...board.digits],
      centre: [...board.centre],
      corner: [...board.corner],
    };
    for (let at = 0; at < change.length; at += 4) {
      const [cell, digit, centre, corner] = change.slice(at, at + 4) as number[];
      if (!fits(cell, cells - 1) || !fits(digit, size)) return null;
      if (!fits(centre, allMarks) || !fits(corner, allMarks)) return null;
      next.digits[cell] = digit;
      next.centre[cell] = centre;
      next.corner[cell] = corner;
    }
    boards.push(next);
    board = next;
  }
  return boards;
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
    const elapsed = Number(saved.elapsedMs);
    const onScreen = { digits: board.digits, centre: board.centre, corner: board.corner };
    // Steps that do not read back are dropped as a whole: a partial history could undo
    // into a board the player never had.
    const past = boardsFromChanges(onScreen, saved.past ?? [], size);
    const future = boardsFromChanges(onScreen, saved.future ?? [], size);
    return {
      board: onScreen,
      elapsedMs: Number.isFinite(elapsed) && elapsed >= 0 ? elapsed : 0,
      past: past?.reverse() ?? [],
      future: future ?? [],
      revealed: saved.revealed === true,
      revealedCells: cellDigitsFrom(saved.revealedCells ?? [], cells, size),
      check: checkFrom(saved.check, cells, size),
    };
  } catch {
    return null;
  }
}

/**
 * Save; a full storage drops the undo steps first, and a full or blocked one loses only
 * the progress, never the move just made.
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
    board,
    elapsedMs,
    revealed,
    revealedCells: cellDigitsStored(progress.revealedCells ?? {}),
    check,
  };
  // With the steps, then (a full storage) without them: the board matters more than Undo.
  for (const steps of [storedSteps(board, past, future), { past: [], future: [] }]) {
    try {
      storage.setItem(progressStorageKey(contentKey), JSON.stringify({ ...record, ...steps }));
      return true;
    } catch {
      // Try the smaller record, or give up.
    }
  }
  return false;
}
