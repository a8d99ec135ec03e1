/**
 * `npm run bench:cli`: the command line tool as a judge would run it, whole process, against
 * a judge built on the npm package `dancing-links` (bench/judges/dancing-links-judge.ts).
 *
 * Into a temp dir: a mixed 2,500-case hdu4069 file (test/fixtures/make-hdu4069.ts --mixed:
 * jigsaw-gen-1000 with about 1 case in 10 made unsolvable and 1 in 10 several-solution) and
 * poj3074 files of forum-hardest-1106 (all), top1465 (all) and forum-hardest-1905-11plus-10k
 * (the first 2,000, and all 10,000: on small files Node's own start-up, ~50 ms for either
 * process, bounds the ratio; it is measured and printed beside the table). Each file is answered by `node bin/squiggly solve FILE` and by the bundled
 * judge (`node judge.mjs FORMAT FILE`), each a process of its own under `/usr/bin/time -f %M`
 * (peak RSS); wall time is the best of 3 runs. Both outputs must be identical on every run.
 * The table goes to stdout and bench/results/cli-latest.md.
 *
 * Then memory on big inputs, squiggly alone, beside the 100 MB target of issue 13: a JSON
 * list of 20,000 9x9 puzzles (17clue-10k then forum-hardest-1905-11plus-10k, about 11 MB),
 * the same puzzles minified into one line repeated to 50 MB (about 140,000 puzzles;
 * checked, and solved), a puzzle with a million extra keys and one with a 50 MB string
 * (both refused unread), and a poj3074 line of 50 MB of digits; each made here in the temp
 * dir, peak RSS with the default threads and with --jobs 1 where it solves. `-- --memory`
 * runs only these rows and prints them (no timing, bench/results left alone).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { printJson, printPoj3074 } from '../src/formats/index.ts';
import { boardsFromJigsawLines } from '../test/fixtures/jigsawLines.ts';
import { makeMixedHdu4069 } from '../test/fixtures/make-hdu4069.ts';
import { clockLines, machineLine, startClock } from './report.ts';
import { DATA_DIR, parsePuzzle, REPO_ROOT } from './sets.ts';

const ROUNDS = 3;
const HDU_CASES = 2500;
const TIME = '/usr/bin/time';

interface BenchFile {
  label: string;
  format: 'hdu4069' | 'poj3074';
  path: string;
  cases: number;
  note: string;
}

interface Run {
  seconds: number;
  peakKb: number;
  stdout: string;
}

function poj3074File(dir: string, set: string, limit: number | undefined): BenchFile {
  const lines = readFileSync(path.join(DATA_DIR, `${set}.txt`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const taken = lines.slice(0, limit ?? lines.length);
  const file = path.join(dir, `${set}-${taken.length}.poj3074.txt`);
  writeFileSync(file, printPoj3074(taken.map((line) => ({ board: parsePuzzle(line).board }))));
  const note = taken.length === lines.length ? 'all' : `first ${taken.length} of ${lines.length}`;
  return { label: `${set} (poj3074)`, format: 'poj3074', path: file, cases: taken.length, note };
}

function makeFiles(dir: string): { files: BenchFile[]; kinds: Record<string, number> } {
  const boards = boardsFromJigsawLines(
    readFileSync(path.join(DATA_DIR, 'jigsaw-gen-1000.txt'), 'utf8'),
  );
  const mixed = makeMixedHdu4069(boards, HDU_CASES);
  const hdu = path.join(dir, 'jigsaw-mixed-2500.hdu4069.txt');
  writeFileSync(hdu, mixed.text);
  const kinds: Record<string, number> = { unique: 0, none: 0, multiple: 0 };
  for (const kind of mixed.kinds) kinds[kind]++;
  const files: BenchFile[] = [
    {
      label: 'jigsaw mixed (hdu4069)',
      format: 'hdu4069',
      path: hdu,
      cases: HDU_CASES,
      note: `${kinds.unique} unique, ${kinds.none} no solution, ${kinds.multiple} several`,
    },
    poj3074File(dir, 'forum-hardest-1106', undefined),
    poj3074File(dir, 'top1465', undefined),
    poj3074File(dir, 'forum-hardest-1905-11plus-10k', 2000),
    poj3074File(dir, 'forum-hardest-1905-11plus-10k', undefined),
  ];
  return { files, kinds };
}

async function bundleJudge(dir: string): Promise<string> {
  const outfile = path.join(dir, 'dancing-links-judge.mjs');
  await build({
    entryPoints: [path.join(REPO_ROOT, 'bench', 'judges', 'dancing-links-judge.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

/** Target of issue 13 for the peak memory of any input. */
const MEMORY_TARGET_MB = 100;
const JSON_PUZZLES = 20_000;
const LINE_BYTES = 50_000_000;
const OBJECT_KEYS = 1_000_000;

interface MemoryFile {
  label: string;
  path: string;
  /** The command run on it, and whether it may exit 1 (a deliberately bad input). */
  command: string;
  failing: boolean;
}

