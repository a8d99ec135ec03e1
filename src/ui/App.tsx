import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  formatErrorText,
  looksLikeShareLink,
  parseShareLink,
  type LinkPuzzle,
} from '../formats/index.ts';
import { hasBoxShape, letterDigitsText } from '../engine/index.ts';
import {
  defaultStart,
  hasUnsavedWork,
  layoutOf,
  puzzleKey,
  type LibraryMeta,
  type Mode,
  type StartLayout,
} from '../store/store.ts';
import { Dialog } from './Dialog.tsx';
import { ExportDialog } from './ExportDialog.tsx';
import { ConstraintPanel } from './ConstraintPanel.tsx';
import { Grid } from './Grid.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { historyKey } from './keys.ts';
import { LayoutHighlightProvider } from './layoutHighlight.tsx';
import { LayoutPanel } from './LayoutPanel.tsx';
import { LibraryDialog, libraryTitle } from './LibraryDialog.tsx';
import { LogicPanel } from './LogicPanel.tsx';
import { keepsLeftPuzzle, leavingLabel, leavingWords, NewDialog } from './NewDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { DigitPad } from './DigitPad.tsx';
import { ONE_COLUMN, PHONE, useMediaQuery } from './mediaQuery.ts';
import { PlayControls } from './play/PlayControls.tsx';
import { PlayGrid } from './play/PlayGrid.tsx';
import { PlayPad } from './play/PlayPad.tsx';
import { PlayCaption, PlayClock, PlayPanel } from './play/PlayPanel.tsx';
import { PlayReplay } from './play/PlayReplay.tsx';
import { usePointerKind, type PointerKind } from './pointer.ts';
import { PrintSheet, type BatchPrint } from './PrintSheet.tsx';
import { PuzzleDetailsButton, PuzzleDetailsDialog } from './PuzzleDetails.tsx';
import { clearFragment, currentShareUrl, restoreFragment } from './share.ts';
import { SolvePanel } from './SolvePanel.tsx';
import { StatusLine } from './StatusLine.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { TabConflictNotice } from './TabConflictNotice.tsx';
import { Toolbar, TOOLBAR_ID } from './Toolbar.tsx';
import { WallStrokeSwitch } from './WallStrokeSwitch.tsx';
import { UnreadableSaveNotices } from './UnreadableSaveNotice.tsx';
import { UpdateNotice } from './UpdateNotice.tsx';
import { LibraryNotice } from './LibraryNotice.tsx';

type OpenDialog =
  | { kind: 'new' }
  | { kind: 'size'; size: number }
  | { kind: 'import' }
  | { kind: 'export' }
  /** A share link opened while there is unsaved work: ask before replacing it. */
  | { kind: 'open-link'; puzzle: LinkPuzzle }
  | { kind: 'library' }
  | { kind: 'details' }
  /** A library puzzle chosen while there is unsaved work: ask before replacing it. */
  | { kind: 'open-library'; meta: LibraryMeta }
  /** Copying the link failed: show it to copy by hand. */
  | { kind: 'show-link'; url: string }
  | null;

/**
 * The help under the grid for each mode (also the grid's description), in the words of the
 * pointer in use: taps on touch screens, clicks with a mouse. The keyboard part is for a mouse
 * user's keyboard; on touch it follows as "With a keyboard".
 */
