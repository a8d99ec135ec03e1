/**
 * An f-puzzles killer jigsaw pasted into Import, in the built app: the jigsaw's regions and
 * its killer cage are loaded together, the cage is drawn on the grid (its dashed outline
 * and its sum, in the constraint layer over the walls), and no notice says the puzzle was
 * opened without anything. The component tests (test/ui/importConstraints.test.tsx) check
 * the store; this checks that what the store holds reaches the page's drawing.
 */
import { expect, test } from '@playwright/test';
import { compressToBase64 } from '../../src/formats/lz.ts';
import { importText, openApp, readRegions, samePartition } from './helpers.ts';

/** A 4x4 jigsaw that can be filled, region by cell in reading order (import.test.tsx's). */
const REGIONS = [0, 0, 1, 2, 0, 0, 1, 2, 3, 3, 1, 2, 3, 3, 1, 2];
const KILLER_JIGSAW = compressToBase64(
  JSON.stringify({
    size: 4,
    title: 'Killer jigsaw',
    grid: Array.from({ length: 4 }, (_, row) =>
      Array.from({ length: 4 }, (_, col) => ({ region: REGIONS[row * 4 + col] })),
    ),
    killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }],
  }),
);

test('an f-puzzles killer jigsaw opens with its cage drawn', async ({ page }) => {
  await openApp(page);
  await importText(page, KILLER_JIGSAW);
  expect(samePartition(await readRegions(page), REGIONS)).toBe(true);
  const over = page.locator('.constraint-over');
  // The cage's dashed outline, and its sum.
  await expect(over.locator('path[style*="stroke-dasharray"]')).toHaveCount(1);
  await expect(over.locator('text')).toHaveText(['3']);
  await expect(page.getByText(/Opened without/)).toHaveCount(0);
});
