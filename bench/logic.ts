/**
 * `npm run bench:logic`: how far the logical solver gets on the benchmark sets.
 *
 * For each set (every `*.txt` in the data folder: bench/data/ by default, or --data-dir),
 * the first --limit puzzles (default: all) are solved by logic alone (solveByLogic, every
 * technique) and rated (rating.ts). The report gives, per set, the share solved by logic,
 * the distribution of levels, the hardest technique needed, and the mean time per puzzle
 * (indicative only: it includes building explanations, and the machine may be busy).
 * A hint in the app is one step found from the player's position (nextStep): the report
 * also gives, over every step of every puzzle of a set, the median and the longest time to
 * find one step, the wait a player has after pressing Hint.
 *
 * With --check, each puzzle is also solved by the default engine and every placement and
 * elimination of every step is compared with the solution; a disagreement is reported
 * and the exit status is 1. Sets whose puzzles are not unique (serg-benchmark) are
 * measured like the others; their ratings mean "as far as logic gets", and --check
 * compares with one of their solutions, which every sound deduction agrees with.
 *
 * Against Sudoku Explainer: every set in bench/data/rated/ (lines of `hash digits rating`,
 * a Sudoku Explainer rating per puzzle; `#` lines are comments) is rated too, and the report
 * gives the rank correlation (Spearman, ties at their mean rank) between our ER and theirs,
 * the share within 0.5 of theirs, the mean difference, and per rating of theirs the median
 * of ours; where a 4th column says whether SE's path takes a uniqueness step (`u`) or not
 * (`-`), the correlation and share are given again on the puzzles without one, since the
 * setter's rating never assumes uniqueness. And as SE rates: each puzzle proved unique by
 * search, then rated with the uniqueness techniques too (solveByLogic's assumeUnique, what
 * `squiggly rate --assume-unique` does), the same figures on the whole set. --only NAME
 * takes a rated set by its name as well.
 *
 * The Markdown table goes to stdout and, with --out FILE, to that file.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  countSolutionsBest,
  createBoard,
  LEVELS,
  standardRegions,
  ratingOf,
  solveByLogic,
  TECHNIQUE_NAMES,
  type Level,
  type Technique,
} from '../src/engine/index.ts';
import { clockLines, machineLine, median, startClock } from './report.ts';
import { loadSets, parseGivens, REPO_ROOT } from './sets.ts';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    limit: { type: 'string' },
    only: { type: 'string' },
    check: { type: 'boolean' },
    out: { type: 'string' },
  },
});
const dataDir = path.resolve(values['data-dir'] ?? path.join(REPO_ROOT, 'bench', 'data'));
const limit = values.limit === undefined ? Infinity : Number(values.limit);
if (!(limit >= 1)) throw new Error(`--limit must be a number of 1 or more, got ${values.limit}`);

interface SetReport {
  name: string;
  measured: number;
  total: number;
  levels: Record<Level, number>;
  hardest: Map<Technique | 'none', number>;
  milliseconds: number;
  wrong: number;
  /** The Sudoku Explainer number of each puzzle logic finished. */
  ratings: number[];
  /** The time to solve and rate each puzzle, in ms. */
  puzzleTimes: number[];
  /** The time to find each step (a hint), over every puzzle of the set, in ms. */
  stepTimes: number[];
}

const clock = startClock();
const ratedDir = path.join(dataDir, 'rated');
const ratedFiles = existsSync(ratedDir)
  ? readdirSync(ratedDir)
      .filter((file) => file.endsWith('.txt'))
      .filter((file) => values.only === undefined || path.basename(file, '.txt') === values.only)
      .sort()
  : [];
const sets =
  values.only !== undefined && ratedFiles.length > 0
    ? []
    : loadSets({
        dir: dataDir,
        only: values.only,
        limitOf: (_name, total) => Math.min(total, limit),
      });
const reports: SetReport[] = [];
for (const set of sets) {
  const report: SetReport = {
    name: set.name,
    measured: set.puzzles.length,
    total: set.total,
    levels: Object.fromEntries(LEVELS.map((level) => [level, 0])) as Record<Level, number>,
    hardest: new Map(),
    milliseconds: 0,
    wrong: 0,
    ratings: [],
    puzzleTimes: [],
    stepTimes: [],
  };
  set.puzzles.forEach(({ board }, index) => {
    const start = performance.now();
    let stepStarted = start;
    const result = solveByLogic(board, {
      onStep: () => {
        const now = performance.now();
        report.stepTimes.push(now - stepStarted);
        stepStarted = now;
      },
    });
    const rating = ratingOf(result);
    const elapsed = performance.now() - start;
    report.milliseconds += elapsed;
    report.puzzleTimes.push(elapsed);
    report.levels[rating.level]++;
    if (rating.explainer !== null) report.ratings.push(rating.explainer.er);
    const hardest = rating.hardest ?? 'none';
    report.hardest.set(hardest, (report.hardest.get(hardest) ?? 0) + 1);
    if (values.check === true) {
      const solution = countSolutionsBest(board, 1, { keepSolutions: 1 }).solutions[0];
      for (const step of result.steps) {
        const bad =
          step.placements.some(({ cell, digit }) => solution[cell] !== digit) ||
          step.eliminations.some(({ cell, digit }) => solution[cell] === digit);
        if (bad) {
          report.wrong++;
          console.error(
            `${set.name} puzzle ${index + 1}: wrong ${step.technique}: ${step.explanation}`,
          );
        }
      }
    }
  });
  reports.push(report);
  console.error(
    `${set.name}: ${report.measured} puzzles in ${(report.milliseconds / 1000).toFixed(1)} s`,
  );
}

