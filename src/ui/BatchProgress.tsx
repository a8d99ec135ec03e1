/**
 * The batch view's progress line: the cases solved of all, in a bar and in words with where
 * the run is (solving, stopping, stopped, done, the solver ended or failed), and the one button
 * for what can be done next: Cancel while solving, "Solve the rest" after a stop, "Solve again"
 * after a lost or failed worker (which reads the input anew first).
 *
 * Cancel has the focus when the view opens. When it goes (the solve ended) and the focus went
 * with it to the page, the focus moves to what comes next: the download once every case is
 * solved (`doneFocus`, a button of the view's), or else "Solve the rest".
 */
import { useEffect, useRef, type RefObject } from 'react';
import type { BatchPhase } from '../store/batchSlice.ts';
import { formatCount, plural } from '../store/store.ts';

const PHASE_WORDS: Record<BatchPhase, string> = {
  solving: '…',
  stopping: ': stopping…',
  stopped: ': stopped.',
  done: ': done.',
  lost: ': stopped (the solver was ended).',
  failed: ': failed.',
};

export interface BatchProgressProps {
  total: number;
  answered: number;
  phase: BatchPhase;
  /** The worker is busy with something else: "Solve again" waits. */
  busy: boolean;
  onCancel(): void;
  onSolveRest(): void;
  /** Gets the focus when the solve is done. */
  doneFocus: RefObject<HTMLButtonElement | null>;
}

export function BatchProgress({
  total,
  answered,
  phase,
  busy,
  onCancel,
  onSolveRest,
  doneFocus,
}: BatchProgressProps) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  const solveButton = useRef<HTMLButtonElement>(null);
  const solving = phase === 'solving' || phase === 'stopping';

  // The view opens solving: its first control gets the focus.
  useEffect(() => cancelButton.current?.focus(), []);
  // Cancel goes when the solve ends: focus it held moves to what comes next, not to the page.
  useEffect(() => {
    if (solving || (document.activeElement && document.activeElement !== document.body)) return;
    (phase === 'done' ? doneFocus : solveButton).current?.focus();
  }, [phase, solving, doneFocus]);

  return (
    <div className="batch-progress" role="status" aria-label="Solving progress">
      <label>
        <span>Solved</span>
        <progress max={Math.max(1, total)} value={answered} />
      </label>
      <span>
        {formatCount(answered)} of {plural(total, 'case')}
        {PHASE_WORDS[phase]}
      </span>
      {solving ? (
        <button type="button" ref={cancelButton} onClick={onCancel} disabled={phase === 'stopping'}>
          Cancel
        </button>
      ) : phase !== 'done' ? (
        <button type="button" ref={solveButton} onClick={onSolveRest} disabled={busy}>
          {phase === 'lost' || phase === 'failed' ? 'Solve again' : 'Solve the rest'}
        </button>
      ) : null}
    </div>
  );
}
