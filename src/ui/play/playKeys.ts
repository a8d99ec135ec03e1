/**
 * The keyboard in Play, apart from rendering, with the modifiers of the popular play apps:
 * a digit enters in the pad's current entry (digit, centre or corner); Shift+digit enters a
 * corner mark and Ctrl/Cmd+digit a centre mark whatever the pad says. Digits are read from
 * the key's code too, since Shift turns "1" into "!" on most layouts. Arrows move the cursor
 * (Shift+arrow extends the selection), Backspace, Delete or 0 clear (digits first, then
 * marks), Escape shrinks the selection to the cursor. Undo keys are left to the page.
 *
 * In the Colour entry, 1-9 toggle the nine colours whatever the puzzle's size (a 4x4 has nine
 * colours too; a 16x16's letters are no colours), and clearing clears colours. While the
 * replay is open the keys only move through it: Left and Right a move back or on, Home and
 * End to its start and end, Escape closes it; nothing reaches the board.
 */
import { PLAY_COLOURS, type PlayEntry, type SquigglyState } from '../../store/store.ts';
import { cellAfterArrow, digitFromKey, historyKey, type KeyEffect } from '../keys.ts';

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
  if (state.playReplay !== null) return replayKey(state, event);
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
  const modified = event.shiftKey || event.ctrlKey || event.metaKey;
  const colouring = state.playEntry === 'colour' && !modified;
  const digit = colouring ? playDigitOf(event, PLAY_COLOURS) : playDigitOf(event, size);
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

/** Keys while the replay is open (see the header): used, so none reaches the page either. */
function replayKey(state: SquigglyState, event: PlayKey): KeyEffect {
  const at = state.playReplay ?? 0;
  const moves: Record<string, number> = {
    ArrowLeft: at - 1,
    ArrowRight: at + 1,
    Home: 0,
    End: state.playLog.length - 1,
  };
  if (event.key === 'Escape') state.closeReplay();
  else if (event.key in moves) state.replayTo(moves[event.key]);
  else if (event.key === 'Tab') return { used: false };
  return { used: true };
}
