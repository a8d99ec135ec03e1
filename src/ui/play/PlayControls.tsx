/**
 * Play's most used buttons, Hint and Check (also in the Play panel on a wide screen), and on a
 * narrow one the row that holds them with Undo and Redo beside the pad: where a phone player's
 * thumb already is, with the grid above it in view (on a phone the panel lies below the pad,
 * a screen's height down, and the page's own Undo and Redo at the top, folded away in Play:
 * App.tsx). The page renders the row only on one column (ONE_COLUMN), and then the panel and
 * the toolbar leave these four out, so each has one button on screen.
 *
 * As the pad's buttons do, a mouse press keeps the focus where it was (the grid), so digits
 * typed next go on into the cells. While the worker answers, Hint and Check say they are
 * unavailable (aria-disabled) and ignore presses but stay focusable (a disabled button drops
 * the focus to the page body); Undo and Redo are disabled with nothing to take back, and a
 * keyboard on the one that just ran out goes on to the other (useFocusReturn).
 */
import { useRef } from 'react';
import { useFocusReturn } from '../focusReturn.ts';
import { useSquiggly, useSquigglyStore } from '../StoreContext.tsx';
import { keepGridFocus } from './PlayPad.tsx';

export function HintButton() {
  const store = useSquigglyStore();
  const checking = useSquiggly((s) => s.playChecking);
  return (
    <button
      type="button"
      aria-disabled={checking || undefined}
      onMouseDown={keepGridFocus}
      onClick={() => !checking && void store.getState().hintPlay()}
    >
      Hint
    </button>
  );
}

export function CheckButton() {
  const store = useSquigglyStore();
  const checking = useSquiggly((s) => s.playChecking);
  return (
    <button
      type="button"
      aria-disabled={checking || undefined}
      onMouseDown={keepGridFocus}
      onClick={() => !checking && void store.getState().checkPlay()}
    >
      Check
    </button>
  );
}

/** Undo, Redo, Hint and Check in one row, for the pad's side of a narrow screen. */
export function PlayControls() {
  const store = useSquigglyStore();
  const canUndo = useSquiggly((s) => s.playPast.length > 0);
  const canRedo = useSquiggly((s) => s.playFuture.length > 0);
  const undoButton = useRef<HTMLButtonElement>(null);
  const redoButton = useRef<HTMLButtonElement>(null);
  const keepFocus = useFocusReturn();
  return (
    <div role="group" aria-label="Moves and help" className="play-controls">
      <button
        type="button"
        ref={undoButton}
        disabled={!canUndo}
        aria-keyshortcuts="Control+Z Meta+Z"
        onMouseDown={keepGridFocus}
        onClick={() => {
          keepFocus(redoButton.current);
          store.getState().undo();
        }}
      >
        Undo
      </button>
      <button
        type="button"
        ref={redoButton}
        disabled={!canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
        onMouseDown={keepGridFocus}
        onClick={() => {
          keepFocus(undoButton.current);
          store.getState().redo();
        }}
      >
        Redo
      </button>
      <HintButton />
      <CheckButton />
    </div>
  );
}
