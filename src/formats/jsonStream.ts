/**
 * Cutting a JSON document into its puzzles without reading it whole: the top-level value,
 * or each item of a top-level list, comes out as its own text with the line and column
 * where it starts, to be parsed on its own (parseJsonNodes) and then dropped. A list of
 * 20,000 puzzles is then read with one puzzle's nodes in memory at a time, not 20,000; the
 * input itself may come in pieces (TextInput), so not even the text is held whole.
 *
 * The cutter only follows strings and brackets (linear, no recursion, so no depth limit is
 * needed here; the item parser has one). An item longer than MAX_ITEM_CHARS is not kept: a
 * puzzle of any supported size with its optional fields takes a few kilobytes, so such an
 * item (a million extra keys, a 50 MB string) is refused at once, located, without building
 * anything from it, and the next item is read. After a broken separator between items
 * nothing says where the next item starts, so reading stops there with one error.
 */
import { quote, type FormatError } from './errors.ts';
import { MAX_DEPTH } from './jsonSyntax.ts';
import type { TextInput } from './types.ts';

/** Largest puzzle item kept, in characters (UTF-16 code units). */
export const MAX_ITEM_CHARS = 1 << 20;

/** One value of the document: the whole top-level value, or one item of a top-level list. */
export interface JsonItem {
  kind: 'item';
  /** 1-based position in the list; 1 for a lone value. */
  index: number;
  /** Whether the item is in a top-level list (else it is the lone value). */
  list: boolean;
  /** The item's text, or null when it was longer than MAX_ITEM_CHARS. */
  text: string | null;
  /** Characters in the item (also when not kept). */
  length: number;
  /** Where the item nests deeper than MAX_DEPTH (then its text is not kept), or null. */
  tooDeep: { line: number; column: number } | null;
  line: number;
  column: number;
}

export type JsonPiece = JsonItem | { kind: 'error'; error: FormatError; index?: number };

const BYTE_ORDER_MARK = 0xfeff;

/** Characters of a text in pieces, with the line and column of the next one. */
class CharStream {
  private buffer = '';
  private position = 0;
  private readonly pieces: Iterator<string>;
  line = 1;
  column = 1;

  constructor(source: TextInput) {
    this.pieces = (typeof source === 'string' ? [source] : source)[Symbol.iterator]();
  }

  /** The next character's code, or -1 at the end. */
  peek(): number {
    while (this.position >= this.buffer.length) {
      const piece = this.pieces.next();
      if (piece.done === true) return -1;
      this.buffer = piece.value;
      this.position = 0;
    }
    return this.buffer.charCodeAt(this.position);
  }

  /** Move past the next character (which peek() has seen). */
  advance(): void {
    if (this.buffer.charCodeAt(this.position) === 10) {
      this.line++;
      this.column = 1;
    } else {
      this.column++;
    }
    this.position++;
  }

  skipWhitespace(): void {
    for (let code = this.peek(); code === 32 || code === 10 || code === 13 || code === 9;) {
      this.advance();
      code = this.peek();
    }
  }

  /** The text from `start` to the current position within the buffer (one piece). */
  slice(start: number): string {
    return this.buffer.slice(start, this.position);
  }

  /** Where the current piece's characters start, for slicing; changes when a piece ends. */
  mark(): number {
    return this.position;
  }

  /** Whether the current piece is used up (so the next peek() loads another). */
  pieceEnded(): boolean {
    return this.position >= this.buffer.length;
  }

  /** A few characters from here, for messages. */
  excerpt(): string {
    return this.buffer.slice(this.position, this.position + 30);
  }
}

/**
 * Scan one JSON value from the stream's position: its text (unless longer than
 * MAX_ITEM_CHARS) and length. Stops after the value, or at the end of the input.
 */
