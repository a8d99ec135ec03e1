/**
 * Import: paste text, or open or drop a file; the input is read as soon as it is there, and a
 * multi-case input shows its case list at once, so Load loads the chosen case (case 1 by
 * default) in one press. With unsaved work the dialog says so and, unless My puzzles keeps
 * the puzzle left, Load reads "Discard and load", as New does. Nothing changes in the
 * current puzzle until a load succeeds.
 *
 * A share link or an f-puzzles string (one short puzzle each) is read on the page by its own
 * parser, at Load only (while typing, each is told by its pattern and first unpacked
 * character); their data is unpacked with a limit (formats/lz.ts), so a crafted one is
 * refused in milliseconds. The judge formats and JSON, which can be megabytes, are not:
 * reading happens in a worker (store → importSlice → the import worker; importer.ts), never on
 * the page: a 10 MB judge file took seconds of frozen page when it was parsed here. The page
 * only guesses the format from the first few KB while the worker reads (detectFormat is cheap
 * on a short head); the worker's answer then replaces the guess. A big input never goes into
 * the text box either (a browser takes seconds to lay out megabytes in a textarea): a file over
 * SHOW_LIMIT is handed to the worker as the File itself, a bigger paste is kept aside, and the
 * box is replaced by a line such as "big.txt: 10.3 MB file, 128,000 cases". The worker sends
 * back a summary (counts, first errors, case numbers, lines and sizes as typed arrays, and the
 * first good case); another case is fetched when chosen. Up to CASE_LIST_LIMIT cases are listed
 * in a Case list; more are chosen by number.
 *
 * A read that lasts shows progress with "Stop reading" (which ends the worker); a quick one
 * shows none, so the buttons below never jump under a finger pressing Load. Closing the dialog
 * stops the import worker and frees what it read. Typing is read after a short pause; a paste,
 * a file or a Load press reads at once (a Load during the read loads when it ends). A big file
 * and a finished read are rendered as transitions, which React renders in slices that yield to
 * the browser, so even on a busy machine no step of an import is one long task on the page.
 */
import { startTransition, useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { APP_SIZES, sizesText } from '../engine/index.ts';
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
  type PuzzleInfo,
} from '../formats/index.ts';
import { isAppSize } from '../store/puzzle.ts';
import type { ImportedCase, ImportProgress, ImportSummary } from '../worker/protocol.ts';
import { BatchView } from './BatchView.tsx';
import { Dialog } from './Dialog.tsx';
import type { BatchPrint } from './PrintSheet.tsx';
import { keepsLeftPuzzle, leavingLabel, leavingWords } from './NewDialog.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { formatCount } from '../store/numbers.ts';
import { plural, reasonOf } from '../store/solveOutcome.ts';
import { isAbortError } from '../store/store.ts';

/** The format list's label, which the app's messages point to. */
const FORMAT_FIELD = 'Format';
const AUTO = 'auto';
/** Inputs longer than this (characters, or bytes of a file) stay out of the text box. */
export const SHOW_LIMIT = 100_000;
/** The page guesses the format from this much of the text. */
const HEAD_CHARS = 4096;
/** Pause after typing before the input is read. */
const TYPING_PAUSE_MS = 250;
/** Up to this many good cases are listed; more are chosen by number. */
export const CASE_LIST_LIMIT = 500;
/** The reading progress is shown at most this often. */
const PROGRESS_SHOWN_EVERY_MS = 250;
/**
 * A read shows its progress (and its Stop button) only once it has taken this long. A puzzle or
 * a small file is read in a few ms: its progress block would flash in and out above Load and
 * push Load down while the user presses it, so the press could land on "Stop reading".
 */
const PROGRESS_SHOWN_AFTER_MS = 300;
/** Errors shown in full; the rest are counted. */
const ERRORS_SHOWN = 12;

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

