// Bundle the command line tool (bin/cli/main.ts and the engine and formats it imports) into
// build/cli.cjs with esbuild. Run as `npm run build:cli`; bin/squiggly also calls
// buildCli() itself when the bundle is missing or older than its sources.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BUNDLE = join(ROOT, 'build', 'cli.cjs');
/** The judge's entry (bin/cli/judge.ts): a small bundle tried before the whole tool. */
export const JUDGE_BUNDLE = join(ROOT, 'build', 'judge.cjs');
/** Folders whose .ts files go into the bundle: a newer file there means a rebuild. */
export const SOURCE_DIRS = ['src/engine', 'src/formats', 'bin/cli'].map((dir) => join(ROOT, dir));

/**
 * Build build/cli.cjs and build/judge.cjs. Writes to temporary files and renames them, the
 * whole tool last (the launcher tells a stale build by its time), so a process that starts
 * while another one builds never imports half a file. Prints nothing on success.
 */
export async function buildCli() {
  // Imported here, not at the top: the launcher loads this file only when it must build.
  const esbuild = await import('esbuild');
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
  const result = await esbuild.build({
    entryPoints: { cli: join(ROOT, 'bin/cli/main.ts'), judge: join(ROOT, 'bin/cli/judge.ts') },
    bundle: true,
    platform: 'node',
    // CommonJS, not ESM: in Node 20's V8 the engines' module-level tables and state are
    // about 20% slower to reach from hot code when they live in an ES module scope than in
    // the function scope Node wraps a CommonJS file in (16x16: 8.1 vs 6.8 ms median; the
    // browser's newer V8 shows no difference), and a CommonJS bundle also starts ~5 ms
    // sooner. import.meta.url (parallel.ts starts workers on this same file) is defined
    // from __filename by the banner.
    format: 'cjs',
    target: 'node20',
    banner: { js: 'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
    outdir: dirname(BUNDLE),
    outExtension: { '.js': '.cjs' },
    write: false,
    // A separate map file: an inline one doubles what every start has to read and parse
    // (~20 ms of a 0.1 s run); node --enable-source-maps still finds it for stack traces.
    sourcemap: 'linked',
    // No comments or indentation (names are kept): every run reads the bundle and hands it to
    // V8 with its code cache, and 263 kB of ASCII cost 10 ms where 345 kB did 15.5 (a comment's
    // one non-ASCII character made V8 hold the whole source as two-byte text).
    minifyWhitespace: true,
    logLevel: 'silent',
    define: { __SQUIGGLY_VERSION__: JSON.stringify(version), 'import.meta.url': '__bundleUrl' },
  });
  await mkdir(dirname(BUNDLE), { recursive: true });
  // The maps first, so a bundle that points at it never appears before it; the whole tool last.
  const rank = (path) => (path === BUNDLE ? 2 : path === JUDGE_BUNDLE ? 1 : 0);
  const outputs = [...result.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
  for (const output of outputs) {
    const temporary = `${output.path}.${process.pid}.tmp`;
    await writeFile(temporary, output.contents);
    await rename(temporary, output.path);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    await buildCli();
    console.log(`built ${BUNDLE}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
