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
  /** The current piece, and the position of the next character in it. */
  buffer = '';
  position = 0;
  private readonly pieces: Iterator<string>;
  line = 1;
  column = 1;

  constructor(source: TextInput) {
    this.pieces = (typeof source === 'string' ? [source] : source)[Symbol.iterator]();
  }

  /** The next character's code, or -1 at the end (loading the next piece when needed). */
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
    this.consume(this.position + 1);
  }

  /** The line and column of position `to` in the current piece (at or after the next). */
  at(to: number): { line: number; column: number } {
    let { line, column } = this;
    let from = this.position;
    for (let newline = this.buffer.indexOf('\n', from); newline >= 0 && newline < to;) {
      line++;
      column = 1;
      from = newline + 1;
      newline = this.buffer.indexOf('\n', from);
    }
    return { line, column: column + to - from };
  }

  /** Move to position `to` in the current piece. */
  consume(to: number): void {
    const { line, column } = this.at(to);
    this.line = line;
    this.column = column;
    this.position = to;
  }

  skipWhitespace(): void {
    for (let code = this.peek(); code === 32 || code === 10 || code === 13 || code === 9;) {
      this.advance();
      code = this.peek();
    }
  }

  /** A few characters from here, for messages. */
  excerpt(): string {
    return this.buffer.slice(this.position, this.position + 30);
  }
}

/**
 * Scan one JSON value from the stream's position: its text (unless longer than
 * MAX_ITEM_CHARS, or nested deeper than `maxDepth`), its length, whether it ended before the
 * input did, and where it nests too deep. A tight loop over each piece: this runs over
 * every character of the input.
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
  let kept = 0;
  let length = 0;
  let dropped = false;
  let tooDeep: { line: number; column: number } | null = null;
  let closed = false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  while (!closed && stream.peek() !== -1) {
    const { buffer } = stream;
    const start = stream.position;
    let index = start;
    for (; index < buffer.length; index++) {
      const code = buffer.charCodeAt(index);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === 92) escaped = true;
        else if (code === 34) {
          inString = false;
          if (depth === 0) {
            index++;
            closed = true;
            break;
          }
        }
      } else if (code === 34) {
        inString = true;
      } else if (code === 123 || code === 91) {
        depth++;
        if (depth > maxDepth && tooDeep === null) {
          tooDeep = stream.at(index);
          dropped = true; // nothing of it will be parsed: keep no text
          parts.length = 0;
        }
      } else if (code === 125 || code === 93) {
        if (depth === 0) {
          closed = true; // a scalar ends at the list's closing bracket
          break;
        }
        depth--;
        if (depth === 0) {
          index++;
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
    }
    length += index - start;
    if (!dropped) {
      kept += index - start;
      if (kept > MAX_ITEM_CHARS) {
        dropped = true;
        parts.length = 0;
      } else {
        parts.push(buffer.slice(start, index));
      }
    }
    stream.consume(index);
  }
  if (depth === 0 && !inString && length > 0) closed = true; // a scalar at the end
  return { text: dropped ? null : parts.join(''), length, closed, tooDeep };
}

/**
 * The items of a JSON document, in order: a lone value as item 1 (`list` false), every item
 * of a top-level list, or every object of JSON Lines (objects one after another, `list`
 * true). Errors between items (a missing comma, text after the end) come as located errors;
 * an item's own errors are for its parser to find.
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
    // A lone value, or JSON Lines (`generate` writes one puzzle object per line): objects one
    // after another, each a case as in a list. Which one is known once the first has ended.
    let count = 0;
    let lines = false;
    for (;;) {
      const { line, column } = stream;
      count++;
      const { text, length, tooDeep } = scanValue(stream, MAX_DEPTH + 1);
      stream.skipWhitespace();
      const next = stream.peek();
      lines ||= next === 123;
      yield { kind: 'item', index: count, list: lines, text, length, line, column, tooDeep };
      if (next === -1) return { list: lines, count };
      if (next !== 123) {
        yield afterEnd(stream);
        return { list: lines, count };
      }
    }
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
