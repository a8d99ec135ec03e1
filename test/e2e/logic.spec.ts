/**
 * The logic panel and the setter's generator in the built app (issue 15, "In the app"): a hint
 * on a real puzzle, Apply step and Undo, Solve by logic to the end, and a hard symmetric 9x9
 * generated in the worker with its rating.
 */
import { expect, test, type Page } from '@playwright/test';
import { cells, importText, openApp, readDigits } from './helpers.ts';

// A newspaper-easy standard 9x9 (POJ 3074 line); singles solve it.
const EASY = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';

const panel = (page: Page) => page.getByRole('region', { name: 'Logic' });
const explanation = (page: Page) => page.locator('#logic-explanation');

async function openEasy(page: Page): Promise<void> {
  await openApp(page);
  await importText(page, `${EASY}\nend\n`);
  await expect(cells(page).nth(1)).toHaveText('2');
}

test('a hint shows its explanation and its cells on the grid', async ({ page }) => {
  await openEasy(page);
  await panel(page).getByRole('button', { name: 'Hint' }).click();
  await expect(explanation(page)).toHaveText(/^Next step \(hidden single\): .*r\dc\d/);
  const overlay = page.getByTestId('logic-overlay');
  await expect(overlay.locator('.logic-placed')).toHaveCount(1);
  await expect(overlay.locator('.logic-placed')).toBeVisible();
  await expect(overlay.locator('.logic-pattern').first()).toBeVisible();
});

test('Apply step places a deduced digit; Undo takes it back', async ({ page }) => {
  await openEasy(page);
  await panel(page).getByRole('button', { name: 'Hint' }).click();
  await expect(explanation(page)).toHaveText(/^Next step/);
  const before = await readDigits(page);
  await panel(page).getByRole('button', { name: 'Apply step' }).click();
  const deduced = page.getByRole('gridcell', { name: /deduced \d$/ });
  await expect(deduced).toHaveCount(1);
  const after = await readDigits(page);
  expect(after.join('').replace(/\./g, '').length).toBe(
    before.join('').replace(/\./g, '').length + 1,
  );
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(deduced).toHaveCount(0);
  expect(await readDigits(page)).toEqual(before);
});

test('Solve by logic lists the steps to the end of an easy puzzle', async ({ page }) => {
  await openEasy(page);
  await panel(page).getByRole('button', { name: 'Solve by logic' }).click();
  await expect(panel(page).getByText(/^Solved by logic in \d+ steps\.$/)).toBeVisible();
  // The grid shows where logic got to: every empty cell filled as deduced.
  const deduced = page.getByRole('gridcell', { name: /deduced \d$/ });
  await expect(deduced).toHaveCount(EASY.replace(/[^.]/g, '').length);
  expect((await readDigits(page)).join('')).not.toContain('.');
  const steps = panel(page).getByRole('list', { name: 'Logic steps' }).getByRole('button');
  expect(await steps.count()).toBeGreaterThan(40);
  const last = steps.last();
  await last.click();
  await expect(last).toHaveAttribute('aria-current', 'step');
  // The last step is drawn on the position before it: one cell left to fill.
  await expect(deduced).toHaveCount(EASY.replace(/[^.]/g, '').length - 1);
  await expect(explanation(page)).toHaveText(/^Step \d+ \(/);
});

test('by keyboard the focus stays on the panel: back after a run, on to Hint or Redo', async ({
  page,
}) => {
  await openEasy(page);
  const button = (name: string) => panel(page).getByRole('button', { name, exact: true });
  // Disabled while it runs, Solve by logic gets the focus back when it is done.
  await button('Solve by logic').focus();
  await page.keyboard.press('Enter');
  await expect(panel(page).getByText(/^Solved by logic in \d+ steps\.$/)).toBeVisible();
  await expect(button('Solve by logic')).toBeFocused();
  // Applied, the step's button stays disabled: the focus goes on to Hint.
  await button('Hint').focus();
  await page.keyboard.press('Enter');
  await expect(explanation(page)).toHaveText(/^Next step/);
  await expect(button('Hint')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(button('Apply step')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(button('Apply step')).toBeDisabled();
  await expect(button('Hint')).toBeFocused();
  // Undone to the first step (the applied step, then the import), Undo is disabled: the
  // focus goes on to Redo.
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  await undo.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('gridcell', { name: /deduced \d$/ })).toHaveCount(0);
  await expect(undo).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(undo).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Redo', exact: true })).toBeFocused();
});

test('a hard 9x9 with a symmetric layout and clues is generated and rated', async ({ page }) => {
  test.setTimeout(120_000);
  await openApp(page);
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /^Puzzle with options/ }).check();
  await dialog.getByRole('radio', { name: 'Random symmetric jigsaw (180°)' }).check();
  await dialog.getByRole('radio', { name: '180° rotation' }).check();
  await dialog.getByRole('checkbox', { name: /^Minimal/ }).uncheck();
  await dialog.getByRole('combobox', { name: 'Difficulty' }).selectOption('hard');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden({ timeout: 90_000 });
  await expect(
    panel(page).getByText(
      /^Rated hard \(\d\.\d on the Sudoku Explainer scale\): hardest technique /,
    ),
  ).toBeVisible();
  // A hard puzzle takes singles and harder steps: the panel counts them per technique.
  await expect(panel(page).getByText(/^Steps by technique: .+, .+\.$/)).toBeVisible();
  // The clues are symmetric under a half turn.
  const digits = (await readDigits(page)).join('');
  for (let cell = 0; cell < 81; cell++) {
    expect(digits[cell] === '.', `cell ${cell}`).toBe(digits[80 - cell] === '.');
  }
});

// One of the forum's hardest puzzles (Sudoku Explainer 11+): only nested forcing chains
// finish it. The worker keeps beating through the long searches, so nothing is lost.
const HARDEST = '........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3';

test('the hardest puzzles are solved by logic to the end and rated extreme', async ({ page }) => {
  await openApp(page);
  await importText(page, `${HARDEST}\nend\n`);
  await expect(cells(page).nth(8)).toHaveText('8');
  await panel(page).getByRole('button', { name: 'Solve by logic' }).click();
  await expect(panel(page).getByText(/^Solved by logic in \d+ steps\.$/)).toBeVisible({
    timeout: 60_000,
  });
  expect((await readDigits(page)).join('')).not.toContain('.');
  const steps = panel(page).getByRole('list', { name: 'Logic steps' });
  await expect(steps.getByRole('button', { name: /nested forcing chain/ }).first()).toBeVisible();
  // A rating can also follow the unique verdict by itself, and once there, Rate difficulty is
  // disabled (it would change nothing): the press is for when it has not come yet.
  const rate = panel(page).getByRole('button', { name: 'Rate difficulty' });
  if (await rate.isEnabled()) await rate.click({ timeout: 2_000 }).catch(() => {});
  await expect(
    panel(page).getByText(
      /^Rated extreme \((9|1\d)\.\d on the Sudoku Explainer scale\): hardest technique nested forcing chain/,
    ),
  ).toBeVisible({ timeout: 60_000 });
  await expect(rate).toBeDisabled();
});
