/**
 * The WebAssembly engine as built and as loaded: the committed module is exactly what its
 * AssemblyScript source compiles to (bin/build-wasm.mjs), and where WebAssembly is missing
 * the default engine still answers 9x9 boards, through jigsaw9.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileWasm, WASM_MODULES } from '../../bin/build-wasm.mjs';
import { createBoard, standardRegions } from '../../src/engine/index.ts';

// Arto Inkala's "world's hardest": one solution, found only by guessing.
const INKALA = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const INKALA_SOLUTION =
  '812753649943682175675491283154237896369845721287169534521974368438526917796318452';
const board = createBoard(
  9,
  standardRegions(9),
  Array.from(INKALA, (ch) => (ch === '.' ? 0 : Number(ch))),
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

  it('without WebAssembly, the default engine answers 9x9 boards with jigsaw9', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    const { countSolutionsStandard9, standard9Available } =
      await import('../../src/engine/standard9.ts');
    const { countSolutionsBest } = await import('../../src/engine/engines.ts');
    const { countSolutionsJigsaw9 } = await import('../../src/engine/jigsaw9.ts');
    expect(standard9Available()).toBe(false);
    expect(() => countSolutionsStandard9(board, 2)).toThrow(/needs WebAssembly/);
    const result = countSolutionsBest(board, 2);
    expect(result).toMatchObject({ count: 1, complete: true });
    expect(Array.from(result.solutions[0]).join('')).toBe(INKALA_SOLUTION);
    expect(result.nodes).toBe(countSolutionsJigsaw9(board, 2).nodes);
  });
});
