import { useEffect, useState } from 'react';
import {
  cluesOnGrid,
  selectConstraints,
  currentResult,
  describeOutcome,
  formatCount,
  MAX_COUNT_LIMIT,
  type SolveKind,
  type SolveRun,
} from '../store/store.ts';
import { MiniGrid } from './MiniGrid.tsx';
import { EstimateLine, NextStep, TrueCandidatesControl } from './SetterTools.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

const RUNNING_WORDS: Record<SolveKind, string> = {
  solve: 'Solving…',
  unique: 'Checking uniqueness…',
  count: 'Counting solutions…',
};

/** Generating a 16x16 puzzle takes seconds; smaller sizes well under one. */
export const SLOW_GENERATE_SIZE = 16;

function runningWords(run: SolveRun): string {
  const n = run.size ?? 0;
  if (run.kind === 'layout') return `Making a random ${n}×${n} jigsaw layout…`;
  if (run.kind !== 'generate') return RUNNING_WORDS[run.kind];
  return `Generating a random ${n}×${n} puzzle…${
    n >= SLOW_GENERATE_SIZE ? ' A 16×16 puzzle takes a few seconds; Cancel stops it.' : ''
  }`;
}

/** What the limit field holds: the limit it gives, or why it gives none, for the message. */
export interface LimitReading {
  /** The limit a count uses; null when the text gives none (Count is then unavailable). */
  limit: number | null;
  message: string;
}

const MAX_WORDS = formatCount(MAX_COUNT_LIMIT);

/** Reads the limit field's text; every refusal and every cap says why. */
export function readLimit(text: string): LimitReading {
  const trimmed = text.trim();
  if (trimmed === '') {
    return { limit: null, message: `Enter a whole number from 2 to ${MAX_WORDS}.` };
  }
  if (!/^\d+$/.test(trimmed)) {
    return {
      limit: null,
      message: `"${trimmed}" is not a whole number: enter one from 2 to ${MAX_WORDS}.`,
    };
  }
  const value = Number(trimmed);
  if (value < 2) {
    return {
      limit: null,
      message: `At least 2: a count that stops at ${value} cannot tell one solution from several.`,
    };
  }
  if (value > MAX_COUNT_LIMIT) {
    return {
      limit: MAX_COUNT_LIMIT,
      message: `Capped at ${MAX_WORDS}, the most one count goes to: Count stops there.`,
    };
  }
  return { limit: value, message: 'Count solutions stops after this many.' };
}

/** Whole seconds since `startedAt`, ticking while shown. */
function Elapsed({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return <>Working for {seconds} s</>;
}

/**
 * Solve, check uniqueness, count: three distinct questions. Solve shows the answer on the
 * grid; Check uniqueness says how many solutions (one, several, none) without revealing any;
 * Count counts up to the limit, also without revealing. The work happens in the worker; this
 * panel shows the run's progress (after a moment) with Cancel, and the result in a live region
 * named "Run result". The live verdict, which needs no click, is the status line under the grid.
 */
export function SolvePanel() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const run = useSquiggly((s) => s.run);
  const result = useSquiggly(currentResult);
  const countLimit = useSquiggly((s) => s.countLimit);
  const clueCount = useSquiggly(cluesOnGrid);
  const constraintCount = useSquiggly((s) => selectConstraints(s).length);
  const [limitText, setLimitText] = useState(String(countLimit));
  const reading = readLimit(limitText);

  const start = (kind: SolveKind): void => void store.getState().solve(kind);
  const status = run
    ? runningWords(run)
    : result
      ? describeOutcome(result.outcome, result.kind, size, clueCount, constraintCount)
      : '';
  const outcome = result?.outcome;
  const limitValid = reading.limit !== null;

  return (
    <section className="panel solve-panel" aria-labelledby="solve-title">
      <h2 id="solve-title">Solve</h2>
      <div className="solve-buttons">
        <button
          type="button"
          className="primary"
          onClick={() => start('solve')}
          aria-describedby="solve-hint"
        >
          Solve
        </button>
        <button type="button" onClick={() => start('unique')} aria-describedby="solve-hint">
          Check uniqueness
        </button>
        <button
          type="button"
          onClick={() => start('count')}
          disabled={!limitValid}
          aria-describedby="limit-message"
        >
          Count solutions
        </button>
        <div className="field limit-field">
          <label htmlFor="solution-limit">Solution limit</label>
          <input
            id="solution-limit"
            type="number"
            inputMode="numeric"
            min={2}
            step={1}
            value={limitText}
            aria-invalid={!limitValid}
            aria-describedby="limit-message"
            onChange={(e) => {
              setLimitText(e.target.value);
              const { limit } = readLimit(e.target.value);
              if (limit !== null) store.getState().setCountLimit(limit);
            }}
          />
          <span
            id="limit-message"
            className={`field-message${limitValid ? '' : ' field-error'}`}
            aria-live="polite"
          >
            {reading.message}
          </span>
        </div>
      </div>
      <p id="solve-hint" className="hint">
        Solve shows the answer on the grid; Check uniqueness and Count answer without revealing it.
      </p>
      {run?.slow && (
        <div className="progress">
          <progress aria-label="Search progress" />
          <span>
            {run.progress ? (
              `${formatCount(run.progress.nodes)} guesses, ${formatCount(run.progress.solutions)} solution${run.progress.solutions === 1 ? '' : 's'} so far`
            ) : run.kind === 'generate' ? (
              <Elapsed startedAt={run.startedAt} />
            ) : (
              'Working…'
            )}
          </span>
          <button type="button" onClick={() => store.getState().cancelSolve()}>
            Cancel
          </button>
        </div>
      )}
      <p
        role="status"
        aria-label="Run result"
        className={`status status-${outcome?.status ?? 'idle'}`}
      >
        {status}
      </p>
      {outcome?.status === 'invalid' && outcome.reasons.length > 1 && (
        <ul className="problem-list">
          {outcome.reasons.slice(1, 8).map((reason, i) => (
            <li key={i}>{reason}</li>
          ))}
        </ul>
      )}
      {outcome?.status === 'multiple' && result?.kind === 'solve' && (
        <SecondSolution size={size} first={outcome.solutions[0]} second={outcome.solutions[1]} />
      )}
      <EstimateLine />
      <NextStep />
      <TrueCandidatesControl />
    </section>
  );
}

/** The second of two solutions, small, with the cells that differ from the grid marked. */
function SecondSolution({
  size,
  first,
  second,
}: {
  size: number;
  first: readonly number[];
  second: readonly number[];
}) {
  return (
    <MiniGrid
      size={size}
      digits={second}
      caption="Solution 2 (the grid shows solution 1; cells that differ are marked)"
      marked={(cell) => first[cell] !== second[cell]}
    />
  );
}
