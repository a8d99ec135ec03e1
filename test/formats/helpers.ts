/** Small text edits for the bad-input tests: change one line, or one number on a line. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SAMPLES } from '../fixtures/paths.ts';

/** A judge sample input from examples/, as the file holds it. */
export function sampleInput(name: string): string {
  return readFileSync(resolve(SAMPLES, `${name}.in`), 'utf8');
}

/** The text with its 1-based line `lineNumber` replaced by `edit(line)`. */
export function editLine(text: string, lineNumber: number, edit: (line: string) => string): string {
  const lines = text.split('\n');
  lines[lineNumber - 1] = edit(lines[lineNumber - 1]);
  return lines.join('\n');
}

/** The text with the `index`-th (0-based) space-separated token of a line replaced. */
export function setToken(text: string, lineNumber: number, index: number, token: string): string {
  return editLine(text, lineNumber, (line) => {
    const tokens = line.split(' ');
    tokens[index] = token;
    return tokens.join(' ');
  });
}

/** The first `count` lines of a text, each ending with a newline. */
export function firstLines(text: string, count: number): string {
  return `${text.split('\n').slice(0, count).join('\n')}\n`;
}

/** About `bytes` characters of noise from a fixed seed: printable, control and non-ASCII. */
export function garbage(bytes: number, seed = 1): string {
  let state = seed;
  const codes = new Uint16Array(bytes);
  for (let index = 0; index < bytes; index++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    codes[index] = (state >>> 16) & 0xff;
  }
  // Decode in slices: String.fromCharCode takes a bounded number of arguments.
  let text = '';
  for (let start = 0; start < bytes; start += 8192) {
    text += String.fromCharCode(...codes.subarray(start, start + 8192));
  }
  return text;
}