const megabytes = (n: number): string =>
  `${(n / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

/** The start of a text, cut at a line end, for the page's cheap guess at the format. */
function headOf(text: string): string {
  if (text.length <= HEAD_CHARS) return text;
  const cut = text.lastIndexOf('\n', HEAD_CHARS);
  return text.slice(0, cut > 0 ? cut : HEAD_CHARS);
}

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

/**
 * The format and why. The reason is shown only when the lines did not all agree
 * (`unanimous` false): otherwise it repeats the format's summary.
 */
type ImportDetection =
  | { format: ImportFormat; reason: string; unanimous?: boolean }
  | { format: null; error: FormatError };

/** Title, author and rules from the optional fields of a JSON puzzle. */
function infoOfExtra(extra: Readonly<Record<string, JsonValue>> | undefined): PuzzleInfo {
  const text = (value: JsonValue | undefined): string => (typeof value === 'string' ? value : '');
  return extra
    ? { title: text(extra.title), author: text(extra.author), rules: text(extra.rules) }
    : EMPTY_INFO;
}

/** What is being imported: the text box, or an input too big to show in it. */
type Source =
  { kind: 'text'; text: string } | { kind: 'file'; file: File } | { kind: 'paste'; text: string };

/** One source in one format choice: what a read is of. */
interface ReadOf {
  source: Source;
  choice: FormatName | typeof AUTO;
}

/** A read by the worker. */
interface Read extends ReadOf {
  status: 'reading' | 'done' | 'failed' | 'stopped';
  progress: ImportProgress | null;
  summary: ImportSummary | null;
  error: string | null;
}

/** A puzzle to load: a board's fields, with text and (from a link) walls as drawn. */
export interface LoadedPuzzle {
  size: number;
  regions: ArrayLike<number>;
  givens: ArrayLike<number>;
  info?: PuzzleInfo;
  walls?: ArrayLike<number>;
}

interface ImportDialogProps {
  /** Replace the puzzle; called only once a case has been read without errors. */
  onLoad(puzzle: LoadedPuzzle): void;
  onClose(): void;
  /** The current puzzle has changes not exported: loading discards them (after a warning). */
  unsaved: boolean;
  /** Give the print sheet puzzles of the batch view to print (null: the puzzle again). */
  onPrintBatch?(batch: BatchPrint | null): void;
}

/** Index of `caseNumber` among the good cases (ascending), or -1 when that case is bad or absent. */
function indexOfCase(caseNumbers: Int32Array, caseNumber: number): number {
  let low = 0;
  let high = caseNumbers.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (caseNumbers[mid] === caseNumber) return mid;
    if (caseNumbers[mid] < caseNumber) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

export function ImportDialog({ onLoad, onClose, unsaved, onPrintBatch }: ImportDialogProps) {
  const store = useSquigglyStore();
  const kept = useSquiggly(keepsLeftPuzzle);
  const [source, setSource] = useState<Source>({ kind: 'text', text: '' });
  const [choice, setChoice] = useState<ImportFormat | typeof AUTO>(AUTO);
  const [read, setRead] = useState<Read | null>(null);
  /** The chosen case, by its case number in the input; null = the first good case. */
  const [chosenCase, setChosenCase] = useState<number | null>(null);
  /** The Case number field as typed (it may be empty or out of range while typing). */
  const [caseField, setCaseField] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [loadPressed, setLoadPressed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [dragging, setDragging] = useState(false);
  /** The read the batch view shows, while it is open. */
  const [batchOf, setBatchOf] = useState<ImportSummary | null>(null);
  /** Read the next source change at once (a paste, a file) rather than after a typing pause. */
  const immediate = useRef(false);
  const controller = useRef<AbortController | null>(null);
  /**
   * The read in flight and the last finished one, as they are now: what Load decides by. The
   * rendered `read` lags behind them (its updates are transitions).
   */
  const readNow = useRef<ReadOf | null>(null);
  const finished = useRef<(ReadOf & { summary: ImportSummary }) | null>(null);
  /** Load as soon as the read in flight ends (Load was pressed during it). */
  const loadAfterRead = useRef(false);
  /** The read waiting for the typing pause, if any: Load starts it at once instead. */
  const pauseTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const empty = source.kind === 'text' && !source.text.trim();
  // A link or an f-puzzles string is read on the page, at Load; everything else by the worker.
  // Told apart here, at every render, by pattern alone: nothing is unpacked before Load.
  const interchange: InterchangeName | null = (() => {
    if (choice !== AUTO) return isInterchange(choice) ? choice : null;
    if (source.kind === 'file' || empty) return null;
    // A paste too big for the box may still be a (crafted) link: Load then says it is too large.
    if (source.kind === 'paste') return looksLikeShareLink(headOf(source.text)) ? 'link' : null;
    if (looksLikeShareLink(source.text)) return 'link';
    return looksLikeFpuzzles(source.text) ? 'fpuzzles' : null;
  })();
  const workerChoice: FormatName | typeof AUTO =
    choice === AUTO || isInterchange(choice) ? AUTO : choice;
  /** Whether a read (rendered, in flight or finished) is of the input and choice shown. */
  const ofShown = (what: ReadOf | null): boolean =>
    what !== null && what.source === source && what.choice === workerChoice;
  const current = !interchange && ofShown(read) ? read : null;
  const summary = current?.status === 'done' ? current.summary : null;
  /** The source of the read that has lasted long enough to show its progress. */
  const [slowRead, setSlowRead] = useState<Source | null>(null);
  const readingSource = current?.status === 'reading' ? current.source : null;
  useEffect(() => {
    if (readingSource === null) return;
    const timer = setTimeout(() => setSlowRead(readingSource), PROGRESS_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [readingSource]);
  const progressShown = readingSource !== null && slowRead === readingSource;

  const startRead = useCallback(
    (what: Source, format: FormatName | typeof AUTO): Promise<ImportSummary | null> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      readNow.current = { source: what, choice: format };
      const base = { source: what, choice: format, progress: null, summary: null, error: null };
      startTransition(() => setRead({ ...base, status: 'reading' }));
      const input = what.kind === 'file' ? what.file : what.text;
      let lastShown = -Infinity;
      return store
        .getState()
        .readImport(input, format === AUTO ? null : format, {
          signal: abort.signal,
          onProgress: (progress) => {
            // Each shown step is a render on the page's thread: a few a second are enough.
            const time = performance.now();
            if (controller.current === abort && time - lastShown >= PROGRESS_SHOWN_EVERY_MS) {
              lastShown = time;
              startTransition(() =>
                setRead((r) => (r && r.source === what ? { ...r, progress } : r)),
              );
            }
          },
        })
        .then(
          (result) => {
            if (controller.current !== abort) return null;
            controller.current = null;
            readNow.current = null;
            finished.current = { source: what, choice: format, summary: result };
            // A transition: React renders the summary in slices, never one long task.
            startTransition(() => setRead({ ...base, status: 'done', summary: result }));
            return result;
          },
          (error: unknown) => {
            if (controller.current !== abort) return null;
            controller.current = null;
            readNow.current = null;
            loadAfterRead.current = false;
            setRead({
              ...base,
              status: isAbortError(error) ? 'stopped' : 'failed',
              error: isAbortError(error) ? null : reasonOf(error),
            });
            return null;
          },
        );
    },
    [store],
  );

  // Read whenever the input or the format choice changes: at once for a paste or a file,
  // after a pause for typing.
  useEffect(() => {
    if (empty || interchange) {
      controller.current?.abort();
      controller.current = null;
      readNow.current = null;
      return;
    }
    const delay = immediate.current || source.kind !== 'text' ? 0 : TYPING_PAUSE_MS;
    immediate.current = false;
    const timer = setTimeout(() => {
      pauseTimer.current = null;
      void startRead(source, workerChoice);
    }, delay);
    pauseTimer.current = timer;
    return () => {
      clearTimeout(timer);
      if (pauseTimer.current === timer) pauseTimer.current = null;
    };
  }, [source, workerChoice, empty, interchange, startRead]);

  // Closing the dialog stops the read and the import worker, freeing what it holds.
  useEffect(
    () => () => {
      controller.current?.abort();
      store.getState().endImport();
    },
    [store],
  );

  const changeSource = (next: Source, now = false): void => {
    immediate.current = now;
    setSource(next);
    setChosenCase(null);
    setCaseField('');
    setErrors([]);
    setLoadPressed(false);
  };

  const readFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    if (file.size > SHOW_LIMIT) {
      // Rendered as a transition, so the file's change event returns at once.
      startTransition(() => changeSource({ kind: 'file', file }, true));
      return;
    }
    try {
      changeSource({ kind: 'text', text: await file.text() }, true);
    } catch {
      setErrors([`Could not read the file "${file.name}".`]);
    }
  };

  /** The case to load, fetched from the worker unless it came with the summary. */
  const fetchCase = async (done: ImportSummary, index: number): Promise<ImportedCase> => {
    if (index === 0 && done.first) return done.first;
    try {
      return await store.getState().importedCase(done.id, index);
    } catch (error) {
      if (isAbortError(error)) throw error;
      // A fresh worker holds nothing (after a stop or a crash): read again, then fetch.
      const again = await startRead(source, workerChoice);
      if (!again) throw error;
      return store.getState().importedCase(again.id, index);
    }
  };

  const loadFrom = async (done: ImportSummary): Promise<void> => {
    if (done.detection.format === null) {
      setErrors([errorText(done.detection.error)]);
      return;
    }
    if (done.tooBig) {
      setErrors([done.tooBig]);
      return;
    }
    if (done.caseNumbers.length === 0) {
      setErrors(
        done.errors.length > 0 ? done.errors.map(errorText) : ['The input holds no puzzle.'],
      );
      return;
    }
    const index = chosenCase === null ? 0 : indexOfCase(done.caseNumbers, chosenCase);
    if (chosenCase !== null && (chosenCase < 1 || chosenCase > done.caseCount)) {
      setErrors([`Choose a case from 1 to ${formatCount(done.caseCount)}.`]);
      return;
    }
    if (index < 0) {
      setErrors([`Case ${chosenCase} could not be read; choose another.`]);
      return;
    }
    const problem = await loadCaseAt(done, index);
    if (problem) setErrors([problem]);
  };

  /** Load good case `index` of a read; resolves to what went wrong, or null once loaded. */
  const loadCaseAt = async (done: ImportSummary, index: number): Promise<string | null> => {
    const size = done.sizes[index];
    if (!isAppSize(size)) {
      return `Case ${done.caseNumbers[index]} is ${size}×${size}; the app offers sizes ${sizesText(APP_SIZES)}.`;
    }
    setLoading(true);
    try {
      const picked = await fetchCase(done, index);
      onLoad({ ...picked, info: infoOfExtra(picked.extra) });
      onClose();
      return null;
    } catch (error) {
      setLoading(false);
      return isAbortError(error)
        ? null
        : `Case ${done.caseNumbers[index]} could not be loaded: ${reasonOf(error)}`;
    }
  };

  /** The batch view's Open: the case by its number. */
  const openCaseOf = (done: ImportSummary, caseNumber: number): Promise<string | null> => {
    const index = indexOfCase(done.caseNumbers, caseNumber);
    return index < 0
      ? Promise.resolve(`Case ${caseNumber} could not be read; choose another.`)
      : loadCaseAt(done, index);
  };

  /** A share link or an f-puzzles string, read here: one short puzzle. */
  const loadInterchange = (text: string, format: InterchangeName): void => {
    if (format === 'link') {
      const link = parseShareLink(text);
      if ('error' in link) {
        setErrors([errorText(link.error)]);
        return;
      }
      onLoad(link.puzzle);
      onClose();
      return;
    }
    const fpuzzles = parseFpuzzles(text);
    if ('error' in fpuzzles) {
      setErrors([errorText(fpuzzles.error)]);
      return;
    }
    if (!isAppSize(fpuzzles.board.size)) {
      setErrors([
        `The puzzle is ${fpuzzles.board.size}×${fpuzzles.board.size}; the app offers sizes ${sizesText(APP_SIZES)}.`,
      ]);
      return;
    }
    onLoad({ ...fpuzzles.board, info: fpuzzles.info });
    onClose();
  };

  const load = (): void => {
    setLoadPressed(true);
    setErrors([]);
    if (empty) {
      setErrors(['Paste a puzzle, or choose or drop a file, first.']);
      return;
    }
    if (interchange) {
      loadInterchange(source.kind === 'file' ? '' : source.text, interchange);
      return;
    }
    // Decided by the refs, not by what is rendered: a read that has started or ended may not
    // show yet, and a second read of the same input would stop the first, and with it the
    // import worker.
    const done = summary ?? (ofShown(finished.current) ? finished.current?.summary : null);
    if (done) {
      loadAfterRead.current = false;
      void loadFrom(done);
      return;
    }
    // Not read yet (typing pause) or still reading: load once the read ends. A read waiting
    // for the pause starts now.
    loadAfterRead.current = true;
    if (!ofShown(readNow.current)) {
      if (pauseTimer.current !== null) clearTimeout(pauseTimer.current);
      pauseTimer.current = null;
      void startRead(source, workerChoice);
    }
  };

  // A Load pressed during the read loads as soon as the read is done.
  useEffect(() => {
    if (summary && loadAfterRead.current) {
      loadAfterRead.current = false;
      void loadFrom(summary);
    }
    // loadFrom reads the latest choice; only a finished read should trigger this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [summary]);

  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const guess: ImportDetection | null = (() => {
    if (empty) return null;
    if (choice !== AUTO) return { format: choice, reason: 'chosen in the list' };
    if (interchange === 'link') return { format: 'link', reason: 'it holds "#puzzle="' };
    if (interchange === 'fpuzzles') {
      return { format: 'fpuzzles', reason: 'an f-puzzles string or SudokuPad link' };
    }
    if (summary)
      return summary.tooBig && summary.detection.format === null ? null : summary.detection;
    return source.kind === 'file' ? null : detectFormat(headOf(source.text));
  })();

  const goodCases = summary?.caseNumbers.length ?? 0;
  const showCases =
    summary !== null &&
    !summary.tooBig &&
    goodCases > 0 &&
    (goodCases > 1 || summary.errorCount > 0);
  const firstCase = summary && goodCases > 0 ? summary.caseNumbers[0] : 1;
  const shownCase = chosenCase ?? firstCase;
  const problems = [
    ...new Set([
      ...(summary?.detection.format === null && !summary.tooBig
        ? [errorText(summary.detection.error)]
        : []),
      ...(summary?.tooBig ? [summary.tooBig] : []),
      ...(summary && !summary.tooBig ? summary.errors.map(errorText) : []),
      ...(current?.status === 'failed' && current.error
        ? [`The input could not be read: ${current.error}`]
        : []),
      ...errors,
    ]),
  ];
  const hiddenErrors = summary ? summary.errorCount - summary.errors.length : 0;
  const sourceName =
    source.kind === 'file'
      ? source.file.name
      : source.kind === 'paste'
        ? 'Pasted text'
        : 'Typed text';
  // Answers to a file are named after it (as a judge's x.in and x.out); pasted or typed text has
  // no name, and "Text.out" read like a mistake.
  const answersFileName =
    source.kind === 'file'
      ? `${source.file.name.replace(/\.[^.]*$/, '') || 'answers'}.out`
      : 'answers.out';

  if (batchOf) {
    return (
      <Dialog title="Batch view" onClose={onClose} className="dialog-batch">
        <BatchView
          summary={batchOf}
          sourceName={sourceName}
          answersFileName={answersFileName}
          unsaved={unsaved}
          onOpenCase={openCaseOf}
          onReread={() => startRead(source, workerChoice)}
          onPrint={(batch) => onPrintBatch?.(batch)}
          onBack={() => setBatchOf(null)}
          inAppWords={inAppWords}
        />
      </Dialog>
    );
  }

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
        {source.kind === 'text' ? (
          <label className="field field-block">
            <span>Puzzle text</span>
            <textarea
              value={source.text}
              onChange={(event) => changeSource({ kind: 'text', text: event.target.value })}
              onPaste={(event) => {
                const pasted = event.clipboardData.getData('text');
                // A big paste stays out of the box: laying it out would freeze the page.
                if (pasted.length > SHOW_LIMIT) {
                  event.preventDefault();
                  changeSource({ kind: 'paste', text: pasted }, true);
                } else {
                  immediate.current = true;
                }
              }}
              rows={10}
              spellCheck={false}
              placeholder="Paste a puzzle in any format (hdu4069, poj3074, poj2676, hdu5547, a jigsaw line of givens and region letters, a layout line of region letters alone, JSON, an f-puzzles string, a SudokuPad or Squiggly link), or drop a text file here."
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
            <button type="button" onClick={() => changeSource({ kind: 'text', text: '' })}>
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
      <label className="field">
        <span>{FORMAT_FIELD}</span>
        <select
          value={choice}
          onChange={(event) => {
            const value = event.target.value;
            immediate.current = true;
            setChoice(isFormatName(value) || isInterchange(value) ? value : AUTO);
            setChosenCase(null);
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
        {guess === null
          ? choice === AUTO
            ? empty
              ? 'Format: detected when you paste or open a file.'
              : summary?.tooBig
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
      {current?.status === 'reading' && progressShown && (
        <div className="import-progress" role="status">
          <label>
            <span>Reading the input</span>
            <progress max={1} value={current.progress?.fraction ?? undefined} />
          </label>
          <span>
            {current.progress
              ? `${Math.round(current.progress.fraction * 100)}%, ${plural(current.progress.cases, 'case')} so far`
              : 'Reading…'}
          </span>
          <button type="button" onClick={() => controller.current?.abort()}>
            Stop reading
          </button>
        </div>
      )}
      {current?.status === 'stopped' && (
        <p className="hint">Reading stopped. Press Load to read the input again.</p>
      )}
      {showCases && summary && (
        <>
          <p className="hint">
            This input holds {plural(summary.caseCount, 'case')}
            {summary.errorCount > 0 ? ` (${formatCount(summary.errorCount)} unreadable)` : ''}:
            choose one, then press Load, or see them all in the batch view.
          </p>
          {summary.caseCount > 1 && (
            <button
              type="button"
              // A transition: React renders the view in slices that yield to the browser.
              onClick={() => startTransition(() => setBatchOf(summary))}
            >
              Open batch view
            </button>
          )}
          {goodCases <= CASE_LIST_LIMIT ? (
            <label className="field">
              <span>Case</span>
              <select
                value={shownCase}
                onChange={(event) => {
                  setChosenCase(Number(event.target.value));
                  setErrors([]);
                }}
              >
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
                  setCaseField(typed);
                  const caseNumber = Number(typed);
                  // Empty or not a whole number: no case is chosen until it is.
                  setChosenCase(typed !== '' && Number.isInteger(caseNumber) ? caseNumber : 0);
                  setErrors([]);
                }}
              />
              <small>
                {(() => {
                  const index = indexOfCase(summary.caseNumbers, shownCase);
                  if (shownCase < 1 || shownCase > summary.caseCount) {
                    return `1 to ${formatCount(summary.caseCount)}`;
                  }
                  return index < 0
                    ? `case ${shownCase} could not be read`
                    : `${summary.sizes[index]}×${summary.sizes[index]}, line ${formatCount(summary.lines[index])}`;
                })()}
              </small>
            </label>
          )}
        </>
      )}
      {problems.length > 0 && (
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
      )}
      {unsaved && <p className="warning">{leavingWords('Loading a puzzle', kept)}</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={load} disabled={loading}>
          {unsaved ? leavingLabel('load', kept) : 'Load'}
        </button>
      </div>
    </Dialog>
  );
}
