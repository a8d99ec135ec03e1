/**
 * Loading one of the engines' WebAssembly modules: the plumbing every host shares
 * (standard9.ts and the other engines whose search is AssemblyScript, src/engine/assembly/).
 *
 * bin/build-wasm.mjs writes each module's bytes as base64 into a TypeScript module, so the
 * app, the worker, the command line bundle and the tests load it with no file to fetch and
 * no bundler plugin. A host calls instantiateWasm on its first search: it decodes the bytes
 * and compiles and instantiates them synchronously (a few ms: V8's baseline compiler, with
 * hot functions optimized in the background), which browsers allow in a worker, where the
 * app's searches run, and Node everywhere.
 *
 * It answers null where WebAssembly is missing, or refused (a content security policy
 * without 'wasm-unsafe-eval', a browser's limit on synchronous compiling on the main
 * thread): the host then says it is not available and the default engine (engines.ts)
 * takes another one. Each module calls `env.abort` only through a bug of its own (its
 * assertions are compiled out), so that import is supplied here and throws.
 */

/** The few WebAssembly calls used (the engine's lib is plain ES2022: no DOM, no Node types). */
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: unknown };
}

/** The imports a module asks for, by module name then function name (`env` is added). */
export type WasmImports = Record<string, Record<string, (...args: number[]) => number | void>>;

/**
 * The exports of the module whose bytes are `base64`, instantiated with `imports`; null
 * where WebAssembly is missing or refused. `name` goes into the abort message.
 */
export function instantiateWasm<Exports>(
  name: string,
  base64: string,
  imports: WasmImports,
): Exports | null {
  const api = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;
  const decode = (globalThis as { atob?: (text: string) => string }).atob;
  if (api === undefined || decode === undefined) return null;
  const text = decode(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  const env = {
    abort: (): never => {
      throw new Error(`${name} WebAssembly engine aborted`);
    },
  };
  try {
    return new api.Instance(new api.Module(bytes), { env, ...imports }).exports as Exports;
  } catch {
    return null;
  }
}
