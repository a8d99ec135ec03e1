/**
 * A JSON reader that remembers where every value stands, so that a wrong value deep in a
 * puzzle can be reported at its line and column (JSON.parse tells neither). It follows
 * RFC 8259, is linear in the input, and refuses nesting deeper than MAX_DEPTH instead of
 * overflowing the call stack on a file of ten million `[`.
 *
 * A list made only of numbers (a puzzle's rows) becomes one `numbers` node holding the
 * plain values, not a node per number: a 9x9 puzzle's 162 number nodes were most of the
 * garbage a JSON list of thousands of puzzles made, and that garbage, not what is kept,
 * set the command line tool's peak memory (docs/formats.md, memory). Where each number
 * stands is found again by numberOffsets, only when a message needs it.
 */
import { quote } from './errors.ts';

export type JsonNode =
  | { kind: 'object'; offset: number; entries: JsonEntry[] }
  | { kind: 'array'; offset: number; items: JsonNode[] }
  /** A non-empty list whose items are all numbers, kept as values (see the header). */
  | { kind: 'numbers'; offset: number; values: number[] }
  | { kind: 'string'; offset: number; value: string }
  | { kind: 'number'; offset: number; value: number }
  | { kind: 'boolean'; offset: number; value: boolean }
  | { kind: 'null'; offset: number };

export interface JsonEntry {
  key: string;
  /** Offset of the key's opening quote. */
  keyOffset: number;
  value: JsonNode;
}

export interface JsonSyntaxError {
  /** 0-based offset into the text where reading failed. */
  offset: number;
  message: string;
}

/** Deepest nesting accepted; a puzzle needs 4 levels, a list of puzzles with extras a few more. */
export const MAX_DEPTH = 64;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

class Failure extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A value as a message shows it: `7`, `"x"`, `a list`, `an object`, `null`. The puzzle
 * reader (json.ts) and the constraints reader (constraintsJson.ts) both say "got …" with it.
 */
export function describeNode(node: JsonNode): string {
  switch (node.kind) {
    case 'number':
    case 'boolean':
      return String(node.value);
    case 'string':
      return quote(node.value);
    case 'null':
      return 'null';
    case 'array':
    case 'numbers':
      return 'a list';
    case 'object':
      return 'an object';
  }
}

/** Parse JSON text into located nodes, or say where and why it is not JSON. */
export function parseJsonNodes(text: string): { node: JsonNode } | { error: JsonSyntaxError } {
  const reader = new JsonReader(text);
  try {
    return { node: reader.document() };
  } catch (failure) {
    if (failure instanceof Failure) {
      return { error: { offset: failure.offset, message: failure.message } };
    }
    throw failure;
  }
}

/** Where each item of a `numbers` node of `text` stands (0-based offsets into `text`). */
export function numberOffsets(
  text: string,
  node: Extract<JsonNode, { kind: 'numbers' }>,
): number[] {
  return new JsonReader(text).numberOffsets(node.offset);
}

class JsonReader {
  private position = 0;
  /** The numbers of the list being read, copied out at its end to a list of the right size. */
  private readonly scratch: number[] = [];

  constructor(private readonly text: string) {
    // Editors on Windows may start a file with a byte order mark; it is not content.
    if (text.charCodeAt(0) === 0xfeff) this.position = 1;
  }

  document(): JsonNode {
    this.skipWhitespace();
    if (this.position >= this.text.length) {
      throw new Failure(this.position, 'the input is empty; expected a JSON puzzle');
    }
    const node = this.value(0);
    this.skipWhitespace();
    if (this.position < this.text.length) {
      throw new Failure(
        this.position,
        `unexpected text after the end of the JSON value: ${quote(this.excerpt())}`,
      );
    }
    return node;
  }