/** The big inputs of the memory rows (see the header), written into `dir`. */
function makeMemoryFiles(dir: string): MemoryFile[] {
  const lines = ['17clue-10k', 'forum-hardest-1905-11plus-10k']
    .flatMap((set) => readFileSync(path.join(DATA_DIR, `${set}.txt`), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .slice(0, JSON_PUZZLES);
  const list = printJson(lines.map((line) => ({ board: parsePuzzle(line).board })));
  const listFile = path.join(dir, 'list-20000.json');
  writeFileSync(listFile, list);
  const items = JSON.stringify(JSON.parse(list)).slice(1, -1);
  const repeats = Math.ceil(LINE_BYTES / items.length);
  const lineFile = path.join(dir, 'line-50mb.json');
  writeFileSync(lineFile, `[${Array.from({ length: repeats }, () => items).join(',')}]`);
  const digitsFile = path.join(dir, 'line-50mb.poj3074.txt');
  writeFileSync(digitsFile, `${'1'.repeat(LINE_BYTES)}\n`);
  // Hostile objects: one puzzle with a million extra keys, and one with a 50 MB string.
  const puzzle = JSON.stringify(JSON.parse(printJson([{ board: parsePuzzle(lines[0]).board }])));
  const keys = Array.from({ length: OBJECT_KEYS }, (_, key) => `"k${key}":${key}`).join(',');
  const keysFile = path.join(dir, 'million-keys.json');
  writeFileSync(keysFile, `${puzzle.slice(0, -1)},${keys}}`);
  const stringFile = path.join(dir, 'string-50mb.json');
  writeFileSync(stringFile, `${puzzle.slice(0, -1)},"note":"${'x'.repeat(LINE_BYTES)}"}`);
  const mb = (file: string): string => `${(readFileSync(file).length / 1e6).toFixed(1)} MB`;
  return [
    {
      label: `JSON list, ${JSON_PUZZLES.toLocaleString('en-US')} puzzles (${mb(listFile)})`,
      path: listFile,
      command: 'solve',
      failing: false,
    },
    {
      label: `JSON list on one line, ${(repeats * JSON_PUZZLES).toLocaleString('en-US')} puzzles (${mb(lineFile)})`,
      path: lineFile,
      command: 'check',
      failing: false,
    },
    {
      label: `JSON list on one line (${mb(lineFile)})`,
      path: lineFile,
      command: 'solve',
      failing: false,
    },
    {
      label: `one puzzle with ${OBJECT_KEYS.toLocaleString('en-US')} extra keys (${mb(keysFile)}), refused`,
      path: keysFile,
      command: 'check',
      failing: true,
    },
    {
      label: `one puzzle with a string of ${mb(stringFile)}, refused`,
      path: stringFile,
      command: 'check',
      failing: true,
    },
    {
      label: `one line of digits (${mb(digitsFile)}), poj3074`,
      path: digitsFile,
      command: 'solve',
      failing: true,
    },
  ];
}

/** One process under /usr/bin/time: wall seconds (measured here), peak RSS, its stdout. */
function runOnce(command: string[], dir: string, mayFail = false): Run {
  const rssFile = path.join(dir, 'rss.txt');
  const started = performance.now();
  const child = spawnSync(TIME, ['-f', '%M', '-o', rssFile, ...command], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0 && !(mayFail && child.status === 1)) {
    throw new Error(`${command.join(' ')} exited ${child.status}:\n${child.stderr}`);
  }
  if (child.stderr !== '' && !mayFail)
    throw new Error(`${command.join(' ')} wrote to stderr:\n${child.stderr}`);
  const peakKb = Number(readFileSync(rssFile, 'utf8').trim().split('\n').at(-1));
  return { seconds, peakKb, stdout: child.stdout };
}

/** Verdict lines of an hdu4069 output. */
function countLines(output: string, line: string): number {
  return output.split('\n').filter((text) => text === line).length;
}

const fixed = (value: number, digits: number): string => value.toFixed(digits);

async function main(): Promise<void> {
  const clock = startClock();
  // `--memory`: only the memory rows, printed, bench/results left alone (no timing runs).
  const memoryOnly = process.argv.includes('--memory');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'squiggly-bench-cli-'));
  try {
    const { files, kinds } = memoryOnly ? { files: [], kinds: {} } : makeFiles(dir);
    const judge = await bundleJudge(dir);
    // Build the tool's bundle now, so no timed run of the launcher rebuilds it.
    const built = spawnSync(process.execPath, ['bin/build-cli.mjs'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`build-cli failed:\n${built.stderr}`);

    // Node's own start-up, the floor under every whole-process time in the table.
    const startUp = Math.min(
      ...Array.from({ length: 5 }, () => runOnce([process.execPath, '-e', '0'], dir).seconds),
    );
    const rows: string[] = [];
    for (const file of files) {
      const squiggly = [process.execPath, 'bin/squiggly', 'solve', file.path];
      const peer = [process.execPath, judge, file.format, file.path];
      const ours: Run[] = [];
      const theirs: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ours.push(runOnce(squiggly, dir));
        theirs.push(runOnce(peer, dir));
      }
      const expected = ours[0].stdout;
      for (const run of [...ours, ...theirs]) {
        if (run.stdout !== expected) throw new Error(`${file.label}: the two outputs differ`);
      }
      if (file.format === 'hdu4069') {
        const none = countLines(expected, 'No solution');
        const multiple = countLines(expected, 'Multiple Solutions');
        if (none !== kinds.none || multiple !== kinds.multiple) {
          throw new Error(
            `${file.label}: ${none} No solution and ${multiple} Multiple Solutions, made ${kinds.none} and ${kinds.multiple}`,
          );
        }
      }
      const best = (runs: Run[]): number => Math.min(...runs.map((run) => run.seconds));
      const peak = (runs: Run[]): number => Math.max(...runs.map((run) => run.peakKb)) / 1024;
      const ratio = best(theirs) / best(ours);
      const row = [
        file.label,
        `${file.cases.toLocaleString('en-US')} (${file.note})`,
        fixed(best(ours), 2),
        fixed(best(theirs), 2),
        `${fixed(ratio, 1)}×`,
        `${fixed((best(theirs) - startUp) / (best(ours) - startUp), 1)}×`,
        fixed(best(theirs) / 5, 2),
        fixed(peak(ours), 0),
        fixed(peak(theirs), 0),
      ];
      console.error(`  ${row.join(' | ')}`);
      rows.push(`| ${row.join(' | ')} |`);
    }

    // Memory on big inputs: squiggly alone, one run each (peak RSS varies little).
    const memoryRows: string[] = [];
    for (const file of makeMemoryFiles(dir)) {
      const peakMb = (jobs: string[]): number =>
        runOnce(
          // bin/squiggly itself, so its first line's Node flags apply (see the launcher).
          ['bin/squiggly', file.command, ...jobs, file.path],
          dir,
          file.failing,
        ).peakKb / 1024;
      const byDefault = peakMb([]);
      const oneThread = file.command === 'solve' ? peakMb(['--jobs', '1']) : byDefault;
      const verdict = (mb: number): string => (mb < MEMORY_TARGET_MB ? 'under' : '**over**');
      const row = [
        file.label,
        `\`${file.command}\``,
        `${fixed(byDefault, 0)} (${verdict(byDefault)})`,
        `${fixed(oneThread, 0)} (${verdict(oneThread)})`,
        String(MEMORY_TARGET_MB),
      ];
      console.error(`  ${row.join(' | ')}`);
      memoryRows.push(`| ${row.join(' | ')} |`);
    }

    if (memoryOnly) {
      console.log(memoryRows.join('\n'));
      return;
    }
    const markdown = [
      '# CLI benchmark: whole process, squiggly vs a dancing-links judge',
      '',
      `- command: \`npm run bench:cli\``,
      `- machine: ${machineLine()}`,
      ...clockLines(clock),
      `- squiggly = \`node bin/squiggly solve FILE\` (format detected, default engine \`fast\`); judge = \`node dancing-links-judge.mjs FORMAT FILE\` (bench/judges/dancing-links-judge.ts bundled with esbuild)`,
      `- wall s = best of ${ROUNDS} runs of the whole process (start-up, reading, solving, writing); peak MB = largest max RSS of the ${ROUNDS} runs (\`/usr/bin/time -f %M\`); ratio = judge s ÷ squiggly s`,
      `- Node's own start-up (\`node -e 0\`, best of 5): ${fixed(startUp, 3)} s, in every time below; 5× needs = the time squiggly would need for a ratio of 5 (judge s ÷ 5); ratio above start-up = (judge s − start-up) ÷ (squiggly s − start-up), issue 17's target 5×`,
      '- both outputs identical on every run; for hdu4069 the number of `No solution` and `Multiple Solutions` answers is the number of cases made so',
      '',
      '| file | cases | squiggly s | dancing-links judge s | ratio | ratio above start-up | 5× needs s | squiggly peak MB | judge peak MB |',
      '| --- | --: | --: | --: | --: | --: | --: | --: | --: |',
      ...rows,
      '',
      '## Peak memory on big inputs (issue 13: under 100 MB for any input)',
      '',
      '- squiggly alone, one run each, files made by the benchmark in its temp dir; default = the threads squiggly chooses (up to 3 once a file proves big), `--jobs 1` = this thread only (`check` never starts threads, so its two columns are one run)',
      '',
      '| input | command | peak MB, default threads | peak MB, --jobs 1 | target MB |',
      '| --- | --- | --: | --: | --: |',
      ...memoryRows,
      '',
    ].join('\n');
    console.log(markdown);
    const out = path.join(REPO_ROOT, 'bench', 'results', 'cli-latest.md');
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, markdown);
    console.error(`written to ${path.relative(REPO_ROOT, out)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
