/**
 * The batch view of a multi-case import: a table of every case (number, size, clues, status),
 * filled by solving every case in the import worker, which already holds the parsed cases
 * (importer.ts solveBatch); a progress bar with Cancel; a filter by status; Open on any good
 * case (asking first when the current puzzle has unsaved work); "Download all answers", the
 * same bytes as `squiggly solve` on the file (both go through formats/answers.ts); and
 * "Print puzzles", the filtered cases several to a page (PrintSheet's batch sheet).
 *
 * Smooth on 10,000 cases: statuses come as bytes in batches about every 100 ms and are copied
 * into one Uint8Array kept in a ref; at most every SHOWN_EVERY_MS a version number is bumped in
 * a transition, so React
 * renders the progress line and the rows in view only (the table is virtualised with
 * @tanstack/react-virtual: about 30 rows exist at a time, whatever the count, each placed on its
 * own so that no table layout spans the 10,000), and counting
 * statuses for the filter is one pass over the bytes. Nothing per case is an object on the
 * page except the error text of invalid cases.
 *
 * Cancel asks the worker to stop after its current batch (its answer to the batch says so),
 * which keeps the parse and the answers so far: "Solve the rest" carries on. A case that takes
 * longer than CANCEL_GRACE_MS to let go is stopped the hard way, by ending the worker; what it
 * held is then read again before solving anew. The worker runs one call at a time, so opening
 * or printing a case first stops a running solve (and printing resumes it).
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ANSWER_STATUSES, type AnswerStatus } from '../formats/index.ts';
import type { ImportedCase, ImportSummary } from '../worker/protocol.ts';
import { useFocusReturn } from './focusReturn.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { keepsLeftPuzzle, leavingLabel, leavingWords } from './NewDialog.tsx';
import { PER_PAGE_CHOICES, type BatchPrint } from './PrintSheet.tsx';
import { saveFile } from './saveFile.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { formatCount } from '../store/numbers.ts';
import { plural, reasonOf } from '../store/solveOutcome.ts';
import { isAbortError } from '../store/store.ts';

/** A stop the worker has not obeyed after this long is forced by ending the worker. */
export const CANCEL_GRACE_MS = 2000;
/** At most this many puzzles are printed at once (100 pages at 6 a page). */
export const PRINT_LIMIT = 600;
/** The table and progress are rendered at most this often while solving (each is a frame). */
const SHOWN_EVERY_MS = 250;
/** Height of a table row in pixels (CSS .batch-row matches it). */
const ROW_PX = 32;

type Filter = 'all' | AnswerStatus;

/** The statuses a person filters by, in the order shown ('found' never comes from a solve). */
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All cases' },
  { value: 'unique', label: 'Unique' },
  { value: 'none', label: 'None (no solution)' },
  { value: 'multiple', label: 'Multiple solutions' },
  { value: 'invalid', label: 'Invalid' },
  { value: 'waiting', label: 'Not solved yet' },
];

const STATUS_WORDS: Record<AnswerStatus, string> = {
  waiting: 'not solved yet',
  unique: 'unique',
  found: 'solved',
  none: 'none',
  multiple: 'multiple',
  invalid: 'invalid',
};

