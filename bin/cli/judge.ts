/**
 * The judge's entry: a bundle of its own (build/judge.cjs), which bin/squiggly runs before
 * the whole tool (build/cli.cjs) when the command line is `solve` with nothing but a FILE
 * (or standard input). A small judge file is then answered without loading the whole tool,
 * whose bundle (263 kB) and code cache (488 kB) take about 13 ms more to load than this one
 * (29 kB): a one-puzzle file 137 -> 124 ms, Node's own start-up 107 (docs/history/cli-startup.md,
 * session 17).
 *
 * It answers only what the whole tool would answer the same way on its fast path
 * (plainJudge.ts): output not a terminal, the input detected as poj3074 without doubt, every
 * puzzle plain and unique. Anything else is declined: with the input when it was read (the
 * whole tool goes on with it; standard input cannot be read twice), or with nothing when
 * reading failed (the whole tool reads again and says why in its own words).
 */
import { detectFormat } from '../../src/formats/detect.ts';
import { readInput, type Input } from './input.ts';
import { stdoutIsTerminal, writeStdout } from './output.ts';
import { answerPlainJudge } from './plainJudge.ts';

/** Whether a command line is one the judge's entry looks at: `solve` and at most a FILE. */
export function judgeTakes(argv: readonly string[]): boolean {
  const [command, file, ...rest] = argv;
  return (
    command === 'solve' &&
    rest.length === 0 &&
    (file === undefined || file === '-' || !file.startsWith('-'))
  );
}

/**
 * Answer a judge's `solve`: 0 (the exit status) when answered here; else the input read, for
 * the whole tool to go on with, or null when nothing was read.
 */
export async function judge(argv: readonly string[]): Promise<0 | Input | null> {
  if (!judgeTakes(argv) || stdoutIsTerminal()) return null;
  let input: Input;
  try {
    input = await readInput(argv[1]);
  } catch {
    return null;
  }
  const detection = detectFormat(input.head);
  if (detection.format !== 'poj3074' || detection.unanimous === false) return input;
  const { answer, input: sameInput } = answerPlainJudge(input);
  if (answer === null) return sameInput;
  writeStdout(answer);
  return 0;
}
