/**
 * The benchmark puzzle sets: every `*.txt` in bench/data (sources and licence
 * notes in bench/data/README.md). Standard lines are 81 givens; jigsaw lines add a space and 81 region ids 1-9.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBoard, standardRegions, type Board } from '../src/engine/index.ts';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DATA_DIR = path.resolve(REPO_ROOT, 'bench/data');

const SIZE = 9;
const CELLS = SIZE * SIZE;

/** One puzzle in the engine's board model; adapters convert from it. */
export interface Puzzle {
  board: Board;
  /** True when the regions are not the standard 3x3 boxes. */
  jigsaw: boolean;
}

export type Verdict = 'unique' | 'multiple';

export interface PuzzleSet {
  /** File name without `.txt`. */
  name: string;
  /** Lines in the file. */
  total: number;
  /** The puzzles benchmarked: the whole file or a prefix of it. */
  puzzles: Puzzle[];
  jigsaw: boolean;
  /** Verdict every puzzle of the set must get from the uniqueness check. */
  expected: Verdict;
}

/** Sets whose puzzles all have two or more solutions (see the data README). */
const NON_UNIQUE_SETS = new Set(['serg-benchmark-10k']);

/** Digits of an 81-character givens string; `.` and `0` are blanks. */
export function parseGivens(text: string): Uint8Array {
  if (text.length !== CELLS) throw new Error(`expected ${CELLS} givens, got ${text.length}`);
  const givens = new Uint8Array(CELLS);
  for (let cell = 0; cell < CELLS; cell++) {
    const char = text[cell];
    if (char === '.' || char === '0') continue;
    if (char < '1' || char > '9') throw new Error(`bad given '${char}' at cell ${cell}`);
    givens[cell] = char.charCodeAt(0) - 48;
  }
  return givens;
}

/** Region ids 0-8 from an 81-character string of ids 1-9. */
export function parseRegions(text: string): Uint8Array {
  if (text.length !== CELLS) throw new Error(`expected ${CELLS} region ids, got ${text.length}`);
  return Uint8Array.from(text, (char) => {
    const id = char.charCodeAt(0) - 49;
    if (id < 0 || id >= SIZE) throw new Error(`bad region id '${char}'`);
    return id;
  });
}

const STANDARD = standardRegions(SIZE);

export function parsePuzzle(line: string): Puzzle {
  const [givens, regions, ...rest] = line.trim().split(/\s+/);
  if (rest.length > 0) throw new Error('expected at most two fields');
  if (regions === undefined)
    return { board: createBoard(SIZE, STANDARD, parseGivens(givens)), jigsaw: false };
  return { board: createBoard(SIZE, parseRegions(regions), parseGivens(givens)), jigsaw: true };
}

export interface LoadOptions {
  /** Directory of the sets (default DATA_DIR). */
  dir?: string;
  /** Only the set with this name. */
  only?: string;
  /** Largest number of puzzles to take from the start of each file, by set name or default. */
  limitOf: (name: string, total: number) => number;
}

function loadSet(file: string, limit: (name: string, total: number) => number): PuzzleSet {
  const name = path.basename(file, '.txt');
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const puzzles = lines.slice(0, limit(name, lines.length)).map((line, index) => {
    try {
      return parsePuzzle(line);
    } catch (error) {
      throw new Error(`${name}.txt line ${index + 1}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  });
  return {
    name,
    total: lines.length,
    puzzles,
    jigsaw: puzzles.some((puzzle) => puzzle.jigsaw),
    expected: NON_UNIQUE_SETS.has(name) ? 'multiple' : 'unique',
  };
}

/** Load the sets, smallest file first so quick feedback comes early. */
export function loadSets(options: LoadOptions): PuzzleSet[] {
  const dir = options.dir ?? DATA_DIR;
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.txt'))
    .filter((file) => options.only === undefined || path.basename(file, '.txt') === options.only)
    .sort();
  if (files.length === 0) {
    throw new Error(`no puzzle set${options.only ? ` named ${options.only}` : ''} in ${dir}`);
  }
  return files.map((file) => loadSet(path.join(dir, file), options.limitOf));
}
