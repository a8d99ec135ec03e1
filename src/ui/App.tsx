import { useEffect, useState } from 'react';
import type { Board } from '../engine/board.ts';
import { hasUnsavedWork, type Mode, type StartLayout } from '../store/store.ts';
import { ExportDialog } from './ExportDialog.tsx';
import { Grid } from './Grid.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { historyKey } from './keys.ts';
import { LayoutHighlightProvider } from './layoutHighlight.tsx';
import { LayoutPanel } from './LayoutPanel.tsx';
import { ConfirmDialog, NewDialog } from './NewDialog.tsx';
import { usePointerKind, type PointerKind } from './pointer.ts';
import { SolvePanel } from './SolvePanel.tsx';
import { StatusLine } from './StatusLine.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { Toolbar } from './Toolbar.tsx';

type OpenDialog =
  { kind: 'new' } | { kind: 'size'; size: number } | { kind: 'import' } | { kind: 'export' } | null;

/**
 * The help under the grid for each mode (also the grid's description), in the words of the
 * pointer in use: taps on touch screens, clicks with a mouse. The keyboard part is for a mouse
 * user's keyboard; on touch it follows as "With a keyboard".
 */
export function modeHelp(mode: Mode, size: number, pointer: PointerKind = 'mouse'): string {
  const touch = pointer === 'touch';
  const click = touch ? 'Tap' : 'Click';
  const drag = touch ? 'drag a finger' : 'drag';
  const keyboard = touch ? 'With a keyboard' : 'Keyboard';
  switch (mode) {
    case 'walls':
      return `${click} a line between two cells to toggle a wall; ${drag} along the lines to draw walls, or to erase them when you start on a wall. A wall that cuts an area in two makes a new region. ${keyboard}: Shift+arrow toggles the wall on that side of the focused cell.`;
    case 'paint':
      return `${touch ? 'Touch' : 'Press'} a cell and ${drag} across others: on release, the cells you crossed join the region where the drag began, and the walls follow. If every cell you crossed is already in that region and it has more than ${size} cells (like the one big area of an empty grid), the crossed cells become a new region of their own instead. A ${touch ? 'tap' : 'click'} alone changes nothing. When painting cuts a region of more than ${size} cells apart, each part becomes a region of its own; a smaller region that painting leaves in pieces stays one region, and the Layout panel lists its pieces. ${keyboard}: Space picks cells (Shift+arrow picks while moving), then a region number assigns them; a number past the last region makes a new one.`;
    case 'digits':
      return touch
        ? `Tap a cell, then type 1–9 (A–G for 10–16) to enter a clue; Backspace, Delete or 0 clears it.`
        : 'Click a cell or move with the arrow keys; type 1–9 (A–G for 10–16) to enter a clue; Backspace, Delete or 0 clears it.';
  }
}

export function App() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const mode = useSquiggly((s) => s.mode);
  const notice = useSquiggly((s) => s.notice);
  const unsaved = useSquiggly(hasUnsavedWork);
  const advanceAfterDigit = useSquiggly((s) => s.advanceAfterDigit);
  const pointer = usePointerKind();
  const [dialog, setDialog] = useState<OpenDialog>(null);

  // Undo and redo from anywhere on the page, except inside text fields (they have their own).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      const typing =
        target instanceof HTMLTextAreaElement ||
        (target instanceof HTMLInputElement &&
          !['radio', 'checkbox', 'button', 'file'].includes(target.type));
      if (typing || target?.closest('[role="dialog"]')) return;
      const action = historyKey(event);
      if (!action) return;
      event.preventDefault();
      store.getState()[action]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [store]);

  const changeSize = (next: number): void => {
    if (next === size) return;
    if (unsaved) setDialog({ kind: 'size', size: next });
    else void store.getState().newPuzzle(next, 'standard');
  };

  return (
    <div className="app">
      <header className="app-header">
        <h1>Squiggly</h1>
        <p className="tagline">
          Draw a jigsaw Sudoku, enter clues, and learn whether it has one answer.
        </p>
        <Toolbar
          onSizeChange={changeSize}
          onNew={() => setDialog({ kind: 'new' })}
          onImport={() => setDialog({ kind: 'import' })}
          onExport={() => setDialog({ kind: 'export' })}
        />
        {notice && (
          <div role="alert" className="notice">
            <span>{notice}</span>
            <button type="button" onClick={() => store.getState().dismissNotice()}>
              Dismiss
            </button>
          </div>
        )}
      </header>
      <LayoutHighlightProvider>
        <main className="workspace">
          <div className="board-column">
            <Grid />
            <StatusLine />
            <p id="grid-help" className="help">
              {modeHelp(mode, size, pointer)}
            </p>
            <label className="option">
              <input
                type="checkbox"
                checked={advanceAfterDigit}
                onChange={(event) => store.getState().setAdvanceAfterDigit(event.target.checked)}
              />
              Move to the next cell after a digit
            </label>
          </div>
          <div className="side-column">
            <SolvePanel />
            <LayoutPanel />
          </div>
        </main>
      </LayoutHighlightProvider>
      {dialog?.kind === 'new' && (
        <NewDialog
          size={size}
          unsaved={unsaved}
          onCreate={async (start: StartLayout) => {
            // A generated puzzle comes in the background: the Solve panel shows it and Cancel.
            if (start === 'puzzle') void store.getState().generatePuzzle(size);
            else await store.getState().newPuzzle(size, start);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'size' && (
        <ConfirmDialog
          title={`Change to ${dialog.size}×${dialog.size}?`}
          message="The current puzzle has changes you have not exported. A new size starts a new puzzle and discards them (Undo can still bring them back)."
          confirmLabel="Discard and change size"
          onConfirm={() => void store.getState().newPuzzle(dialog.size, 'standard')}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog
          onLoad={(board: Board) =>
            store.getState().loadPuzzle(board.size, board.regions, board.givens)
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'export' && <ExportDialog onClose={() => setDialog(null)} />}
    </div>
  );
}