export function modeHelp(mode: Mode, size: number, pointer: PointerKind = 'mouse'): string {
  const touch = pointer === 'touch';
  const click = touch ? 'Tap' : 'Click';
  const tap = touch ? 'tap' : 'click';
  const drag = touch ? 'drag a finger' : 'drag';
  const keyboard = touch ? 'With a keyboard' : 'Keyboard';
  switch (mode) {
    case 'walls':
      return `Drag along the grid lines to draw walls; going over a wall again leaves it, so re-tracing a line only fills its gaps. To take walls off, choose Erase above the grid${touch ? '' : ' (or drag with the right mouse button, or hold Alt)'}: a drag then clears the lines it runs along. A stroke may start on the outer border or just outside it. ${click} right on a line to toggle that one wall; a ${tap} inside a cell selects it. A wall that cuts an area in two makes a new region. ${keyboard}: Shift+arrow toggles the wall on that side of the selected cell; W switches to the edge cursor, whose arrows walk along the grid lines (half a cell a step, turning at corners) and Space or Enter toggles the wall under it; W or Escape goes back to the cells.`;
    case 'paint':
      return `${touch ? 'Touch' : 'Press'} a cell and ${drag} across others: the cells you cross join the region where the drag began, however big it is for the moment, and the walls follow. Only on an empty grid, while there are fewer than ${size} regions: if every cell you crossed is already in that region and it has more than ${size} cells (the unpainted rest), the crossed cells become a new region of their own instead. A ${tap} alone selects the cell. When painting cuts a region of more than ${size} cells apart, each part becomes a region of its own; a smaller region that painting leaves in pieces stays one region, and the Layout panel lists its pieces. ${keyboard}: Space picks cells (Shift+arrow picks while moving), then a region number assigns them; a number past the last region makes a new one.`;
    case 'digits':
      return touch
        ? 'Tap a cell, then use the digit pad (or type 1–9, A–G for 10–16) to enter a clue; Clear, Backspace or Delete clears it (Clear right after a digit takes that digit back).'
        : 'Click a cell or move with the arrow keys; type 1–9 (A–G for 10–16) to enter a clue (in a narrow window, the digit pad under the grid works too); Backspace or Delete clears it, and Backspace right after a digit takes that digit back; 0 leaves a cell empty and moves on, as in puzzle text.';
    case 'constraints':
      return `Choose a constraint in the Constraints panel, then draw it: ${drag} over cells for a cage, an extra region or a line (a thermometer from its bulb, an arrow from its circle), ${tap} between two cells for a dot, X, V or greater-than sign, ${tap} a cell for even or odd, or just outside the grid for a little killer or a sandwich sum. ${click} a constraint with its tool to select it; the panel edits its sum and Delete or Backspace removes it. Escape drops a drag in progress.`;
    case 'play':
      return `Play: the clues are locked. Select cells by ${touch ? 'tapping or dragging a finger' : 'clicking or dragging'} (Shift+arrow or Ctrl+click adds cells), then type a digit${size > 9 ? ` (${letterDigitsText(size, '–')})` : ''}; Shift+digit toggles a corner mark and Ctrl+digit (Cmd on a Mac) a centre mark, or choose Digit, Centre, Corner or Colour on the pad (in Colour, 1–9 toggle nine colours, several to a cell, clues too). Backspace clears digits, then marks, then colours. Selecting a cell shades its digit elsewhere and the cells it sees (a switch in the panel turns that off). Replay, in the panel, shows your moves one by one with their times; Escape goes back. Undo and Redo take back your moves only; the puzzle never changes.`;
  }
}

/**
 * One line on the mode, above the grid: the first thing to do in it. It keeps one height in
 * every mode (app.css), so switching modes never moves the grid; the whole help (modeHelp)
 * follows the grid and, on a phone, the panels. The touch tips fit one line of a 360 px
 * screen.
 */
export function modeTip(mode: Mode, pointer: PointerKind = 'mouse'): string {
  const touch = pointer === 'touch';
  switch (mode) {
    case 'walls':
      return touch
        ? 'Drag along lines to draw walls.'
        : 'Drag along the grid lines to draw walls; Erase (or the right button) takes them off.';
    case 'paint':
      return touch
        ? 'Drag from a region over cells to add them.'
        : 'Press a cell and drag across others: they join its region.';
    case 'digits':
      return touch
        ? 'Tap a cell, then a digit on the pad.'
        : 'Click a cell and type a digit to enter a clue.';
    case 'constraints':
      return touch
        ? 'Pick a constraint below, then draw it.'
        : 'Pick a constraint in the panel, then draw it on the grid.';
    case 'play':
      return touch
        ? 'Tap cells, then a digit or a pencil mark.'
        : 'Select cells and type digits; Shift+digit makes a corner mark, Ctrl+digit a centre one.';
  }
}

/** How to reach each action, whatever the mode: with the help, after the grid. */
const HOW_TO: [string, string][] = [
  ['Enter a clue', 'select a cell, then type its digit or use the digit pad (in any mode)'],
  [
    'Draw walls',
    'choose Walls, then drag along the grid lines (by keyboard: W, arrows, then Space)',
  ],
  ['Paint regions', 'choose Paint, then drag from a region across the cells it takes'],
  [
    'Add variant constraints',
    'choose Constraints, pick a kind (cage, thermometer, dot…), then drag across the cells',
  ],
  ['Undo, Redo', 'the buttons at the top, or Ctrl+Z and Ctrl+Shift+Z'],
  ['Solve, check, count', 'the buttons in the Solve panel'],
  ['Play the puzzle', 'choose Play: digits, pencil marks, Hint, Check, with its own Undo'],
  ['New, Import, Export', 'the buttons at the top'],
  ['My puzzles', 'every puzzle you make or open is kept there: open, search, rename'],
];

