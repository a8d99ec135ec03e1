/**
 * Import: paste text, or open or drop a file; the input is read as soon as it is there, and a
 * multi-case input shows its case list at once, so Load loads the chosen case (case 1 by
 * default) in one press. With unsaved work the dialog says so and, unless My puzzles keeps
 * the puzzle left, Load reads "Discard and load", as New does. Nothing changes in the
 * current puzzle until a load succeeds.
 *
 * A view over the store's import (importSlice.ts), which holds the read's lifecycle: reading in
 * the import worker, never on the page (a 10 MB judge file took seconds of frozen page when it
 * was parsed here), its progress, its summary, a Load that waits for the read, and what went
 * wrong. The dialog keeps the form (importInput.ts): the input (ImportSourceField.tsx: a big
 * one never goes into the text box), the format chosen (ImportFormatField.tsx) and the case
 * (ImportCases.tsx), and shows the store's read when it is of that form. A share link, an
 * f-puzzles string or an ISS string (one short puzzle each) is read on the page by its own
 * parser, at Load only, with its variant constraints; link and f-puzzles data is unpacked with
 * a limit (formats/lz.ts), so a crafted one is refused in milliseconds.
 *
 * A read that lasts shows progress with "Stop reading" (which ends the worker); a quick one
 * shows none, so the buttons below never jump under a finger pressing Load. Closing the dialog
 * stops the import worker and frees what it read. Typing is read after a short pause; a file,
 * a big paste, a format chosen or a Load press reads at once (a Load during the read loads when
 * it ends). A big file and the read's progress and summary are rendered as transitions (a
 * deferred value of the store's read), which React renders in slices that yield to the
 * browser, so even on a busy machine no step of an import is one long task on the page; a stop
 * or a failure shows at once.
 */
