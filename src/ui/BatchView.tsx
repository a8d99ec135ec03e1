/**
 * The batch view of a multi-case import: a table of every case (number, size, clues, status:
 * BatchTable.tsx), filled by solving every case in the import worker, which already holds the
 * parsed cases; a progress bar with Cancel (BatchProgress.tsx); a filter by status; Open on any
 * good case (asking first when the current puzzle has unsaved work); "Download all answers",
 * the same bytes as `squiggly solve` on the file (both go through formats/answers.ts); and
 * "Print puzzles", the filtered cases several to a page (PrintSheet's batch sheet).
 *
 * The run itself lives in the store (batchSlice.ts): the statuses as they come, a few times a
 * second, Cancel with its forced stop after a grace period, a worker lost or failed, "Solve
 * the rest" and "Solve again", and pausing the solve while the worker opens or prints cases.
 * This view opens the batch when it mounts and leaves it when it unmounts; it reads the batch
 * through a selector and keeps only what is its own: the filter, the puzzles per page, the
 * confirmation before opening, and where the focus goes. Counting statuses for the filter is
 * one pass over the bytes (batchRows.ts), each time the store publishes new ones; the table
 * and counts render those at transition priority (a deferred value), so 10,000 cases filling
 * in never hold up the page.
 */
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ANSWER_STATUSES } from '../formats/index.ts';
import { formatCount, openingBatch, plural } from '../store/store.ts';
import type { ImportedCase, ImportSummary } from '../worker/protocol.ts';
import { BatchProgress } from './BatchProgress.tsx';
import { casesWithStatus, FILTERS, goodIndexOf, statusCounts, type Filter } from './batchRows.ts';
import { BatchTable } from './BatchTable.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { useFocusReturn } from './focusReturn.ts';
import { keepsLeftPuzzle, leavingLabel, leavingWords } from './NewDialog.tsx';
import { PER_PAGE_CHOICES, type BatchPrint } from './PrintSheet.tsx';
import { saveFile } from './saveFile.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/** At most this many puzzles are printed at once (100 pages at 6 a page). */
export const PRINT_LIMIT = 600;

export interface BatchViewProps {
  summary: ImportSummary;
  /** Where the cases came from, in words: the file's name, or "Pasted text". */
  sourceName: string;
  /** The answers' file name: the input file's with .out, or answers.out for typed text. */
  answersFileName: string;
  /** The current puzzle has changes not exported: opening a case asks first. */
  unsaved: boolean;
  /** Load the case with this number into the editor; resolves to a problem, or null once loaded. */
  onOpenCase(summary: ImportSummary, caseNumber: number): Promise<string | null>;
  /** Read the input again (the worker lost it); null when that failed or was stopped. */
  onReread(): Promise<ImportSummary | null>;
  /** Hand the print sheet a batch to print (null gives it back to the puzzle). */
  onPrint(batch: BatchPrint | null): void;
  onBack(): void;
  /** Turns "invalid" errors into the app's words (ImportDialog's inAppWords). */
  inAppWords(message: string): string;
}

