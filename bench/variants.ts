/**
 * `npm run bench:variants`: our variant engine against the Interactive Sudoku Solver (ISS)
 * on ISS's own published variant puzzles (bench/data/iss-variants.json, made by
 * bench/make-iss-variants.ts: killers, thermometers, little killers, arrows, kropki,
 * whispers, mixes from real setters), and KILLERS (default 8) killer jigsaws made from fixed
 * seeds (bench/killerJigsaws.ts), a genre ISS's list lacks.
 *
 * Each puzzle is a uniqueness check on both sides: ours is countVariantSolutions with limit
 * 2 on the puzzle as Squiggly JSON reads it (compile included); ISS's is its SimpleSolver's
 * countSolutions(string, 2) on the original ISS string (its parse and build included), run
 * in this process from a copy of ISS whose path is ISS_DIR (docs/variants.md has the fetch
 * line; without ISS_DIR the bench times ours alone and says so). The two alternate per
 * puzzle and per round (who goes first flips), and each side keeps its best of ROUNDS
 * (default 3), so a load spike from the other engineers on this shared machine hits both
 * sides alike. Counts must agree, and our solution must equal the published
 * one where ISS gives it: any difference stops the bench with a non-zero exit, loudly.
 * A solve over BUDGET_MS (default 20,000) on our side is stopped and counted as the budget.
 *
 * Then the whole set once through `bin/squiggly solve` in one process, as a user runs it.
 * The report (per-puzzle ratio ours/ISS, median, worst, totals) goes to stdout and to
 * bench/results/variants.md.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { countVariantSolutions, type Board, type Constraint } from '../src/engine/index.ts';
import { parseJson } from '../src/formats/index.ts';
import { killerJigsaws } from './killerJigsaws.ts';
import { median } from './report.ts';

const DATA = 'bench/data/iss-variants.json';
const RESULTS = 'bench/results/variants.md';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const BUDGET_MS = Number(process.env.BUDGET_MS ?? 20_000);
/** Killer jigsaws made for the bench (bench/killerJigsaws.ts) after ISS's puzzles. */
const KILLERS = Number(process.env.KILLERS ?? 8);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : null;
/**
 * Puzzles ISS is not run on: it took 337 s and 474 s on these two in the first run
 * (docs/variants.md), which would make every run take a quarter of an hour. They are
 * left out of the ratios, which leaves ISS's best cases in them, not ours.
 */
const ISS_SKIP = new RegExp(process.env.ISS_SKIP ?? '^LITTLE_KILLER_SNIPES #(12|14)$');

interface Puzzle {
  title: string;
  board: Board;
  constraints: readonly Constraint[];
  iss: string;
  solution: string | null;
}

const parsed = parseJson(readFileSync(DATA, 'utf8'));
if (parsed.errors.length > 0) throw new Error(`${DATA}: ${JSON.stringify(parsed.errors[0])}`);
const puzzles: Puzzle[] = parsed.cases
  .map((item) => ({
    title: String(item.extra?.title ?? `case ${item.case}`),
    board: item.board,
    constraints: item.constraints ?? [],
    iss: String(item.extra?.iss ?? ''),
    solution: typeof item.extra?.solution === 'string' ? item.extra.solution : null,
  }))
  .concat(killerJigsaws(KILLERS).map((made) => ({ ...made, solution: null })))
  .filter((puzzle) => !ONLY || ONLY.test(puzzle.title));
/** How many of the puzzles timed are ISS's own (the rest: killer jigsaws). */
const filePuzzles = puzzles.filter((puzzle) => !puzzle.title.startsWith('Killer jigsaw (')).length;

type IssSolver = { countSolutions(input: string, limit: number): number };
async function loadIss(): Promise<IssSolver | null> {
  const dir = process.env.ISS_DIR;
  if (!dir) return null;
  const globals = globalThis as unknown as { self: unknown; VERSION_PARAM: string };
  globals.self = globalThis;
  globals.VERSION_PARAM = '';
  const module = (await import(`${dir}/js/sandbox/simple_solver.js`)) as {
    SimpleSolver: new () => IssSolver;
  };
  return new module.SimpleSolver();
}