import {
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { inAppWords, isReadOf, plural } from '../store/store.ts';
import type { ImportSummary } from '../worker/protocol.ts';
import { BatchView } from './BatchView.tsx';
import { Dialog } from './Dialog.tsx';
import { ImportCases } from './ImportCases.tsx';
import { ImportFormatField } from './ImportFormatField.tsx';
import {
  answersFileNameOf,
  AUTO,
  guessOf,
  inputOf,
  workerFormatOf,
  interchangeOf,
  isEmpty,
  sourceNameOf,
  type FormatChoice,
  type Source,
} from './importInput.ts';
import { ImportProblems } from './ImportProblems.tsx';
import { ImportSourceField } from './ImportSourceField.tsx';
import { keepsLeftPuzzle, leavingLabel, leavingWords } from './NewDialog.tsx';
import type { BatchPrint } from './PrintSheet.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

export { SHOW_LIMIT } from './importInput.ts';
export { CASE_LIST_LIMIT } from './ImportCases.tsx';

/** Pause after typing before the input is read. */
const TYPING_PAUSE_MS = 250;

interface ImportDialogProps {
  onClose(): void;
  /** The current puzzle has changes not exported: loading discards them (after a warning). */
  unsaved: boolean;
  /** Give the print sheet puzzles of the batch view to print (null: the puzzle again). */
  onPrintBatch?(batch: BatchPrint | null): void;
}

export function ImportDialog({ onClose, unsaved, onPrintBatch }: ImportDialogProps) {
  const store = useSquigglyStore();
  const kept = useSquiggly(keepsLeftPuzzle);
  const [source, setSource] = useState<Source>({ kind: 'text', text: '' });
  const [choice, setChoice] = useState<FormatChoice>(AUTO);
  /** The chosen case, by its case number in the input; null = the first good case. */
  const [chosenCase, setChosenCase] = useState<number | null>(null);
  /** The Case number field as typed (it may be empty or out of range while typing). */
  const [caseField, setCaseField] = useState('');
  const [loadPressed, setLoadPressed] = useState(false);
  /** The read the batch view shows, while it is open. */
  const [batchOf, setBatchOf] = useState<ImportSummary | null>(null);
  /** Read the next source change at once (a paste, a file) rather than after a typing pause. */
  const immediate = useRef(false);

  const liveRead = useSquiggly((state) => state.importRead);
  const deferredRead = useDeferredValue(liveRead);
  const read =
    liveRead?.phase === 'stopped' || liveRead?.phase === 'failed' ? liveRead : deferredRead;
  const said = useSquiggly((state) => state.importProblems);
  const loading = useSquiggly(
    (state) => state.importLoad === 'loading' || state.importLoad === 'loaded',
  );

  const empty = isEmpty(source);
  // A link, an f-puzzles or ISS string is read on the page, at Load; everything else by the worker.
  const interchange = interchangeOf(source, choice);
  const format = workerFormatOf(choice);
  const input = useMemo(() => inputOf(source, format), [source, format]);
  const current = !interchange && isReadOf(read, input) ? read : null;
  const summary = current?.phase === 'read' ? current.summary : null;

  // Read whenever the input or the format choice changes: at once for a paste or a file,
  // after a pause for typing. A new read supersedes the last one.
  useEffect(() => {
    const state = store.getState();
    if (empty || interchange) {
      state.dropImportRead();
      return;
    }
    const afterMs = immediate.current || source.kind !== 'text' ? 0 : TYPING_PAUSE_MS;
    immediate.current = false;
    void state.readImport(input, { afterMs });
  }, [store, input, source.kind, empty, interchange]);

  // Closing the dialog stops the read and the import worker, freeing what it holds.
  useEffect(() => () => store.getState().endImport(), [store]);

  const clearProblems = useCallback(() => store.getState().setImportProblems([]), [store]);

  const changeSource = (next: Source, now = false): void => {
    immediate.current = now;
    setSource(next);
    setChosenCase(null);
    setCaseField('');
    clearProblems();
    setLoadPressed(false);
  };

  const chooseCase = useCallback(
    (caseNumber: number, typed?: string): void => {
      if (typed !== undefined) setCaseField(typed);
      setChosenCase(caseNumber);
      clearProblems();
    },
    [clearProblems],
  );
  // A transition: React renders the view in slices that yield to the browser.
  const openBatch = useCallback((of: ImportSummary) => startTransition(() => setBatchOf(of)), []);

  const load = (): void => {
    setLoadPressed(true);
    const state = store.getState();
    if (empty) {
      state.setImportProblems(['Paste a puzzle, or choose or drop a file, first.']);
      return;
    }
    if (interchange) {
      if (state.loadInterchange(source.kind === 'file' ? '' : source.text, interchange)) onClose();
      return;
    }
    // Decided by the store, not by what is rendered: a read that has started or ended may not
    // show yet, and a second read of the same input would stop the first.
    void state.loadChosen(input, chosenCase).then((loaded) => loaded && onClose());
  };

  const goodCases = summary?.caseNumbers.length ?? 0;
  const showCases =
    summary !== null &&
    !summary.tooBig &&
    goodCases > 0 &&
    (goodCases > 1 || summary.errorCount > 0);

  if (batchOf) {
    return (
      <Dialog title="Batch view" onClose={onClose} className="dialog-batch">
        <BatchView
          summary={batchOf}
          sourceName={sourceNameOf(source)}
          answersFileName={answersFileNameOf(source)}
          unsaved={unsaved}
          onOpenCase={async (of, caseNumber) => {
            const outcome = await store.getState().loadImportedCase(input, of, caseNumber);
            if (!outcome.loaded) return outcome.problem;
            onClose();
            return null;
          }}
          onReread={() => store.getState().readImport(input)}
          onPrint={(batch) => onPrintBatch?.(batch)}
          onBack={() => setBatchOf(null)}
          inAppWords={inAppWords}
        />
      </Dialog>
    );
  }

  return (
    <Dialog title="Import a puzzle" onClose={onClose} className="dialog-wide">
      <ImportSourceField
        source={source}
        summary={summary}
        onChange={changeSource}
        onPaste={() => {
          immediate.current = true;
        }}
        onFileError={(name) =>
          store.getState().setImportProblems([`Could not read the file "${name}".`])
        }
      />
      <ImportFormatField
        choice={choice}
        onChoose={(next) => {
          immediate.current = true;
          setChoice(next);
          setChosenCase(null);
          clearProblems();
        }}
        guess={guessOf(source, choice, interchange, summary)}
        empty={empty}
        tooBig={Boolean(summary?.tooBig)}
      />
      {current?.phase === 'reading' && current.slow && (
        <div className="import-progress" role="status">
          <label>
            <span>Reading the input</span>
            <progress max={1} value={current.progress?.fraction ?? undefined} />
          </label>
          <span>
            {current.progress
              ? `${Math.round(current.progress.fraction * 100)}%, ${plural(current.progress.cases, 'case')} so far`
              : 'Reading…'}
          </span>
          <button type="button" onClick={() => store.getState().stopRead()}>
            Stop reading
          </button>
        </div>
      )}
      {current?.phase === 'stopped' && (
        <p className="hint">Reading stopped. Press Load to read the input again.</p>
      )}
      {showCases && summary && (
        <ImportCases
          summary={summary}
          chosenCase={chosenCase}
          caseField={caseField}
          onChoose={chooseCase}
          onOpenBatch={openBatch}
        />
      )}
      <ImportProblems read={current} said={said} showCases={showCases} loadPressed={loadPressed} />
      {unsaved && <p className="warning">{leavingWords('Loading a puzzle', kept)}</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={load} disabled={loading}>
          {unsaved ? leavingLabel('load', kept) : 'Load'}
        </button>
      </div>
    </Dialog>
  );
}
