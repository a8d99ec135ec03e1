import { useEffect, useState, type CSSProperties } from 'react';
import { digitChar } from '../engine/index.ts';
import { describeOutcome, type SolveKind } from '../store/solveOutcome.ts';
import {
  currentResult,
  DEFAULT_COUNT_LIMIT,
  MAX_COUNT_LIMIT,
  type SolveRun,
} from '../store/store.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

const RUNNING_WORDS: Record<SolveKind, string> = {
  solve: 'Solving…',
  unique: 'Checking uniqueness…',
  count: 'Counting solutions…',
};

/** Generating a 16x16 puzzle takes seconds; smaller sizes well under one. */
export const SLOW_GENERATE_SIZE = 16;

function runningWords(run: SolveRun): string {
  if (run.kind !== 'generate') return RUNNING_WORDS[run.kind];
  const n = run.size ?? 0;
  return `Generating a random ${n}×${n} puzzle…${
    n >= SLOW_GENERATE_SIZE ? ' A 16×16 puzzle takes a few seconds; Cancel stops it.' : ''
  }`;
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
 * Solve, check uniqueness, count: the work happens in the worker; this panel shows the run's
 * progress (after a moment) with Cancel, and the verdict in a live region.
 */
export function SolvePanel() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const run = useSquiggly((s) => s.run);
  const result = useSquiggly(currentResult);
  const countLimit = useSquiggly((s) => s.countLimit);
  const [limitText, setLimitText] = useState(String(countLimit));

  const start = (kind: SolveKind): void => void store.getState().solve(kind);
  const status = run
    ? runningWords(run)
    : result
      ? describeOutcome(result.outcome, result.kind, size)
      : '';
  const outcome = result?.outcome;
  const limitValid = /^\d+$/.test(limitText) && Number(limitText) >= 2;

  return (
    <section className="panel solve-panel" aria-labelledby="solve-title">
      <h2 id="solve-title">Solve</h2>
      <div className="solve-buttons">
        <button type="button" className="primary" onClick={() => start('solve')}>
          Solve
        </button>
        <button type="button" onClick={() => start('unique')}>
          Check uniqueness
        </button>
        <button type="button" onClick={() => start('count')} disabled={!limitValid}>
          Count solutions
        </button>
        <label className="field limit-field">
          <span>Solution limit</span>
          <input
            type="number"
            inputMode="numeric"
            min={2}
            max={MAX_COUNT_LIMIT}
            step={1}
            value={limitText}
            aria-invalid={!limitValid}
            onChange={(e) => {
              setLimitText(e.target.value);
              const value = Number(e.target.value);
              if (/^\d+$/.test(e.target.value) && value >= 2) store.getState().setCountLimit(value);
            }}
            // Show the limit actually used (a bad or too large entry falls back or is capped).
            onBlur={() => setLimitText(String(store.getState().countLimit || DEFAULT_COUNT_LIMIT))}
          />
        </label>
      </div>
      {run?.slow && (
        <div className="progress">
          <progress aria-label="Search progress" />
          <span>
            {run.progress ? (
              `${run.progress.nodes.toLocaleString('en-US')} guesses, ${run.progress.solutions.toLocaleString('en-US')} solution${run.progress.solutions === 1 ? '' : 's'} so far`
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
      <p role="status" className={`status status-${outcome?.status ?? 'idle'}`}>
        {status}
      </p>
      {outcome?.status === 'invalid' && outcome.reasons.length > 1 && (
        <ul className="problem-list">
          {outcome.reasons.slice(1, 8).map((reason, i) => (
            <li key={i}>{reason}</li>
          ))}
        </ul>
      )}
      {outcome?.status === 'multiple' && (
        <SecondSolution size={size} first={outcome.solutions[0]} second={outcome.solutions[1]} />
      )}
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
  const rows = [];
  for (let row = 0; row < size; row++) {
    const cells = [];
    for (let col = 0; col < size; col++) {
      const cell = row * size + col;
      const differs = first[cell] !== second[cell];
      cells.push(
        <td key={col} className={differs ? 'differs' : undefined}>
          {digitChar(second[cell])}
        </td>,
      );
    }
    rows.push(<tr key={row}>{cells}</tr>);
  }
  return (
    <div className="mini-grid-scroll">
      <table className="mini-grid" style={{ '--n': size } as CSSProperties}>
        <caption>Solution 2 (the grid shows solution 1; cells that differ are marked)</caption>
        <tbody>{rows}</tbody>
      </table>
    </div>
  );
}
