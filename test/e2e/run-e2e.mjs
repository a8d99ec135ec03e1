#!/usr/bin/env node
/**
 * `npm run test:e2e`: find a Chromium, build the app, run the Playwright suite against it.
 *
 * Chromium, in order: $CHROMIUM_PATH; Debian's /usr/bin/chromium; Playwright's own build under
 * ~/.cache/ms-playwright (if a developer installed one). When none is found: as root, Debian's
 * `chromium` package is installed with apt-get; otherwise the run fails at once and says how to
 * get one. The e2e tests are never skipped silently.
 *
 * Extra arguments are passed to `playwright test` (e.g. `npm run test:e2e -- import.spec.ts`).
 * The exit code is Playwright's.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const say = (text) => console.log(`[e2e] ${text}`);

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Playwright's own Chromium builds, newest first (chromium-1234/chrome-linux/chrome). */
function playwrightChromiums() {
  const base = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache/ms-playwright');
  if (!existsSync(base)) return [];
  return readdirSync(base)
    .filter((name) => /^chromium-\d+$/.test(name))
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
    .flatMap((name) => [
      join(base, name, 'chrome-linux', 'chrome'),
      join(base, name, 'chrome-linux64', 'chrome'),
    ]);
}

function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    console.error(`[e2e] CHROMIUM_PATH is set to "${fromEnv}", which is not an executable file.`);
    process.exit(1);
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return playwrightChromiums().find(isExecutable) ?? null;
}

/** Runs a command in the repository, inheriting stdio; returns its exit code. */
function run(command, args, env = process.env) {
  say(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env });
  if (result.error) {
    console.error(`[e2e] could not start ${command}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

let chromium = findChromium();
if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      [
        '[e2e] No Chromium found, so the end-to-end tests cannot run.',
        '[e2e] Looked at $CHROMIUM_PATH, /usr/bin/chromium and ~/.cache/ms-playwright/chromium-*.',
        '[e2e] Install one with:   sudo apt-get install chromium',
        '[e2e] or point to one:    CHROMIUM_PATH=/path/to/chrome npm run test:e2e',
      ].join('\n'),
    );
    process.exit(1);
  }
  say('No Chromium found; installing Debian chromium with apt-get (running as root).');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['update'], env) !== 0 ||
    run('apt-get', ['install', '-y', 'chromium'], env) !== 0
  ) {
    console.error('[e2e] apt-get could not install chromium; set CHROMIUM_PATH to a Chromium.');
    process.exit(1);
  }
  chromium = findChromium();
  if (!chromium) {
    console.error(`[e2e] chromium was installed but ${DEBIAN_CHROMIUM} is not there.`);
    process.exit(1);
  }
}
say(`Chromium: ${chromium}`);

const buildCode = run('npx', ['vite', 'build']);
if (buildCode !== 0) {
  console.error('[e2e] The app did not build; no e2e tests were run.');
  process.exit(buildCode);
}

// Tests tagged @quiet measure the page's long tasks (no task over 50 ms): with a second test
// running beside them on a 2-core machine, the page's thread is descheduled and a 5 ms task
// shows as 100 ms. So the suite runs in two passes: everything else on two workers, then the
// @quiet tests alone, one at a time. Even alone, a CI machine's neighbours now and then stretch
// one task past the bound (a 51-72 ms task in about 1 run of 5, never the same test twice), so
// each @quiet test gets two retries: a stretched task passes on a retry, while a real freeze
// fails all three tries. Extra arguments (a file, --grep) go to both passes.
const extra = process.argv.slice(2);
const env = { ...process.env, CHROMIUM_PATH: chromium };
const shared = run(
  'npx',
  ['playwright', 'test', '--grep-invert', '@quiet', '--pass-with-no-tests', ...extra],
  env,
);
const quiet = run(
  'npx',
  [
    'playwright',
    'test',
    '--grep',
    '@quiet',
    '--workers',
    '1',
    '--retries',
    '2',
    '--pass-with-no-tests',
    ...extra,
  ],
  env,
);
process.exit(shared !== 0 ? shared : quiet);
