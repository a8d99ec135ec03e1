/**
 * The WebAssembly engines as built and as loaded: each committed module is exactly what its
 * AssemblyScript source compiles to (bin/build-wasm.mjs), each engine solves through its
 * module, and where WebAssembly is missing the default engine still answers 9x9 boards
 * (standard and jigsaw) and 16x16 boards, through bitset.ts; where only the standard
 * engine's module is refused (it needs SIMD), standard boxes go to the jigsaw engine.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileWasm, WASM_MODULES } from '../../bin/build-wasm.mjs';
import { createBoard, isSolution, standardRegions } from '../../src/engine/index.ts';

// Arto Inkala's "world's hardest": one solution, found only by guessing.
const INKALA = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const INKALA_SOLUTION =
  '812753649943682175675491283154237896369845721287169534521974368438526917796318452';
const board = createBoard(
  9,
  standardRegions(9),
  Array.from(INKALA, (ch) => (ch === '.' ? 0 : Number(ch))),
);

// A jigsaw puzzle of bench/data/jigsaw-gen-1000.txt that takes a few guesses (regions 1-9).
const JIGSAW = '...........98..6........4....5..4...3.658...........1.82.4.9.............9...3...';
const JIGSAW_REGIONS =
  '111111133221133333722222339777255559747265599747865559447866669444888669448888699';
const JIGSAW_SOLUTION =
  '651342798749831652138296475985124367316587924264975813827469531573618249492753186';
const jigsawBoard = createBoard(
  9,
  Array.from(JIGSAW_REGIONS, (ch) => Number(ch) - 1),
  Array.from(JIGSAW, (ch) => (ch === '.' ? 0 : Number(ch))),
);

describe('WebAssembly engines', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it.each(WASM_MODULES)(
    '$output is what $source compiles to',
    async (entry) => {
      const built = await compileWasm(entry.source);
      const text = readFileSync(join(import.meta.dirname, '../..', entry.output), 'utf8');
      const base64 = new RegExp(`${entry.name} =\\s*'([A-Za-z0-9+/=]*)'`).exec(text)?.[1];
      expect(base64, `${entry.output} holds ${entry.name}`).toBeDefined();
      const committed = Uint8Array.from(Buffer.from(base64 ?? '', 'base64'));
      // When this fails, run `npm run build:wasm` and commit the generated module.
      expect(committed.length).toBe(built.length);
      expect(Buffer.compare(Buffer.from(committed), Buffer.from(built))).toBe(0);
    },
    60_000,
  );

  it('solves a 9x9 puzzle in WebAssembly, and the default engine uses it', async () => {
    const { countSolutionsStandard9, standard9Available } =
      await import('../../src/engine/standard9.ts');
    expect(standard9Available()).toBe(true);
    const result = countSolutionsStandard9(board, 2);
    expect(result).toMatchObject({ count: 1, complete: true, aborted: false });
    expect(result.nodes).toBeGreaterThan(0);
    expect(Array.from(result.solutions[0]).join('')).toBe(INKALA_SOLUTION);
  });

  it('solves unique puzzles end to end, stopping at the first that is not (solveUniqueStandard9)', async () => {
    const { solveUniqueStandard9 } = await import('../../src/engine/standard9.ts');
    const inkala = Uint8Array.from(board.givens);
    const several = new Uint8Array(81);
    const clash = Uint8Array.from(inkala);
    clash[1] = clash[0];
    const givens = new Uint8Array(81 * 4);
    givens.set(inkala, 0);
    givens.set(inkala, 81);
    givens.set(several, 162);
    givens.set(inkala, 243);
    const solutions = new Uint8Array(givens.length);
    expect(solveUniqueStandard9(givens, solutions, 10_000)).toBe(2);
    expect(Array.from(solutions.subarray(0, 81)).join('')).toBe(INKALA_SOLUTION);
    expect(Array.from(solutions.subarray(81, 162)).join('')).toBe(INKALA_SOLUTION);
    givens.set(clash, 162);
    expect(solveUniqueStandard9(givens, solutions, 10_000)).toBe(2);
    // Inkala's puzzle needs guesses: a budget of one stops it, for a caller to restart.
    expect(solveUniqueStandard9(inkala, solutions, 1)).toBe(0);
    // And the module's counts through the contract are as before.
    const { countSolutionsStandard9 } = await import('../../src/engine/standard9.ts');
    expect(countSolutionsStandard9(board, 2)).toMatchObject({ count: 1, complete: true });
  });

  it('keeps every solution apart, over several shared blocks (copySolution)', async () => {
    const { countSolutionsStandard9 } = await import('../../src/engine/standard9.ts');
    // 300 solutions of 81 bytes fill three 8 kB blocks; a later copy must not touch an earlier.
    const empty = createBoard(9, standardRegions(9), new Uint8Array(81));
    const first = countSolutionsStandard9(empty, 300);
    const second = countSolutionsStandard9(empty, 300);
    expect(first.solutions).toHaveLength(300);
    const texts = first.solutions.map((solution) => solution.join(''));
    expect(new Set(texts).size).toBe(300);
    first.solutions.forEach((solution) => expect(isSolution(empty, solution)).toBe(true));
    // The same search again gives the same grids, in new places.
    expect(second.solutions.map((solution) => solution.join(''))).toEqual(texts);
    expect(second.solutions[0]).not.toBe(first.solutions[0]);
  });

  it('solves a 9x9 jigsaw puzzle in WebAssembly, and the default engine uses it', async () => {
    const { countSolutionsJigsaw9, jigsaw9Available } = await import('../../src/engine/jigsaw9.ts');
    const { countSolutionsBest } = await import('../../src/engine/engines.ts');
    expect(jigsaw9Available()).toBe(true);
    const result = countSolutionsJigsaw9(jigsawBoard, 2);
    expect(result).toMatchObject({ count: 1, complete: true, aborted: false });
    expect(result.nodes).toBeGreaterThan(0);
    expect(Array.from(result.solutions[0]).join('')).toBe(JIGSAW_SOLUTION);
    expect(countSolutionsBest(jigsawBoard, 2).nodes).toBe(result.nodes);
  });

  it('without WebAssembly, the default engine answers 9x9 boards with bitset.ts', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const { countSolutionsStandard9, solveUniqueStandard9, standard9Available } =
      await import('../../src/engine/standard9.ts');
    const { countSolutionsJigsaw9, jigsaw9Available } = await import('../../src/engine/jigsaw9.ts');
    const { countSolutionsBest } = await import('../../src/engine/engines.ts');
    const { countSolutionsBitset } = await import('../../src/engine/bitset.ts');
    expect(standard9Available()).toBe(false);
    expect(() => countSolutionsStandard9(board, 2)).toThrow(/needs WebAssembly/);
    // The judge's fast path is told, and leaves the file to the default engine.
    expect(solveUniqueStandard9(Uint8Array.from(board.givens), new Uint8Array(81), 10)).toBe(-1);
    expect(jigsaw9Available()).toBe(false);
    expect(() => countSolutionsJigsaw9(jigsawBoard, 2)).toThrow(/needs WebAssembly/);
    const solutions = [INKALA_SOLUTION, JIGSAW_SOLUTION];
    [board, jigsawBoard].forEach((puzzle, index) => {
      const result = countSolutionsBest(puzzle, 2);
      expect(result).toMatchObject({ count: 1, complete: true });
      expect(Array.from(result.solutions[0]).join('')).toBe(solutions[index]);
      expect(result.nodes).toBe(countSolutionsBitset(puzzle, 2).nodes);
    });
  });

  it('where the standard module is refused (no SIMD), standard boxes go to the jigsaw engine', async () => {
    // The standard engine's module uses WebAssembly SIMD; a browser without it refuses that
    // module alone (CompileError), as this stub does, and takes every other module.
    const { STANDARD9_WASM } = await import('../../src/engine/standard9Wasm.ts');
    const refused = Buffer.from(STANDARD9_WASM, 'base64');
    const wasm = (
      globalThis as unknown as {
        WebAssembly: {
          Module: new (bytes: Uint8Array) => object;
          CompileError: new (message: string) => Error;
        };
      }
    ).WebAssembly;
    class ModuleWithoutSimd extends wasm.Module {
      constructor(bytes: Uint8Array) {
        if (Buffer.compare(Buffer.from(bytes), refused) === 0) {
          throw new wasm.CompileError('SIMD is not supported');
        }
        super(bytes);
      }
    }
    // WebAssembly's members are not enumerable: the stub inherits them and replaces Module.
    vi.stubGlobal('WebAssembly', Object.assign(Object.create(wasm), { Module: ModuleWithoutSimd }));
    vi.resetModules();
    const { standard9Available } = await import('../../src/engine/standard9.ts');
    const { countSolutionsJigsaw9, jigsaw9Available } = await import('../../src/engine/jigsaw9.ts');
    const { countSolutionsBest } = await import('../../src/engine/engines.ts');
    expect(standard9Available()).toBe(false);
    expect(jigsaw9Available()).toBe(true);
    const result = countSolutionsBest(board, 2);
    expect(result).toMatchObject({ count: 1, complete: true });
    expect(Array.from(result.solutions[0]).join('')).toBe(INKALA_SOLUTION);
    expect(result.nodes).toBe(countSolutionsJigsaw9(board, 2).nodes);
  });

  // grid16.ts: a puzzle of bench/data/jigsaw16-30.json that every engine solves in a few
  // guesses (no restart), so the fallback's guesses are bitset.ts's own.
  const jigsaw16 = async () => {
    const { parseJson } = await import('../../src/formats/index.ts');
    const text = readFileSync(
      join(import.meta.dirname, '../../bench/data/jigsaw16-30.json'),
      'utf8',
    );
    return parseJson(text).cases[18].board;
  };

  it('solves a 16x16 jigsaw puzzle in WebAssembly, with progress and abort', async () => {
    const { countSolutionsGrid16, countIfGrid16, grid16Available } =
      await import('../../src/engine/grid16.ts');
    const { countSolutionsBest } = await import('../../src/engine/engines.ts');
    const { isSolution } = await import('../../src/engine/index.ts');
    const puzzle = await jigsaw16();
    expect(grid16Available()).toBe(true);
    const result = countSolutionsGrid16(puzzle, 2);
    expect(result).toMatchObject({ count: 1, complete: true, aborted: false });
    expect(result.nodes).toBeGreaterThan(0);
    expect(isSolution(puzzle, result.solutions[0])).toBe(true);
    expect(countSolutionsBest(puzzle, 2).nodes).toBe(result.nodes);
    expect(countIfGrid16(board, 2, {})).toBeNull();
    // The module's checkpoint: progress every 5 guesses, stopped at the second report.
    const reports: number[] = [];
    const signal = { aborted: false };
    const stopped = countSolutionsGrid16(puzzle, 2, {
      progressEvery: 5,
      signal,
      onProgress: ({ nodes }) => {
        reports.push(nodes);
        signal.aborted = reports.length === 2;
      },
    });
    expect(reports).toEqual([5, 10]);
    expect(stopped).toMatchObject({ nodes: 10, aborted: true, complete: false });
  });

  it('without WebAssembly, the default engine answers 16x16 boards with bitset.ts', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const { countSolutionsGrid16, countIfGrid16, grid16Available } =
      await import('../../src/engine/grid16.ts');
    const { countSolutionsBest } = await import('../../src/engine/engines.ts');
    const { countSolutionsBitset } = await import('../../src/engine/bitset.ts');
    const { isSolution } = await import('../../src/engine/index.ts');
    const puzzle = await jigsaw16();
    expect(grid16Available()).toBe(false);
    expect(() => countSolutionsGrid16(puzzle, 2)).toThrow(/needs WebAssembly/);
    expect(countIfGrid16(puzzle, 2, {})).toBeNull();
    const result = countSolutionsBest(puzzle, 2);
    expect(result).toMatchObject({ count: 1, complete: true });
    expect(isSolution(puzzle, result.solutions[0])).toBe(true);
    expect(result.nodes).toBe(countSolutionsBitset(puzzle, 2).nodes);
  });
});
