/**
 * The keyboard in Play, apart from rendering, with the modifiers of the popular play apps:
 * a digit enters in the pad's current entry (digit, centre or corner); Shift+digit enters a
 * corner mark and Ctrl/Cmd+digit a centre mark whatever the pad says. Digits are read from
 * the key's code too, since Shift turns "1" into "!" on most layouts. Arrows move the cursor
 * (Shift+arrow extends the selection), Backspace, Delete or 0 clear (digits first, then
 * marks), Escape shrinks the selection to the cursor. Undo keys are left to the page.
 */
import type { SquigglyState } from '../../store/store.ts';
import { cellAfterArrow, digitFromKey, historyKey, type KeyEffect } from '../keys.ts';
import type { PlayEntry } from '../../store/playSlice.ts';

export interface PlayKey {
  key: string;
  code: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The digit a key stands for (1-9, A-G), from its code when a modifier changed its key. */
export function playDigitOf(event: PlayKey, size: number): number | null {
  const fromCode = /^(?:Digit|Numpad)(\d)$/.exec(event.code);
  if (fromCode) {
    const digit = Number(fromCode[1]);
    return digit <= size ? digit : null;
  }
  const fromLetter = /^Key([A-G])$/.exec(event.code);
  if (fromLetter && (event.ctrlKey || event.metaKey)) return digitFromKey(fromLetter[1], size);
  return digitFromKey(event.key, size);
}

export function playKey(state: SquigglyState, event: PlayKey): KeyEffect {
  if (event.altKey || historyKey(event)) return { used: false };
  const { size } = state;
  const cells = size * size;
  const cursor = state.cursor < cells ? state.cursor : 0;
  const next = cellAfterArrow(cursor, event.key, size);
  if (next !== null) {
    if (event.ctrlKey || event.metaKey) return { used: false };
    if (event.shiftKey) {
      if (state.playSelection.length === 0) state.setPlaySelection([cursor]);
      state.addToPlaySelection(next);
    } else {
      state.setPlaySelection([next]);
    }
    state.setCursor(next);
    return { used: true, focus: next };
  }
  if (event.key === 'Escape') {
    state.setPlaySelection([cursor]);
    return { used: true };
  }
  if (event.key === 'Backspace' || event.key === 'Delete') {
    state.clearPlayCells();
    return { used: true };
  }
  const digit = playDigitOf(event, size);
  if (digit === null) return { used: false };
  if (digit === 0) {
    state.clearPlayCells();
    return { used: true };
  }
  const entry: PlayEntry = event.shiftKey
    ? 'corner'
    : event.ctrlKey || event.metaKey
      ? 'centre'
      : state.playEntry;
  state.enterPlay(digit, entry);
  return { used: true };
}