type Phase = 'solving' | 'stopping' | 'stopped' | 'done' | 'lost' | 'failed';

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
  const [summary, setSummary] = useState(firstSummary);
  const total = summary.caseCount;
  /** Status code per case (index = case number - 1), filled by the solve. */
  const statuses = useRef(new Uint8Array(total));
  const invalidTexts = useRef(new Map<number, string>());
  /** Bumped when statuses change: what the memos below depend on. */
  const [version, setVersion] = useState(0);
  const [answered, setAnswered] = useState(0);
  const [phase, setPhase] = useState<Phase>('solving');
  const [problem, setProblem] = useState<string | null>(null);
  const [answers, setAnswers] = useState<string | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [perPage, setPerPage] = useState<number>(4);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // A button pressed is disabled while its work runs: the focus comes back to it after.
  const keepFocus = useFocusReturn();
  const startBusy = (): void => {
    keepFocus();
    setBusy(true);
  };
  const stopWanted = useRef(false);
  /** Cases answered by the batches received (shown at the next render). */
  const answeredSoFar = useRef(0);
  const showTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastShown = useRef(-Infinity);
  const controller = useRef<AbortController | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const mounted = useRef(true);
  const firstButton = useRef<HTMLButtonElement>(null);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const solveButton = useRef<HTMLButtonElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  /** Good-case index per case number - 1, or -1 for a case that could not be read. */
  const goodIndex = useMemo(() => {
    const index = new Int32Array(total).fill(-1);
    summary.caseNumbers.forEach((caseNumber, i) => {
      if (caseNumber >= 1 && caseNumber <= total) index[caseNumber - 1] = i;
    });
    return index;
  }, [summary, total]);

  /** Render what the batches brought: the progress and the rows in view, in a transition. */
  const show = useCallback((): void => {
    if (showTimer.current !== null) clearTimeout(showTimer.current);
    showTimer.current = null;
    lastShown.current = performance.now();
    const end = answeredSoFar.current;
    startTransition(() => {
      setAnswered(end);
      setVersion((v) => v + 1);
    });
  }, []);
  /** The same, at most every SHOWN_EVERY_MS: a batch comes every 100 ms or sooner. */
  const showSoon = useCallback((): void => {
    if (showTimer.current !== null) return;
    const wait = Math.max(0, lastShown.current + SHOWN_EVERY_MS - performance.now());
    showTimer.current = setTimeout(show, wait);
  }, [show]);

  const solve = useCallback(
    (id: number): void => {
      stopWanted.current = false;
      setPhase('solving');
      setProblem(null);
      const abort = new AbortController();
      controller.current = abort;
      const mine = (): boolean => mounted.current && controller.current === abort;
      const run = store
        .getState()
        .solveImportBatch(id, {
          signal: abort.signal,
          onBatch: (batch) => {
            if (!mine()) return false;
            const end = Math.min(total, batch.from + batch.statuses.length);
            statuses.current.set(batch.statuses.subarray(0, end - batch.from), batch.from);
            for (const { case: caseNumber, text } of batch.errors) {
              invalidTexts.current.set(caseNumber, text);
            }
            answeredSoFar.current = end;
            showSoon();
            return !stopWanted.current;
          },
        })
        .then(
          (result) => {
            if (!mine()) return;
            show();
            if (result.done) {
              setAnswers(result.answers);
              setPhase('done');
            } else setPhase('stopped');
          },
          (error: unknown) => {
            if (!mine()) return;
            show();
            // The worker was ended (a forced stop) or failed: what it held is gone.
            setPhase(isAbortError(error) ? 'lost' : 'failed');
            if (!isAbortError(error)) setProblem(`Solving failed: ${reasonOf(error)}`);
          },
        )
        .finally(() => {
          if (controller.current === abort) controller.current = null;
          if (running.current === run) running.current = null;
        });
      running.current = run;
    },
    [store, total, show, showSoon],
  );

  /** Stop a running solve and wait for it: at once between cases, by force after the grace. */
  const stopSolving = useCallback(async (): Promise<void> => {
    const run = running.current;
    const abort = controller.current;
    if (!run || !abort) return;
    stopWanted.current = true;
    setPhase('stopping');
    const timer = setTimeout(() => abort.abort(), CANCEL_GRACE_MS);
    try {
      await run;
    } finally {
      clearTimeout(timer);
    }
  }, []);

  // Solve as soon as the view opens; the first control gets the focus.
  useEffect(() => {
    mounted.current = true;
    firstButton.current?.focus();
    // A remount (React's StrictMode checks) finds the solve running: let it go on.
    stopWanted.current = false;
    if (running.current === null) solve(firstSummary.id);
    return () => {
      mounted.current = false;
      stopWanted.current = true;
      if (showTimer.current !== null) clearTimeout(showTimer.current);
      showTimer.current = null;
      // Leaving the view gives the print sheet back to the puzzle.
      onPrint(null);
    };
    // Once, for the summary the view opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Carry on after a stop; after a lost or failed worker, read again and solve anew. */
  const solveRest = async (): Promise<void> => {
    // A failed worker, like an ended one, has lost what it read.
    if (phase !== 'lost' && phase !== 'failed') {
      solve(summary.id);
      return;
    }
    startBusy();
    const again = await onReread();
    setBusy(false);
    if (!mounted.current) return;
    if (!again) {
      setProblem('The input could not be read again; close the view and import it anew.');
      return;
    }
    statuses.current = new Uint8Array(again.caseCount);
    invalidTexts.current = new Map();
    answeredSoFar.current = 0;
    setAnswered(0);
    setVersion((v) => v + 1);
    setSummary(again);
    solve(again.id);
  };

  /** Run a call on the import worker, which does one thing at a time: pause solving around it. */
  const withWorker = async <T,>(call: (id: number) => Promise<T>, resume: boolean): Promise<T> => {
    const wasSolving = phase === 'solving' && running.current !== null;
    await stopSolving();
    try {
      return await call(summary.id);
    } finally {
      if (resume && wasSolving && mounted.current && controller.current === null) solve(summary.id);
    }
  };

  const counts = useMemo(() => {
    const byStatus = new Array<number>(ANSWER_STATUSES.length).fill(0);
    for (const code of statuses.current) byStatus[code]++;
    return byStatus;
    // `version` says when the bytes in the ref changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, total]);

  /** Case indices shown under the filter (null: all, in order). */
  const shown = useMemo(() => {
    if (filter === 'all') return null;
    const code = ANSWER_STATUSES.indexOf(filter);
    const bytes = statuses.current;
    const picked = new Int32Array(counts[code]);
    let at = 0;
    for (let i = 0; i < bytes.length && at < picked.length; i++) {
      if (bytes[i] === code) picked[at++] = i;
    }
    return picked;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filter, version, counts]);
  const rowCount = shown ? shown.length : total;
  const caseIndexAt = (row: number): number => (shown ? shown[row] : row);

  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
    // jsdom lays nothing out: start from a plausible viewport so rows render in tests too.
    initialRect: { width: 640, height: 12 * ROW_PX },
    // The header row sits above the rows in the same scroll box.
    scrollMargin: ROW_PX,
  });
  const items = virtualizer.getVirtualItems();

  const open = async (caseNumber: number): Promise<void> => {
    setConfirming(null);
    startBusy();
    try {
      const trouble = await withWorker(() => onOpenCase(summary, caseNumber), false);
      if (trouble && mounted.current) setProblem(trouble);
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const askToOpen = (caseNumber: number): void => {
    if (unsaved) setConfirming(caseNumber);
    else void open(caseNumber);
  };

  const download = (): void => {
    if (answers === null) return;
    saveFile(new Blob([answers], { type: 'text/plain' }), answersFileName);
  };

  const print = async (): Promise<void> => {
    const indices: number[] = [];
    for (let row = 0; row < rowCount && indices.length < PRINT_LIMIT; row++) {
      const good = goodIndex[caseIndexAt(row)];
      if (good >= 0) indices.push(good);
    }
    if (indices.length === 0) {
      setProblem('No readable case is shown to print.');
      return;
    }
    startBusy();
    setProblem(null);
    try {
      const puzzles: ImportedCase[] = await withWorker(
        (id) => store.getState().importedCases(id, indices),
        true,
      );
      if (!mounted.current) return;
      onPrint({ puzzles, perPage });
      // After the sheet has rendered.
      setTimeout(() => window.print(), 0);
    } catch (error) {
      if (mounted.current && !isAbortError(error)) {
        setProblem(`The puzzles could not be printed: ${reasonOf(error)}`);
      }
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const solving = phase === 'solving' || phase === 'stopping';

  // Cancel goes when the solve ends: focus it held moves to what comes next, not to the page.
  useEffect(() => {
    if (solving || (document.activeElement && document.activeElement !== document.body)) return;
    (phase === 'done' ? downloadButton : solveButton).current?.focus();
  }, [phase, solving]);
  const printable = rowCount - (shown ? 0 : counts[ANSWER_STATUSES.indexOf('invalid')]);

  const statusCell = (index: number): string => {
    const status = ANSWER_STATUSES[statuses.current[index]];
    if (status !== 'invalid') return STATUS_WORDS[status];
    const why = invalidTexts.current.get(index + 1);
    return why ? `invalid: ${inAppWords(why)}` : 'invalid';
  };

  return (
    <div className="batch-view">
      <p className="hint">
        {sourceName}: {plural(total, 'case')}. Every case is solved as the command line’s{' '}
        <code>squiggly solve</code> does.
      </p>
      <div className="batch-progress" role="status" aria-label="Solving progress">
        <label>
          <span>Solved</span>
          <progress max={Math.max(1, total)} value={answered} />
        </label>
        <span>
          {formatCount(answered)} of {plural(total, 'case')}
          {phase === 'done'
            ? ': done.'
            : phase === 'stopping'
              ? ': stopping…'
              : phase === 'stopped'
                ? ': stopped.'
                : phase === 'lost'
                  ? ': stopped (the solver was ended).'
                  : phase === 'failed'
                    ? ': failed.'
                    : '…'}
        </span>
        {solving ? (
          <button
            type="button"
            ref={firstButton}
            onClick={() => void stopSolving()}
            disabled={phase === 'stopping'}
          >
            Cancel
          </button>
        ) : phase !== 'done' ? (
          <button type="button" ref={solveButton} onClick={() => void solveRest()} disabled={busy}>
            {phase === 'lost' || phase === 'failed' ? 'Solve again' : 'Solve the rest'}
          </button>
        ) : null}
      </div>
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
      {/* ARIA table roles on positioned boxes: each row is placed on its own (CSS grid columns,
          transform), so a batch or a scroll lays out the rows in view and nothing else. */}
      <div
        className="batch-table batch-table-scroll"
        ref={scrollRef}
        tabIndex={0}
        role="table"
        aria-label="Cases"
        aria-rowcount={rowCount + 1}
      >
        <div role="rowgroup" className="batch-head-group">
          <div role="row" aria-rowindex={1} className="batch-row batch-head">
            <span role="columnheader">Case</span>
            <span role="columnheader">Size</span>
            <span role="columnheader">Clues</span>
            <span role="columnheader">Status</span>
            <span role="columnheader">
              <span className="visually-hidden">Open</span>
            </span>
          </div>
        </div>
        <div role="rowgroup" className="batch-rows" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const index = caseIndexAt(item.index);
            const caseNumber = index + 1;
            const good = goodIndex[index];
            const size = good >= 0 ? summary.sizes[good] : 0;
            const status = statusCell(index);
            return (
              <div
                role="row"
                key={caseNumber}
                aria-rowindex={item.index + 2}
                className="batch-row"
                style={{ transform: `translateY(${item.start - ROW_PX}px)` }}
              >
                <span role="cell">{formatCount(caseNumber)}</span>
                <span role="cell">{size > 0 ? `${size}×${size}` : '—'}</span>
                <span role="cell">{good >= 0 ? summary.clues[good] : '—'}</span>
                <span role="cell" className="batch-status" title={status}>
                  {status}
                </span>
                <span role="cell">
                  <button
                    type="button"
                    aria-label={`Open case ${caseNumber}`}
                    disabled={good < 0 || busy}
                    onClick={() => askToOpen(caseNumber)}
                  >
                    Open
                  </button>
                </span>
              </div>
            );
          })}
        </div>
      </div>
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
          onConfirm={() => void open(confirming)}
          onClose={() => setConfirming(null)}
        />
      )}
    </div>
  );
}
