import { useMemo, useState } from 'react';
import { createBoard } from '../engine/index.ts';
import {
  FORMAT_NAMES,
  FORMATS,
  fpuzzlesCannotHold,
  fpuzzlesUrl,
  printFpuzzles,
  sudokuPadUrl,
  type PuzzleInfo,
} from '../formats/index.ts';
import { blockingProblems, knownSolution, layoutOf, reasonOf } from '../store/store.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { saveFile } from './saveFile.ts';
import { Dialog } from './Dialog.tsx';
import { PuzzleInfoFields, usePuzzleInfoFields } from './PuzzleDetails.tsx';
import { svgToPng } from './render/png.ts';
import { renderPuzzleSvg, svgDimensions } from './render/svg.ts';

/** The f-puzzles entry's name, as people and tests find it. */
const FPUZZLES = 'f-puzzles';

interface ExportDialogProps {
  onClose(): void;
  /** Print the answer on a second page (kept by the app: the print sheet reads it). */
  printAnswer: boolean;
  onPrintAnswerChange(answer: boolean): void;
  /** Pale region colours in images and prints. */
  colours: boolean;
  onColoursChange(colours: boolean): void;
}

/**
 * The current puzzle for every use, in the order setters reach for them: the title, author
 * and rules that travel with it; the f-puzzles string with SudokuPad and f-puzzles links;
 * images (SVG, PNG) of the puzzle or its solution, and printing; then every text format that
 * can hold it (the judges', the command line's, Squiggly JSON), each with copy and download.
 */
