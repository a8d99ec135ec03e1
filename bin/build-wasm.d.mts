// Types of bin/build-wasm.mjs, for the tests that import it.
export interface WasmModuleEntry {
  source: string;
  output: string;
  name: string;
}
export const WASM_MODULES: WasmModuleEntry[];
export function compileWasm(source: string): Promise<Uint8Array>;
export function moduleText(entry: WasmModuleEntry, bytes: Uint8Array): Promise<string>;
export function buildWasm(): Promise<void>;
