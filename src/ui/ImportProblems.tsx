/**
 * What stands between the Import dialog's input and a load: the format not recognised, an
 * input too big, the cases that could not be read (each with its case, line and column), a
 * read that failed, and what the last Load said. The same message is listed once. The first
 * ERRORS_SHOWN are shown, the rest counted (with the read's errors the worker did not send).
 * After a Load press the block is an alert; before it, the input's own problems are told
 * quietly as it is read.
 */
import { formatCount, importErrorText, type ImportRead } from '../store/store.ts';

/** Errors shown in full; the rest are counted. */
const ERRORS_SHOWN = 12;

interface ImportProblemsProps {
  /** The read of the input shown, if any. */
  read: ImportRead | null;
  /** What the last load (or the input) said went wrong (the store's importProblems). */
  said: string[];
  /** The input holds good cases to choose from. */
  showCases: boolean;
  loadPressed: boolean;
}

export function ImportProblems({ read, said, showCases, loadPressed }: ImportProblemsProps) {
  const summary = read?.phase === 'read' ? read.summary : null;
  const problems = [
    ...new Set([
      ...(summary?.detection.format === null && !summary.tooBig
        ? [importErrorText(summary.detection.error)]
        : []),
      ...(summary?.tooBig ? [summary.tooBig] : []),
      ...(summary && !summary.tooBig ? summary.errors.map(importErrorText) : []),
      ...(read?.phase === 'failed' && read.error
        ? [`The input could not be read: ${read.error}`]
        : []),
      ...said,
    ]),
  ];
  if (problems.length === 0) return null;
  const hiddenErrors = summary ? summary.errorCount - summary.errors.length : 0;
  return (
    <div role={loadPressed ? 'alert' : undefined} className="error">
      <p>
        {showCases
          ? 'Some cases could not be read; you can load one of the others:'
          : loadPressed
            ? 'Nothing was loaded:'
            : 'Nothing can be loaded from this input:'}
      </p>
      <ul>
        {problems.slice(0, ERRORS_SHOWN).map((problem, i) => (
          <li key={i}>{problem}</li>
        ))}
        {problems.length + hiddenErrors > ERRORS_SHOWN && (
          <li>…and {formatCount(problems.length + hiddenErrors - ERRORS_SHOWN)} more.</li>
        )}
      </ul>
    </div>
  );
}