function scanValue(
  stream: CharStream,
  maxDepth: number,
): {
  text: string | null;
  length: number;
  closed: boolean;
  tooDeep: { line: number; column: number } | null;
} {
  const parts: string[] = [];
  let tooDeep: { line: number; column: number } | null = null;
  let closed = false;
  let kept = 0;
  let length = 0;
  let oversized = false;
  let start = stream.mark();
  const keep = (): void => {
    if (oversized) return;
    const part = stream.slice(start);
    kept += part.length;
    if (kept > MAX_ITEM_CHARS) {
      oversized = true;
      parts.length = 0;
    } else {
      parts.push(part);
    }
  };
  /** Move on by one character, keeping the piece read so far when the piece ends. */
  const step = (): void => {
    stream.advance();
    length++;
    if (stream.pieceEnded()) {
      keep();
      stream.peek();
      start = stream.mark();
    }
  };
  let depth = 0;
  let inString = false;
  for (let code = stream.peek(); code !== -1; code = stream.peek()) {
    if (inString) {
      if (code === 92) {
        step(); // the backslash; the escaped character is taken below
        if (stream.peek() === -1) break;
      } else if (code === 34) {
        inString = false;
        step();
        if (depth === 0) {
          closed = true;
          break;
        }
        continue;
      }
      step();
      continue;
    }
    if (code === 34) {
      inString = true;
    } else if (code === 123 || code === 91) {
      depth++;
      if (depth > maxDepth && tooDeep === null) {
        tooDeep = { line: stream.line, column: stream.column };
        oversized = true; // nothing of it will be parsed: keep no text
        parts.length = 0;
      }
    } else if (code === 125 || code === 93) {
      if (depth === 0) {
        closed = true; // a scalar ends at the list's closing bracket
        break;
      }
      depth--;
      if (depth === 0) {
        step();
        closed = true;
        break;
      }
    } else if (
      depth === 0 &&
      (code === 44 || code === 32 || code === 10 || code === 13 || code === 9)
    ) {
      closed = true; // a scalar ends at a separator or whitespace
      break;
    }
    step();
  }
  if (depth === 0 && !inString && length > 0) closed = true; // a scalar at the end
  if (!stream.pieceEnded()) keep();
  return { text: oversized ? null : parts.join(''), length, closed, tooDeep };
}

/**
 * The items of a JSON document, in order: a lone value as item 1 (`list` false), or every
 * item of a top-level list. Errors between items (a missing comma, text after the end)
 * come as located errors; an item's own errors are for its parser to find.
 */
export function* jsonItems(
  source: TextInput,
): Generator<JsonPiece, { list: boolean; count: number }> {
  const stream = new CharStream(source);
  if (stream.peek() === BYTE_ORDER_MARK) stream.advance();
  stream.skipWhitespace();
  if (stream.peek() === -1) {
    const message = 'the input is empty; expected a JSON puzzle';
    yield { kind: 'error', error: { line: stream.line, column: stream.column, message } };
    return { list: false, count: 1 };
  }
  if (stream.peek() !== 91) {
    const { line, column } = stream;
    const { text, length, tooDeep } = scanValue(stream, MAX_DEPTH + 1);
    yield { kind: 'item', index: 1, list: false, text, length, line, column, tooDeep };
    stream.skipWhitespace();
    if (stream.peek() !== -1) yield afterEnd(stream);
    return { list: false, count: 1 };
  }
  stream.advance();
  stream.skipWhitespace();
  let count = 0;
  if (stream.peek() === 93) {
    stream.advance();
  } else {
    for (;;) {
      stream.skipWhitespace();
      const { line, column } = stream;
      count++;
      const { text, length, closed, tooDeep } = scanValue(stream, MAX_DEPTH);
      yield { kind: 'item', index: count, list: true, text, length, line, column, tooDeep };
      stream.skipWhitespace();
      const next = stream.peek();
      if (next === 44) {
        stream.advance();
        stream.skipWhitespace();
        if (stream.peek() !== 93) continue;
        const message = 'expected a value, got "]"';
        yield { kind: 'error', error: { line: stream.line, column: stream.column, message } };
        return { list: true, count };
      }
      if (next === 93) {
        stream.advance();
        break;
      }
      const message =
        next === -1
          ? 'the input ends too early; expected "," or "]" after an array item'
          : `expected "," or "]" after an array item, got ${quote(String.fromCharCode(next))}`;
      // An item cut short by the end says so itself; a separator problem is new here.
      if (closed) {
        yield { kind: 'error', error: { line: stream.line, column: stream.column, message } };
      }
      return { list: true, count };
    }
  }
  stream.skipWhitespace();
  if (stream.peek() !== -1) yield afterEnd(stream);
  return { list: true, count };
}

function afterEnd(stream: CharStream): JsonPiece {
  return {
    kind: 'error',
    error: {
      line: stream.line,
      column: stream.column,
      message: `unexpected text after the end of the JSON value: ${quote(stream.excerpt())}`,
    },
  };
}