const fail = (message: string): never => {
  process.stderr.write(`bench:variants FAILED: ${message}\n`);
  process.exit(1);
};

function runOurs(puzzle: Puzzle): { ms: number; count: number; stopped: boolean } {
  const start = performance.now();
  const deadline = start + BUDGET_MS;
  const result = countVariantSolutions(puzzle.board, puzzle.constraints, 2, {
    progressEvery: 512,
    signal: {
      get aborted() {
        return performance.now() > deadline;
      },
    },
  });
  const ms = performance.now() - start;
  const stopped = ms > BUDGET_MS;
  if (!stopped && result.count === 1 && puzzle.solution) {
    const ours = Array.from(result.solutions[0], (digit) => digit.toString(36)).join('');
    if (ours !== puzzle.solution.toLowerCase().replace(/^=/, '')) {
      fail(`${puzzle.title}: our solution ${ours} is not the published ${puzzle.solution}`);
    }
  }
  return { ms, count: result.count, stopped };
}

function runIss(iss: IssSolver, puzzle: Puzzle): { ms: number; count: number } {
  const start = performance.now();
  const count = iss.countSolutions(puzzle.iss, 2);
  return { ms: performance.now() - start, count };
}

const cpu =
  /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model;
const iss = await loadIss();
if (!iss) {
  process.stdout.write(
    'ISS_DIR is not set: ISS is skipped, ours is timed alone (docs/variants.md: how to fetch ISS)\n',
  );
}

interface Row {
  title: string;
  kinds: string;
  ours: number;
  theirs: number | null;
  stopped: boolean;
}
const rows: Row[] = [];
for (const [index, puzzle] of puzzles.entries()) {
  let ours = Infinity;
  let theirs = Infinity;
  let stopped = false;
  const issHere = iss !== null && !ISS_SKIP.test(puzzle.title);
  const counts: { ours: number | null; theirs: number | null } = { ours: null, theirs: null };
  for (let round = 0; round < ROUNDS; round++) {
    const issFirst = (index + round) % 2 === 1;
    if (issHere && issFirst) theirs = Math.min(theirs, timeIss());
    const mine = runOurs(puzzle);
    if (mine.stopped) stopped = true;
    else if (counts.ours !== null && counts.ours !== mine.count)
      fail(`${puzzle.title}: our count changed`);
    else counts.ours = mine.count;
    ours = Math.min(ours, mine.ms);
    if (issHere && !issFirst) theirs = Math.min(theirs, timeIss());
    if (counts.ours !== null && counts.theirs !== null && counts.ours !== counts.theirs) {
      fail(`${puzzle.title}: we count ${counts.ours} solutions (to 2), ISS ${counts.theirs}`);
    }
    if (stopped) break;
  }
  function timeIss(): number {
    const run = runIss(iss as IssSolver, puzzle);
    counts.theirs = run.count;
    return run.ms;
  }
  const kinds = [...new Set(puzzle.constraints.map((constraint) => constraint.kind))].join(', ');
  rows.push({ title: puzzle.title, kinds, ours, theirs: issHere ? theirs : null, stopped });
  const ratio = issHere ? ` ratio ${(ours / theirs).toFixed(2)}` : '';
  process.stdout.write(
    `${String(index + 1).padStart(3)} ${puzzle.title.slice(0, 40).padEnd(40)} ours ${ours.toFixed(1).padStart(9)} ms${stopped ? ' (stopped)' : ''}${issHere ? ` ISS ${theirs.toFixed(1).padStart(8)} ms${ratio}` : ''}\n`,
  );
}

