/**
 * A dead solver worker is reported, never a hang (issue 13): a worker killed in the middle of a
 * count, and a worker whose script cannot be loaded, each end the run within 2 s with a message
 * that says nothing was lost; the next Solve gets a fresh worker.
 *
 * The kill is real: Chromium's DevTools protocol stops the worker's script where it is
 * (Runtime.terminateExecution), so the search never answers and never beats again, as after a
 * crash. The blocked script is a route that fails the worker's request.
 */
import { expect, test, type Page } from '@playwright/test';
import { cells, openApp, status, verdict } from './helpers.ts';

const WORKER_SCRIPT = /solver\.worker[^/]*\.js/;
const STOPPED = /The solver stopped unexpectedly .*nothing was lost\. Try again\./;

/**
 * Stops the script running in every worker of the solver's script (the solver's, and the
 * setter's tools' when they run), as a crash would: the one counting is among them.
 */
async function killWorker(page: Page): Promise<void> {
  const cdp = await page.context().browser()!.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { targetId: string; type: string; url: string }[];
  };
  const workers = targetInfos.filter((t) => t.type === 'worker' && WORKER_SCRIPT.test(t.url));
  expect(workers.length, 'the solver worker is running').toBeGreaterThan(0);
  for (const worker of workers) {
    const { sessionId } = (await cdp.send('Target.attachToTarget', {
      targetId: worker.targetId,
      flatten: false,
    })) as { sessionId: string };
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 1, method: 'Runtime.terminateExecution' }),
    });
  }
  await cdp.detach();
}

test('a worker killed in the middle of a count is reported, and the next run works', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Size' }).selectOption('16');
  await expect(cells(page)).toHaveCount(256);
  const limit = page.getByRole('spinbutton', { name: 'Solution limit' });
  await limit.fill('1000000');
  await limit.blur();
  await page.getByRole('button', { name: 'Count solutions', exact: true }).click();
  // The run's own progress (the live verdict also names guesses): the count is under way.
  await expect(page.getByText(/[\d,]+ guesses, [\d,]+ solutions? so far/)).toBeVisible();

  await killWorker(page);
  const killedAt = Date.now();
  await expect(status(page)).toHaveText(STOPPED, { timeout: 2_000 });
  expect(Date.now() - killedAt).toBeLessThan(2_000);
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeHidden();

  await page.getByRole('button', { name: 'Check uniqueness', exact: true }).click();
  await expect(status(page)).toHaveText(/^Multiple solutions/);
});

test('a worker script that cannot be loaded is reported, and Solve works once it loads', async ({
  page,
}) => {
  // Blocked before the page starts its first worker (the live check on load).
  await page.route(WORKER_SCRIPT, (route) => route.abort());
  await openApp(page);
  // The check starts 300 ms after load, then fails like any run: within 2 s.
  await expect(verdict(page)).toHaveText(/^Not checked: The solver stopped unexpectedly/, {
    timeout: 2_300,
  });
  const check = page.getByRole('button', { name: 'Check uniqueness', exact: true });
  await check.click();
  await expect(status(page)).toHaveText(STOPPED, { timeout: 2_000 });

  // Still blocked: every try is reported, and after three in a row the page says why.
  await check.click();
  await expect(status(page)).toHaveText(/^Solving is unavailable: the solver failed 3 times/, {
    timeout: 2_000,
  });

  await page.unroute(WORKER_SCRIPT);
  await check.click();
  await expect(status(page)).toHaveText(/^Multiple solutions/);
});
