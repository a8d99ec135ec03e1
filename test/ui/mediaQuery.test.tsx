/**
 * useMediaQuery follows a query live, and asks matchMedia for its list once, not on every
 * render: React reads the snapshot on each render and after each store update.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { useMediaQuery } from '../../src/ui/mediaQuery.ts';

/** A matchMedia whose lists all answer `matches`, counting the lists made. */
function stubMatchMedia() {
  const stub = { made: 0, matches: false, listeners: new Set<() => void>() };
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => {
    stub.made++;
    return {
      get matches() {
        return stub.matches;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => {
        stub.listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: () => void) => {
        stub.listeners.delete(listener);
      },
    } as unknown as Partial<MediaQueryList>;
  });
  return stub;
}

function Probe() {
  const narrow = useMediaQuery('(max-width: 1px)');
  const [renders, setRenders] = useState(0);
  return (
    <button type="button" onClick={() => setRenders(renders + 1)}>
      {narrow ? 'narrow' : 'wide'} {renders}
    </button>
  );
}

describe('useMediaQuery', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes one list for a query however often it renders, and follows its changes', () => {
    const stub = stubMatchMedia();
    render(<Probe />);
    const button = screen.getByRole('button');
    for (let i = 0; i < 5; i++) act(() => button.click());
    expect(button).toHaveTextContent('wide 5');
    expect(stub.made).toBe(1);
    stub.matches = true;
    act(() => stub.listeners.forEach((listener) => listener()));
    expect(button).toHaveTextContent('narrow 5');
    expect(stub.made).toBe(1);
  });
});
