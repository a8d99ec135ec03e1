/**
 * Accessibility of the main screens, checked by axe-core inside the page: no serious or critical
 * violations, each screen in the light and the dark colour scheme. Every violation found is
 * printed, whatever its impact.
 */
import { expect, test } from '@playwright/test';
import { expectNoSerious, importText, openApp, readRepoFile, setMode, status } from './helpers.ts';

test('the main screen in each mode', async ({ page }) => {
  await openApp(page);
  await expectNoSerious(page, 'start (Draw walls)');
  await setMode(page, 'Paint regions');
  await expectNoSerious(page, 'Paint regions');
  await setMode(page, 'Enter digits');
  await expectNoSerious(page, 'Enter digits');
});

test('the dialogs: New, Import, Export', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSerious(page, 'New dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('textbox', { name: 'Puzzle text' })
    .fill(readRepoFile('examples/hdu4069.in'));
  // The case list shows as soon as the input is read, before any Load press.
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Case' })).toBeVisible();
  await expectNoSerious(page, 'Import dialog, choosing a case');
  await page.getByRole('dialog').getByRole('button', { name: 'Open batch view' }).click();
  const batch = page.getByRole('dialog', { name: 'Batch view' });
  await expect(batch.getByRole('status', { name: 'Solving progress' })).toHaveText(/: done\./);
  await expectNoSerious(page, 'Batch view');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSerious(page, 'Export dialog');
});

test('results: solved, multiple solutions, invalid layout', async ({ page }) => {
  await openApp(page);
  const input = readRepoFile('examples/hdu4069.in');
  await importText(page, input, 0);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await expect(status(page)).toHaveText(/^Unique solution/);
  await expectNoSerious(page, 'a unique solution');

  await importText(page, input, 2);
  await page.getByRole('button', { name: 'Check uniqueness', exact: true }).click();
  await expect(status(page)).toHaveText(/^Multiple solutions/);
  await expectNoSerious(page, 'multiple solutions');

  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'Empty grid' }).check();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^(Create|Discard and create)$/ })
    .click();
  await page.getByRole('button', { name: 'Check uniqueness', exact: true }).click();
  await expect(status(page)).toHaveText(/^Layout not ready/);
  await expectNoSerious(page, 'an invalid layout');
});

test('sharing: a link opened over unsaved work, and the full Export dialog', async ({ page }) => {
  await openApp(page);
  await setMode(page, 'Enter digits');
  await page.getByRole('gridcell').first().click();
  await page.keyboard.press('5');
  // A 4×4 puzzle titled "Tiny", as Copy link writes it, opened in this tab over the edit.
  await page.evaluate(
    "location.hash = 'puzzle=1.N4IgziBcAsA0IHMogIwAYOYEwYMwegxHgCdkMV01Kstddb7iQAXZAFQEsA7ATxAC+QA'",
  );
  const confirm = page.getByRole('dialog', { name: 'Open the puzzle from the link?' });
  await expect(confirm).toContainText('"Tiny", 4×4 puzzle');
  await expectNoSerious(page, 'a link opened over unsaved work');
  // My puzzles keeps the edited puzzle, so the button does not say "Discard".
  await confirm.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('gridcell')).toHaveCount(16);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Title' }).fill('Accessible');
  await expectNoSerious(page, 'Export dialog with details, f-puzzles, images and print');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSerious(page, 'Export dialog, dark colour scheme');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('Escape');

  await page.goto('/#puzzle=1.N4IgdghgtgpiBc');
  await expect(page.getByRole('alert')).toContainText('could not be opened');
  await expectNoSerious(page, 'a damaged link');
});

test("the setter's tools: next step, marks, true candidates, Check layout", async ({ page }) => {
  await openApp(page);
  // Several solutions (POJ 3074's first case without r1c5 and r5c9): the fix is offered.
  await importText(
    page,
    '.273...1..1...6735.......293.5692.8.............1745.364.......9518...7..8..6534.',
  );
  const nextStep = page.getByRole('status', { name: 'Next step' });
  await expect(nextStep).toHaveText(/^Make it unique/);
  await page.getByRole('checkbox', { name: /^True candidates/ }).check();
  await expect(page.getByRole('status', { name: 'True candidates result' })).toHaveText(
    /single true candidate/,
  );
  await page.getByRole('button', { name: 'Check layout' }).click();
  await page.getByRole('button', { name: 'Show a filled grid' }).click();
  await expectNoSerious(page, 'make it unique, true candidates, a filled grid');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSerious(page, 'the same, dark colour scheme');
  await page.emulateMedia({ colorScheme: 'light' });

  // Unique after the fix: the redundant clues, marked on the grid.
  await page.getByRole('button', { name: /^Add these \d+ clues$/ }).click();
  await expect(nextStep).toHaveText(/redundant/);
  const mark = page.getByRole('checkbox', { name: 'Mark redundant clues on the grid' });
  if (await mark.isVisible()) await mark.check();
  await expectNoSerious(page, 'redundant clues marked');

  // No solution: the clues that cannot all hold, outlined.
  await setMode(page, 'Enter digits');
  await page.getByRole('gridcell').nth(2).click();
  await page.keyboard.press('Backspace');
  await page.keyboard.press('8');
  await expect(nextStep).toHaveText(/cannot (all|both) hold/);
  await expectNoSerious(page, 'clues that cannot all hold');
});