  private value(depth: number): JsonNode {
    if (depth > MAX_DEPTH) {
      throw new Failure(this.position, `values are nested more than ${MAX_DEPTH} levels deep`);
    }
    const offset = this.position;
    const char = this.text[offset];
    switch (char) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return { kind: 'string', offset, value: this.string() };
      case 't':
        return { kind: 'boolean', offset, value: this.keyword('true', true) };
      case 'f':
        return { kind: 'boolean', offset, value: this.keyword('false', false) };
      case 'n':
        this.keyword('null', null);
        return { kind: 'null', offset };
      default:
        return { kind: 'number', offset, value: this.number() };
    }
  }

  private object(depth: number): JsonNode {
    const offset = this.position++;
    const entries: JsonEntry[] = [];
    this.skipWhitespace();
    if (this.text[this.position] === '}') {
      this.position++;
      return { kind: 'object', offset, entries };
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.position] !== '"') this.fail('a field name in double quotes');
      const keyOffset = this.position;
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.position] !== ':') this.fail('":" after the field name');
      this.position++;
      this.skipWhitespace();
      entries.push({ key, keyOffset, value: this.value(depth + 1) });
      this.skipWhitespace();
      const next = this.text[this.position];
      this.position++;
      if (next === '}') return { kind: 'object', offset, entries };
      if (next !== ',') {
        this.position--;
        this.fail('"," or "}" after a field');
      }
    }
  }

  private array(depth: number): JsonNode {
    const offset = this.position++;
    this.skipWhitespace();
    if (this.text[this.position] === ']') {
      this.position++;
      return { kind: 'array', offset, items: [] };
    }
    return depth < MAX_DEPTH ? this.numbers(offset, depth) : this.items(offset, depth);
  }

  /**
   * The items of a list as plain numbers while they are numbers; at the first item that is
   * not, the list is read again from its start as nodes (only numbers were read so far, so
   * reading twice stays linear).
   */
  private numbers(offset: number, depth: number): JsonNode {
    const { text, scratch } = this;
    let count = 0;
    for (;;) {
      this.skipWhitespace();
      const code = text.charCodeAt(this.position);
      if (code !== 45 && !(code >= 48 && code <= 57)) {
        this.position = offset + 1;
        return this.items(offset, depth);
      }
      scratch[count++] = this.number();
      this.skipWhitespace();
      const next = text[this.position];
      this.position++;
      if (next === ']') return { kind: 'numbers', offset, values: scratch.slice(0, count) };
      if (next !== ',') {
        this.position--;
        this.fail('"," or "]" after an array item');
      }
    }
  }

  /** The items of a list as nodes, from just after its `[` and any whitespace. */
  private items(offset: number, depth: number): JsonNode {
    const items: JsonNode[] = [];
    for (;;) {
      this.skipWhitespace();
      items.push(this.value(depth + 1));
      this.skipWhitespace();
      const next = this.text[this.position];
      this.position++;
      if (next === ']') return { kind: 'array', offset, items };
      if (next !== ',') {
        this.position--;
        this.fail('"," or "]" after an array item');
      }
    }
  }

  /** Offsets of the items of a `numbers` node starting at `offset` (text already read). */
  numberOffsets(offset: number): number[] {
    const offsets: number[] = [];
    this.position = offset + 1;
    for (;;) {
      this.skipWhitespace();
      offsets.push(this.position);
      this.number();
      this.skipWhitespace();
      if (this.text[this.position++] === ']') return offsets;
    }
  }

  private string(): string {
    const { text } = this;
    const start = this.position;
    let index = start + 1;
    let value = '';
    let runStart = index;
    for (;;) {
      if (index >= text.length) {
        throw new Failure(start, 'this string is not closed: the input ends before its closing "');
      }
      const code = text.charCodeAt(index);
      if (code === 34) break; // "
      if (code < 32) {
        throw new Failure(index, 'a string may not hold a line break or control character');
      }
      if (code === 92) {
        // \
        value += text.slice(runStart, index);
        const escape = text[index + 1];
        if (escape === 'u') {
          const hex = text.slice(index + 2, index + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            throw new Failure(index, `expected 4 hex digits after \\u, got ${quote(hex)}`);
          }
          value += String.fromCharCode(parseInt(hex, 16));
          index += 6;
        } else if (escape !== undefined && escape in ESCAPES) {
          value += ESCAPES[escape];
          index += 2;
        } else {
          throw new Failure(index, `unknown escape ${quote(`\\${escape ?? ''}`)} in a string`);
        }
        runStart = index;
        continue;
      }
      index++;
    }
    value += text.slice(runStart, index);
    this.position = index + 1;
    return value;
  }

  private keyword<T>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.position)) {
      const got = this.text.slice(this.position, this.position + word.length);
      throw new Failure(this.position, `expected a value such as ${word}, got ${quote(got)}`);
    }
    this.position += word.length;
    return value;
  }

  private number(): number {
    // Fast path for what puzzles are made of: small non-negative integers.
    const { text } = this;
    let index = this.position;
    let value = 0;
    let code = text.charCodeAt(index);
    if (code >= 49 && code <= 57) {
      while (code >= 48 && code <= 57 && index - this.position < 15) {
        value = value * 10 + code - 48;
        code = text.charCodeAt(++index);
      }
    } else if (code === 48) {
      code = text.charCodeAt(++index);
    }
    if (
      index > this.position &&
      code !== 46 &&
      code !== 101 &&
      code !== 69 &&
      !(code >= 48 && code <= 57)
    ) {
      this.position = index;
      return value;
    }
    NUMBER.lastIndex = this.position;
    const match = NUMBER.exec(this.text);
    if (match === null) this.fail('a value');
    this.position += match[0].length;
    return Number(match[0]);
  }

  private skipWhitespace(): void {
    const { text } = this;
    let index = this.position;
    for (;;) {
      const code = text.charCodeAt(index);
      if (code !== 32 && code !== 10 && code !== 13 && code !== 9) break;
      index++;
    }
    this.position = index;
  }

  /** A few characters from the current position, for messages. */
  private excerpt(): string {
    return this.text.slice(this.position, this.position + 30);
  }

  private fail(expected: string): never {
    if (this.position >= this.text.length) {
      throw new Failure(this.position, `the input ends too early; expected ${expected}`);
    }
    const got = this.text[this.position];
    throw new Failure(this.position, `expected ${expected}, got ${quote(got)}`);
  }
}

/**
 * Turns offsets into 1-based lines and columns. The line starts are found once, on first
 * use, so reporting many errors in a large text stays linear.
 */
export class TextLocator {
  private lineStarts: number[] | null = null;

  constructor(private readonly text: string) {}

  at(offset: number): { line: number; column: number } {
    const starts = this.starts();
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  }

  private starts(): number[] {
    if (this.lineStarts === null) {
      const starts = [0];
      let index = this.text.indexOf('\n');
      while (index >= 0) {
        starts.push(index + 1);
        index = this.text.indexOf('\n', index + 1);
      }
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}
