import { useMemo, useState } from 'react';
import { createBoard } from '../engine/index.ts';
import { FORMAT_NAMES, FORMATS, type FormatName } from '../formats/index.ts';
import { blockingProblems, layoutOf } from '../store/derived.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { Dialog } from './Dialog.tsx';

/** The current puzzle in every format that can hold it, each with a copy button. */
export function ExportDialog({ onClose }: { onClose(): void }) {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const givens = useSquiggly((s) => s.givens);
  const regions = useSquiggly((s) => s.regions);
  const [copied, setCopied] = useState<FormatName | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);

  const exports = useMemo(() => {
    const layout = layoutOf({ size, walls, regions });
    if (!layout.valid) return { problem: blockingProblems(layout)[0]?.message ?? '', texts: [] };
    const board = createBoard(size, layout.regionOf, givens);
    const texts = FORMAT_NAMES.filter((name) => FORMATS[name].cannotHold(board) === null).map(
      (name) => ({ name, text: FORMATS[name].printPuzzles([{ board }]) }),
    );
    return { problem: null, texts };
  }, [size, walls, givens, regions]);

  const copy = async (name: FormatName, text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(name);
      setCopyError(null);
      store.getState().markSaved();
    } catch {
      setCopyError('The browser did not allow copying; select the text and copy it by hand.');
    }
  };

  const download = (name: FormatName, text: string): void => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `squiggly-${size}x${size}.${name === 'json' ? 'json' : `${name}.txt`}`;
    link.click();
    // Revoke later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    store.getState().markSaved();
  };

  return (
    <Dialog title="Export the puzzle" onClose={onClose} className="dialog-wide">
      {exports.problem !== null ? (
        <p className="warning">
          Export needs a complete layout: {exports.problem}. Your work is autosaved meanwhile.
        </p>
      ) : (
        exports.texts.map(({ name, text }) => (
          <div key={name} className="export-item">
            <label className="field field-block">
              <span>
                {name} <small>({FORMATS[name].summary})</small>
              </span>
              <textarea readOnly value={text} rows={Math.min(12, text.split('\n').length)} />
            </label>
            <button type="button" onClick={() => void copy(name, text)}>
              Copy {name}
            </button>
            <button type="button" onClick={() => download(name, text)}>
              Download {name}
            </button>
            {copied === name && <span className="copied"> Copied.</span>}
          </div>
        ))
      )}
      {copyError && <p className="error">{copyError}</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
