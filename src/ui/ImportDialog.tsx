import { useMemo, useState, type DragEvent } from 'react';
import { APP_SIZES } from '../engine/index.ts';
import {
  detectFormat,
  EMPTY_INFO,
  FORMAT_NAMES,
  formatErrorText,
  FORMATS,
  isFormatName,
  looksLikeFpuzzles,
  looksLikeShareLink,
  parseFpuzzles,
  parseShareLink,
  type FormatError,
  type FormatName,
  type JsonValue,
  type ParseResult,
  type PuzzleInfo,
} from '../formats/index.ts';
import { isAppSize } from '../store/puzzle.ts';
import { Dialog } from './Dialog.tsx';

/** The format list's label, which the app's messages point to. */
const FORMAT_FIELD = 'Format';
const AUTO = 'auto';

/**
 * A formats message in the app's words: the formats layer is shared with the command line,
 * whose way out of a failed detection is `--format`; here it is the Format list.
 */
export function inAppWords(message: string): string {
  return message.replace(
    /name the format with --format/g,
    `choose the format in the "${FORMAT_FIELD}" list`,
  );
}

const errorText = (error: FormatError): string => inAppWords(formatErrorText(error));

/**
 * Single-puzzle interchange forms, read by their own functions rather than the judge-format
 * registry: a Squiggly share link and an f-puzzles string (or SudokuPad / f-puzzles link).
 */
const INTERCHANGE = {
  link: { label: 'Squiggly link', summary: 'a share link made by Copy link' },
  fpuzzles: { label: 'f-puzzles', summary: 'f-puzzles puzzle string, or a SudokuPad link' },
} as const;
type InterchangeName = keyof typeof INTERCHANGE;
type ImportFormat = FormatName | InterchangeName;
const isInterchange = (name: string): name is InterchangeName => Object.hasOwn(INTERCHANGE, name);
const nameOf = (name: ImportFormat): string =>
  isInterchange(name) ? INTERCHANGE[name].label : name;
const summaryOf = (name: ImportFormat): string =>
  isInterchange(name) ? INTERCHANGE[name].summary : FORMATS[name].summary;

type ImportDetection =
  { format: ImportFormat; reason: string } | { format: null; error: FormatError };

/** A puzzle to load: a board's fields, with text and (from a link) walls as drawn. */
export interface LoadedPuzzle {
  size: number;
  regions: ArrayLike<number>;
  givens: ArrayLike<number>;
  info?: PuzzleInfo;
  walls?: ArrayLike<number>;
}

/** Title, author and rules from the optional fields of a JSON puzzle. */
function infoOfExtra(extra: Readonly<Record<string, JsonValue>> | undefined): PuzzleInfo {
  const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');
  return extra
    ? { title: text(extra.title), author: text(extra.author), rules: text(extra.rules) }
    : EMPTY_INFO;
}

interface ImportDialogProps {
  /** Replace the puzzle; called only once a case has been read without errors. */
  onLoad(puzzle: LoadedPuzzle): void;
  onClose(): void;
}

/**
 * Import: paste text or pick or drop a file; the format is detected and shown. A file with
 * several cases offers a choice. Nothing changes in the current puzzle until a load succeeds.
 */