/** How long "Link copied" stays. */
const LINK_STATUS_MS = 6000;

/** The notes about links: what a link opened, and a link copied. */
type LinkNote = 'opened' | 'copied';

/**
 * A note's words: the first part always shows; the rest shows where the tip's row has two
 * lines (a wide screen with a mouse) and is read out everywhere (app.css). On a phone the
 * toolbar is folded behind Menu in Play, so the way to Digits goes through it.
 */
function linkNoteWords(note: LinkNote, phone: boolean): [string, string] {
  return note === 'opened'
    ? [
        'Opened from the link, in Play.',
        phone
          ? 'To change the puzzle, open Menu and choose Digits.'
          : 'To change the puzzle, choose Digits.',
      ]
    : ['Link copied.', 'It opens this puzzle, with its title, author and rules.'];
}

export function App() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const mode = useSquiggly((s) => s.mode);
  const notice = useSquiggly((s) => s.notice);
  const unsaved = useSquiggly(hasUnsavedWork);
  const advanceAfterDigit = useSquiggly((s) => s.advanceAfterDigit);
  const replaying = useSquiggly((s) => s.playReplay !== null);
  const kept = useSquiggly(keepsLeftPuzzle);
  const pointer = usePointerKind();
  const phone = useMediaQuery(PHONE);
  const oneColumn = useMediaQuery(ONE_COLUMN);
  // On a phone in Play the toolbar folds behind Menu: the grid, the pad and the row beside
  // it fill the screen, and a solver opening a link sees the puzzle, not the setter's tools.
  const [menuOpen, setMenuOpen] = useState(false);
  const folding = phone && mode === 'play';
  const folded = folding && !menuOpen;
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // The link line speaks of the puzzle it was said for: another puzzle (New, a load, an
  // edit that the link no longer holds) leaves it unsaid.
  const [linkSaid, setLinkSaid] = useState<{ note: LinkNote | null; puzzle: string }>({
    note: null,
    puzzle: '',
  });
  const puzzleNow = useSquiggly(puzzleKey);
  const linkNote = linkSaid.puzzle === puzzleNow ? linkSaid.note : null;
  const setLinkNote = useCallback(
    (note: LinkNote | null): void => setLinkSaid({ note, puzzle: puzzleKey(store.getState()) }),
    [store],
  );
  const [noteFirst, noteMore] = linkNote ? linkNoteWords(linkNote, phone) : ['', ''];

  // Where the board starts on the page (below the header, however tall it is now), so that
  // in Play on one column the board fills the rest of the first screen and the pad sits at
  // its foot, under the thumb (app.css: --board-top).
  const header = useRef<HTMLElement>(null);
  const board = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const head = header.current;
    const column = board.current;
    if (!head || !column || typeof ResizeObserver === 'undefined') return;
    const place = (): void => {
      const top = column.getBoundingClientRect().top + window.scrollY;
      column.style.setProperty('--board-top', `${Math.round(top)}px`);
    };
    place();
    const observer = new ResizeObserver(place);
    observer.observe(head);
    return () => observer.disconnect();
  }, []);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [printAnswer, setPrintAnswer] = useState(false);
  const [printColours, setPrintColours] = useState(false);
  /** Puzzles of the batch view to print several to a page, while the view holds them. */
  const [batchPrint, setBatchPrint] = useState<BatchPrint | null>(null);

  const load = useCallback(
    (puzzle: LinkPuzzle): void =>
      store.getState().loadPuzzle(puzzle.size, puzzle.regions, puzzle.givens, {
        info: puzzle.info,
        walls: puzzle.walls,
        constraints: puzzle.constraints,
      }),
    [store],
  );

  // A link is mostly sent to be solved: a finished layout with clues opens in Play (Enter
  // digits is one click away to change it), and the link line says so. Not over work of your
  // own (asked first): the toolbar's Undo, which the question promises, is the puzzle's only
  // outside Play.
  const openLinked = useCallback(
    (puzzle: LinkPuzzle, play: boolean): void => {
      load(puzzle);
      const loaded = store.getState();
      if (!play || !layoutOf(loaded).valid || !loaded.givens.some((digit) => digit !== 0)) return;
      loaded.setMode('play');
      setMenuOpen(false);
      setLinkNote('opened');
    },
    [store, load, setLinkNote],
  );

  // A share link in the address (on opening, or pasted into this tab later) opens its
  // puzzle; with unsaved work, only after asking. The fragment is removed BEFORE it is read,
  // so that a link that ever froze or crashed the tab cannot do it again on reload; only a
  // good link waiting for the answer to "Open the puzzle?" is put back, to open later if
  // declined. A bad link changes nothing and says why.
  useEffect(() => {
    const openFromAddress = (): void => {
      const hash = window.location.hash;
      if (!looksLikeShareLink(hash)) return;
      clearFragment();
      const read = parseShareLink(hash);
      if ('error' in read) {
        setLinkError(
          `The puzzle link could not be opened (${formatErrorText(read.error)}). Your current puzzle is unchanged.`,
        );
        return;
      }
      setLinkError(null);
      // Asking keeps the link in the address: declined, it is still there to open later.
      if (hasUnsavedWork(store.getState())) {
        restoreFragment(hash);
        setDialog({ kind: 'open-link', puzzle: read.puzzle });
        return;
      }
      openLinked(read.puzzle, true);
    };
    openFromAddress();
    window.addEventListener('hashchange', openFromAddress);
    return () => window.removeEventListener('hashchange', openFromAddress);
  }, [store, openLinked]);

  // "Link copied" is said in the tip's place above the grid (app.css), then goes.
  useEffect(() => {
    if (!linkNote) return;
    const timer = setTimeout(() => setLinkNote(null), LINK_STATUS_MS);
    return () => clearTimeout(timer);
  }, [linkNote, setLinkNote]);

  const copyLink = async (): Promise<void> => {
    const url = currentShareUrl(store.getState());
    try {
      await navigator.clipboard.writeText(url);
      store.getState().markSaved();
      setLinkNote('copied');
    } catch {
      setLinkNote(null);
      setDialog({ kind: 'show-link', url });
    }
  };

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

  const openFromLibrary = (meta: LibraryMeta): void => {
    if (hasUnsavedWork(store.getState())) {
      setDialog({ kind: 'open-library', meta });
      return;
    }
    setDialog(null);
    void store.getState().openFromLibrary(meta.id);
  };

  const changeSize = (next: number): void => {
    if (next === size) return;
    // A size without boxes starts on a random jigsaw layout (puzzle.ts defaultStart).
    if (unsaved) setDialog({ kind: 'size', size: next });
    else void store.getState().newPuzzle(next, defaultStart(next));
  };

  return (
    <div className="app">
      <header ref={header} className={`app-header${folding ? ' app-header-menu' : ''}`}>
        <h1>Squiggly</h1>
        <p className="tagline">
          Draw a jigsaw Sudoku, enter clues, and learn whether it has one answer.
        </p>
        <PuzzleDetailsButton onOpen={() => setDialog({ kind: 'details' })} />
        {folding && (
          <button
            type="button"
            className="menu-button"
            aria-expanded={!folded}
            aria-controls={TOOLBAR_ID}
            onClick={() => setMenuOpen(folded)}
          >
            Menu <span aria-hidden="true">{folded ? '▾' : '▴'}</span>
          </button>
        )}
        <Toolbar
          hidden={folded}
          onSizeChange={changeSize}
          onNew={() => setDialog({ kind: 'new' })}
          onImport={() => setDialog({ kind: 'import' })}
          onExport={() => setDialog({ kind: 'export' })}
          onCopyLink={() => void copyLink()}
          onLibrary={() => setDialog({ kind: 'library' })}
        />
        <UnreadableSaveNotices />
        <TabConflictNotice />
        <UpdateNotice />
        <LibraryNotice onOpenLibrary={() => setDialog({ kind: 'library' })} />
        {linkError && (
          <div role="alert" className="notice">
            <span>{linkError}</span>
            <button type="button" onClick={() => setLinkError(null)}>
              Dismiss
            </button>
          </div>
        )}
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
          <div ref={board} className={`board-column${mode === 'play' ? ' board-column-play' : ''}`}>
            {/* The notes about links take the tip's place for a few seconds: under the header
                and under any dialog, and the row keeps its height, so the grid stays put. */}
            <div className="mode-tip">
              <p className="link-status" aria-live="polite">
                {noteFirst}
                {noteMore && <span className="link-status-more"> {noteMore}</span>}
              </p>
              {!linkNote && <p>{modeTip(mode, pointer)}</p>}
              {mode === 'walls' && <WallStrokeSwitch />}
              {mode === 'play' && <PlayClock />}
            </div>
            {mode === 'play' ? (
              <>
                <PlayGrid />
                <PlayCaption />
                {oneColumn && <PlayControls />}
                {/* The replay takes the pad's place while it is open (PlayReplay.tsx). */}
                {replaying ? <PlayReplay /> : <PlayPad />}
              </>
            ) : (
              <>
                <Grid />
                <StatusLine />
                <DigitPad />
              </>
            )}
            {mode !== 'play' && (
              <label className="option">
                <input
                  type="checkbox"
                  checked={advanceAfterDigit}
                  onChange={(event) => store.getState().setAdvanceAfterDigit(event.target.checked)}
                />
                Move to the next cell after a digit
              </label>
            )}
          </div>
          <div className="side-column">
            {mode === 'play' ? (
              <PlayPanel />
            ) : (
              <>
                {mode === 'constraints' && <ConstraintPanel />}
                <SolvePanel />
                <LogicPanel />
                <LayoutPanel />
              </>
            )}
          </div>
          {/* After the panels in the page's order, so on a phone Solve and its answer sit
              right under the grid; on a wide screen it is placed under the grid (app.css). */}
          <div className="guide-column">
            <p id="grid-help" className="help">
              {modeHelp(mode, size, pointer)}
            </p>
            <ul className="how-to" aria-label="How to">
              {HOW_TO.map(([action, how]) => (
                <li key={action}>
                  <strong>{action}:</strong> {how}.
                </li>
              ))}
            </ul>
          </div>
        </main>
      </LayoutHighlightProvider>
      {dialog?.kind === 'details' && <PuzzleDetailsDialog onClose={() => setDialog(null)} />}
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
          message={
            (hasBoxShape(dialog.size)
              ? ''
              : `A ${dialog.size}×${dialog.size} grid has no standard boxes, so it starts with a random jigsaw layout. `) +
            leavingWords('A new size starts a new puzzle and', kept)
          }
          confirmLabel={leavingLabel('change size', kept)}
          onConfirm={() => void store.getState().newPuzzle(dialog.size, defaultStart(dialog.size))}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog
          unsaved={unsaved}
          onClose={() => setDialog(null)}
          onPrintBatch={setBatchPrint}
        />
      )}
      {dialog?.kind === 'export' && (
        <ExportDialog
          onClose={() => setDialog(null)}
          printAnswer={printAnswer}
          onPrintAnswerChange={setPrintAnswer}
          colours={printColours}
          onColoursChange={setPrintColours}
        />
      )}
      {dialog?.kind === 'open-link' && (
        <ConfirmDialog
          title="Open the puzzle from the link?"
          message={`The link holds ${dialog.puzzle.info.title ? `"${dialog.puzzle.info.title}", ` : 'a '}${dialog.puzzle.size}×${dialog.puzzle.size} puzzle. ${leavingWords('Opening the link', kept)}`}
          confirmLabel={leavingLabel('open', kept)}
          onConfirm={() => {
            clearFragment();
            openLinked(dialog.puzzle, false);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'library' && (
        <LibraryDialog onOpen={openFromLibrary} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'open-library' && (
        <ConfirmDialog
          title={`Open "${libraryTitle(dialog.meta)}"?`}
          message="The current puzzle has changes you have not exported. It stays in My puzzles with those changes; opening replaces it on screen (Undo can still bring it back)."
          confirmLabel="Open it"
          onConfirm={() => void store.getState().openFromLibrary(dialog.meta.id)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'show-link' && (
        <Dialog title="Link to this puzzle" onClose={() => setDialog(null)}>
          <p>The browser did not allow copying. Select the link and copy it by hand:</p>
          <label className="field field-block">
            <span>Link</span>
            <textarea readOnly value={dialog.url} rows={4} />
          </label>
          <div className="dialog-actions">
            <button type="button" onClick={() => setDialog(null)}>
              Close
            </button>
          </div>
        </Dialog>
      )}
      <PrintSheet answer={printAnswer} colours={printColours} batch={batchPrint} />
    </div>
  );
}
