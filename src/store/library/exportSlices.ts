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
 * gets its turn (yieldToPage: a message to itself, at the end of the task queue). Each
 * slice's lines are joined at its end, so the final join is of a few hundred parts. Progress
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
export const SLICE_BUDGET_MS = 4;
/** Puzzles printed between looks at the clock. */
const CLOCK_EVERY = 8;

export interface SlicedPrint {
  /** After each slice: puzzles printed so far, of all. */
  onProgress?(done: number, total: number): void;
  /** Looked at between slices: true stops the print (its result is then null). */
  cancelled?(): boolean;
}

/**
 * Let the page run (input, paint, timers, other messages) before the next slice: a message to
 * itself, which joins the end of the task queue like any other task and, unlike a zero timer,
 * is not held 4 ms once nested (1,000 slices would wait 4 s more). Not scheduler.yield: its
 * continuation goes before every other task, which would starve the page's other work.
 */
export function yieldToPage(): Promise<void> {
  // Typed here: the Node test project has no DOM library, and Node's ports differ in type.
  interface Port {
    onmessage: (() => void) | null;
    postMessage(message: unknown): void;
    close(): void;
  }
  const { MessageChannel: Channel } = globalThis as unknown as {
    MessageChannel?: new () => { port1: Port; port2: Port };
  };
  if (typeof Channel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const { port1, port2 } = new Channel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

/** A library file printed a batch at a time, each batch in slices (see the header). */
export interface SlicedPrinter {
  /** Print `entries` after those printed before; false when cancelled. */
  print(entries: readonly LibraryFileEntry[]): Promise<boolean>;
  /** The whole file: what was printed, and its tail. */
  text(): string;
}

/** A printer of the file exported at `exported`; progress counts against `total()`. */
export function slicedPrinter(
  exported: number,
  total: () => number,
  { onProgress, cancelled }: SlicedPrint = {},
): SlicedPrinter {
  const parts: string[] = [libraryFileHead(exported)];
  let printed = 0;
  return {
    async print(entries) {
      let index = 0;
      while (index < entries.length) {
        if (cancelled?.()) return false;
        const started = performance.now();
        const lines: string[] = [];
        do {
          const end = Math.min(index + CLOCK_EVERY, entries.length);
          for (; index < end; index++) lines.push(libraryFileLine(entries[index]));
        } while (index < entries.length && performance.now() - started < SLICE_BUDGET_MS);
        parts.push(
          (printed > 0 ? LIBRARY_FILE_SEPARATOR : '') + lines.join(LIBRARY_FILE_SEPARATOR),
        );
        printed += lines.length;
        onProgress?.(printed, Math.max(total(), printed));
        await yieldToPage();
      }
      return !cancelled?.();
    },
    text: () => parts.join('') + LIBRARY_FILE_TAIL,
  };
}

/** The library file of `entries`, printed in slices; null when cancelled. */
export async function printLibraryInSlices(
  entries: readonly LibraryFileEntry[],
  exported: number,
  options: SlicedPrint = {},
): Promise<string | null> {
  const printer = slicedPrinter(exported, () => entries.length, options);
  return (await printer.print(entries)) ? printer.text() : null;
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

/** A waiting write as the record it would make (`stored`: the entry's record, if any). */
function waitingRecord(copy: PendingCopy, stored: LibraryRecord | undefined): LibraryRecord {
  const { board } = copy;
  return {
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
}

/**
 * A page of stored records with the waiting writes (not yet stored) of its entries in place
 * of the stored ones when newer; those used are taken out of `waiting` (what is left there at
 * the end is of entries not stored at all: see waitingLeft).
 */
export function withWaiting(
  records: readonly LibraryRecord[],
  waiting: Map<string, PendingCopy>,
): readonly LibraryRecord[] {
  if (waiting.size === 0) return records;
  return records.map((record) => {
    const copy = waiting.get(record.meta.id);
    if (!copy) return record;
    waiting.delete(record.meta.id);
    return record.meta.modified >= copy.changed ? record : waitingRecord(copy, record);
  });
}

/** The waiting writes left (of entries not stored), as records. */
export const waitingLeft = (waiting: Map<string, PendingCopy>): LibraryRecord[] =>
  [...waiting.values()].map((copy) => waitingRecord(copy, undefined));
