/**
 * Offline: after one visit the service worker holds the app and the solver worker, so the
 * page reloads and solves with the network gone.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { importText, openApp, REPO_ROOT, status } from './helpers.ts';

// The config blocks service workers for the other tests; here the service worker is the point.
test.use({ serviceWorkers: 'allow' });

const HDU4069 = readFileSync(resolve(REPO_ROOT, 'test/ui/fixtures/hdu4069.in'), 'utf8');

test('after the first visit the app loads and solves offline', async ({ page, context }) => {
  await openApp(page);
  // The service worker installs (precaching everything), activates and claims the page.
  // A function, not a string: the app's Content-Security-Policy refuses eval, Playwright's too.
  await page.waitForFunction(
    () => {
      const { navigator } = globalThis as unknown as {
        navigator: { serviceWorker?: { controller: object | null } };
      };
      return navigator.serviceWorker !== undefined && navigator.serviceWorker.controller !== null;
    },
    undefined,
    { timeout: 30_000 },
  );
  const manifest = (await page.evaluate(async () =>
    (await fetch('./manifest.webmanifest')).json(),
  )) as { name: string; display: string; icons: { sizes: string }[] };
  expect(manifest).toMatchObject({
    name: expect.stringMatching(/^Squiggly/),
    display: 'standalone',
  });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('grid', { name: 'Puzzle grid' })).toBeVisible();
  await importText(page, HDU4069, 0);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(status(page)).toHaveText(/^Unique solution/);
});

test('without the service worker the same offline reload fails (the test above can fail)', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL });
  try {
    const page = await context.newPage();
    await openApp(page);
    await context.setOffline(true);
    await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  } finally {
    await context.close();
  }
});
