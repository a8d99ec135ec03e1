/**
 * Keeping the keyboard's place when the control it pressed goes away for a while.
 *
 * A button that is disabled while its work runs (Print puzzles, Check layout), or that is
 * replaced by the next step's words (Add these clues, Minimise, Try another order), takes the
 * focus with it: Chromium drops it to the page body. A keyboard user is then thrown back to the
 * top of the page, and inside a dialog Escape and Tab no longer reach the dialog at all.
 *
 * `useFocusReturn` gives a `keep()` to call when such a press begins: it notes the focused
 * element. After each render of the component, while the focus is on the body (nothing else
 * took it meanwhile): the noted element gets it back once it is enabled again; if it left the
 * page, the `fallback` (a container given tabIndex -1, next to where the new controls come)
 * gets it at once. A control that stays disabled after its press (Undo at the first step,
 * Apply step once applied) names the one to go to `instead` (Redo, Hint), which gets the
 * focus at once. Any other place of focus ends the watch: the user has moved on.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** Whether the focus fell to the page body (or nowhere): a control that had it went away. */
export const focusLost = (): boolean =>
  document.activeElement === null || document.activeElement === document.body;

export function useFocusReturn(
  fallback?: RefObject<HTMLElement | null>,
): (instead?: HTMLElement | null) => void {
  const noted = useRef<HTMLElement | null>(null);
  const insteadOf = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = noted.current;
    if (!element) return;
    // Disabled for good: on to the other control now, before Chromium moves the focus off
    // the disabled one (at its next style update, with no render of ours to follow it).
    const instead = insteadOf.current as HTMLButtonElement | null;
    const stays = focusLost() || document.activeElement === element;
    if (instead && stays && (element as HTMLButtonElement).disabled) {
      if (instead.isConnected && !instead.disabled) {
        noted.current = null;
        instead.focus({ preventScroll: true });
      }
      return;
    }
    if (!focusLost()) {
      // Still on the pressed control (not yet disabled), or the user moved on.
      if (document.activeElement !== element) noted.current = null;
      return;
    }
    if (!element.isConnected) {
      noted.current = null;
      fallback?.current?.focus({ preventScroll: true });
      return;
    }
    if ((element as HTMLButtonElement).disabled) return;
    noted.current = null;
    element.focus({ preventScroll: true });
  });
  return (instead = null) => {
    noted.current = focusLost() ? null : (document.activeElement as HTMLElement);
    insteadOf.current = instead;
  };
}
