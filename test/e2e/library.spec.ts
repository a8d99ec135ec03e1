/**
 * "My puzzles" on the built app, in Chromium's real IndexedDB: a puzzle made here is in the
 * library after a reload and opens from it, also when the page is reloaded the moment New
 * left it, before IndexedDB committed its write; an edit still waiting for the pause is
 * copied to localStorage as the page hides; axe finds no serious or critical violation in the
 * dialog in either colour scheme; Delete, Undo delete and Rename by keyboard leave the focus
 * in the dialog; and on a 360x740 touch screen the dialog fits and every action in it works by
 * tapping.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  cells,
  expectNoSerious,
  makePuzzle,
  openApp,
  PHONE,
  readDigits,
  setMode,
} from './helpers.ts';

async function openLibrary(page: Page) {
  await page.getByRole('button', { name: 'My puzzles' }).click();
  const dialog = page.getByRole('dialog', { name: 'My puzzles' });
  await expect(dialog.getByRole('status').first()).toContainText(/\d+ puzzles?\./);
  return dialog;
}

test('a puzzle made here is in My puzzles after a reload, and opens from it', async ({ page }) => {
  await openApp(page);
  await makePuzzle(page, 'Made here', '5');
  await page.reload();
  await expect(cells(page).first()).toHaveText('5');
  // Start another puzzle, so the first is no longer on screen.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Empty grid' }).check();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Create|Discard and create)$/ })
    .click();
  await expect((await readDigits(page)).join('')).toMatch(/^\.+$/);
  await page.reload();

  const dialog = await openLibrary(page);
  const row = dialog.getByRole('listitem', { name: 'Made here' });
  await expect(row).toContainText('9×9 · 1 clue');
  await row.getByRole('button', { name: 'Open Made here' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(cells(page).first()).toHaveText('5');
  await expect(page.getByRole('row').first().getByRole('gridcell')).toHaveCount(9);
});

test('by keyboard: Delete, Undo delete and Rename keep the focus in the dialog', async ({
  page,
}) => {
  await openApp(page);
  await makePuzzle(page, 'Kept', '5');
  const dialog = await openLibrary(page);
  const row = dialog.getByRole('listitem', { name: 'Kept' });
  await row.getByRole('button', { name: 'Rename Kept' }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(row.getByRole('button', { name: 'Rename Kept' })).toBeFocused();
  await row.getByRole('button', { name: 'Delete Kept' }).focus();
  await page.keyboard.press('Enter');
  const undo = dialog.getByRole('button', { name: 'Undo delete' });
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('listitem', { name: 'Kept' })).toBeVisible();
  // Undo's button is gone: the focus is still in the dialog, where Escape closes it.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

/**
 * Installed before the app's scripts: while `window.holdLibraryWrites` is set, every IndexedDB
 * write transaction is cut off before it commits and the page is never told (no complete,
 * abort or error reaches it), as when the page dies under the write. A reload clears the flag.
 */
function holdLibraryWrites(): void {
  // Typed by hand: the e2e project has no DOM library.
  interface Transaction {
    abort(): void;
    addEventListener(this: Transaction, ...args: unknown[]): void;
  }
  type Open = (this: unknown, ...args: unknown[]) => Transaction;
  const browser = globalThis as unknown as {
    holdLibraryWrites?: boolean;
    IDBDatabase: { prototype: { transaction: Open } };
    IDBTransaction: { prototype: Transaction };
  };
  const held = new WeakSet<Transaction>();
  const transaction = browser.IDBDatabase.prototype.transaction;
  browser.IDBDatabase.prototype.transaction = function (...args) {
    const tx = transaction.apply(this, args);
    if (browser.holdLibraryWrites && args[1] === 'readwrite') {
      held.add(tx);
      // After this task's requests are issued, before the transaction can commit.
      queueMicrotask(() => tx.abort());
    }
    return tx;
  };
  const listen = browser.IDBTransaction.prototype.addEventListener;
  browser.IDBTransaction.prototype.addEventListener = function (...args) {
    if (!held.has(this)) listen.apply(this, args);
  };
}

