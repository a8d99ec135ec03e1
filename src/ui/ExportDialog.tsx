import { useMemo, useState } from 'react';
import { createBoard } from '../engine/index.ts';
import {
  constraintKindNames,
  FORMAT_NAMES,
  FORMATS,
  fpuzzlesCannotHold,
  fpuzzlesUrl,
  issCannotHold,
  printFpuzzles,
  printIss,
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
/** The Interactive Sudoku Solver entry's name. */
const ISS = 'ISS';

/** The f-puzzles entry: its string and links, or why f-puzzles cannot hold the puzzle. */
type FpuzzlesExport =
  | { kind: 'string'; text: string; sudokuPad: string; fpuzzlesLink: string }
  | { kind: 'refused'; problem: string };
/** The ISS entry: its string (none when ISS cannot hold it all) and what it cannot hold. */
interface IssExport {
  text: string | null;
  loses: string[];
}

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
 * and rules that travel with it; the f-puzzles string with SudokuPad and f-puzzles links,
 * and the Interactive Sudoku Solver's (ISS) string; images (SVG, PNG) of the puzzle or its
 * solution, and printing; then every text format that can hold it (the judges', the command
 * line's, Squiggly JSON), each with copy and download.
 *
 * The variant constraints go wherever the target holds them (f-puzzles, ISS, JSON), and
 * nothing is dropped unsaid: f-puzzles refuses a list it cannot hold whole
 * (fpuzzlesCannotHold), and the dialog shows why in place of the string; so does ISS
 * (issCannotHold: a slow thermometer written as a plain one would be another puzzle, which
 * ISS would solve without a word, so there is no near string either); a judge or line
 * format holds the grid alone, and its entry says which constraints it is without.
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
  const constraints = useSquiggly((s) => s.constraints);
  const solution = useSquiggly(knownSolution);
  const [copied, setCopied] = useState<string | null>(null);
  const [copyError, setCopyError] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [withSolution, setWithSolution] = useState(false);
  const { info, field, commitInfo } = usePuzzleInfoFields();

  const exports = useMemo(() => {
    const layout = layoutOf({ size, walls, regions });
    if (!layout.valid) {
      return {
        problem: blockingProblems(layout)[0]?.message ?? '',
        texts: [],
        fpuzzles: null,
        iss: null,
      };
    }
    const board = createBoard(size, layout.regionOf, givens);
    // The layout entry is the layout alone on purpose: its summary says the clues are left out.
    const layoutOnly = createBoard(size, layout.regionOf);
    const kinds = constraintKindNames(constraints).join(', ');
    const texts = FORMAT_NAMES.map((name) => ({
      name,
      board: name === 'layout' ? layoutOnly : board,
    }))
      .filter(({ name, board: target }) => FORMATS[name].cannotHold(target) === null)
      .map(({ name, board: target }) => {
        const holds = FORMATS[name].holdsConstraints;
        return {
          name,
          text: FORMATS[name].printPuzzles([
            { board: target, extra: jsonExtra(info), ...(holds && { constraints }) },
          ]),
          without: holds || kinds === '' ? null : `without its ${kinds}: ${name} cannot hold them`,
        };
      });
    const fpuzzlesProblem = fpuzzlesCannotHold(board, constraints);
    const fpuzzles: FpuzzlesExport =
      fpuzzlesProblem === null
        ? {
            kind: 'string',
            text: printFpuzzles(board, info, constraints),
            sudokuPad: sudokuPadUrl(board, info, constraints),
            fpuzzlesLink: fpuzzlesUrl(board, info, constraints),
          }
        : { kind: 'refused', problem: fpuzzlesProblem };
    const loses = issCannotHold(board, constraints);
    const iss: IssExport = {
      text: loses.length === 0 ? printIss(board, constraints) : null,
      loses,
    };
    return { problem: null, texts, fpuzzles, iss };
  }, [size, walls, givens, regions, info, constraints]);

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
    constraints,
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

  const { fpuzzles, iss } = exports;
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
          {fpuzzles?.kind === 'string' && (
            <div className="export-item">
              <label className="field field-block">
                <span>
                  {FPUZZLES} <small>(puzzle string that f-puzzles and SudokuPad open)</small>
                </span>
                <textarea readOnly value={fpuzzles.text} rows={3} />
              </label>
              <button type="button" onClick={() => void copy(FPUZZLES, fpuzzles.text)}>
                Copy {FPUZZLES}
              </button>
              <button type="button" onClick={() => void copy('sudokupad', fpuzzles.sudokuPad)}>
                Copy SudokuPad link
              </button>
              <a href={fpuzzles.sudokuPad} target="_blank" rel="noopener noreferrer">
                Open in SudokuPad
              </a>{' '}
              <a href={fpuzzles.fpuzzlesLink} target="_blank" rel="noopener noreferrer">
                Open in f-puzzles
              </a>
              {(copied === FPUZZLES || copied === 'sudokupad') && (
                <span className="copied"> Copied.</span>
              )}
            </div>
          )}
          {fpuzzles?.kind === 'refused' && (
            <p className="hint">
              No {FPUZZLES} string or SudokuPad link: {fpuzzles.problem}.
            </p>
          )}
          {iss && (
            <div className="export-item">
              {iss.text !== null && (
                <>
                  <label className="field field-block">
                    <span>
                      {ISS}{' '}
                      <small>(constraint string that the Interactive Sudoku Solver opens)</small>
                    </span>
                    <textarea readOnly value={iss.text} rows={3} />
                  </label>
                  <button
                    type="button"
                    onClick={() => {
                      if (iss.text !== null) void copy(ISS, iss.text);
                    }}
                  >
                    Copy {ISS}
                  </button>
                  {copied === ISS && <span className="copied"> Copied.</span>}
                </>
              )}
              {iss.loses.length > 0 && (
                <p className="hint">
                  No {ISS} string: {iss.loses.join('; ')}.
                </p>
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
          {exports.texts.map(({ name, text, without }) => (
            <div key={name} className="export-item">
              <label className="field field-block">
                <span>
                  {name}{' '}
                  <small>
                    ({FORMATS[name].summary}
                    {name === 'layout' &&
                      clueCount > 0 &&
                      `; the ${clueCount} ${clueCount === 1 ? 'clue is' : 'clues are'} left out`}
                    {without !== null && `; ${without}`})
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
