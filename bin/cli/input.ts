/** Reading the input of a command: a file, or all of standard input at once. */
import { readFile } from 'node:fs/promises';

export interface Input {
  text: string;
  /** How messages name the input: the path as given, or `<stdin>`. */
  source: string;
}

/** A problem with how the tool was called; exit status 2. */
export class UsageError extends Error {}

const STDIN_NAME = '<stdin>';

/** Read FILE, or standard input when `path` is undefined or `-`. Decodes UTF-8 (bad bytes become U+FFFD). */
export async function readInput(path: string | undefined): Promise<Input> {
  if (path === undefined || path === '-') {
    if (process.stdin.isTTY) {
      throw new UsageError('no input: give a FILE, or pipe puzzles into standard input');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { text: Buffer.concat(chunks).toString('utf8'), source: STDIN_NAME };
  }
  try {
    return { text: (await readFile(path)).toString('utf8'), source: path };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : String((error as Error).message);
    throw new UsageError(`cannot read ${path}: ${reason}`);
  }
}
