/**
 * README's benchmark table, made from the last full run (bench/results/latest.md) rather than
 * copied by hand: a hand copy drifted from the results it quoted. The table sits between
 * two markers in README.md; `npm run bench:readme` rewrites what is between them, and
 * `--check` (test/ci/readmeTable.test.ts, so `npm test` and CI) exits 1 when README.md does
 * not hold what the results give, naming what to run.
 *
 * The extract: the uniqueness check (count up to 2) on four sets, for the default engine,
 * our DLX engine and the npm peer dancing-links, as µs per puzzle with the ratio to the
 * fastest peer that the run printed, and the machine line of the run, so each figure says
 * on which processor it holds. The text is formatted with the project's Prettier settings,
 * as `npm run lint` checks README.md.
 *
 *   npx tsx bench/readme-table.ts [--check] [--readme FILE] [--results FILE]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';

export const START_MARKER = '<!-- bench-table:start -->';
export const END_MARKER = '<!-- bench-table:end -->';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TASK = 'unique (≤2)';
/** The sets of the extract, with how README names them. */
const SETS: readonly [set: string, label: string][] = [
  ['17clue-10k', '17clue-10k'],
  ['top1465', 'top1465'],
  ['forum-hardest-1106', 'forum-hardest-1106'],
  ['jigsaw-gen-1000', 'jigsaw-gen-1000 (jigsaw 9x9)'],
];
const ENGINES: readonly [engine: string, heading: string, ratio: boolean][] = [
  ['squiggly best', 'Squiggly (default engine)', true],
  ['squiggly DLX', 'Squiggly DLX', true],
  ['dancing-links', '`dancing-links`', false],
];

/** A results file or a README that cannot give the table; the message says which and why. */
export class ReadmeTableError extends Error {}

interface ResultRow {
  microseconds: string;
  ratio: string;
  note: string;
}

/** The rows of latest.md's table by set, task and engine. */
function resultRows(results: string, source: string): Map<string, ResultRow> {
  const rows = new Map<string, ResultRow>();
  for (const line of results.split('\n')) {
    if (!line.startsWith('| ')) continue;
    const cells = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim());
    if (cells.length !== 10 || cells[0] === 'set' || cells[0].startsWith('---')) continue;
    const [set, task, engine, , , microseconds, , ratio, , note] = cells;
    rows.set(`${set}|${task}|${engine}`, { microseconds, ratio, note });
  }
  if (rows.size === 0) throw new ReadmeTableError(`${source}: no result table found`);
  return rows;
}

/** The machine and the date of the run, from the results file's header. */
function runLine(results: string, source: string): string {
  const machine = /^- machine: (.+)$/m.exec(results)?.[1];
  const started = /^- started: (\d{4}-\d\d-\d\d)/m.exec(results)?.[1];
  if (machine === undefined || started === undefined) {
    throw new ReadmeTableError(`${source}: no "- machine:" or "- started:" line in its header`);
  }
  return `Last full run: ${started}, ${machine} ([\`bench/results/latest.md\`](bench/results/latest.md)).`;
}

/** The Markdown that goes between the markers (before Prettier aligns it). */
export function readmeTable(results: string, source = 'bench/results/latest.md'): string {
  const rows = resultRows(results, source);
  const lines = [
    runLine(results, source),
    '',
    `| set | ${ENGINES.map(([, heading]) => heading).join(' | ')} |`,
    `| --- | ${ENGINES.map(() => '---:').join(' | ')} |`,
  ];
  for (const [set, label] of SETS) {
    const cells = ENGINES.map(([engine, , withRatio]) => {
      const row = rows.get(`${set}|${TASK}|${engine}`);
      if (row === undefined) {
        throw new ReadmeTableError(`${source}: no "${TASK}" row for ${engine} on ${set}`);
      }
      if (!row.note.startsWith('ok')) {
        throw new ReadmeTableError(`${source}: ${engine} on ${set} is not checked ok: ${row.note}`);
      }
      return withRatio ? `${row.microseconds} µs (${row.ratio})` : `${row.microseconds} µs`;
    });
    lines.push(`| ${label} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** README with the table between its markers replaced, formatted as `npm run lint` wants. */
export async function updatedReadme(
  readme: string,
  results: string,
  readmePath = join(ROOT, 'README.md'),
): Promise<string> {
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start < 0 || end < start) {
    throw new ReadmeTableError(
      `${readmePath}: no ${START_MARKER} ... ${END_MARKER} pair to put the benchmark table between`,
    );
  }
  const text =
    readme.slice(0, start + START_MARKER.length) +
    `\n\n${readmeTable(results)}\n\n` +
    readme.slice(end);
  const options = (await prettier.resolveConfig(readmePath)) ?? {};
  return prettier.format(text, { ...options, filepath: readmePath });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      readme: { type: 'string', default: join(ROOT, 'README.md') },
      results: { type: 'string', default: join(ROOT, 'bench/results/latest.md') },
    },
  });
  const readme = readFileSync(values.readme, 'utf8');
  const updated = await updatedReadme(readme, readFileSync(values.results, 'utf8'), values.readme);
  if (updated === readme) return 0;
  if (values.check) {
    process.stderr.write(
      `${values.readme}: the benchmark table is not what ${values.results} gives; ` +
        'run `npm run bench:readme` to rewrite it.\n',
    );
    return 1;
  }
  writeFileSync(values.readme, updated);
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (status) => process.exit(status),
    (error: unknown) => {
      process.stderr.write(
        `${error instanceof ReadmeTableError ? error.message : String(error)}\n`,
      );
      process.exit(2);
    },
  );
}
