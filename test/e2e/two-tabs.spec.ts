/**
 * Two tabs of the built app in one browser context (one localStorage, one IndexedDB, one
 * BroadcastChannel), each scenario of issue 36's item 2: both tabs edit one puzzle and reload
 * (nothing either typed is lost); a second tab that reloads keeps its own puzzle and undo
 * history; a rename in one tab is not reverted by the other's next digit; a delete in one is
 * not undone by the other's next digit, and Undo delete writes nothing over the newer edit;
 * and a tab that opens the puzzle another is editing says so (Take over here, Open a copy).
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { cells, makePuzzle, openApp, setMode } from './helpers.ts';

/** Type `digit` into cell `index` (row by row from 0) in Enter digits. */
async function typeDigit(page: Page, index: number, digit: string): Promise<void> {
  await setMode(page, 'Enter digits');
  await cells(page).nth(index).click();
  await page.keyboard.press(digit);
  await expect(cells(page).nth(index)).toHaveText(digit);
}

/** My puzzles, open (which first writes the puzzle on screen) and listed. */
async function openLibrary(page: Page) {
  await page.getByRole('button', { name: 'My puzzles' }).click();
  const dialog = page.getByRole('dialog', { name: 'My puzzles' });
  await expect(dialog.getByRole('status').first()).toContainText(/\d+ puzzles?\./);
  return dialog;
}

/** Each listed puzzle's title and clue count, sorted. */
async function listed(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'My puzzles' });
  const rows = await dialog.getByRole('listitem').all();
  const out: string[] = [];
  for (const row of rows) {
    const name = await row.getAttribute('aria-label');
    const clues = /(\d+) clues?/.exec(await row.innerText())?.[1];
    out.push(`${name}: ${clues}`);
  }
  return out.sort();
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

/** Two tabs on one puzzle "Shared" (clue 5 in r1c1): the second restored the first's work. */
async function twoTabsOnShared(context: BrowserContext): Promise<[Page, Page]> {
  const one = await context.newPage();
  await openApp(one);
  await makePuzzle(one, 'Shared', '5');
  await openLibrary(one);
  await closeDialog(one);
  const two = await context.newPage();
  await openApp(two);
  await expect(cells(two).first()).toHaveText('5');
  return [one, two];
}

const R1C2 = 1;
const R9C9 = 80;

test('both tabs edit one puzzle and reload: nothing either typed is lost', async ({ context }) => {
  const [one, two] = await twoTabsOnShared(context);
  await typeDigit(one, R1C2, '3');
  await openLibrary(one); // Written now.
  await closeDialog(one);
  await typeDigit(two, R9C9, '4');
  await openLibrary(two);
  await expect.poll(() => listed(two)).toEqual(['Shared (copy): 2', 'Shared: 2']);
  await expect(
    two.getByRole('alert').filter({ hasText: 'Another tab changed “Shared”' }),
  ).toContainText('your version was kept as a copy: “Shared (copy)”');
  await closeDialog(two);

  await one.reload();
  await two.reload();
  await expect(cells(one).nth(R1C2)).toHaveText('3');
  await expect(cells(one).nth(R9C9)).toHaveText('');
  await expect(cells(two).nth(R9C9)).toHaveText('4');
  await expect(cells(two).nth(R1C2)).toHaveText('');
  await openLibrary(one);
  await expect.poll(() => listed(one)).toEqual(['Shared (copy): 2', 'Shared: 2']);
});

test('a second tab that reloads keeps its own puzzle and undo history', async ({ context }) => {
  const [one, two] = await twoTabsOnShared(context);
  await two.getByRole('button', { name: 'New', exact: true }).click();
  await two.getByRole('dialog').getByRole('radio', { name: 'Empty grid' }).check();
  await two
    .getByRole('dialog')
    .getByRole('button', { name: /^(Create|Discard and create)$/ })
    .click();
  await typeDigit(two, R9C9, '7');
  await typeDigit(two, R1C2, '8');
  // The first tab goes on after it: the shared autosave is the first tab's again.
  await typeDigit(one, R1C2, '3');

  await two.reload();
  await expect(cells(two).nth(R9C9)).toHaveText('7');
  await expect(cells(two).nth(R1C2)).toHaveText('8');
  await expect(cells(two).first()).toHaveText('');
  // Its own history: Undo takes back its own last digit.
  await two.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(cells(two).nth(R1C2)).toHaveText('');
  await expect(cells(two).nth(R9C9)).toHaveText('7');
  await one.reload();
  await expect(cells(one).nth(R1C2)).toHaveText('3');
  await expect(cells(one).first()).toHaveText('5');
});

