/**
 * Probe for src/engine/assembly/tsconfig.json (`npm run typecheck:wasm`): the AssemblyScript
 * engines are type-checked by TypeScript with AssemblyScript's own declarations (i32, load<>,
 * unchecked, v128), so editors and `npm run typecheck` see the same errors asc would, before
 * a build. A probe of a wrong type must be an error, and the kernel's everyday words must be
 * fine (a config that knew no AssemblyScript would flag `i32` itself).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagnosticsOf, readConfig, ROOT } from './typeProbe.ts';

const CONFIG = 'src/engine/assembly/tsconfig.json';
const PROBE = 'src/engine/assembly/probe.ts';

describe('src/engine/assembly/tsconfig.json', () => {
  it('covers every engine source', () => {
    const covered = new Set(readConfig(CONFIG).fileNames);
    const files = readdirSync(`${ROOT}src/engine/assembly`).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) expect(covered).toContain(`${ROOT}src/engine/assembly/${file}`);
  });

  it('knows AssemblyScript: i32, load<>, store<>, unchecked, v128', () => {
    const code = [
      'const cells = new StaticArray<i32>(81);',
      'export function probe(at: usize): i32 {',
      '  store<u32>(at, 7);',
      '  const lanes: v128 = i32x4.splat(load<i32>(at));',
      '  return i32x4.extract_lane(lanes, 0) + unchecked(cells[0]) + i32(at == 0);',
      '}',
    ].join('\n');
    expect(diagnosticsOf(CONFIG, PROBE, code)).toEqual([]);
  });

  it('refuses a wrong type', () => {
    const code = "export function probe(): i32 { const text: string = 'x'; return text; }";
    expect(diagnosticsOf(CONFIG, PROBE, code).join('\n')).toContain(
      "Type 'string' is not assignable to type 'number'",
    );
  });
});
