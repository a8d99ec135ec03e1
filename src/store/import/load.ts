/**
 * Loading from an import: the chosen case of a finished read (`loadChosen`), or, while the
 * input is still to be read, once the read ends (`importLoad` 'pending': read.ts settles it;
 * a stop or a failure ends the wait, an edit moves it to the new read with its first case).
 * A case other than the first comes from the worker; a fresh worker (after a stop or a crash)
 * holds nothing, so the input is read again first. The batch view's Open loads a case by its
 * number (`loadImportedCase`). A share link, an f-puzzles or an ISS string is read on the page
 * (`loadInterchange`). Nothing changes in the puzzle until a case is loaded, as one
 * loadPuzzle, with its variant constraints; what went wrong is in `importProblems`.
 */
import {
  EMPTY_INFO,
  infoOfExtra,
  parseFpuzzles,
  parseIss,
  parseShareLink,
  type FpuzzlesReading,
} from '../../formats/index.ts';
import { isAbortError } from '../../worker/client.ts';
import type { ImportedCase, ImportSummary } from '../../worker/protocol.ts';
import type { ImportInput, ImportLoadOutcome, InterchangeName } from '../importSlice.ts';
import { formatCount } from '../numbers.ts';
import { isAppSize } from '../puzzle.ts';
import { reasonOf } from '../solveOutcome.ts';
import { endPending, isReadOf, startRead, type ImportScope } from './read.ts';
import { importErrorText, openedWithout, sizeProblem } from './words.ts';

