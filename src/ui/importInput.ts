/**
 * The Import dialog's form, in words and kinds: what is being imported (the text box, or an
 * input too big to show in it), the format chosen, and the single-puzzle forms read on the page
 * (a share link, an f-puzzles string, an ISS string) rather than by the worker. Each of those
 * is told by its pattern alone, at every render, so nothing is unpacked before Load; the judge
 * formats are guessed from the head of the text while the worker reads (detectFormat is cheap
 * on a few KB), and the worker's answer then replaces the guess. The store's read is of an
 * `ImportInput` (inputOf): the dialog compares it with the form to know what it shows.
 */
import {
  detectFormat,
  FORMATS,
  looksLikeFpuzzles,
  looksLikeIss,
  looksLikeShareLink,
  type FormatError,
  type FormatName,
} from '../formats/index.ts';
import type { ImportInput, InterchangeName } from '../store/importSlice.ts';
import type { ImportSummary } from '../worker/protocol.ts';

export const AUTO = 'auto';
/** The page guesses the format from this much of the text. */
const HEAD_CHARS = 4096;

/** What is being imported: the text box, or an input too big to show in it. */
export type Source =
  { kind: 'text'; text: string } | { kind: 'file'; file: File } | { kind: 'paste'; text: string };

/** The single-puzzle forms in the Format list, read by their own functions on the page. */
export const INTERCHANGE: Record<InterchangeName, { label: string; summary: string }> = {
  link: { label: 'Squiggly link', summary: 'a share link made by Copy link' },
  fpuzzles: { label: 'f-puzzles', summary: 'f-puzzles puzzle string, or a SudokuPad link' },
  iss: { label: 'ISS', summary: 'Interactive Sudoku Solver constraint string' },
};
export type ImportFormat = FormatName | InterchangeName;
export type FormatChoice = ImportFormat | typeof AUTO;
export const isInterchange = (name: string): name is InterchangeName =>
  Object.hasOwn(INTERCHANGE, name);
export const nameOf = (name: ImportFormat): string =>
  isInterchange(name) ? INTERCHANGE[name].label : name;
export const summaryOf = (name: ImportFormat): string =>
  isInterchange(name) ? INTERCHANGE[name].summary : FORMATS[name].summary;

/**
 * The format and why. The reason is shown only when the lines did not all agree
 * (`unanimous` false): otherwise it repeats the format's summary.
 */
export type ImportDetection =
  | { format: ImportFormat; reason: string; unanimous?: boolean }
  | { format: null; error: FormatError };

export const isEmpty = (source: Source): boolean => source.kind === 'text' && !source.text.trim();

/** The start of a text, cut at a line end, for the page's cheap guess at the format. */
export function headOf(text: string): string {
  if (text.length <= HEAD_CHARS) return text;
  const cut = text.lastIndexOf('\n', HEAD_CHARS);
  return text.slice(0, cut > 0 ? cut : HEAD_CHARS);
}

/** The form read on the page at Load, if it is one: by the list, or by its pattern. */
export function interchangeOf(source: Source, choice: FormatChoice): InterchangeName | null {
  if (choice !== AUTO) return isInterchange(choice) ? choice : null;
  if (source.kind === 'file' || isEmpty(source)) return null;
  // A paste too big for the box may still be a (crafted) link: Load then says it is too large.
  if (source.kind === 'paste') return looksLikeShareLink(headOf(source.text)) ? 'link' : null;
  if (looksLikeShareLink(source.text)) return 'link';
  if (looksLikeIss(source.text)) return 'iss';
  return looksLikeFpuzzles(source.text) ? 'fpuzzles' : null;
}

/** The format the worker is asked to read in (null: it detects the format). */
export const workerFormatOf = (choice: FormatChoice): FormatName | null =>
  choice === AUTO || isInterchange(choice) ? null : choice;

/** What the worker is asked to read for this form. */
export const inputOf = (source: Source, format: FormatName | null): ImportInput => ({
  source: source.kind === 'file' ? source.file : source.text,
  format,
});

/** The format shown under the list: chosen, told by pattern, read by the worker, or guessed. */
export function guessOf(
  source: Source,
  choice: FormatChoice,
  interchange: InterchangeName | null,
  summary: ImportSummary | null,
): ImportDetection | null {
  if (isEmpty(source)) return null;
  if (choice !== AUTO) return { format: choice, reason: 'chosen in the list' };
  if (interchange === 'link') return { format: 'link', reason: 'it holds "#puzzle="' };
  if (interchange === 'fpuzzles') {
    return { format: 'fpuzzles', reason: 'an f-puzzles string or SudokuPad link' };
  }
  if (interchange === 'iss') {
    return { format: 'iss', reason: 'it starts as an ISS constraint string, ".Type~"' };
  }
  if (summary) {
    return summary.tooBig && summary.detection.format === null ? null : summary.detection;
  }
  return source.kind === 'file' ? null : detectFormat(headOf(source.text));
}

export const sourceNameOf = (source: Source): string =>
  source.kind === 'file'
    ? source.file.name
    : source.kind === 'paste'
      ? 'Pasted text'
      : 'Typed text';

/**
 * Answers to a file are named after it (as a judge's x.in and x.out); pasted or typed text has
 * no name, and "Text.out" read like a mistake.
 */
export const answersFileNameOf = (source: Source): string =>
  source.kind === 'file'
    ? `${source.file.name.replace(/\.[^.]*$/, '') || 'answers'}.out`
    : 'answers.out';

/** Inputs longer than this (characters, or bytes of a file) stay out of the text box. */
export const SHOW_LIMIT = 100_000;
