/**
 * Whether the page is used by touch or with a mouse, for the words of the on-screen help: "tap"
 * on touch screens, "click" with a mouse. Decided by the media queries `(pointer: coarse)` and
 * `(hover: none)`, the same ones the CSS uses, and followed live (a tablet docked to a mouse
 * switches). Without matchMedia (tests in jsdom, old browsers) it says "mouse".
 */
import { mediaMatches, useMediaQuery } from './mediaQuery.ts';

export type PointerKind = 'touch' | 'mouse';

const TOUCH_QUERY = '(pointer: coarse), (hover: none)';

/** The pointer in use now (outside React: e.g. where a dialog puts the focus on open). */
export const pointerKind = (): PointerKind => (mediaMatches(TOUCH_QUERY) ? 'touch' : 'mouse');

export function usePointerKind(): PointerKind {
  return useMediaQuery(TOUCH_QUERY) ? 'touch' : 'mouse';
}
