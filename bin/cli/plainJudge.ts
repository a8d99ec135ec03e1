/**
 * The judge's fast path: `solve` on a small poj3074 file of plain puzzle lines, every one
 * with exactly one solution (a judge's test file), answered in one loop with no object per
 * case. Issue 17 asked for small judge files at 5x a dancing-links judge above Node's own
 * start-up; the general path (main.ts runCommand: a case reader, a count result, an answer
 * and its checks per case) spent as long in that per-case JavaScript, run a few hundred
 * times before V8 optimizes it, as in the search (docs/history/cli-startup.md, session 16).
 *
 * Nothing here decides an answer the general path would not give: the clues are the boards
 * poj3074 reads (plainPoj3074Givens), the search is the default engine's for standard 9x9
 * boards, and the output is printPoj3074Results' for unique answers. Anything else, the first
 * puzzle that is not unique (its line then needs the judge's complaint), that passes the
 * first restart budget, a line the plain reader declines, WebAssembly missing, answers null,
 * and main.ts runs the general path on the whole input from the start.
 *
 * Only for files up to PLAIN_JUDGE_MAX_CASES cases: on bigger ones the general path spreads
 * the work over threads, which this loop does not.
 *
 * It is also part of the judge's entry (judge.ts, a bundle of its own), so it keeps that
 * bundle small: formats come from their own modules, not formats/index.ts (which brings in
 * every format), and the engine's index brings only what is used, as src/engine/package.json
 * says the engine's modules have no side effects (esbuild then drops what is not imported).
 */
import { FIRST_ATTEMPT_GUESSES, solveUniqueStandard9 } from '../../src/engine/index.ts';
import { plainPoj3074Givens, printPoj3074Solutions } from '../../src/formats/poj3074.ts';
import { textUpTo, type Input } from './input.ts';

/** Cases the fast path takes on: about 0.3 s of the hardest ones, where threads start to pay. */
export const PLAIN_JUDGE_MAX_CASES = 4000;
/** Characters of a file of that many plain lines and `end`. */
export const PLAIN_JUDGE_MAX_CHARS = PLAIN_JUDGE_MAX_CASES * 82 + 4;

/**
 * The judge's output for an input detected as poj3074 (without doubt), when it is a small
 * file of plain lines whose every puzzle is unique; else null, with `input` the same text
 * again for the general path (the part read to decide is given back, not read twice).
 */
export function answerPlainJudge(input: Input): { answer: string | null; input: Input } {
  const { text, input: sameInput } = textUpTo(input, PLAIN_JUDGE_MAX_CHARS);
  return { answer: text === null ? null : solvePlainPoj3074(text), input: sameInput };
}

/** The judge's output for a plain poj3074 text whose every puzzle is unique, else null. */
export function solvePlainPoj3074(text: string): string | null {
  const givens = plainPoj3074Givens(text);
  if (givens === null || givens.length > PLAIN_JUDGE_MAX_CASES * 81) return null;
  const solutions = new Uint8Array(givens.length);
  const solved = solveUniqueStandard9(givens, solutions, FIRST_ATTEMPT_GUESSES);
  return solved * 81 === givens.length ? printPoj3074Solutions(solutions) : null;
}