export function ExportDialog({
  onClose,
  printAnswer,
  onPrintAnswerChange,
  colours,
  onColoursChange,
}: ExportDialogProps) {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const givens = useSquiggly((s) => s.givens);
  const regions = useSquiggly((s) => s.regions);
  const solution = useSquiggly(knownSolution);
  const [copied, setCopied] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [withSolution, setWithSolution] = useState(false);
  const { info, field, commitInfo } = usePuzzleInfoFields();

  const exports = useMemo(() => {
    const layout = layoutOf({ size, walls, regions });
    if (!layout.valid) {
      return { problem: blockingProblems(layout)[0]?.message ?? '', texts: [], fpuzzles: null };
    }
    const board = createBoard(size, layout.regionOf, givens);
    // The layout entry is the layout alone on purpose: its summary says the clues are left out.
    const layoutOnly = createBoard(size, layout.regionOf);
    const texts = FORMAT_NAMES.map((name) => ({
      name,
      board: name === 'layout' ? layoutOnly : board,
    }))
      .filter(({ name, board: target }) => FORMATS[name].cannotHold(target) === null)
      .map(({ name, board: target }) => ({
        name,
        text: FORMATS[name].printPuzzles([{ board: target, extra: jsonExtra(info) }]),
      }));
    const fpuzzles =
      fpuzzlesCannotHold(board) === null
        ? {
            text: printFpuzzles(board, info),
            sudokuPad: sudokuPadUrl(board, info),
            fpuzzlesLink: fpuzzlesUrl(board, info),
          }
        : null;
    return { problem: null, texts, fpuzzles };
  }, [size, walls, givens, regions, info]);

  const copy = async (name: string, text: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(name);
      setCopyError(null);
      store.getState().markSaved();
    } catch {
      setCopyError('The browser did not allow copying; select the text and copy it by hand.');
    }
  };

  const baseName = `squiggly-${size}x${size}`;
  const download = (name: string, text: string): void => {
    saveFile(
      new Blob([text], { type: 'text/plain' }),
      `${baseName}.${name === 'json' ? 'json' : `${name}.txt`}`,
    );
    store.getState().markSaved();
  };

  const clueCount = givens.reduce((count, given) => count + (given === 0 ? 0 : 1), 0);
  const showSolution = withSolution && solution !== null;
  const svgOptions = {
    size,
    walls,
    regions,
    givens,
    solution: showSolution ? solution : null,
    info,
    colours,
    constraints: store.getState().constraints,
  };
  const imageName = `${baseName}${showSolution ? '-solution' : ''}`;
  const downloadSvg = (): void => {
    saveFile(
      new Blob([renderPuzzleSvg(svgOptions)], { type: 'image/svg+xml' }),
      `${imageName}.svg`,
    );
  };
  const downloadPng = async (): Promise<void> => {
    try {
      const { width, height } = svgDimensions(svgOptions);
      saveFile(await svgToPng(renderPuzzleSvg(svgOptions), width, height), `${imageName}.png`);
      setImageError(null);
    } catch (error) {
      setImageError(`Could not make the PNG: ${reasonOf(error)}. The SVG download still works.`);
    }
  };
  const print = (): void => {
    commitInfo();
    onClose();
    // After the dialog has gone, so that the page is printed as the print sheet alone.
    setTimeout(() => window.print(), 0);
  };

  return (
    <Dialog title="Export the puzzle" onClose={onClose} className="dialog-wide">
      <PuzzleInfoFields field={field} />
      {exports.problem !== null ? (
        <p className="warning">
          Text formats need a complete layout: {exports.problem}. Your work is autosaved meanwhile;
          images, printing and Copy link work on the layout as drawn.
        </p>
      ) : (
        <>
          {exports.fpuzzles && (
            <div className="export-item">
              <label className="field field-block">
                <span>
                  {FPUZZLES} <small>(puzzle string that f-puzzles and SudokuPad open)</small>
                </span>
                <textarea readOnly value={exports.fpuzzles.text} rows={3} />
              </label>
              <button type="button" onClick={() => void copy(FPUZZLES, exports.fpuzzles!.text)}>
                Copy {FPUZZLES}
              </button>
              <button
                type="button"
                onClick={() => void copy('sudokupad', exports.fpuzzles!.sudokuPad)}
              >
                Copy SudokuPad link
              </button>
              <a href={exports.fpuzzles.sudokuPad} target="_blank" rel="noopener noreferrer">
                Open in SudokuPad
              </a>{' '}
              <a href={exports.fpuzzles.fpuzzlesLink} target="_blank" rel="noopener noreferrer">
                Open in f-puzzles
              </a>
              {(copied === FPUZZLES || copied === 'sudokupad') && (
                <span className="copied"> Copied.</span>
              )}
            </div>
          )}
        </>
      )}
      {copyError && <p className="error">{copyError}</p>}
      <fieldset className="export-section">
        <legend>Image and print</legend>
        <label>
          <input
            type="checkbox"
            checked={showSolution}
            disabled={solution === null}
            onChange={(event) => setWithSolution(event.target.checked)}
          />{' '}
          Show the solution in the image
        </label>
        <br />
        <label>
          <input
            type="checkbox"
            checked={colours}
            onChange={(event) => onColoursChange(event.target.checked)}
          />{' '}
          Region colours
        </label>
        <br />
        <label>
          <input
            type="checkbox"
            checked={printAnswer && solution !== null}
            disabled={solution === null}
            onChange={(event) => onPrintAnswerChange(event.target.checked)}
          />{' '}
          Print the answer on a second page
        </label>
        {solution === null && (
          <p className="hint">
            The solution can be shown once the puzzle is known to have exactly one.
          </p>
        )}
        <div>
          <button type="button" onClick={downloadSvg}>
            Download SVG
          </button>{' '}
          <button type="button" onClick={() => void downloadPng()}>
            Download PNG
          </button>{' '}
          <button type="button" onClick={print}>
            Print…
          </button>
        </div>
        {imageError && <p className="error">{imageError}</p>}
      </fieldset>
      {exports.problem === null && exports.texts.length > 0 && (
        <fieldset className="export-section">
          <legend>Text formats (judges, the command line, Squiggly JSON)</legend>
          {exports.texts.map(({ name, text }) => (
            <div key={name} className="export-item">
              <label className="field field-block">
                <span>
                  {name}{' '}
                  <small>
                    ({FORMATS[name].summary}
                    {name === 'layout' &&
                      clueCount > 0 &&
                      `; the ${clueCount} ${clueCount === 1 ? 'clue is' : 'clues are'} left out`}
                    )
                  </small>
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
          ))}
        </fieldset>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}

/** The title, author and rules as optional fields of Squiggly JSON (empty ones left out). */
function jsonExtra(info: PuzzleInfo): Record<string, string> | undefined {
  const entries = Object.entries(info).filter(([, value]) => value !== '');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
