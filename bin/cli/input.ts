/**
 * Reading the input of a command piece by piece: a file is read PIECE_BYTES at a time as
 * the cases are asked for, and decoded as UTF-8 across piece boundaries (bad bytes become
 * U+FFFD), so the tool never holds the whole text: a 50 MB line or an 11 MB JSON list costs
 * a piece and one case, not the file. The first HEAD_CHARS characters are read at once,
 * for telling the format; the readers then get the text from its start again.
 *
 * Standard input is read to its end first (kept as bytes, decoded piece by piece), as a
 * pipe cannot be read synchronously between cases; its memory is then the input's size.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface Input {
  /** How messages name the input: the path as given, or `<stdin>`. */
  source: string;
  /** The text's first HEAD_CHARS characters (or all of it), for telling the format. */
  head: string;
  /** The whole text in pieces, from its start; read once. */
  pieces(): Iterable<string>;
  /** How far the pieces have been read, from 0 to 1. */
  progress(): number;
}

/** A problem with how the tool was called; exit status 2. */
export class UsageError extends Error {}

/**
 * A failure of node:util's parseArgs in the tool's own words: its messages span lines, end
 * in an open quote or blame "ambiguous" arguments (a negative number after an option).
 */
export function argumentsError(command: string, error: unknown): UsageError {
  const { code, message } = error as { code?: string; message?: string };
  const option =
    /--[a-z][a-z-]*/.exec(message ?? '')?.[0] ??
    /'(-[^' ,]+)/.exec(message ?? '')?.[1] ??
    'an option';
  const said =
    code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
      ? `unknown option ${option}`
      : code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
        ? /ambiguous/.test(message ?? '')
          ? `${option} needs a value; one starting with "-" is written ${option}=-1`
          : `${option} ${/argument missing/.test(message ?? '') ? 'needs a value' : 'takes no value'}`
        : (message ?? 'bad arguments').split('\n')[0];
  return new UsageError(`${command}: ${said}; try squiggly ${command} --help`);
}

const STDIN_NAME = '<stdin>';
/**
 * Bytes read at a time. Small enough that a piece's string stays out of V8's large-object
 * space, which only a full collection frees, and small because the current piece is
 * usually alive at a young-generation collection: what survives those collections is what
 * makes V8 grow the young generation (docs/formats.md, memory). Measured there.
 */
const PIECE_BYTES = 1 << 13;
/** Enough for detection's first 40 lines, each looked at up to 1000 characters. */
const HEAD_CHARS = 1 << 16;

/**
 * The whole text of an input of at most `maxChars` characters, and the input to read in
 * its place (an input is read once): the same text again, or, for a longer input, what was
 * read so far followed by the rest. `text` is null for a longer input.
 */
export function textUpTo(input: Input, maxChars: number): { text: string | null; input: Input } {
  const iterator = input.pieces()[Symbol.iterator]();
  const read: string[] = [];
  let length = 0;
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    read.push(next.value);
    length += next.value.length;
    if (length > maxChars) {
      const rest: Input = {
        ...input,
        *pieces() {
          yield* read;
          for (let more = iterator.next(); !more.done; more = iterator.next()) yield more.value;
        },
      };
      return { text: null, input: rest };
    }
  }
  const text = read.join('');
  return { text, input: { ...input, pieces: () => [text] } };
}

/** Read FILE, or standard input when `path` is undefined or `-`. */
export async function readInput(path: string | undefined): Promise<Input> {
  if (path === undefined || path === '-') {
    if (process.stdin.isTTY) {
      throw new UsageError('no input: give a FILE, or pipe puzzles into standard input');
    }
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return bytesInput(chunks, STDIN_NAME);
  }
  let fd: number;
  try {
    fd = openSync(path, 'r');
    if (fstatSync(fd).isDirectory()) {
      closeSync(fd);
      throw Object.assign(new Error('directory'), { code: 'EISDIR' });
    }
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
    // A name that is empty or spaced would vanish in the sentence: quoted then.
    const name = /^[^\s"]+$/.test(path) ? path : JSON.stringify(path);
    throw new UsageError(`cannot read ${name}: ${reason}`);
  }
  return fileInput(fd, path);
}

/** Text read from a file descriptor piece by piece; the head is read now. */
function fileInput(fd: number, source: string): Input {
  const size = fstatSync(fd).size;
  const buffer = Buffer.allocUnsafe(PIECE_BYTES);
  const decoder = new StringDecoder('utf8');
  let bytesRead = 0;
  let ended = false;
  const readPiece = (): string | null => {
    if (ended) return null;
    const count = readSync(fd, buffer, 0, PIECE_BYTES, null);
    if (count === 0) {
      ended = true;
      closeSync(fd);
      return decoder.end();
    }
    bytesRead += count;
    return decoder.write(buffer.subarray(0, count));
  };
  const headPieces: string[] = [];
  let headLength = 0;
  while (headLength < HEAD_CHARS && !ended) {
    const piece = readPiece();
    if (piece === null) break;
    headPieces.push(piece);
    headLength += piece.length;
  }
  const head = headPieces.join('');
  return {
    source,
    head: head.slice(0, HEAD_CHARS),
    *pieces() {
      yield head;
      for (let piece = readPiece(); piece !== null; piece = readPiece()) yield piece;
    },
    progress: () => (size > 0 ? Math.min(1, bytesRead / size) : ended ? 1 : 0),
  };
}

/** Text held as bytes (standard input), decoded piece by piece. */
function bytesInput(chunks: readonly Buffer[], source: string): Input {
  const size = chunks.reduce((total, chunk) => total + chunk.length, 0);
  let bytesRead = 0;
  const decodeAll = function* (): Generator<string> {
    const decoder = new StringDecoder('utf8');
    for (const chunk of chunks) {
      for (let start = 0; start < chunk.length; start += PIECE_BYTES) {
        const part = chunk.subarray(start, start + PIECE_BYTES);
        bytesRead += part.length;
        yield decoder.write(part);
      }
    }
    yield decoder.end();
  };
  let head = '';
  for (const piece of decodeAll()) {
    head += piece;
    if (head.length >= HEAD_CHARS) break;
  }
  bytesRead = 0;
  return {
    source,
    head: head.slice(0, HEAD_CHARS),
    pieces: decodeAll,
    progress: () => (size > 0 ? Math.min(1, bytesRead / size) : 1),
  };
}
