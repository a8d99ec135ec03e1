/**
 * The benchmarks' child scripts, bundled with esbuild before they run, so that every engine,
 * ours and the peers, runs as shipped code does (the command line tool is such a bundle:
 * bin/build-cli.mjs) and not through tsx's development transform, whose keepNames wrapper
 * (a defineProperty on each function made at run time) cost our 17clue uniqueness check
 * about 1 us of 5 (docs/history/engines/standard9.md, session 16).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from './sets.ts';

/**
 * Bundle `entry` (a path under bench/) into `dir`: CommonJS, as the command line tool is,
 * unless the child must be an ES module. Returns the bundle's path. bench/sets.ts, the one
 * module that reads `import.meta.url`, keeps its own URL, so it still finds bench/data.
 */
export async function bundleBenchChild(
  entry: string,
  dir: string,
  format: 'cjs' | 'esm' = 'cjs',
): Promise<string> {
  const outfile = path.join(
    dir,
    `${path.basename(entry, '.ts')}.${format === 'cjs' ? 'cjs' : 'mjs'}`,
  );
  await build({
    entryPoints: [path.join(REPO_ROOT, 'bench', entry)],
    bundle: true,
    platform: 'node',
    format,
    target: 'node20',
    outfile,
    logLevel: 'warning',
    define: {
      'import.meta.url': JSON.stringify(
        pathToFileURL(path.join(REPO_ROOT, 'bench', 'sets.ts')).href,
      ),
    },
  });
  return outfile;
}