// The whole set through the command line in one process, as a user runs it.
const cliStart = performance.now();
const CLI_BUDGET_MS = Number(process.env.CLI_BUDGET_MS ?? 120_000);
const cli = spawnSync('bin/squiggly', ['solve', DATA], {
  encoding: 'utf8',
  maxBuffer: 1 << 28,
  timeout: CLI_BUDGET_MS,
});
const cliMs = performance.now() - cliStart;
const cliNote =
  cli.error || cli.signal
    ? `\`bin/squiggly solve ${DATA}\` did not finish within ${CLI_BUDGET_MS / 1000} s (stopped): some puzzles are far too slow, see the table`
    : cli.status === 0
      ? `\`bin/squiggly solve ${DATA}\`: ${filePuzzles === parsed.cases.length ? '' : 'the whole file, '}${parsed.cases.length} puzzles in ${(cliMs / 1000).toFixed(2)} s wall (one process, launch included)`
      : `\`bin/squiggly solve ${DATA}\` failed (exit ${cli.status}): ${cli.stderr.slice(0, 300)}`;

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);
const lines: string[] = [
  '# bench:variants: our variant engine against ISS',
  '',
  `Made by \`npm run bench:variants\` (bench/variants.ts) on ${new Date().toISOString().slice(0, 10)}, ${cpu}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(
      ' / ',
    )} at the end (1/5/15 min; timings are best of ${ROUNDS}, ours and ISS alternating per puzzle). Node ${process.version}. ${filePuzzles} puzzles of ${DATA} and ${puzzles.length - filePuzzles} killer jigsaws (bench/killerJigsaws.ts); uniqueness check (count to 2) on both sides.`,
  '',
];
const ours = rows.map((row) => row.ours);
const paired = rows.filter((row) => row.theirs !== null);
if (iss && paired.length > 0) {
  const ratios = paired.map((row) => row.ours / (row.theirs as number));
  const worst = paired[ratios.indexOf(Math.max(...ratios))];
  const oursPaired = paired.map((row) => row.ours);
  lines.push(
    `- ${paired.length} puzzles timed on both sides (ISS not run on ${rows.length - paired.length}: ISS_SKIP)`,
    `- total over those: ours ${(sum(oursPaired) / 1000).toFixed(2)} s, ISS ${(sum(paired.map((row) => row.theirs as number)) / 1000).toFixed(2)} s; all ${rows.length}, ours ${(sum(ours) / 1000).toFixed(2)} s`,
    `- median time: ours ${median(oursPaired).toFixed(1)} ms, ISS ${median(paired.map((row) => row.theirs as number)).toFixed(1)} ms`,
    `- median ratio ours/ISS: ${median(ratios).toFixed(2)}; worst ${Math.max(...ratios).toFixed(2)} (${worst.title}); ${ratios.filter((ratio) => ratio > 3).length} puzzles over 3x`,
  );
} else {
  lines.push(`- ISS not run (ISS_DIR unset); total ours ${(sum(ours) / 1000).toFixed(2)} s`);
}
lines.push(`- ${cliNote}`);
if (rows.some((row) => row.stopped)) {
  lines.push(
    `- stopped at the ${BUDGET_MS} ms budget (counted as it): ${rows
      .filter((row) => row.stopped)
      .map((row) => row.title)
      .join('; ')}`,
  );
}
lines.push(
  '',
  '| # | puzzle | constraints | ours ms | ISS ms | ours/ISS |',
  '|---:|---|---|---:|---:|---:|',
);
rows.forEach((row, index) => {
  const theirs = row.theirs === null ? '–' : row.theirs.toFixed(1);
  const ratio = row.theirs === null ? '–' : (row.ours / row.theirs).toFixed(2);
  lines.push(
    `| ${index + 1} | ${row.title.replaceAll('|', '/')} | ${row.kinds} | ${row.stopped ? '>' : ''}${row.ours.toFixed(1)} | ${theirs} | ${ratio} |`,
  );
});
const report = `${lines.join('\n')}\n`;
process.stdout.write(`\n${report}`);
if (!ONLY) writeFileSync(RESULTS, report);
