/**
 * The cases of a multi-case read, shown as soon as it is read, so Load loads the chosen one in
 * one press (case 1 by default): up to CASE_LIST_LIMIT good cases in a Case list with their
 * size and line, more chosen by number (the field says the size and line of the case typed, or
 * why it cannot be loaded), and the way into the batch view. Memoised: the dialog renders
 * again at each progress step and keystroke, and a list of 500 options need not.
 */
import { memo } from 'react';
import { formatCount, indexOfCase, plural } from '../store/store.ts';
import type { ImportSummary } from '../worker/protocol.ts';

/** Up to this many good cases are listed; more are chosen by number. */
export const CASE_LIST_LIMIT = 500;

interface ImportCasesProps {
  summary: ImportSummary;
  /** The chosen case, by its case number in the input; null = the first good case. */
  chosenCase: number | null;
  /** The Case number field as typed (it may be empty or out of range while typing). */
  caseField: string;
  /** A case chosen in the list, or typed (0: not a case number yet). */
  onChoose(caseNumber: number, typed?: string): void;
  onOpenBatch(summary: ImportSummary): void;
}

export const ImportCases = memo(function ImportCases({
  summary,
  chosenCase,
  caseField,
  onChoose,
  onOpenBatch,
}: ImportCasesProps) {
  const goodCases = summary.caseNumbers.length;
  const firstCase = goodCases > 0 ? summary.caseNumbers[0] : 1;
  const shownCase = chosenCase ?? firstCase;
  return (
    <>
      <p className="hint">
        This input holds {plural(summary.caseCount, 'case')}
        {summary.errorCount > 0 ? ` (${formatCount(summary.errorCount)} unreadable)` : ''}: choose
        one, then press Load, or see them all in the batch view.
      </p>
      {summary.caseCount > 1 && (
        <button type="button" onClick={() => onOpenBatch(summary)}>
          Open batch view
        </button>
      )}
      {goodCases <= CASE_LIST_LIMIT ? (
        <label className="field">
          <span>Case</span>
          <select value={shownCase} onChange={(event) => onChoose(Number(event.target.value))}>
            {Array.from(summary.caseNumbers, (caseNumber, index) => (
              <option key={caseNumber} value={caseNumber}>
                Case {caseNumber} ({summary.sizes[index]}×{summary.sizes[index]}, line{' '}
                {summary.lines[index]})
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label className="field">
          <span>Case</span>
          <input
            type="number"
            min={1}
            max={summary.caseCount}
            value={chosenCase === null && caseField === '' ? firstCase : caseField}
            onChange={(event) => {
              const typed = event.target.value;
              const caseNumber = Number(typed);
              // Empty or not a whole number: no case is chosen until it is.
              onChoose(typed !== '' && Number.isInteger(caseNumber) ? caseNumber : 0, typed);
            }}
          />
          <small>{caseNote(summary, shownCase)}</small>
        </label>
      )}
    </>
  );
});

/** What the Case number field says of the case typed. */
function caseNote(summary: ImportSummary, shownCase: number): string {
  if (shownCase < 1 || shownCase > summary.caseCount) {
    return `1 to ${formatCount(summary.caseCount)}`;
  }
  const index = indexOfCase(summary.caseNumbers, shownCase);
  return index < 0
    ? `case ${shownCase} could not be read`
    : `${summary.sizes[index]}×${summary.sizes[index]}, line ${formatCount(summary.lines[index])}`;
}
