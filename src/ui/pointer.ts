/**
 * Whether the page is used by touch or with a mouse, for the words of the on-screen help: "tap"
 * on touch screens, "click" with a mouse. Decided by the media queries `(pointer: coarse)` and
 * `(hover: none)`, the same ones the CSS uses, and followed live (a tablet docked to a mouse
 * switches). Without matchMedia (tests in jsdom, old browsers) it says "mouse".
 */
import { useSyncExternalStore } from 'react';

export type PointerKind = 'touch' | 'mouse';

const TOUCH_QUERY = '(pointer: coarse), (hover: none)';

function touchQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(TOUCH_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = touchQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The pointer in use now (outside React: e.g. where a dialog puts the focus on open). */
export const pointerKind = (): PointerKind => (touchQuery()?.matches ? 'touch' : 'mouse');
const snapshot = pointerKind;

export function usePointerKind(): PointerKind {
  return useSyncExternalStore(subscribe, snapshot, () => 'mouse');
}
