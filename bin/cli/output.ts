/**
 * The tool's standard output, shared by the whole tool (main.ts) and the judge's entry
 * (judge.ts), which must write exactly alike.
 */
import { fstatSync, writeSync } from 'node:fs';

/** Slept on (1 ms at a time) while a non-blocking pipe is full. */
const PIPE_PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Standard output, written straight to fd 1. Creating `process.stdout` loads Node's stream
 * modules, compiled from source on this Node: 5-6 ms of a small judge file's whole run
 * (docs/history/cli-startup.md). The writes block, as `process.stdout`'s do on files and pipes on
 * Linux; a full non-blocking pipe (EAGAIN) is waited out, and a reader that closed the pipe
 * early (`squiggly solve big.txt | head`: its choice, not an error worth a stack trace) ends
 * the run quietly.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text);
  for (let offset = 0; offset < bytes.length;) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') Atomics.wait(PIPE_PAUSE, 0, 0, 1);
      else if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
      else throw error;
    }
  }
}

/**
 * Whether standard output is a terminal, without `process.stdout` or `node:tty` (which
 * loads the same stream modules): a character device. /dev/null is one too; it then gets the
 * answers one by one, which costs it nothing.
 */
export function stdoutIsTerminal(): boolean {
  try {
    return fstatSync(1).isCharacterDevice();
  } catch {
    return false;
  }
}
