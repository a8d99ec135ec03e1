/**
 * "My puzzles": the library dialog. Every puzzle the user makes or opens is kept by the store
 * (librarySlice.ts, IndexedDB); this lists them with what the app last knew of each (size,
 * clues, verdict, rating, dates), and offers Open, Duplicate, Rename and Delete per puzzle,
 * search by title or author, sort by last modified, title or size, and the whole library as
 * one file (Export library, Import library: merging). A verdict or rating read from a file
 * says "(from file)" until the app's own replaces it. Export shows its progress and Cancel,
 * in components of their own, so a step of it never renders the list of 100,000 again.
 *
 * Big libraries: the list is virtualised (@tanstack/react-virtual, rows measured so that they
 * may wrap on a narrow screen), so 5,000 puzzles render a screenful of rows. The list itself
 * comes from the store's memoised selector (visibleLibrary: sorted once per sort, filtered
 * once per query over the small metadata), and the search box updates it through
 * useDeferredValue, so typing stays responsive while the list catches up.
 *
 * Delete is immediate and offers "Undo delete" in the dialog's status line until the next
 * delete. Opening a puzzle is the app's business (App.tsx asks first when the current puzzle
 * has unsaved work, as New and Import do): this dialog only calls onOpen.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import {
  formatCount,
  plural,
  visibleLibrary,
  type LibraryMeta,
  type LibrarySort,
  type SquigglyState,
} from '../store/store.ts';
import { Dialog } from './Dialog.tsx';
import { focusLost } from './focusReturn.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { downloadLargeText, libraryFileName } from './download.ts';

const SORT_LABELS: Record<LibrarySort, string> = {
  modified: 'Last modified',
  title: 'Title',
  size: 'Size',
};

const VERDICT_WORDS: Record<string, string> = {
  unique: 'Unique',
  none: 'No solution',
  multiple: 'Several solutions',
  invalid: 'Invalid',
};

/** After a verdict or rating read from a library file, not found by this app. */
const FROM_FILE = ' (from file)';

/** A row's height before it is measured (a title line, a detail line, a row of buttons). */
const ROW_ESTIMATE_PX = 96;

const dateText = (ms: number, seconds = false): string =>
  new Date(ms).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
  });

/**
 * A puzzle's name in the list, its buttons and the messages: its title, or for an untitled
 * one its size and when it was made, to the second, so that untitled puzzles are told apart
 * (and their buttons, "Open ..." and "Delete ...", have names of their own).
 */
export const libraryTitle = (meta: Pick<LibraryMeta, 'title' | 'size' | 'created'>): string =>
  meta.title || `Untitled ${meta.size}×${meta.size}, ${dateText(meta.created, true)}`;

