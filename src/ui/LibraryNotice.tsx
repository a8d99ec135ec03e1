/**
 * The main screen's word from "My puzzles" when it cannot keep what the user makes: a notice
 * in the page's header (an alert named "Saving to My puzzles"), not only in the dialog, since
 * the user may never open the dialog while puzzles fail to be kept.
 *
 * Two things are said. Puzzles whose write failed (libraryWaiting: the browser's storage full,
 * say) are counted, and the ones with no copy outside this tab are named, since closing the
 * tab would lose them; the notice stays until their writes succeed (Retry, or any later write
 * that goes through), and offers the ways out: Retry, Export library (the file includes the
 * waiting puzzles) and Delete some puzzles (opens My puzzles). A failed action (libraryError) is
 * shown with Dismiss, and stays until then (opening the list no longer clears it).
 */
import { libraryTitle } from './LibraryDialog.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { downloadLargeText, libraryFileName } from './download.ts';
import { plural, type LibraryWaiting } from '../store/store.ts';
import { useState } from 'react';

/** Puzzles at risk named at most; the rest are counted. */
const NAMED_AT_MOST = 5;

function waitingText({ reason, full, puzzles }: LibraryWaiting): string {
  const count = plural(puzzles.length, 'puzzle');
  const are = puzzles.length === 1 ? 'is' : 'are';
  const head = full
    ? `My puzzles is full: ${count} ${are} waiting to be saved.`
    : `My puzzles could not save (${reason}): ${count} ${are} waiting to be saved.`;
  const atRisk = puzzles.filter((puzzle) => puzzle.atRisk);
  const tail =
    'Free some space (delete puzzles in My puzzles) and retry, or export the library to keep them in a file.';
  if (atRisk.length === 0) {
    return `${head} A copy of each is kept in this browser until there is room. ${tail}`;
  }
  const names = atRisk
    .slice(0, NAMED_AT_MOST)
    .map((puzzle) => `"${libraryTitle({ ...puzzle, created: puzzle.changed })}"`);
  const more = atRisk.length - names.length;
  const list = more > 0 ? `${names.join(', ')} and ${plural(more, 'other')}` : names.join(', ');
  const one = atRisk.length === 1;
  const who =
    atRisk.length === puzzles.length
      ? one
        ? 'It has no copy'
        : 'None of them has a copy'
      : `${plural(atRisk.length, 'of them', 'of them')} ${one ? 'has' : 'have'} no copy`;
  return `${head} ${who} outside this tab: closing it would lose ${one ? 'it' : 'them'} (${list}). ${tail}`;
}

export function LibraryNotice({ onOpenLibrary }: { onOpenLibrary(): void }) {
  const store = useSquigglyStore();
  const waiting = useSquiggly((s) => s.libraryWaiting);
  const error = useSquiggly((s) => (s.libraryStatus === 'unavailable' ? null : s.libraryError));
  const [busy, setBusy] = useState(false);
  if (!waiting && !error) return null;

  const run = async (work: () => Promise<void>): Promise<void> => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const exportAll = (): Promise<void> =>
    run(async () => {
      const text = await store.getState().exportLibrary();
      if (text !== null) {
        await downloadLargeText(text, libraryFileName());
      }
    });

  return (
    <div role="alert" aria-label="Saving to My puzzles" className="notice library-notice">
      <span>
        {waiting && waitingText(waiting)}
        {waiting && error && ' '}
        {error}
      </span>
      <span className="notice-actions">
        {waiting && (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(() => store.getState().retryLibraryWrites())}
            >
              Retry
            </button>
            <button type="button" disabled={busy} onClick={() => void exportAll()}>
              Export library
            </button>
            <button type="button" onClick={onOpenLibrary}>
              Delete some puzzles
            </button>
          </>
        )}
        {error && (
          <button type="button" onClick={() => store.getState().dismissLibraryError()}>
            Dismiss
          </button>
        )}
      </span>
    </div>
  );
}
