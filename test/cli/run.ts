/** Running the real command line tool, as a user would: `node bin/squiggly ARGS`. */
import { spawn, spawnSync } from 'node:child_process';
import { REPO_ROOT, SQUIGGLY } from '../fixtures/paths.ts';

export interface Run {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** Run `squiggly` with `args`, feeding `input` (or nothing) to standard input. */
export function squiggly(args: readonly string[], input = '', launcher = SQUIGGLY): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], { cwd: REPO_ROOT });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) =>
      resolvePromise({
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
        status,
      }),
    );
    child.stdin.on('error', () => {}); // the tool may exit before reading all of a bad input
    child.stdin.end(input);
  });
}

/** Build the bundle once before a test file spawns the tool, so runs do not each rebuild it. */
export function buildCliOnce(): void {
  const result = spawnSync(process.execPath, ['bin/build-cli.mjs'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build-cli failed: ${result.stderr}`);
}
