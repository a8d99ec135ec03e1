/**
 * `npm run bench:logic`: how far the logical solver gets on the benchmark sets.
 *
 * For each set (every `*.txt` in the data folder: bench/data/ by default, or --data-dir),
 * the first --limit puzzles (default: all) are solved by logic alone (solveByLogic, every
 * technique) and rated (rating.ts). The report gives, per set, the share solved by logic,
 * the distribution of levels, the hardest technique needed, and the mean time per puzzle
 * (indicative only: it includes building explanations, and the machine may be busy).
 *
 * With --check, each puzzle is also solved by the default engine and every placement and
 * elimination of every step is compared with the solution; a disagreement is reported
 * and the exit status is 1. Sets whose puzzles are not unique (serg-benchmark) are
 * measured like the others; their ratings mean "as far as logic gets", and --check
 * compares with one of their solutions, which every sound deduction agrees with.
 *
 * The Markdown table goes to stdout and, with --out FILE, to that file.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  countSolutionsBest,
  LEVELS,
  ratingOf,
  solveByLogic,
  TECHNIQUE_NAMES,
  type Level,
  type Technique,
} from '../src/engine/index.ts';
import { clockLines, machineLine, startClock } from './report.ts';
import { loadSets, REPO_ROOT } from './sets.ts';

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
}

const clock = startClock();
const sets = loadSets({
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
  };
  set.puzzles.forEach(({ board }, index) => {
    const start = performance.now();
    const result = solveByLogic(board);
    const rating = ratingOf(result);
    report.milliseconds += performance.now() - start;
    report.levels[rating.level]++;
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

const percent = (count: number, of: number): string =>
  of === 0 ? '-' : `${((100 * count) / of).toFixed(1)}%`;
const lines: string[] = [
  '# Logical solver on the benchmark sets',
  '',
  `Machine: ${machineLine()}`,
  ...clockLines(clock),
  `Command: npm run bench:logic --${process.argv.slice(2).length > 0 ? ` ${process.argv.slice(2).join(' ')}` : ''}`,
  '',
  `| set | puzzles | solved by logic | ${LEVELS.join(' | ')} | ms/puzzle |`,
  `|---|---:|---:|${LEVELS.map(() => '---:|').join('')}---:|`,
  ...reports.map((report) => {
    const solved = report.measured - report.levels['needs search'];
    const shares = LEVELS.map((level) => percent(report.levels[level], report.measured));
    const taken =
      report.measured === report.total
        ? `${report.total}`
        : `${report.measured} of ${report.total}`;
    return `| ${report.name} | ${taken} | ${percent(solved, report.measured)} | ${shares.join(' | ')} | ${(report.milliseconds / Math.max(1, report.measured)).toFixed(2)} |`;
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
];
if (values.check === true) {
  lines.push(
    '',
    `Checked against the solution: ${reports.reduce((sum, r) => sum + r.wrong, 0)} wrong deductions.`,
  );
}
const text = `${lines.join('\n')}\n`;
process.stdout.write(text);
if (values.out !== undefined) writeFileSync(values.out, text);
if (reports.some((report) => report.wrong > 0)) process.exitCode = 1;