export function BatchView({
  summary: firstSummary,
  sourceName,
  answersFileName,
  unsaved,
  onOpenCase,
  onReread,
  onPrint,
  onBack,
  inAppWords,
}: BatchViewProps) {
  const store = useSquigglyStore();
  const kept = useSquiggly(keepsLeftPuzzle);
  // Until the view has opened its batch (an effect, after the first render), it shows it empty.
  const opening = useMemo(() => openingBatch(firstSummary), [firstSummary]);
  const live = useSquiggly((s) => s.batch) ?? opening;
  const { phase, problem, answers, busy } = live;
  // New statuses render at transition priority, as the old transition did: the table and counts
  // follow `batch`, a step behind while a render is under way, never blocking the page.
  const batch = useDeferredValue(live);
  const { summary, statuses, answered } = batch;
  const total = summary.caseCount;
  const [filter, setFilter] = useState<Filter>('all');
  const [perPage, setPerPage] = useState<number>(4);
  const [confirming, setConfirming] = useState<number | null>(null);
  // A button pressed is disabled while its work runs: the focus comes back to it after.
  const keepFocus = useFocusReturn();
  const downloadButton = useRef<HTMLButtonElement>(null);

  // Solve as soon as the view opens (after BatchProgress focused Cancel); a remount finds the
  // solve running and lets it go on. Leaving gives the print sheet back to the puzzle.
  useEffect(() => {
    store.getState().solveBatch(firstSummary);
    return () => {
      store.getState().leaveBatch();
      onPrint(null);
    };
    // Once, for the summary the view opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const goodIndex = useMemo(() => goodIndexOf(summary), [summary]);
  const counts = useMemo(() => statusCounts(statuses), [statuses]);
  /** Case indices shown under the filter (null: all, in order). */
  const shown = useMemo(() => {
    if (filter === 'all') return null;
    const code = ANSWER_STATUSES.indexOf(filter);
    return casesWithStatus(statuses, code, counts[code]);
  }, [filter, statuses, counts]);
  const rowCount = shown ? shown.length : total;

  /** Carry on after a stop; after a lost or failed worker, read again and solve anew. */
  const solveRest = (): void => {
    if (phase === 'lost' || phase === 'failed') keepFocus();
    void store.getState().solveRest(onReread);
  };

  const open = (caseNumber: number): void => {
    setConfirming(null);
    keepFocus();
    void store.getState().openBatchCase((read) => onOpenCase(read, caseNumber));
  };

  const askToOpen = (caseNumber: number): void => {
    if (unsaved) setConfirming(caseNumber);
    else open(caseNumber);
  };
  // The table is memoised: its Open stays one function, which calls the latest askToOpen.
  const askToOpenNow = useRef(askToOpen);
  useLayoutEffect(() => {
    askToOpenNow.current = askToOpen;
  });
  const onOpen = useCallback((caseNumber: number) => askToOpenNow.current(caseNumber), []);

  const download = (): void => {
    if (answers === null) return;
    saveFile(new Blob([answers], { type: 'text/plain' }), answersFileName);
  };

  const print = async (): Promise<void> => {
    const indices: number[] = [];
    for (let row = 0; row < rowCount && indices.length < PRINT_LIMIT; row++) {
      const good = goodIndex[shown ? shown[row] : row];
      if (good >= 0) indices.push(good);
    }
    if (indices.length > 0) keepFocus();
    const puzzles: ImportedCase[] | null = await store.getState().printBatchCases(indices);
    if (!puzzles) return;
    onPrint({ puzzles, perPage });
    // After the sheet has rendered.
    setTimeout(() => window.print(), 0);
  };

  const printable = rowCount - (shown ? 0 : counts[ANSWER_STATUSES.indexOf('invalid')]);

  return (
    <div className="batch-view">
      <p className="hint">
        {sourceName}: {plural(total, 'case')}. Every case is solved as the command line’s{' '}
        <code>squiggly solve</code> does.
      </p>
      <BatchProgress
        total={total}
        answered={answered}
        phase={phase}
        busy={busy}
        onCancel={() => void store.getState().stopBatch()}
        onSolveRest={solveRest}
        doneFocus={downloadButton}
      />
      <div className="batch-tools">
        <label className="field">
          <span>Filter by status</span>
          <select value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
            {FILTERS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label} (
                {formatCount(value === 'all' ? total : counts[ANSWER_STATUSES.indexOf(value)])})
              </option>
            ))}
          </select>
        </label>
        <button type="button" ref={downloadButton} onClick={download} disabled={answers === null}>
          Download all answers
        </button>
        <label className="field">
          <span>Puzzles per page</span>
          <select value={perPage} onChange={(event) => setPerPage(Number(event.target.value))}>
            {PER_PAGE_CHOICES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => void print()} disabled={busy || printable <= 0}>
          Print puzzles
        </button>
      </div>
      {answers === null && (
        <p className="hint">
          Download all answers is ready once every case is solved
          {printable > PRINT_LIMIT
            ? `; Print puzzles prints the first ${formatCount(PRINT_LIMIT)} shown.`
            : '.'}
        </p>
      )}
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <BatchTable
        batch={batch}
        goodIndex={goodIndex}
        shown={shown}
        busy={busy}
        onOpen={onOpen}
        inAppWords={inAppWords}
      />
      {rowCount === 0 && <p className="hint">No case has this status.</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onBack}>
          Back to import
        </button>
      </div>
      {confirming !== null && (
        <ConfirmDialog
          title={`Open case ${confirming}?`}
          message={leavingWords('Opening a case', kept)}
          confirmLabel={leavingLabel('open', kept)}
          onConfirm={() => open(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
