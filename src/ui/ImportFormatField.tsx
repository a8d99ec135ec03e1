/**
 * The Import dialog's Format list (Auto-detect, the judge formats and JSON, then the forms read
 * on the page) and the line under it that says which format the input is read in, and why: the
 * choice in the list, the pattern of a link, the worker's detection once it has read, or the
 * page's guess from the head of the text before that. The reason is given only when the lines
 * looked at did not all agree; otherwise it would repeat the format's summary.
 */
import { FORMAT_NAMES, isFormatName } from '../formats/index.ts';
import { FORMAT_FIELD, type InterchangeName } from '../store/store.ts';
import {
  AUTO,
  INTERCHANGE,
  isInterchange,
  nameOf,
  summaryOf,
  type FormatChoice,
  type ImportDetection,
} from './importInput.ts';

interface ImportFormatFieldProps {
  choice: FormatChoice;
  onChoose(choice: FormatChoice): void;
  /** The format shown (importInput.ts guessOf); null when there is none to show yet. */
  guess: ImportDetection | null;
  empty: boolean;
  /** The worker refused the input as too big to read. */
  tooBig: boolean;
}

export function ImportFormatField({
  choice,
  onChoose,
  guess,
  empty,
  tooBig,
}: ImportFormatFieldProps) {
  return (
    <>
      <label className="field">
        <span>{FORMAT_FIELD}</span>
        <select
          value={choice}
          onChange={(event) => {
            const value = event.target.value;
            onChoose(isFormatName(value) || isInterchange(value) ? value : AUTO);
          }}
        >
          <option value={AUTO}>Auto-detect</option>
          {FORMAT_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          {(Object.keys(INTERCHANGE) as InterchangeName[]).map((name) => (
            <option key={name} value={name}>
              {INTERCHANGE[name].label}
            </option>
          ))}
        </select>
      </label>
      <p className="detected" aria-live="polite">
        {guess === null
          ? choice === AUTO
            ? empty
              ? 'Format: detected when you paste or open a file.'
              : tooBig
                ? 'Format: not read.'
                : 'Format: detected while the input is read.'
            : `Format: ${nameOf(choice)}, ${summaryOf(choice)}.`
          : guess.format === null
            ? `Format: not recognised; choose it in the "${FORMAT_FIELD}" list.`
            : choice === AUTO
              ? `Detected format: ${nameOf(guess.format)}, ${summaryOf(guess.format)}.${
                  guess.unanimous === false ? ` Only ${guess.reason}.` : ''
                }`
              : `Format: ${nameOf(guess.format)}, ${summaryOf(guess.format)}; chosen in the list.`}
      </p>
    </>
  );
}