export function ImportDialog({ onLoad, onClose }: ImportDialogProps) {
  const [text, setText] = useState('');
  // The parse of `text` as it was when Load was pressed; dropped when the text changes.
  const [parsed, setParsed] = useState<{
    text: string;
    format: FormatName;
    result: ParseResult;
  } | null>(null);
  const [chosen, setChosen] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  // 'auto' detects the format from the text; a format name reads the text as that format.
  const [choice, setChoice] = useState<ImportFormat | typeof AUTO>(AUTO);

  const detection = useMemo((): ImportDetection | null => {
    if (!text.trim()) return null;
    if (choice !== AUTO) return { format: choice, reason: 'chosen in the list' };
    if (looksLikeShareLink(text)) return { format: 'link', reason: 'it holds "#puzzle="' };
    if (looksLikeFpuzzles(text)) {
      return { format: 'fpuzzles', reason: 'an f-puzzles string or SudokuPad link' };
    }
    return detectFormat(text);
  }, [text, choice]);
  const current =
    parsed && parsed.text === text && parsed.format === detection?.format ? parsed.result : null;

  const changeText = (value: string): void => {
    setText(value);
    setErrors([]);
  };

  const readFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    try {
      changeText(await file.text());
    } catch {
      setErrors([`Could not read the file "${file.name}".`]);
    }
  };

  const load = (): void => {
    if (!detection) {
      setErrors(['Paste a puzzle, or choose or drop a file, first.']);
      return;
    }
    if (detection.format === null) {
      setErrors([errorText(detection.error)]);
      return;
    }
    if (detection.format === 'link') {
      const read = parseShareLink(text);
      if ('error' in read) {
        setErrors([errorText(read.error)]);
        return;
      }
      onLoad(read.puzzle);
      onClose();
      return;
    }
    if (detection.format === 'fpuzzles') {
      const read = parseFpuzzles(text);
      if ('error' in read) {
        setErrors([errorText(read.error)]);
        return;
      }
      if (!isAppSize(read.board.size)) {
        setErrors([
          `The puzzle is ${read.board.size}×${read.board.size}; the app offers sizes ${APP_SIZES.join(', ')}.`,
        ]);
        return;
      }
      onLoad({ ...read.board, info: read.info });
      onClose();
      return;
    }
    let result = current;
    if (!result) {
      result = FORMATS[detection.format].parse(text);
      setParsed({ text, format: detection.format, result });
      setChosen(0);
    }
    const caseErrors = result.errors.map(errorText);
    if (result.cases.length === 0) {
      setErrors(caseErrors.length > 0 ? caseErrors : ['The input holds no puzzle.']);
      return;
    }
    // Several cases, or some bad ones: let the user see them and pick before loading.
    if (!current && (result.cases.length > 1 || caseErrors.length > 0)) {
      setErrors(caseErrors);
      return;
    }
    const picked = result.cases[current ? chosen : 0];
    if (!isAppSize(picked.board.size)) {
      setErrors([
        `Case ${picked.case} is ${picked.board.size}×${picked.board.size}; the app offers sizes ${APP_SIZES.join(', ')}.`,
      ]);
      return;
    }
    onLoad({ ...picked.board, info: infoOfExtra(picked.extra) });
    onClose();
  };

  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  return (
    <Dialog title="Import a puzzle" onClose={onClose} className="dialog-wide">
      <div
        className={`drop-zone ${dragging ? 'drop-zone-active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label className="field field-block">
          <span>Puzzle text</span>
          <textarea
            value={text}
            onChange={(event) => changeText(event.target.value)}
            rows={10}
            spellCheck={false}
            placeholder="Paste a puzzle in any format (hdu4069, poj3074, poj2676, hdu5547, JSON, an f-puzzles string, a SudokuPad or Squiggly link), or drop a text file here."
          />
        </label>
        <label className="field file-field">
          <span>Open a file</span>
          <input
            type="file"
            accept=".txt,.in,.json,text/plain,application/json"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
        </label>
      </div>
      <label className="field">
        <span>{FORMAT_FIELD}</span>
        <select
          value={choice}
          onChange={(event) => {
            const value = event.target.value;
            setChoice(isFormatName(value) || isInterchange(value) ? value : AUTO);
            setErrors([]);
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
        {detection === null
          ? choice === AUTO
            ? 'Format: detected when you paste or open a file.'
            : `Format: ${nameOf(choice)} (${summaryOf(choice)}).`
          : detection.format === null
            ? `Format: not recognised; choose it in the "${FORMAT_FIELD}" list.`
            : choice === AUTO
              ? `Detected format: ${nameOf(detection.format)} (${summaryOf(detection.format)}; ${detection.reason}).`
              : `Format: ${nameOf(detection.format)} (${summaryOf(detection.format)}; chosen in the list).`}
      </p>
      {current &&
        current.cases.length > 0 &&
        (current.cases.length > 1 || current.errors.length > 0) && (
          <p className="hint">
            This input holds {current.caseCount} case{current.caseCount === 1 ? '' : 's'}: choose
            one, then press Load.
          </p>
        )}
      {current &&
        current.cases.length > 0 &&
        (current.cases.length > 1 || current.errors.length > 0) && (
          <label className="field">
            <span>Case</span>
            <select value={chosen} onChange={(event) => setChosen(Number(event.target.value))}>
              {current.cases.map((c, index) => (
                <option key={c.case} value={index}>
                  Case {c.case} ({c.board.size}×{c.board.size}, line {c.line})
                </option>
              ))}
            </select>
          </label>
        )}
      {errors.length > 0 && (
        <div role="alert" className="error">
          <p>
            {current && current.cases.length > 0
              ? 'Some cases could not be read; you can load one of the others:'
              : 'Nothing was loaded:'}
          </p>
          <ul>
            {errors.slice(0, 12).map((error, i) => (
              <li key={i}>{error}</li>
            ))}
            {errors.length > 12 && <li>…and {errors.length - 12} more.</li>}
          </ul>
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={load}>
          Load
        </button>
      </div>
    </Dialog>
  );
}
