/**
 * Standard output is written straight to fd 1 (bin/cli/main.ts writeStdout): a reader that
 * reads slowly gets every byte, and one that closes the pipe early ends the run quietly.
 * (A child that Node spawns always gets a blocking fd 1, libuv clears O_NONBLOCK, so the
 * EAGAIN loop is for other parents and cannot be reached from here.)
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCH_DATA, REPO_ROOT, SQUIGGLY } from '../fixtures/paths.ts';
import { buildCliOnce } from './run.ts';
import { removeTempDirs, tempDir } from '../fixtures/tempDirs.ts';

afterAll(removeTempDirs);

beforeAll(buildCliOnce, 60_000);

/** top1465 three times over: about 360 kB of answers, several times a pipe's buffer. */
function bigPojFile(): string {
  const lines = readFileSync(resolve(BENCH_DATA, 'top1465.txt'), 'utf8')
    .split('\n')
    .filter((line) => line.length === 81);
  const file = join(tempDir('pipes'), 'big.txt');
  writeFileSync(file, `${[...lines, ...lines, ...lines].join('\n')}\nend\n`);
  return file;
}

describe('squiggly writes standard output to a pipe', () => {
  it('gives a slow reader every answer, in order', async () => {
    const file = bigPojFile();
    const child = spawn(process.execPath, [SQUIGGLY, 'solve', file], { cwd: REPO_ROOT });
    child.stdout.pause();
    // The pipe fills while nobody reads: the tool must wait, not drop or fail.
    await new Promise((done) => setTimeout(done, 400));
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.stdout.resume();
    const status = await new Promise((done) => child.on('close', done));
    const lines = Buffer.concat(chunks).toString('utf8').split('\n');
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(lines.length).toBe(3 * 1465 + 1);
    expect(lines.slice(0, 1465)).toEqual(lines.slice(1465, 2 * 1465));
    expect(lines[0]).toMatch(/^[1-9]{81}$/);
  }, 60_000);

  it('ends quietly when the reader closes the pipe early (| head)', async () => {
    const file = bigPojFile();
    const child = spawn(process.execPath, [SQUIGGLY, 'solve', file], { cwd: REPO_ROOT });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const first = await new Promise<Buffer>((done) => child.stdout.once('data', done));
    expect(first.toString('utf8')).toMatch(/^[1-9]{81}\n/);
    child.stdout.destroy();
    const status = await new Promise((done) => child.on('close', done));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  }, 60_000);
});
