/**
 * Located input errors. Every complaint about an input names where it is: the case (when
 * the format has cases), the line and the column, all 1-based, as an editor counts them.
 * Columns count UTF-16 code units from the start of the line.
 */

export interface FormatError {
  /** 1-based case number, when the error belongs to one case. */
  case?: number;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
  /** What is wrong, in words a person understands. */
  message: string;
}

/** `case 2, line 5, column 7: expected an integer from 0 to 249, got "x1"`. */
export function formatErrorText(error: FormatError): string {
  const where = `line ${error.line}, column ${error.column}`;
  return error.case === undefined
    ? `${where}: ${error.message}`
    : `case ${error.case}, ${where}: ${error.message}`;
}

/** Longest stretch of a bad token quoted back in a message, so garbage stays readable. */
const QUOTE_LIMIT = 24;

/** A token quoted for a message: JSON-style quotes and escapes, long tokens cut with `…`. */
export function quote(token: string): string {
  const shown = token.length > QUOTE_LIMIT ? `${token.slice(0, QUOTE_LIMIT)}…` : token;
  return JSON.stringify(shown);
}

/** `1 row`, `2 rows`. */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
