/**
 * The on-screen help speaks of taps on touch screens and of clicks with a mouse; dialogs do not
 * open the on-screen keyboard by focusing a text field on touch screens.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseMode, renderApp } from './harness.tsx';

/** A matchMedia that answers the touch query with `coarse`. */
function pointerIs(coarse: boolean): void {
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: coarse && /pointer: coarse|hover: none/.test(query),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('the mode help', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says "click" with a mouse', async () => {
    pointerIs(false);
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    expect(h.grid()).toHaveAccessibleDescription(/Click right on a line to toggle that one wall/);
    await chooseMode(h.user, 'Enter digits');
    expect(h.grid()).toHaveAccessibleDescription(/^Click a cell or move with the arrow keys/);
  });

  it('says "tap" on a touch screen', async () => {
    pointerIs(true);
    const h = renderApp();
    await chooseMode(h.user, 'Draw walls');
    expect(h.grid()).toHaveAccessibleDescription(/Tap right on a line to toggle that one wall/);
    expect(h.grid()).toHaveAccessibleDescription(/a tap inside a cell selects it/);
    expect(h.grid()).not.toHaveAccessibleDescription(/[Cc]lick/);
    await chooseMode(h.user, 'Paint regions');
    expect(h.grid()).not.toHaveAccessibleDescription(/[Cc]lick/);
    await chooseMode(h.user, 'Enter digits');
    expect(h.grid()).toHaveAccessibleDescription(/^Tap a cell/);
    expect(screen.getByText(/^Tap a cell, then use the digit pad/)).toBeVisible();
  });

  it('in Play on a 16x16 grid says how to type 10 to 16', async () => {
    pointerIs(false);
    const h = renderApp();
    await chooseMode(h.user, 'Play');
    expect(h.grid()).not.toHaveAccessibleDescription(/A–G/);
    await h.user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), '16');
    expect(h.grid()).toHaveAccessibleDescription(/then type a digit \(A–G for 10–16\);/);
  });
});

describe('dialogs and the on-screen keyboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a touch screen a dialog takes the focus itself, not its first text field', async () => {
    pointerIs(true);
    const h = renderApp();
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    expect(screen.getByRole('dialog', { name: 'Export the puzzle' })).toHaveFocus();
  });

  it('with a mouse it focuses its first field', async () => {
    pointerIs(false);
    const h = renderApp();
    await h.user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = screen.getByRole('dialog', { name: 'Export the puzzle' });
    expect(dialog).not.toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement?.tagName).toMatch(/^(INPUT|TEXTAREA|SELECT|BUTTON)$/);
  });
});
