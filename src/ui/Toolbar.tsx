import { useRef } from 'react';
import { APP_SIZES } from '../engine/index.ts';
import { canRedoLogic, canUndoLogic, type Mode } from '../store/store.ts';
import { useFocusReturn } from './focusReturn.ts';
import { ONE_COLUMN, useMediaQuery } from './mediaQuery.ts';
import { useHistory, useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/** Each mode's accessible name, and the word shown for it: five modes share one row beside the
 *  buttons at 1280 px and across a 360 px phone only with one word each. The shown word is the
 *  start or end of the name (label in name, WCAG 2.5.3), so "Walls" spoken still finds it. */
const MODE_LABELS: Record<Mode, { name: string; shown: string }> = {
  walls: { name: 'Draw walls', shown: 'Walls' },
  paint: { name: 'Paint regions', shown: 'Paint' },
  digits: { name: 'Enter digits', shown: 'Digits' },
  constraints: { name: 'Constraints', shown: 'Constraints' },
  play: { name: 'Play', shown: 'Play' },
};

/** The toolbar's id, for the Menu button that folds it (App.tsx). */
export const TOOLBAR_ID = 'puzzle-toolbar';

interface ToolbarProps {
  onSizeChange(size: number): void;
  onNew(): void;
  onImport(): void;
  onExport(): void;
  onCopyLink(): void;
  onLibrary(): void;
  /** Folded away (behind Menu, on a phone in Play). */
  hidden?: boolean;
}

/**
 * The toolbar: the puzzle's file actions, then Undo and Redo, then the modes. The modes come
 * last in the page's order as on screen: a phone flows the buttons as one list with the
 * modes on a row of their own below it, and the keyboard's order must be the order seen.
 * In Play on one column, Undo and Redo are in the row beside the pad (PlayControls.tsx),
 * not here; on a phone the whole toolbar folds behind Menu in Play (App.tsx).
 */
export function Toolbar({
  onSizeChange,
  onNew,
  onImport,
  onExport,
  onCopyLink,
  onLibrary,
  hidden = false,
}: ToolbarProps) {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const mode = useSquiggly((s) => s.mode);
  // In Play, Undo and Redo are the player's moves; the puzzle's history is left alone.
  const playing = mode === 'play';
  const oneColumn = useMediaQuery(ONE_COLUMN);
  const historyHere = !(playing && oneColumn);
  const canUndoPuzzle = useHistory((h) => h.pastStates.length > 0);
  const canRedoPuzzle = useHistory((h) => h.futureStates.length > 0);
  // Not while Play's replay is open: it shows the log, and the board under it stays.
  const canUndoPlay = useSquiggly((s) => s.playPast.length > 0 && s.playReplay === null);
  const canRedoPlay = useSquiggly((s) => s.playFuture.length > 0 && s.playReplay === null);
  // A step applied by the logic panel is undone first (logicSlice.ts).
  const canUndoLogicStep = useSquiggly(canUndoLogic);
  const canRedoLogicStep = useSquiggly(canRedoLogic);
  const canUndo = playing ? canUndoPlay : canUndoLogicStep || canUndoPuzzle;
  const canRedo = playing ? canRedoPlay : canRedoLogicStep || canRedoPuzzle;
  const undoButton = useRef<HTMLButtonElement>(null);
  const redoButton = useRef<HTMLButtonElement>(null);
  const keepFocus = useFocusReturn();

  return (
    <div
      className="toolbar"
      role="toolbar"
      aria-label="Puzzle tools"
      id={TOOLBAR_ID}
      hidden={hidden}
    >
      <div className="toolbar-group">
        <label className="field">
          <span>Size</span>
          <select value={size} onChange={(e) => onSizeChange(Number(e.target.value))}>
            {APP_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}×{n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={onNew}>
          New
        </button>
        <button type="button" onClick={onImport}>
          Import
        </button>
        <button type="button" onClick={onExport}>
          Export
        </button>
        <button type="button" onClick={onCopyLink}>
          Copy link
        </button>
        <button type="button" onClick={onLibrary}>
          My puzzles
        </button>
      </div>
      {historyHere && (
        <div className="toolbar-group">
          <button
            type="button"
            ref={undoButton}
            onClick={() => {
              // Undone to the first step, Undo is disabled: the keyboard goes on to Redo.
              keepFocus(redoButton.current);
              store.getState().undo();
            }}
            disabled={!canUndo}
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            Undo
          </button>
          <button
            type="button"
            ref={redoButton}
            onClick={() => {
              keepFocus(undoButton.current);
              store.getState().redo();
            }}
            disabled={!canRedo}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z"
          >
            Redo
          </button>
        </div>
      )}
      <fieldset className="modes">
        <legend className="visually-hidden">Mode</legend>
        {(Object.keys(MODE_LABELS) as Mode[]).map((m) => (
          <label key={m} className={`mode ${mode === m ? 'mode-on' : ''}`}>
            <input
              type="radio"
              name="mode"
              value={m}
              checked={mode === m}
              aria-label={MODE_LABELS[m].name}
              title={MODE_LABELS[m].name}
              onChange={() => store.getState().setMode(m)}
            />
            <span aria-hidden="true">{MODE_LABELS[m].shown}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