function detailOf(meta: LibraryMeta): string {
  const parts = [
    meta.author ? `by ${meta.author}` : null,
    `${meta.size}×${meta.size}`,
    `${meta.clues} clue${meta.clues === 1 ? '' : 's'}`,
    meta.verdict
      ? `${VERDICT_WORDS[meta.verdict]}${meta.verdictFromFile ? FROM_FILE : ''}`
      : 'Not checked',
    meta.rating
      ? `${meta.rating[0].toUpperCase()}${meta.rating.slice(1)}${meta.ratingFromFile ? FROM_FILE : ''}`
      : null,
    `modified ${dateText(meta.modified)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

interface LibraryDialogProps {
  /** Open this puzzle (the app asks first when there is unsaved work). */
  onOpen(meta: LibraryMeta): void;
  onClose(): void;
}

const selectStatus = (s: SquigglyState) => s.libraryStatus;

export function LibraryDialog({ onOpen, onClose }: LibraryDialogProps) {
  const store = useSquigglyStore();
  const status = useSquiggly(selectStatus);
  const error = useSquiggly((s) => s.libraryError);
  const total = useSquiggly((s) => s.libraryEntries.length);
  const sort = useSquiggly((s) => s.librarySort);
  const deleted = useSquiggly((s) => s.libraryDeleted);
  const currentId = useSquiggly((s) => s.libraryId);
  const storeQuery = useSquiggly((s) => s.libraryQuery);
  const [query, setQuery] = useState(storeQuery);
  const deferredQuery = useDeferredValue(query);
  const [message, setMessage] = useState('');
  const [importError, setImportError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);

  // Delete takes its button away, Undo delete its own, a finished rename its field: the
  // focus would fall to the page body, where Escape no longer closes the dialog. It goes to
  // Undo delete while it is offered, else to the list.
  useEffect(() => {
    if (focusLost()) (undoRef.current ?? listRef.current)?.focus({ preventScroll: true });
  });

  useEffect(() => {
    void store.getState().loadLibrary();
  }, [store]);
  useEffect(() => {
    store.getState().setLibraryQuery(deferredQuery);
  }, [store, deferredQuery]);

  const shown = useSquiggly(visibleLibrary);
  // Stable while the list is: a new key function makes the virtualiser measure every row
  // again (100,000 puzzles: a long task on each render, such as each step of an export's
  // progress).
  const getItemKey = useCallback((index: number) => shown[index].id, [shown]);
  // The virtualiser hands back fresh functions each render, which React Compiler would skip
  // memoising; this project does not run the compiler, and no memoised child receives them.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 4,
    getItemKey,
  });

  const act = async (work: () => Promise<string | void>): Promise<void> => {
    setBusy(true);
    try {
      const said = await work();
      if (said) setMessage(said);
    } finally {
      setBusy(false);
    }
  };

  const exportAll = (): Promise<void> =>
    act(async () => {
      // The file's own count (waiting puzzles included), as the export's progress last said.
      let count = 0;
      const stop = store.subscribe((state) => {
        if (state.libraryExporting) count = state.libraryExporting.total;
      });
      const text = await store.getState().exportLibrary().finally(stop);
      if (text === null) return 'Export cancelled: no file was made.';
      await downloadLargeText(text, libraryFileName());
      return `Exported ${plural(count, 'puzzle')} as one file.`;
    });

  const importFile = (file: File | undefined): Promise<void> =>
    act(async () => {
      if (!file) return;
      setImportError(null);
      const outcome = await store.getState().importLibrary(await file.text());
      if (!outcome.ok) {
        setImportError(
          outcome.imported === 0
            ? `The library file "${file.name}" could not be imported (${outcome.error}). Nothing was changed.`
            : `The library file "${file.name}" could not be imported in full (${outcome.error}): ${formatCount(outcome.imported)} of ${formatCount(outcome.of)} puzzles were imported before it stopped, and are in the list.`,
        );
        return '';
      }
      const notes = [
        outcome.repeated > 0
          ? `${plural(outcome.repeated, 'copy', 'copies')} of a puzzle already in the file ${outcome.repeated === 1 ? 'was' : 'were'} passed over for its newest copy.`
          : null,
        outcome.clamped > 0
          ? `${plural(outcome.clamped, 'puzzle')} dated in the future ${outcome.clamped === 1 ? 'was' : 'were'} dated now instead.`
          : null,
      ];
      return [
        `Imported "${file.name}": ${outcome.added} new, ${outcome.updated} updated, ${outcome.unchanged} already here.`,
        ...notes,
      ]
        .filter(Boolean)
        .join(' ');
    });

  const countText =
    status === 'ready'
      ? query.trim()
        ? `${formatCount(shown.length)} of ${formatCount(total)} puzzles match.`
        : `${plural(total, 'puzzle')}.`
      : status === 'loading'
        ? 'Loading your puzzles…'
        : '';

  return (
    <Dialog title="My puzzles" onClose={onClose} className="dialog-wide library-dialog">
      {status === 'unavailable' ? (
        <p className="warning">{error}</p>
      ) : (
        <>
          <div className="library-controls">
            <label className="field">
              <span>Search by title or author</span>
              <input
                type="search"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </label>
            <label className="field">
              <span>Sort by</span>
              <select
                value={sort}
                onChange={(event) =>
                  store.getState().setLibrarySort(event.target.value as LibrarySort)
                }
              >
                {(Object.keys(SORT_LABELS) as LibrarySort[]).map((key) => (
                  <option key={key} value={key}>
                    {SORT_LABELS[key]}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p className="library-count" role="status">
            {countText}
          </p>
          {error && (
            <p role="alert" className="notice">
              {error}
            </p>
          )}
          <div ref={listRef} className="library-list" tabIndex={-1}>
            <div
              className="library-list-inner"
              role={shown.length > 0 ? 'list' : undefined}
              aria-label={shown.length > 0 ? 'Puzzles' : undefined}
              style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
            >
              {virtualizer.getVirtualItems().map((item) => {
                const meta = shown[item.index];
                return (
                  <div
                    key={item.key}
                    role="listitem"
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className={`library-row ${meta.id === currentId ? 'library-row-open' : ''}`}
                    style={{ transform: `translateY(${item.start}px)` }}
                    aria-label={libraryTitle(meta)}
                  >
                    <LibraryRow
                      meta={meta}
                      open={meta.id === currentId}
                      renaming={renaming === meta.id}
                      onRename={(on) => setRenaming(on ? meta.id : null)}
                      onOpen={() => onOpen(meta)}
                      onMessage={setMessage}
                    />
                  </div>
                );
              })}
            </div>
            {status === 'ready' && shown.length === 0 && (
              <p className="library-empty">
                {total === 0
                  ? 'No puzzles yet: every puzzle you make or open is kept here.'
                  : 'No puzzle matches the search.'}
              </p>
            )}
          </div>
          <div className="library-status" role="status" aria-live="polite">
            {deleted ? (
              <>
                <span>Deleted "{libraryTitle(deleted)}".</span>
                <button
                  ref={undoRef}
                  type="button"
                  onClick={() =>
                    void act(async () => {
                      await store.getState().undoLibraryDelete();
                      return `Restored "${libraryTitle(deleted)}".`;
                    })
                  }
                >
                  Undo delete
                </button>
              </>
            ) : (
              <ExportStatus message={message} />
            )}
          </div>
          {importError && (
            <p role="alert" className="notice">
              {importError}
            </p>
          )}
          <ExportProgress />
          <div className="dialog-actions library-actions">
            <label className="field file-field">
              <span>Import library</span>
              <input
                type="file"
                accept=".json,application/json"
                disabled={busy}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  void importFile(file);
                }}
              />
            </label>
            <button type="button" disabled={busy} onClick={() => void exportAll()}>
              Export library
            </button>
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}

const selectExporting = (s: SquigglyState) => s.libraryExporting;

/**
 * The status line's words: the export's progress while it runs, else the last message. A
 * component of its own, so that each step of the progress renders this line, not the list.
 */
function ExportStatus({ message }: { message: string }) {
  const exporting = useSquiggly(selectExporting);
  return (
    <span>
      {exporting
        ? `Exporting: ${formatCount(exporting.done)} of ${plural(exporting.total, 'puzzle')}…`
        : message}
    </span>
  );
}

/** The export's progress bar and Cancel, while it runs. */
function ExportProgress() {
  const store = useSquigglyStore();
  const exporting = useSquiggly(selectExporting);
  if (!exporting) return null;
  return (
    <div className="library-export">
      <progress aria-label="Export progress" max={exporting.total} value={exporting.done} />
      <button type="button" onClick={() => store.getState().cancelLibraryExport()}>
        Cancel export
      </button>
    </div>
  );
}

interface LibraryRowProps {
  meta: LibraryMeta;
  /** The puzzle on screen. */
  open: boolean;
  renaming: boolean;
  onRename(on: boolean): void;
  onOpen(): void;
  onMessage(text: string): void;
}

function LibraryRow({ meta, open, renaming, onRename, onOpen, onMessage }: LibraryRowProps) {
  const store = useSquigglyStore();
  const title = libraryTitle(meta);
  const [draft, setDraft] = useState(meta.title);
  const renameRef = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(renaming);
  // Save, Cancel or Escape: back to this row's Rename button, where the keyboard was.
  useEffect(() => {
    if (wasRenaming.current && !renaming && focusLost()) renameRef.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  const save = async (): Promise<void> => {
    await store.getState().renameInLibrary(meta.id, draft);
    onRename(false);
    onMessage(`Renamed to "${libraryTitle({ ...meta, title: draft.trim() })}".`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      // Escape leaves the field, not the dialog.
      event.stopPropagation();
      onRename(false);
    }
  };

  return (
    <>
      {renaming ? (
        <div className="library-rename">
          <label className="field">
            <span>New title for {title}</span>
            <input
              type="text"
              value={draft}
              maxLength={200}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
            />
          </label>
          <button type="button" className="primary" onClick={() => void save()}>
            Save title
          </button>
          <button type="button" onClick={() => onRename(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <p className="library-title">
          <strong>{title}</strong>
          {open && <span className="library-open-tag"> (on screen)</span>}
        </p>
      )}
      <p className="library-detail">{detailOf(meta)}</p>
      <div className="library-buttons">
        <button type="button" aria-label={`Open ${title}`} disabled={open} onClick={onOpen}>
          Open
        </button>
        <button
          type="button"
          aria-label={`Duplicate ${title}`}
          onClick={() =>
            void store
              .getState()
              .duplicateInLibrary(meta.id)
              .then((copy) => copy && onMessage(`Made "${copy.title}".`))
          }
        >
          Duplicate
        </button>
        <button
          ref={renameRef}
          type="button"
          aria-label={`Rename ${title}`}
          onClick={() => {
            setDraft(meta.title);
            onRename(true);
          }}
        >
          Rename
        </button>
        <button
          type="button"
          aria-label={`Delete ${title}`}
          onClick={() => void store.getState().deleteFromLibrary(meta.id)}
        >
          Delete
        </button>
      </div>
    </>
  );
}
