/**
 * What the import says, in the app's words: the formats layer is shared with the command
 * line, whose messages name its --format option; here the way out is the Format list. Also the
 * notice for a puzzle opened without part of what its string held, and the size refusal.
 */
import { APP_SIZES, sizesText } from '../../engine/index.ts';
import { formatErrorText, type FormatError } from '../../formats/index.ts';

/** The Import dialog's format list's label, which the app's messages point to. */
export const FORMAT_FIELD = 'Format';

/**
 * The notice for a puzzle opened without part of it: what an f-puzzles or ISS string holds
 * that Squiggly has no constraint for (clones, quadruples, an unknown field). Its variant
 * constraints are loaded with it; what is left out must still be said, so that a verdict
 * about a looser puzzle does not pass for this one's. Null: nothing left out.
 */
export function openedWithout(leftOut: readonly string[]): string | null {
  if (leftOut.length === 0) return null;
  const words = [...new Set(leftOut)];
  const list =
    words.length === 1
      ? words[0]
      : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
  const them = words.length === 1 ? 'it' : 'them';
  return `Opened without its ${list}: Squiggly has no constraint for ${them}, so this grid, its verdict and its solution are of the puzzle without ${them}.`;
}

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

export const importErrorText = (error: FormatError): string => inAppWords(formatErrorText(error));

export const sizeProblem = (what: string, size: number): string =>
  `${what} is ${size}×${size}; the app offers sizes ${sizesText(APP_SIZES)}.`;
