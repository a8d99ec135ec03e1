/**
 * A CSS media query followed live from React, for what the page renders differently by width
 * (not only how it looks): e.g. a result said again under the grid when the panels are below
 * it. Without matchMedia (tests in jsdom, old browsers) every query is false, as on a wide
 * screen.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** One column: the panels below the grid instead of beside it (app.css, 56rem). */
export const ONE_COLUMN = '(max-width: 56rem)';

/**
 * One MediaQueryList per query, kept: React reads the snapshot on every render and after
 * every store update, and each matchMedia call makes a new list and evaluates the query
 * again. Made anew only if matchMedia itself is replaced (a test's stub).
 */
const lists = new Map<string, { from: Window['matchMedia']; list: MediaQueryList }>();

/** The page's list for `query`, or null without matchMedia. */
const mediaQueryList = (query: string): MediaQueryList | null => {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  const kept = lists.get(query);
  if (kept !== undefined && kept.from === window.matchMedia) return kept.list;
  const list = window.matchMedia(query);
  lists.set(query, { from: window.matchMedia, list });
  return list;
};

/** Whether `query` matches now (outside React, or in an effect). */
export const mediaMatches = (query: string): boolean => mediaQueryList(query)?.matches ?? false;

/** Whether `query` matches now, re-rendering when that changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaMatches(query),
    () => false,
  );
}

/**
 * A phone: narrow, or a one-column page in a short window (a phone turned sideways). In Play
 * the toolbar folds behind Menu there, so the grid and the pad have the screen (App.tsx).
 */
export const PHONE = '(max-width: 40rem), (max-width: 56rem) and (max-height: 32rem)';
