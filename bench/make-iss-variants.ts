/**
 * Make bench/data/iss-variants.json, the set of `npm run bench:variants`, from the
 * Interactive Sudoku Solver's own puzzle lists (data/example_puzzles.js and
 * data/collections.js of github.com/sigh/Interactive-Sudoku-Solver, MIT licence):
 *
 *   ISS_DIR=/tmp/iss npx tsx bench/make-iss-variants.ts > bench/data/iss-variants.json
 *
 * ISS_DIR is an unpacked copy of ISS (docs/variants.md says how to get one). Each puzzle
 * that is an ISS constraint string is read with parseIss (src/formats/iss.ts); one that
 * reads with nothing left out, is 9x9 or smaller or has a solution we can read, becomes a
 * Squiggly JSON puzzle whose extra fields keep its name, where ISS lists it, its original
 * ISS string (which the bench hands to ISS itself) and its published solution, when ISS
 * gives one. What is skipped, and why, goes to stderr as a tally (docs/variants.md keeps
 * it). The set is a file, not read at bench time, so the bench needs ISS only to time it.
 */
import { execFileSync } from 'node:child_process';
import { hasStandardBoxes } from '../src/engine/index.ts';
import { looksLikeIss, parseIss } from '../src/formats/iss.ts';
import { printJson, type PuzzleToPrint } from '../src/formats/index.ts';

const issDir = process.env.ISS_DIR;
if (!issDir) {
  process.stderr.write(
    'ISS_DIR is not set: point it at an unpacked copy of ISS (docs/variants.md)\n',
  );
  process.exit(2);
}

interface IssEntry {
  name?: string;
  input?: unknown;
  solution?: unknown;
}

// ISS's modules read `self.VERSION_PARAM` as browsers' workers do.
const globals = globalThis as unknown as { self: unknown; VERSION_PARAM: string };
globals.self = globalThis;
globals.VERSION_PARAM = '';
const examples = (await import(`${issDir}/data/example_puzzles.js`)) as {
  DISPLAYED_EXAMPLE_GROUPS: { name: string; puzzles: IssEntry[] }[];
  resolvePuzzleConfig: (entry: unknown) => IssEntry;
};
const collections = (await import(`${issDir}/data/collections.js`)) as Record<string, unknown>;

/** Every puzzle of both files, with the list it came from, first mention kept. */
const found: { list: string; entry: IssEntry }[] = [];
for (const group of examples.DISPLAYED_EXAMPLE_GROUPS) {
  for (const entry of group.puzzles)
    found.push({ list: `example_puzzles.js: ${group.name}`, entry });
}
for (const [list, value] of Object.entries(collections)) {
  if (!Array.isArray(value)) continue;
  const configFor = (value as unknown as { configFor?: (entry: unknown) => IssEntry }).configFor;
  for (const [position, entry] of (value as unknown[]).entries()) {
    const config =
      typeof configFor === 'function'
        ? configFor.call(value, entry)
        : examples.resolvePuzzleConfig(entry);
    // A bare string in a collection has no name: it is named by its list and place.
    const name =
      !config?.name || config.name === config.input ? `${list} #${position + 1}` : config.name;
    if (config) found.push({ list: `collections.js: ${list}`, entry: { ...config, name } });
  }
}

// The commit names the data's source: a clone knows it, an archive is told (ISS_COMMIT).
const commit =
  process.env.ISS_COMMIT ??
  execFileSync('git', ['-C', issDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
const seen = new Set<string>();
const kept: PuzzleToPrint[] = [];
const skipped = new Map<string, number>();
const skip = (why: string): void => {
  skipped.set(why, (skipped.get(why) ?? 0) + 1);
};
for (const { list, entry } of found) {
  if (typeof entry.input !== 'string' || seen.has(entry.input)) continue;
  seen.add(entry.input);
  if (!looksLikeIss(entry.input)) {
    skip(
      entry.input.startsWith('/')
        ? 'a sandbox script, not a string'
        : 'another text format, not an ISS string',
    );
    continue;
  }
  const reading = parseIss(entry.input);
  if ('error' in reading) {
    skip(
      `not read: ${reading.error.message.replace(/"[^"]*"/g, '…').replace(/R\w+C\w+/g, 'RxCy')}`,
    );
    continue;
  }
  if (reading.leftOut.length > 0) {
    skip(`uses ${reading.leftOut.map((what) => what.replace(/^\d+ × /, '')).join(', ')}`);
    continue;
  }
  if (reading.constraints.length === 0 && hasStandardBoxes(reading.board)) {
    skip('classic: no variant constraint (npm run bench measures those)');
    continue;
  }
  const extra: Record<string, string> = {
    title: entry.name ?? entry.input.slice(0, 40),
    source: `ISS ${commit.slice(0, 12)} data/${list}`,
    iss: entry.input,
  };
  if (typeof entry.solution === 'string' && reading.board.size <= 9)
    extra.solution = entry.solution;
  kept.push({ board: reading.board, constraints: reading.constraints, extra });
}
process.stdout.write(`${printJson(kept)}\n`);
process.stderr.write(
  `ISS ${commit}: ${found.length} entries, ${seen.size} distinct strings, ${kept.length} kept\n`,
);
for (const [why, count] of [...skipped].sort((a, b) => b[1] - a[1])) {
  process.stderr.write(`  skipped ${count}: ${why}\n`);
}