function percent(count: number, of: number): string {
  return of === 0 ? '-' : `${((100 * count) / of).toFixed(1)}%`;
}
// Rated sets first, so the clock lines below cover them too.
const ratedLines = ratedFiles.flatMap((file) => [
  '',
  ...againstExplainer(path.join(ratedDir, file)),
]);
const lines: string[] = [
  '# Logical solver on the benchmark sets',
  '',
  `Machine: ${machineLine()}`,
  ...clockLines(clock),
  `Command: npm run bench:logic --${process.argv.slice(2).length > 0 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
];
if (reports.length > 0)
  lines.push(
    '',
    `| set | puzzles | solved by logic | ${LEVELS.join(' | ')} | ms/puzzle (mean / median) | hint ms (median / max) |`,
    `|---|---:|---:|${LEVELS.map(() => '---:|').join('')}---:|---:|`,
    ...reports.map((report) => {
      const solved = report.measured - report.levels['needs search'];
      const shares = LEVELS.map((level) => percent(report.levels[level], report.measured));
      const taken =
        report.measured === report.total
          ? `${report.total}`
          : `${report.measured} of ${report.total}`;
      const hints =
        report.stepTimes.length === 0
          ? '-'
          : `${median(report.stepTimes).toFixed(2)} / ${report.stepTimes.reduce((most, time) => Math.max(most, time), 0).toFixed(0)}`;
      return `| ${report.name} | ${taken} | ${percent(solved, report.measured)} | ${shares.join(' | ')} | ${(report.milliseconds / Math.max(1, report.measured)).toFixed(2)} / ${median(report.puzzleTimes).toFixed(2)} | ${hints} |`;
    }),
    '',
    'On the Sudoku Explainer scale (ER of each puzzle logic finished; quartiles):',
    '',
    '| set | rated | min | 25% | median | 75% | max |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...reports
      .filter((report) => report.ratings.length > 0)
      .map((report) => {
        const sorted = [...report.ratings].sort((a, b) => a - b);
        const at = (share: number): string =>
          sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))].toFixed(1);
        return `| ${report.name} | ${sorted.length} | ${at(0)} | ${at(0.25)} | ${at(0.5)} | ${at(0.75)} | ${at(1)} |`;
      }),
    '',
    'Hardest technique used, per puzzle (for a puzzle that needs search: the hardest used before the solver got stuck; puzzles where no technique applies at all are not counted):',
    '',
    `| set | ${TECHNIQUE_NAMES.join(' | ')} |`,
    `|---|${TECHNIQUE_NAMES.map(() => '---:').join('|')}|`,
    ...reports.map(
      (report) =>
        `| ${report.name} | ${TECHNIQUE_NAMES.map((name) => report.hardest.get(name) ?? 0).join(' | ')} |`,
    ),
  );
if (values.check === true) {
  lines.push(
    '',
    `Checked against the solution: ${reports.reduce((sum, r) => sum + r.wrong, 0)} wrong deductions.`,
  );
}
lines.push(...ratedLines);
const text = `${lines.join('\n')}\n`;
process.stdout.write(text);
if (values.out !== undefined) writeFileSync(values.out, text);
if (reports.some((report) => report.wrong > 0)) process.exitCode = 1;

/** Ranks from 1, ties at their mean rank (for Spearman's rho). */
function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const result = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].value === order[start].value) end++;
    for (let k = start; k <= end; k++) result[order[k].index] = (start + end) / 2 + 1;
    start = end + 1;
  }
  return result;
}

/** Pearson's correlation of the ranks: Spearman's rho with ties. */
function spearman(xs: readonly number[], ys: readonly number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (rx.length + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i] - mean) * (ry[i] - mean);
    sxx += (rx[i] - mean) ** 2;
    syy += (ry[i] - mean) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Our ER against Sudoku Explainer's on one rated set (see the file header). */
function againstExplainer(file: string): string[] {
  const name = path.basename(file, '.txt');
  const rows = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .slice(0, Number.isFinite(limit) ? limit : undefined)
    .map((line, index) => {
      const [, digits, rating, path] = line.split(/\s+/);
      const theirs = Number(rating);
      if (digits?.length !== 81 || !Number.isFinite(theirs)) {
        throw new Error(`${name} line ${index + 1}: expected "hash digits rating", got ${line}`);
      }
      if (path !== undefined && path !== 'u' && path !== '-') {
        throw new Error(`${name} line ${index + 1}: the 4th column is "u" or "-", got ${path}`);
      }
      return { digits, theirs, uniqueness: path === 'u' ? true : path === '-' ? false : null };
    });
  const regions = standardRegions(9);
  const ours: number[] = [];
  const theirs: number[] = [];
  /** Per rated puzzle, whether SE's path takes a uniqueness step (null: not known). */
  const uniqueness: (boolean | null)[] = [];
  const byTheirs = new Map<number, number[]>();
  let unsolved = 0;
  const elapsed: number[] = [];
  // As SE rates (see the file header): ours assuming uniqueness, where search proved it.
  const asExplainer: number[] = [];
  const asExplainerTheirs: number[] = [];
  const asExplainerByTheirs = new Map<number, number[]>();
  let notUnique = 0;
  for (const row of rows) {
    const board = createBoard(9, regions, parseGivens(row.digits));
    const started = performance.now();
    const rating = ratingOf(solveByLogic(board));
    elapsed.push(performance.now() - started);
    if (countSolutionsBest(board, 2).count !== 1) notUnique++;
    else {
      const assuming = ratingOf(solveByLogic(board, { assumeUnique: true })).explainer;
      if (assuming !== null) {
        asExplainer.push(assuming.er);
        asExplainerTheirs.push(row.theirs);
        const list = asExplainerByTheirs.get(row.theirs) ?? [];
        asExplainerByTheirs.set(row.theirs, [...list, assuming.er]);
      }
    }
    if (rating.explainer === null) {
      unsolved++;
      continue;
    }
    ours.push(rating.explainer.er);
    theirs.push(row.theirs);
    uniqueness.push(row.uniqueness);
    byTheirs.set(row.theirs, [...(byTheirs.get(row.theirs) ?? []), rating.explainer.er]);
  }
  const asExplainerWithin = asExplainer.filter(
    (value, index) => Math.abs(value - asExplainerTheirs[index]) <= 0.5,
  ).length;
  const asExplainerMean =
    asExplainer.reduce((sum, value, index) => sum + value - asExplainerTheirs[index], 0) /
    Math.max(1, asExplainer.length);
  const asExplainerLine =
    asExplainer.length === 0
      ? []
      : [
          `- as SE rates, assuming uniqueness (proved by search first${notUnique > 0 ? `; ${notUnique} puzzles not unique, left out` : ''}): ` +
            `Spearman ${spearman(asExplainer, asExplainerTheirs).toFixed(3)}, within 0.5 ${percent(asExplainerWithin, asExplainer.length)}, ` +
            `mean difference ${asExplainerMean >= 0 ? '+' : ''}${asExplainerMean.toFixed(2)} (${asExplainer.length} puzzles)`,
        ];
  const within = ours.filter((value, index) => Math.abs(value - theirs[index]) <= 0.5).length;
  // The same on the puzzles whose SE path takes no uniqueness step, which we never take.
  const plain = ours.flatMap((_, index) => (uniqueness[index] === false ? [index] : []));
  const plainOurs = plain.map((index) => ours[index]);
  const plainTheirs = plain.map((index) => theirs[index]);
  const plainWithin = plain.filter((index) => Math.abs(ours[index] - theirs[index]) <= 0.5);
  const plainLine =
    plain.length === 0
      ? []
      : [
          `- where SE's path takes no uniqueness step (${plain.length} of ${ours.length}, the 4th column): ` +
            `Spearman ${spearman(plainOurs, plainTheirs).toFixed(3)}, within 0.5 ${percent(plainWithin.length, plain.length)}`,
        ];
  const meanDifference =
    ours.reduce((sum, value, index) => sum + value - theirs[index], 0) / ours.length;
  console.error(
    `${name}: ${rows.length} puzzles rated, Spearman ${spearman(ours, theirs).toFixed(3)}`,
  );
  return [
    `## Against Sudoku Explainer: ${name} (${rows.length} puzzles)`,
    '',
    `- solved by logic (an ER to compare): ${ours.length} of ${rows.length}${unsolved > 0 ? ` (${unsolved} not)` : ''}`,
    `- rank correlation (Spearman, ties at their mean rank): ${spearman(ours, theirs).toFixed(3)}`,
    `- ours within 0.5 of theirs: ${percent(within, ours.length)}; mean difference (ours - theirs): ${meanDifference >= 0 ? '+' : ''}${meanDifference.toFixed(2)}`,
    ...plainLine,
    ...asExplainerLine,
    `- a full rating: median ${median(elapsed).toFixed(1)} ms, max ${Math.max(...elapsed).toFixed(0)} ms`,
    '',
    '| their ER | puzzles | our median | our min | our max | assuming uniqueness: median | min | max |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...[...byTheirs]
      .sort(([a], [b]) => a - b)
      .map(([rating, values]) => {
        const assuming = asExplainerByTheirs.get(rating) ?? [];
        const figures =
          assuming.length === 0
            ? '– | – | –'
            : `${median(assuming).toFixed(1)} | ${Math.min(...assuming).toFixed(1)} | ${Math.max(...assuming).toFixed(1)}`;
        return `| ${rating.toFixed(1)} | ${values.length} | ${median(values).toFixed(1)} | ${Math.min(...values).toFixed(1)} | ${Math.max(...values).toFixed(1)} | ${figures} |`;
      }),
  ];
}
