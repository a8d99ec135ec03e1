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
}

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

const masks = (value: unknown, cells: number, max: number): value is number[] =>
  Array.isArray(value) &&
  value.length === cells &&
  value.every((v) => Number.isInteger(v) && v >= 0 && v <= max);

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
    return {
      board: { digits: board.digits, centre: board.centre, corner: board.corner },
      elapsedMs: Number.isFinite(elapsed) && elapsed >= 0 ? elapsed : 0,
    };
  } catch {
    return null;
  }
}

/** Save; a full or blocked storage loses only the progress, never the move just made. */
export function saveProgress(
  storage: KeyValueStorage | null,
  contentKey: string,
  progress: PlayProgress,
): boolean {
  if (!storage) return false;
  try {
    storage.setItem(
      progressStorageKey(contentKey),
      JSON.stringify({ version: PROGRESS_VERSION, key: contentKey, ...progress }),
    );
    return true;
  } catch {
    return false;
  }
}
