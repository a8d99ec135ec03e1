/**
 * A simulated deploy (issue 36, item 4): two builds of the app served one after the other from
 * one local server (one origin), the service worker on. The current build is dist/ (built
 * before the suite); the next is built here (update.vite.config.ts: its solver worker differs,
 * so the old page's worker script is not in the new deploy).
 *
 * - The open tab is offered the new version ("A new version of Squiggly is ready", Reload);
 *   while it waits, a tab of the old version still loads and runs its workers (old cache).
 * - A second tab chooses Reload: the new version takes over, and its cache no longer holds the
 *   old scripts. The first tab is not reloaded under the user; it says "Squiggly was updated —
 *   reload to continue", and its next worker starts (Hint, Import) say so at once, not "Try
 *   again".
 * - Without a service worker, an old page whose worker no longer loads learns the same from
 *   the deployed version.json.
 */
import { spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { REPO_ROOT, grid, verdict } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });
// One build of the next version and one server for the file: its tests run in one worker.
test.describe.configure({ mode: 'default' });

const CURRENT = resolve(REPO_ROOT, 'dist');
let next = '';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A static server on 127.0.0.1 whose files come from `root`, which a deploy changes. */
function deployServer(): { server: Server; deploy(root: string): void; origin(): string } {
  let root = CURRENT;
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
    if (!file.startsWith(root + sep)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'cache-control': 'no-cache',
          })
          .end(body),
      () => response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found'),
    );
  });
  return {
    server,
    deploy: (dir) => (root = dir),
    origin: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}

const host = deployServer();

// Playwright reads the fixtures a hook takes from its first argument: none here.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  // One build of the next version for the file (a few seconds; more on a loaded machine).
  test.setTimeout(240_000);
  next = testInfo.outputPath('version-next');
  const args = ['vite', 'build', '--config', 'test/e2e/update.vite.config.ts'];
  const code = await new Promise<number | null>((done) => {
    const build = spawn(
      'npx',
      [...args, '--outDir', next, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: REPO_ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    build.on('close', done);
  });
  expect(code, 'the next version built').toBe(0);
  // The deploy replaced the worker: the old page's worker script is not in the new one.
  const workerOf = async (dir: string) =>
    (await readdir(resolve(dir, 'assets'))).filter((name) => /^solver\.worker-.*\.js$/.test(name));
  const [oldWorker, newWorker] = [await workerOf(CURRENT), await workerOf(next)];
  expect(oldWorker).toHaveLength(1);
  expect(newWorker).not.toContain(oldWorker[0]);
  await new Promise<void>((listening) => host.server.listen(0, '127.0.0.1', listening));
});

test.afterAll(async () => {
  await new Promise((closed) => host.server.close(closed));
});

/** navigator.serviceWorker as used here (the tests compile without the DOM's types). */
interface PageWithServiceWorker {
  navigator: {
    serviceWorker: {
      controller: object | null;
      getRegistration(): Promise<{ update(): Promise<unknown> } | undefined>;
    };
  };
}

const notice = (page: Page) => page.getByRole('status', { name: 'New version' });
const logic = (page: Page) => page.getByRole('region', { name: 'Logic' });
const explanation = (page: Page) => page.locator('#logic-explanation');
const UPDATED = 'Squiggly was updated — reload to continue.';

/** The build id of the page's own main script (its hashed name). */
const mainScript = (page: Page) =>
  page.locator('script[type="module"][src*="assets/index-"]').getAttribute('src');

async function open(page: Page): Promise<void> {
  await page.goto(`${host.origin()}/`);
  await expect(grid(page).getByRole('row').first()).toBeVisible();
}

test('a deploy is offered with Reload; once another tab takes it, the old tab says to reload', async ({
  context,
}) => {
  host.deploy(CURRENT);
  const first = await context.newPage();
  await open(first);
  // The first visit's service worker installs, precaches and takes the page.
  // (Functions, not strings: the app's Content-Security-Policy refuses eval, Playwright's too.)
  await first.waitForFunction(
    () =>
      (globalThis as unknown as PageWithServiceWorker).navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 30_000 },
  );
  const oldScript = await mainScript(first);

  host.deploy(next);
  // The browser looks for a new service worker on navigations, the page every hour: now.
  await first.evaluate(async () => {
    const { serviceWorker } = (globalThis as unknown as PageWithServiceWorker).navigator;
    await (await serviceWorker.getRegistration())?.update();
  });
  await expect(notice(first)).toContainText('A new version of Squiggly is ready.', {
    timeout: 30_000,
  });
  await expect(notice(first).getByRole('button', { name: 'Reload' })).toBeVisible();

  // While the new version waits, the old one is whole: a new tab gets the old page, whose
  // solver worker loads (the live verdict) though the server has only the new files.
  const second = await context.newPage();
  await open(second);
  expect(await mainScript(second)).toBe(oldScript);
  await expect(verdict(second)).toHaveText(/^Several solutions/, { timeout: 15_000 });
  await expect(notice(second)).toContainText('A new version of Squiggly is ready.');

  // The second tab moves on: it reloads into the new version.
  await Promise.all([
    second.waitForEvent('load'),
    notice(second).getByRole('button', { name: 'Reload' }).click(),
  ]);
  await expect(grid(second).getByRole('row').first()).toBeVisible();
  expect(await mainScript(second)).not.toBe(oldScript);
  await expect(notice(second)).toBeHidden();

  // The first tab is still the old page, not reloaded under the user, and says what to do.
  expect(await mainScript(first)).toBe(oldScript);
  await expect(notice(first)).toContainText(UPDATED);
  // Its next worker start cannot load the old script: the first failure says so at once.
  await logic(first).getByRole('button', { name: 'Hint' }).click();
  await expect(explanation(first)).toHaveText(`Logic failed: ${UPDATED}`, { timeout: 3_000 });
  // So does Import, whose worker starts on first use too.
  await first.getByRole('button', { name: 'Import', exact: true }).click();
  const importing = first.getByRole('dialog', { name: 'Import a puzzle' });
  await importing.getByRole('textbox', { name: 'Puzzle text' }).fill('1...\n.2..\n..3.\n...4\n');
  await expect(importing.getByText(`The input could not be read: ${UPDATED}`)).toBeVisible({
    timeout: 3_000,
  });
  await first.keyboard.press('Escape');
  await expect(importing).toBeHidden();

  // Reload takes it to the new version, where Hint works.
  await Promise.all([
    first.waitForEvent('load'),
    notice(first).getByRole('button', { name: 'Reload' }).click(),
  ]);
  await expect(grid(first).getByRole('row').first()).toBeVisible();
  expect(await mainScript(first)).not.toBe(oldScript);
  await logic(first).getByRole('button', { name: 'Hint' }).click();
  await expect(explanation(first)).not.toHaveText(/failed|^$/, { timeout: 10_000 });
});

test('without a service worker, an old page whose worker is gone learns it from version.json', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    host.deploy(CURRENT);
    const page = await context.newPage();
    await open(page);
    host.deploy(next);
    await logic(page).getByRole('button', { name: 'Hint' }).click();
    await expect(explanation(page)).toHaveText(`Logic failed: ${UPDATED}`, { timeout: 3_000 });
    await expect(notice(page)).toContainText(UPDATED);
  } finally {
    await context.close();
  }
});
