/**
 * A minimal judge built on the npm package `dancing-links`, for bench/cli.ts:
 *   node judge.mjs hdu4069|poj3074 FILE
 * prints the judge's output for the file, as `squiggly solve` does. Reading the input and
 * writing the output use our src/formats (parseHdu4069 turns the wall bits into regions;
 * printHdu4069Results / printPoj3074Results), to keep it short; the solving is the bench
 * adapter of bench/engines/dancingLinks.ts (its exact-cover matrix, `find(2)` to tell a
 * unique solution from several for hdu4069, `findOne()` for poj3074, whose judge promises a
 * solution). Bundled by bench/cli.ts with esbuild and run with node.
 */
import { readFileSync } from 'node:fs';
import {
  parseHdu4069,
  parsePoj3074,
  printHdu4069Results,
  printPoj3074Results,
  type CaseAnswer,
  type SolveResult,
} from '../../src/formats/index.ts';
import { hasStandardBoxes } from '../../src/engine/index.ts';
import { dancingLinks } from '../engines/dancingLinks.ts';

const [format, file] = process.argv.slice(2);
if ((format !== 'hdu4069' && format !== 'poj3074') || file === undefined) {
  process.stderr.write('usage: dancing-links-judge hdu4069|poj3074 FILE\n');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
const parsed = format === 'hdu4069' ? parseHdu4069(text) : parsePoj3074(text);
if (parsed.errors.length > 0) {
  process.stderr.write(`${file}: ${parsed.errors.length} cases cannot be read\n`);
  process.exit(1);
}

const answers: CaseAnswer[] = parsed.cases.map(({ case: caseNumber, board }) => {
  const puzzle = { board, jigsaw: !hasStandardBoxes(board) };
  let result: SolveResult;
  if (format === 'hdu4069') {
    const { count, grid } = dancingLinks.countUpTo2(puzzle);
    result =
      count === 0
        ? { status: 'none' }
        : count === 1 && grid !== null
          ? { status: 'unique', solution: Uint8Array.from(grid) }
          : { status: 'multiple', solutions: [] };
  } else {
    const { grid } = dancingLinks.solve(puzzle);
    result =
      grid === null ? { status: 'none' } : { status: 'found', solution: Uint8Array.from(grid) };
  }
  return { case: caseNumber, result };
});
process.stdout.write(
  format === 'hdu4069' ? printHdu4069Results(answers) : printPoj3074Results(answers),
);