/** Index of `caseNumber` among the good cases (ascending), or -1 when that case is bad or absent. */
export function indexOfCase(caseNumbers: Int32Array, caseNumber: number): number {
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

/** An f-puzzles or ISS string read, in one shape: an ISS string has no title, author or rules. */
function readPuzzleString(text: string, format: 'fpuzzles' | 'iss'): FpuzzlesReading {
  if (format === 'fpuzzles') return parseFpuzzles(text);
  const read = parseIss(text);
  return 'error' in read ? read : { ...read, info: EMPTY_INFO };
}

/** The case to load, fetched from the worker unless it came with the summary. */
async function fetchCase(
  scope: ImportScope,
  input: ImportInput,
  summary: ImportSummary,
  index: number,
): Promise<ImportedCase> {
  const { get } = scope;
  if (index === 0 && summary.first) return summary.first;
  try {
    return await get().importedCase(summary.id, index);
  } catch (error) {
    if (isAbortError(error)) throw error;
    // A fresh worker holds nothing (after a stop or a crash): read again, then fetch.
    const again = await startRead(scope, input);
    if (!again) throw error;
    return get().importedCase(again.id, index);
  }
}

/** Load good case `index` of a read. */
async function loadCaseAt(
  scope: ImportScope,
  input: ImportInput,
  summary: ImportSummary,
  index: number,
): Promise<ImportLoadOutcome> {
  const { set, get } = scope;
  const size = summary.sizes[index];
  if (!isAppSize(size)) {
    return { loaded: false, problem: sizeProblem(`Case ${summary.caseNumbers[index]}`, size) };
  }
  set({ importLoad: 'loading' });
  try {
    const picked = await fetchCase(scope, input, summary, index);
    // Squiggly JSON reads every constraint or refuses the case: nothing is left out.
    get().loadPuzzle(picked.size, picked.regions, picked.givens, {
      info: infoOfExtra(picked.extra),
      constraints: picked.constraints,
    });
    set({ importLoad: 'loaded' });
    return { loaded: true };
  } catch (error) {
    set({ importLoad: null });
    return {
      loaded: false,
      problem: isAbortError(error)
        ? null
        : `Case ${summary.caseNumbers[index]} could not be loaded: ${reasonOf(error)}`,
    };
  }
}

/** Load the chosen case of a finished read, or say why not. */
export async function loadFrom(
  scope: ImportScope,
  input: ImportInput,
  summary: ImportSummary,
  caseNumber: number | null,
): Promise<boolean> {
  const say = (...problems: string[]): false => {
    scope.set({ importProblems: problems });
    return false;
  };
  if (summary.detection.format === null) return say(importErrorText(summary.detection.error));
  if (summary.tooBig) return say(summary.tooBig);
  if (summary.caseNumbers.length === 0) {
    return summary.errors.length > 0
      ? say(...summary.errors.map(importErrorText))
      : say('The input holds no puzzle.');
  }
  if (caseNumber !== null && (caseNumber < 1 || caseNumber > summary.caseCount)) {
    return say(`Choose a case from 1 to ${formatCount(summary.caseCount)}.`);
  }
  const index = caseNumber === null ? 0 : indexOfCase(summary.caseNumbers, caseNumber);
  if (index < 0) return say(`Case ${caseNumber} could not be read; choose another.`);
  const outcome = await loadCaseAt(scope, input, summary, index);
  if (outcome.loaded) return true;
  // A load stopped (the dialog closed, or a newer read) has nothing to say.
  return outcome.problem === null ? false : say(outcome.problem);
}

/** Load case `caseNumber` (null: the first good one) of the input; resolves to whether it did. */
export function loadChosen(
  scope: ImportScope,
  input: ImportInput,
  caseNumber: number | null,
): Promise<boolean> {
  const { set, get } = scope;
  set({ importProblems: [] });
  const read = get().importRead;
  const current = isReadOf(read, input) ? read : null;
  if (current?.phase === 'read' && current.summary) {
    endPending(scope, false);
    return loadFrom(scope, input, current.summary, caseNumber);
  }
  // Not read yet (typing pause) or still reading: load once the read ends. A read
  // waiting for the pause starts now; one in flight is never started again.
  if (current?.phase !== 'reading') void startRead(scope, input);
  const loaded = new Promise<boolean>((settle) => {
    const before = scope.pending;
    scope.pending = {
      caseNumber,
      settle: (done) => {
        before?.settle(done);
        settle(done);
      },
    };
  });
  set({ importLoad: 'pending' });
  return loaded;
}

/** Load a case of a read by its number (the batch view's Open), fetching it from the worker. */
export function loadImportedCase(
  scope: ImportScope,
  input: ImportInput,
  summary: ImportSummary,
  caseNumber: number,
): Promise<ImportLoadOutcome> {
  const index = indexOfCase(summary.caseNumbers, caseNumber);
  return index < 0
    ? Promise.resolve({
        loaded: false,
        problem: `Case ${caseNumber} could not be read; choose another.`,
      })
    : loadCaseAt(scope, input, summary, index);
}

/** Load a share link, an f-puzzles or an ISS string, read here: one short puzzle. Whether it did. */
export function loadInterchange(
  { set, get }: ImportScope,
  text: string,
  format: InterchangeName,
): boolean {
  set({ importProblems: [] });
  if (format === 'link') {
    const link = parseShareLink(text);
    if ('error' in link) {
      set({ importProblems: [importErrorText(link.error)] });
      return false;
    }
    const { puzzle } = link;
    get().loadPuzzle(puzzle.size, puzzle.regions, puzzle.givens, {
      info: puzzle.info,
      walls: puzzle.walls,
      constraints: puzzle.constraints,
    });
    return true;
  }
  const reading = readPuzzleString(text, format);
  if ('error' in reading) {
    set({ importProblems: [importErrorText(reading.error)] });
    return false;
  }
  const { board } = reading;
  if (!isAppSize(board.size)) {
    set({ importProblems: [sizeProblem('The puzzle', board.size)] });
    return false;
  }
  get().loadPuzzle(board.size, board.regions, board.givens, {
    info: reading.info,
    constraints: reading.constraints,
  });
  const without = openedWithout(reading.leftOut);
  if (without !== null) set({ notice: without });
  return true;
}
