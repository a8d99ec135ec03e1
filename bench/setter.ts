/**
 * `npm run bench:setter`: how long the setter's generator takes (issue 15's targets: a
 * minimal unique 9x9 jigsaw in a median under 50 ms, a minimal 16x16 under 2 s, a 9x9
 * rated "hard" under 1 s median; issue 37's: a 16x16 rated "medium" or "hard" under 10 s
 * median, by the guided search). The 12x12 and 16x16 rows with a difficulty make at most
 * 7 puzzles (--runs for fewer): each takes seconds.
 *
 * Each row makes --runs puzzles (default 15) from seeds 1..runs: a random
 * jigsaw layout with a solution is picked first (layouts without one are skipped, not
 * timed), then generateSetterPuzzle is timed with performance.now(), attempts included
 * (a difficulty target may take several). Every puzzle is checked unique by the default
 * engine. The generator rates only to meet a difficulty; the bench rates every result
 * afterwards, timed on its own (the "rating ms" column, not part of "median ms"), for the
 * levels column. Checks and guesses are the work of the uniqueness checks (searches made,
 * and guesses over them: load-independent). Times on a shared machine are indicative
 * only: the header gives the load average.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  countSolutionsBest,
  createRandom,
  generateSetterPuzzle,
  randomJigsawLayout,
  randomSolution,
  ratePuzzle,
  type SetterOptions,
} from '../src/engine/index.ts';
import { clockLines, machineLine, startClock } from './report.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, out: { type: 'string' } },
});
const runs = values.runs === undefined ? 15 : Number(values.runs);
/** Puzzles of the rows whose every puzzle takes seconds (12x12 and 16x16 with a difficulty). */
const bigRuns = Math.min(runs, 7);

interface Row {
  label: string;
  size: number;
  options: SetterOptions;
  runs: number;
}

const ROWS: Row[] = [
  { label: '9x9 jigsaw, minimal', size: 9, options: { minimal: true }, runs },
  { label: '9x9 jigsaw, rated hard', size: 9, options: { difficulty: 'hard' }, runs },
  {
    label: '9x9 jigsaw, minimal, 180 clue symmetry',
    size: 9,
    options: { minimal: true, clueSymmetry: '180' },
    runs,
  },
  { label: '16x16 jigsaw, minimal', size: 16, options: { minimal: true }, runs },
  { label: '9x9 jigsaw, rated medium', size: 9, options: { difficulty: 'medium' }, runs },
  { label: '9x9 jigsaw, rated expert', size: 9, options: { difficulty: 'expert' }, runs },
  { label: '12x12 jigsaw, rated hard', size: 12, options: { difficulty: 'hard' }, runs: bigRuns },
  {
    label: '16x16 jigsaw, rated medium',
    size: 16,
    options: { difficulty: 'medium' },
    runs: bigRuns,
  },
  { label: '16x16 jigsaw, rated hard', size: 16, options: { difficulty: 'hard' }, runs: bigRuns },
];

const median = (sorted: number[]): number => sorted[Math.floor((sorted.length - 1) / 2)];
const clock = startClock();
const lines = [
  '| puzzles | runs | median ms | max ms | rating ms (median) | checks (median) | guesses (median) | guesses (max) | solves (median) | attempts (mean) | clues (median) | levels |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
];
for (const row of ROWS) {
  const times: number[] = [];
  const clues: number[] = [];
  const ratingTimes: number[] = [];
  const guesses: number[] = [];
  const checks: number[] = [];
  const solves: number[] = [];
  const levels = new Map<string, number>();
  let attempts = 0;
  for (let seed = 1; times.length < row.runs; seed++) {
    const random = createRandom(seed);
    const regions = randomJigsawLayout(row.size, random);
    if (randomSolution(row.size, regions, random) === null) continue;
    const start = performance.now();
    const result = generateSetterPuzzle(row.size, regions, random, row.options);
    times.push(performance.now() - start);
    if (result.status !== 'done') throw new Error(`${row.label}, seed ${seed}: ${result.status}`);
    if (countSolutionsBest(result.board, 2).count !== 1)
      throw new Error(`${row.label}: not unique`);
    const rateStart = performance.now();
    const rating = ratePuzzle(result.board);
    ratingTimes.push(performance.now() - rateStart);
    if (result.rating !== null && result.rating.level !== rating.level)
      throw new Error(
        `${row.label}, seed ${seed}: rated ${rating.level}, not ${result.rating.level}`,
      );
    guesses.push(result.guesses);
    checks.push(result.checks);
    solves.push(result.solves);
    attempts += result.attempts;
    clues.push(result.board.givens.filter((digit) => digit !== 0).length);
    levels.set(rating.level, (levels.get(rating.level) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  clues.sort((a, b) => a - b);
  ratingTimes.sort((a, b) => a - b);
  guesses.sort((a, b) => a - b);
  checks.sort((a, b) => a - b);
  solves.sort((a, b) => a - b);
  const levelText = [...levels].map(([level, count]) => `${count} ${level}`).join(', ');
  lines.push(
    `| ${row.label} | ${times.length} | ${median(times).toFixed(0)} | ${times[times.length - 1].toFixed(0)} | ${median(ratingTimes).toFixed(0)} | ${median(checks)} | ${median(guesses)} | ${guesses[guesses.length - 1]} | ${median(solves)} | ${(attempts / times.length).toFixed(1)} | ${median(clues)} | ${levelText} |`,
  );
  console.error(lines[lines.length - 1]);
}
const header = ['# Setter generator', '', `Machine: ${machineLine()}`, ...clockLines(clock), ''];
const text = `${[...header, ...lines].join('\n')}\n`;
process.stdout.write(text);
if (values.out !== undefined) writeFileSync(values.out, text);