test('a rename in one tab is not reverted by the other tab’s next digit', async ({ context }) => {
  const [one, two] = await twoTabsOnShared(context);
  const dialog = await openLibrary(one);
  await dialog.getByRole('button', { name: 'Rename Shared' }).click();
  await dialog.getByRole('textbox', { name: 'New title for Shared' }).fill('Renamed');
  await dialog.getByRole('button', { name: 'Save title' }).click();
  await expect(dialog.getByRole('listitem', { name: 'Renamed' })).toBeVisible();
  await closeDialog(one);

  await typeDigit(two, R9C9, '4');
  await openLibrary(two);
  await expect.poll(() => listed(two)).toEqual(['Renamed: 2']);
  await closeDialog(two);
  await one.reload();
  await openLibrary(one);
  await expect.poll(() => listed(one)).toEqual(['Renamed: 2']);
});

test('a delete in one tab is not undone by the other tab’s next digit', async ({ context }) => {
  const [one, two] = await twoTabsOnShared(context);
  const dialog = await openLibrary(one);
  await dialog.getByRole('button', { name: 'Delete Shared' }).click();
  await expect(dialog.getByRole('button', { name: 'Undo delete' })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(0);

  await typeDigit(two, R9C9, '4');
  await openLibrary(two);
  await expect.poll(() => listed(two)).toEqual(['Shared (copy): 2']);
  // Told at once, and again when the digit was kept as a copy.
  await expect(
    two.getByRole('alert').filter({ hasText: 'was deleted in another tab' }),
  ).toContainText(
    '“Shared” was deleted in another tab; your version was kept as a copy: “Shared (copy)”.',
  );
  // The first tab's list follows: the deleted puzzle stays deleted.
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await expect.poll(() => listed(one)).toEqual(['Shared (copy): 2']);
  await closeDialog(two);
  await two.reload();
  await expect(cells(two).nth(R9C9)).toHaveText('4');
  await openLibrary(two);
  await expect.poll(() => listed(two)).toEqual(['Shared (copy): 2']);
});

test('Undo delete writes nothing over the other tab’s newer edit', async ({ context }) => {
  const [one, two] = await twoTabsOnShared(context);
  const dialog = await openLibrary(one);
  await dialog.getByRole('button', { name: 'Delete Shared' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(0);
  await typeDigit(two, R9C9, '4');
  await openLibrary(two);
  await closeDialog(two);

  await dialog.getByRole('button', { name: 'Undo delete' }).click();
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => listed(one)).toEqual(['Shared (copy): 2', 'Shared: 1']);
  await two.reload();
  await expect(cells(two).nth(R9C9)).toHaveText('4');
  await openLibrary(two);
  await expect.poll(() => listed(two)).toEqual(['Shared (copy): 2', 'Shared: 1']);
});

test('a tab opening the puzzle another tab edits says so; Take over here', async ({ context }) => {
  const [one, two] = await twoTabsOnShared(context);
  const notice = two.getByRole('alert').filter({ hasText: 'is open in another tab' });
  await expect(notice).toHaveText(/“Shared” is open in another tab/);
  await notice.getByRole('button', { name: 'Take over here' }).click();
  await expect(notice).toBeHidden();
  await expect(
    one.getByRole('alert').filter({ hasText: '“Shared” is now edited in another tab' }),
  ).toBeVisible();
  await typeDigit(two, R9C9, '4');
  await openLibrary(two);
  await expect.poll(() => listed(two)).toEqual(['Shared: 2']);
  await closeDialog(two);
  // The first tab let it go: its next digit is kept as a copy, the second tab's work stays.
  await typeDigit(one, R1C2, '3');
  await openLibrary(one);
  await expect.poll(() => listed(one)).toEqual(['Shared (copy): 2', 'Shared: 2']);
});

test('Open a copy: the tab goes on with a copy, the other keeps the puzzle', async ({
  context,
}) => {
  const [one, two] = await twoTabsOnShared(context);
  const notice = two.getByRole('alert').filter({ hasText: 'is open in another tab' });
  await notice.getByRole('button', { name: 'Open a copy' }).click();
  await expect(notice).toBeHidden();
  await typeDigit(two, R9C9, '4');
  await typeDigit(one, R1C2, '3');
  await openLibrary(two);
  await closeDialog(two);
  await openLibrary(one);
  await expect.poll(() => listed(one)).toEqual(['Shared (copy): 2', 'Shared: 2']);
  await closeDialog(one);
  await one.reload();
  await expect(cells(one).nth(R9C9)).toHaveText('');
  await expect(cells(one).nth(R1C2)).toHaveText('3');
});
