/**
 * Where the Import dialog's input comes from: the text box (typed or pasted), a file opened or
 * dropped on the zone around it. A big input never goes into the box (a browser takes seconds
 * to lay out megabytes in a textarea): a file over SHOW_LIMIT is handed on as the File itself
 * (the worker reads it), a bigger paste is kept aside, and the box is replaced by a line such
 * as "big.txt: 10.3 MB file, 128,000 cases" with a Clear button. A big file is handed on in a
 * transition, so the file's change event returns at once.
 */
import { startTransition, useState, type DragEvent } from 'react';
import type { ImportSummary } from '../worker/protocol.ts';
import { plural } from '../store/store.ts';
import { SHOW_LIMIT, type Source } from './importInput.ts';

const megabytes = (n: number): string =>
  `${(n / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

const PLACEHOLDER =
  'Paste a puzzle in any format (hdu4069, poj3074, poj2676, hdu5547, a jigsaw line of givens and region letters, a layout line of region letters alone, JSON, an f-puzzles string, a SudokuPad or Squiggly link), or drop a text file here.';

interface ImportSourceFieldProps {
  source: Source;
  /** The read of the input shown, once done: a big input's line counts its cases. */
  summary: ImportSummary | null;
  /** A new input; `now`: read it at once rather than after a typing pause. */
  onChange(next: Source, now?: boolean): void;
  /** Text that fits the box is being pasted into it. */
  onPaste(): void;
  /** A file could not be read. */
  onFileError(name: string): void;
}

export function ImportSourceField({
  source,
  summary,
  onChange,
  onPaste,
  onFileError,
}: ImportSourceFieldProps) {
  const [dragging, setDragging] = useState(false);

  const readFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    if (file.size > SHOW_LIMIT) {
      startTransition(() => onChange({ kind: 'file', file }, true));
      return;
    }
    try {
      onChange({ kind: 'text', text: await file.text() }, true);
    } catch {
      onFileError(file.name);
    }
  };

  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`drop-zone ${dragging ? 'drop-zone-active' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {source.kind === 'text' ? (
        <label className="field field-block">
          <span>Puzzle text</span>
          <textarea
            value={source.text}
            onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
            onPaste={(event) => {
              const pasted = event.clipboardData.getData('text');
              // A big paste stays out of the box: laying it out would freeze the page.
              if (pasted.length > SHOW_LIMIT) {
                event.preventDefault();
                onChange({ kind: 'paste', text: pasted }, true);
              } else {
                onPaste();
              }
            }}
            rows={10}
            spellCheck={false}
            placeholder={PLACEHOLDER}
          />
        </label>
      ) : (
        <div className="field field-block big-input">
          <p>
            {source.kind === 'file'
              ? `${source.file.name}: ${megabytes(source.file.size)} file`
              : `Pasted text: ${megabytes(source.text.length)}`}
            {summary && !summary.tooBig
              ? `, ${plural(summary.caseCount, 'case')}${summary.errorCount > 0 ? ` (${plural(summary.errorCount, 'error')})` : ''}.`
              : ' (too big to show here).'}
          </p>
          <button type="button" onClick={() => onChange({ kind: 'text', text: '' })}>
            Clear
          </button>
        </div>
      )}
      <label className="field file-field">
        <span>Open a file</span>
        <input
          type="file"
          accept=".txt,.in,.json,text/plain,application/json"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
      </label>
    </div>
  );
}
