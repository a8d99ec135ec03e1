/**
 * The library file printed in slices on the page's thread, yielding between them, so that
 * exporting a big library never blocks the page (100,000 puzzles took one 11.9 s task: each
 * puzzle's link text is an lz-string compression, about 0.1 ms).
 *
 * Why not the importer worker: handing it 100,000 records is a structured clone of them all,
 * on this thread, in one task, about as long as printing them; and the text would come back
 * as one more clone. Slices need nothing but the printer (formats/library.ts prints one line
 * at a time, with its head, separator and tail), and the output is the same text to the byte.
 *
 * A slice runs until SLICE_BUDGET_MS has passed (checked every few puzzles), then the page
 * gets its turn: scheduler.yield where the browser has it (no 4 ms clamp of nested timers,
 * and the export keeps its place in the queue), else a zero timer. Each slice's lines are
 * joined at its end, so the final join is of a few hundred parts, not 100,000 lines. Progress
 * is reported after each slice; Cancel is seen between slices (the result is then null).
 *
 * The export includes the puzzles still waiting to be written (the storage full): Export is
 * the user's way out then, and a file without them would lose them once the tab closes.
 */
import {
  LIBRARY_FILE_SEPARATOR,
  LIBRARY_FILE_TAIL,
  libraryFileHead,
  libraryFileLine,
  type LibraryFileEntry,
} from '../../formats/library.ts';
import type { LibraryRecord } from './libraryDb.ts';
import type { PendingCopy } from './pending.ts';

/** Longest stretch of printing before the page gets its turn (ms). */
export const SLICE_BUDGET_MS = 10;
/** Puzzles printed between looks at the clock. */
const CLOCK_EVERY = 16;

export interface SlicedPrint {
  /** After each slice: puzzles printed so far, of all. */
  onProgress?(done: number, total: number): void;
  /** Looked at between slices: true stops the print (its result is then null). */
  cancelled?(): boolean;
}

/** Let the page run (input, paint) before the next slice. */
export function yieldToPage(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The library file of `items` (each made an entry by `entryOf` as it is printed), exported at
 * `exported`; null when cancelled.
 */
export async function printLibraryInSlices<Item>(
  items: readonly Item[],
  entryOf: (item: Item) => LibraryFileEntry,
  exported: number,
  { onProgress, cancelled }: SlicedPrint = {},
): Promise<string | null> {
  const parts: string[] = [libraryFileHead(exported)];
  let index = 0;
  while (index < items.length) {
    if (cancelled?.()) return null;
    const started = performance.now();
    const lines: string[] = [];
    do {
      const end = Math.min(index + CLOCK_EVERY, items.length);
      for (; index < end; index++) lines.push(libraryFileLine(entryOf(items[index])));
    } while (index < items.length && performance.now() - started < SLICE_BUDGET_MS);
    parts.push(
      (parts.length > 1 ? LIBRARY_FILE_SEPARATOR : '') + lines.join(LIBRARY_FILE_SEPARATOR),
    );
    onProgress?.(index, items.length);
    if (index < items.length) await yieldToPage();
  }
  if (cancelled?.()) return null;
  parts.push(LIBRARY_FILE_TAIL);
  return parts.join('');
}

/** A stored entry as the file holds it. */
export const fileEntryOf = ({ meta, board }: LibraryRecord): LibraryFileEntry => ({
  id: meta.id,
  created: meta.created,
  modified: meta.modified,
  verdict: meta.verdict,
  rating: meta.rating,
  puzzle: board,
});

/**
 * The records to export: the stored ones, with each waiting write (not yet stored) in place
 * of its entry's stored record when it is newer, or added when the entry is not stored yet.
 */
export function withWaiting(
  records: readonly LibraryRecord[],
  waiting: readonly PendingCopy[],
): readonly LibraryRecord[] {
  if (waiting.length === 0) return records;
  const out = records.slice();
  const at = new Map(out.map((record, index) => [record.meta.id, index]));
  for (const copy of waiting) {
    const { board } = copy;
    const index = at.get(board.id);
    const stored = index === undefined ? undefined : out[index];
    if (stored && stored.meta.modified >= copy.changed) continue;
    const record: LibraryRecord = {
      meta: {
        id: board.id,
        title: board.info.title,
        author: board.info.author,
        size: board.size,
        clues: board.givens.reduce((count, digit) => count + (digit !== 0 ? 1 : 0), 0),
        created: stored?.meta.created ?? copy.changed,
        modified: copy.changed,
        verdict: copy.verdict,
        rating: copy.rating,
      },
      board,
    };
    if (index === undefined) out.push(record);
    else out[index] = record;
  }
  return out;
}