test('a puzzle left by New is in My puzzles when the page reloads at once', async ({ page }) => {
  await page.addInitScript(holdLibraryWrites);
  await openApp(page);
  // From here on no library write commits: only what survives the page can bring it back.
  await page.evaluate(() => {
    (globalThis as unknown as { holdLibraryWrites: boolean }).holdLibraryWrites = true;
  });
  await makePuzzle(page, 'Left at once', '6');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Empty grid' }).check();
  // The words say it stays in My puzzles, and the button does not say "Discard".
  await expect(page.getByRole('dialog')).toContainText(
    'stays in My puzzles, with its latest changes',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Create', exact: true }).click();
  await page.reload();
  await expect((await readDigits(page)).join('')).toMatch(/^\.+$/);

  const dialog = await openLibrary(page);
  const row = dialog.getByRole('listitem', { name: 'Left at once' });
  await expect(row).toContainText('9×9 · 1 clue');
  await row.getByRole('button', { name: 'Open Left at once' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(cells(page).first()).toHaveText('6');
});

test('an edit still waiting for the pause is copied as the page hides', async ({ page }) => {
  const start = new Date('2026-01-01T12:00:00Z');
  await page.clock.install({ time: start });
  await openApp(page);
  // Time stops: the library's pause after an edit never ends on its own.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  const pendingFirstClue = () =>
    page.evaluate(() => {
      const { localStorage } = globalThis as unknown as {
        localStorage: { getItem(key: string): string | null };
      };
      const raw = localStorage.getItem('squiggly-library-pending');
      if (raw === null) return null;
      const { copies } = JSON.parse(raw) as { copies: { board: { givens: number[] } }[] };
      return copies.map((copy) => copy.board.givens[0]);
    });
  await setMode(page, 'Enter digits');
  await cells(page).first().click();
  await page.keyboard.press('9');
  await expect(cells(page).first()).toHaveText('9');
  expect(await pendingFirstClue()).toBeNull();
  // The copy is taken within the event itself (the write after it may not get to run).
  const copied = await page.evaluate(() => {
    const scope = globalThis as unknown as {
      dispatchEvent(event: unknown): void;
      Event: new (type: string) => unknown;
      localStorage: { getItem(key: string): string | null };
    };
    scope.dispatchEvent(new scope.Event('pagehide'));
    const raw = scope.localStorage.getItem('squiggly-library-pending');
    return raw && (JSON.parse(raw) as { copies: { board: { givens: number[] } }[] }).copies;
  });
  expect(copied && copied.map((copy) => copy.board.givens[0])).toEqual([9]);
  // Its write completes (IndexedDB needs no timers), and the copy goes.
  await expect.poll(pendingFirstClue).toBeNull();
});

test('axe: no serious or critical violations in My puzzles, light and dark', async ({ page }) => {
  await openApp(page);
  await makePuzzle(page, 'First', '3');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Create|Discard and create)$/ })
    .click();
  await makePuzzle(page, 'Second', '4');
  const dialog = await openLibrary(page);
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Delete First' }).click();
  await expect(dialog.getByRole('button', { name: 'Undo delete' })).toBeVisible();
  await expectNoSerious(page, 'My puzzles');
});

test.describe('on a phone (360x740, touch)', () => {
  test.use(PHONE);

  test('the dialog fits and works by tapping', async ({ page }) => {
    await openApp(page);
    await makePuzzle(page, 'Pocket', '2');
    await page.getByRole('button', { name: 'New', exact: true }).tap();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Create|Discard and create)$/ })
      .tap();
    await makePuzzle(page, 'Travel', '7');

    await page.getByRole('button', { name: 'My puzzles' }).tap();
    const dialog = page.getByRole('dialog', { name: 'My puzzles' });
    await expect(dialog.getByRole('listitem')).toHaveCount(2);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);

    await dialog.getByRole('button', { name: 'Rename Pocket' }).tap();
    await dialog.getByRole('textbox', { name: 'New title for Pocket' }).fill('Pocket sized');
    await dialog.getByRole('button', { name: 'Save title' }).tap();
    await expect(dialog.getByRole('listitem', { name: 'Pocket sized' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Delete Pocket sized' }).tap();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Undo delete' }).tap();
    await expect(dialog.getByRole('listitem')).toHaveCount(2);

    await dialog.getByRole('searchbox', { name: 'Search by title or author' }).fill('pocket');
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    // Every button in the row is inside the screen and big enough to tap.
    for (const name of ['Open', 'Duplicate', 'Rename', 'Delete']) {
      const button = (await dialog
        .getByRole('button', { name: `${name} Pocket sized` })
        .boundingBox())!;
      expect(button.x + button.width).toBeLessThanOrEqual(360);
      expect(button.height).toBeGreaterThanOrEqual(32);
    }
    const overflow = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
          .document.documentElement.scrollWidth,
    );
    expect(overflow).toBeLessThanOrEqual(360);

    await dialog.getByRole('button', { name: 'Open Pocket sized' }).tap();
    // "Travel" on screen was never exported: the app asks first, as New and Import do.
    await page
      .getByRole('dialog', { name: 'Open "Pocket sized"?' })
      .getByRole('button', { name: 'Open it' })
      .tap();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(cells(page).first()).toHaveText('2');
  });
});
