/** The on-screen help speaks of taps on touch screens and of clicks with a mouse. */
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
});
