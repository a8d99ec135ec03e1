/** Clues, the uniqueness check and the three verdicts, on layouts made in the page. */
import { expect, test, type Page } from '@playwright/test';
import {
  checkSolution,
  drawWalls,
  enterClues,
  jigsawLine,
  newPuzzle,
  openApp,
  readDigits,
  setMode,
  status,
} from './helpers.ts';

const puzzle = jigsawLine(1);

const press = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();

/** Draws line 1's layout on an empty grid and enters its clues, all with the mouse and keys. */
async function buildLine1(page: Page): Promise<void> {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await setMode(page, 'Draw walls');
  await drawWalls(page, 9, puzzle.regions);
  await setMode(page, 'Enter digits');
  await enterClues(page, puzzle.givens);
  const expected = Array.from({ length: 9 }, (_, r) =>
    puzzle.givens
      .slice(r * 9, r * 9 + 9)
      .map((d) => (d ? String(d) : '.'))
      .join(''),
  );
  expect(await readDigits(page)).toEqual(expected);
}

test('drawn layout + typed clues: Check uniqueness says "Unique solution", Solve fills it', async ({
  page,
}) => {
  await buildLine1(page);
  await press(page, 'Check uniqueness');
  await expect(status(page)).toHaveText(/^Unique solution/);

  await press(page, 'Solve');
  await expect(status(page)).toHaveText(/^Unique solution/);
  const solved = await readDigits(page);
  expect(solved.join('')).not.toContain('.');
  expect(checkSolution(solved, puzzle.regions, puzzle.givens)).toEqual([]);
});

test('a wrong clue that clashes with none: "No solution" after a search', async ({ page }) => {
  await buildLine1(page);
  await press(page, 'Solve');
  await expect(status(page)).toHaveText(/^Unique solution/);
  const solution = (await readDigits(page)).join('');

  // An empty cell, and a digit that is not its answer and not a clue in its row, column or
  // region: no clue clashes, yet the puzzle (whose only solution it contradicts) has none.
  const peers = (cell: number) =>
    puzzle.givens.flatMap((d, other) =>
      other !== cell &&
      (Math.floor(other / 9) === Math.floor(cell / 9) ||
        other % 9 === cell % 9 ||
        puzzle.regions[other] === puzzle.regions[cell])
        ? [d]
        : [],
    );
  let cell = -1;
  let digit = 0;
  for (let c = 0; c < 81 && cell < 0; c++) {
    if (puzzle.givens[c]) continue;
    const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].find(
      (d) => d !== Number(solution[c]) && !peers(c).includes(d),
    );
    if (free) [cell, digit] = [c, free];
  }
  expect(cell).toBeGreaterThanOrEqual(0);

  await setMode(page, 'Enter digits');
  const givens = puzzle.givens.slice();
  givens[cell] = digit;
  await enterClues(
    page,
    givens.map((d, c) => (c === cell ? d : 0)),
  );
  await press(page, 'Check uniqueness');
  await expect(status(page)).toHaveText(/^No solution/);
  await expect(status(page)).not.toContainText('clash directly:');
});

test('clues that clash directly: "No solution", naming the clash', async ({ page }) => {
  await openApp(page);
  await setMode(page, 'Enter digits');
  const givens = new Array<number>(81).fill(0);
  givens[0] = 5; // r1c1
  givens[8] = 5; // r1c9: same row
  await enterClues(page, givens);
  await press(page, 'Check uniqueness');
  await expect(status(page)).toHaveText(/^No solution/);
  await expect(status(page)).toContainText('5 twice');
});

test('too few clues: "Multiple solutions", with a second solution shown', async ({ page }) => {
  await openApp(page);
  await setMode(page, 'Enter digits');
  // Line 1's first row of clues on the standard boxes: far too few for one answer.
  await enterClues(
    page,
    puzzle.givens.map((d, c) => (c < 9 ? d : 0)),
  );
  // Check uniqueness says so without revealing a solution.
  await press(page, 'Check uniqueness');
  await expect(status(page)).toHaveText(/^Multiple solutions: at least 2\. Two of them differ/);
  await expect(page.getByRole('table', { name: /Solution 2/ })).toHaveCount(0);
  expect((await readDigits(page)).join('')).toContain('.');
  // Solve shows two.
  await press(page, 'Solve');
  await expect(status(page)).toHaveText(/^Multiple solutions/);
  await expect(page.getByRole('table', { name: /Solution 2/ })).toBeVisible();
  // The grid shows a complete first solution.
  const shown = await readDigits(page);
  expect(shown.join('')).not.toContain('.');
});

test('an unfinished layout: "Layout not ready: …"', async ({ page }) => {
  await openApp(page);
  await newPuzzle(page, 'Empty grid');
  await press(page, 'Check uniqueness');
  await expect(status(page)).toHaveText(/^Layout not ready: .+/);
  await press(page, 'Solve');
  await expect(status(page)).toHaveText(/^Layout not ready: .+/);
});

test('Count solutions counts up to the limit', async ({ page }) => {
  await openApp(page);
  await setMode(page, 'Enter digits');
  await enterClues(
    page,
    puzzle.givens.map((d, c) => (c < 9 ? d : 0)),
  );
  await page.getByRole('spinbutton', { name: 'Solution limit' }).fill('50');
  await press(page, 'Count solutions');
  await expect(status(page)).toHaveText(/^Multiple solutions: at least 50\b/);
});
