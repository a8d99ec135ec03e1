/**
 * Play mode: a solver's moves on the puzzle on screen, kept apart from the puzzle itself.
 * The clues are locked; the player's digits and pencil marks (centre and corner, bit masks
 * with bit d for digit d, as the engine's candidates) live in `playBoard`, with their own
 * undo and redo (`playPast`, `playFuture`): playing never calls a puzzle action, so it never
 * enters the puzzle's undo history or its autosave, and never changes the puzzle.
 *
 * The board belongs to one puzzle, named by `playKey` (the puzzle's content key). Every
 * action first makes sure the board is the current puzzle's (`openPlay`): a different puzzle
 * loads its own saved progress (with its undo and redo steps, its revealed cells and its last
 * check), or starts empty. Progress is saved after every move, check and timer tick
 * (playProgress.ts).
 *
 * Entering works on the selection, or on the cursor's cell (play/moves.ts says how).
 *
 * The log of moves (`playLog`) keeps every board the player made with the play time it was
 * made at (undo and redo too), for the replay: `openReplay` shows its frames on the grid one
 * by one (`playReplay`, the frame shown) without touching the board, and while it is open
 * every move is ignored; `closeReplay` (Escape) goes back. The log is saved with the
 * progress (playProgress.ts), LOG_FRAMES frames at most.
 *
 * "Check", "Hint" and "Reveal" need the puzzle's unique solution, found by the worker once
 * per puzzle and kept in memory (`playSolution`), never shown. The actions live in play/:
 * moves.ts (moves, marks, undo, the clock, the replay), solution.ts (check, hint, reveal),
 * board.ts (the one write path both share: open, commit, save). This file holds the state's
 * shape and wires each action to its function over the slice's scope (set, get, context).
 */
import { emptyBoard, PLAY_COLOURS, type PlayBoard, type PlayMove } from './playProgress.ts';
import type { Step } from '../engine/index.ts';
import type { SliceCreator, SliceScope, StoreContext } from './state.ts';
import { isRevealedCell, maskDigits, playDigits, playRunning } from './play/board.ts';
import * as moves from './play/moves.ts';
import * as solution from './play/solution.ts';

export const PLAY_ENTRIES = ['digit', 'centre', 'corner', 'colour'] as const;
export type PlayEntry = (typeof PLAY_ENTRIES)[number];

/** The last check: wrong digits (cell → the digit that was wrong) and what to tell the player. */
export interface PlayCheck {
  /** Cells whose digit was wrong, with that digit: a mark shows while the digit stays. */
  wrong: Record<number, number>;
  message: string;
  solved: boolean;
}

/** A hint found for one board: a new move makes the next press look again. */
export interface PlayHint {
  key: string;
  board: PlayBoard;
  step: Step;
  /** The second press showed where and why, not just the technique. */
  whole: boolean;
  /**
   * Candidates this board's earlier hints ruled out, as [cell, digit] pairs: a third press
   * without a move takes the step shown as done and goes on from there (a player without
   * centre marks has nowhere to apply an elimination, and would get the same step forever).
   */
  ruledOut: [number, number][];
}

export interface PlaySlice {
  /** The content key of the puzzle the play board belongs to; null before play opens. */
  playKey: string | null;
  playBoard: PlayBoard;
  playPast: PlayBoard[];
  playFuture: PlayBoard[];
  /** Cells selected for entering (the cursor's cell when empty). */
  playSelection: number[];
  playEntry: PlayEntry;
  showConflicts: boolean;
  playElapsedMs: number;
  playCheck: PlayCheck | null;
  /** A check or reveal waiting for the worker. */
  playChecking: boolean;
  /** The unique solution of the puzzle `key`, once asked for; never rendered unless revealed. */
  playSolution: { key: string; solution: number[] } | null;
  /** The hint on screen and the board it was found for (its second press shows it whole). */
  playHint: PlayHint | null;
  /** Reveal has shown digits of this puzzle since it was opened: Check gives no credit then. */
  playRevealed: boolean;
  /**
   * The cells Reveal filled, with the digit it put there: a cell still holding that digit is
   * drawn as revealed (`isRevealedCell`). Not an undo step: Undo takes the digit away, and
   * with it the look; Redo brings both back; a digit typed over it is the player's own.
   */
  playRevealedCells: Record<number, number>;
  /**
   * Every board of this puzzle's play, with the play time it was made at, oldest first: the
   * first is where the replay starts (an empty board, or the oldest kept), the last is
   * `playBoard` itself.
   */
  playLog: PlayMove[];
  /** The frame of the log the replay shows, or null when it is closed. */
  playReplay: number | null;
  /** Selecting a cell highlights its digit elsewhere and the cells it sees. */
  playHighlight: boolean;

  openPlay(): void;
  setPlayEntry(entry: PlayEntry): void;
  setPlaySelection(cells: number[]): void;
  addToPlaySelection(cell: number): void;
  /**
   * Enter a digit (0 clears) as a digit, centre mark, corner mark or colour (1 to
   * PLAY_COLOURS, whatever the size), by default as playEntry says.
   */
  enterPlay(digit: number, entry?: PlayEntry): void;
  /** Clear the selected cells (digits, then marks, then colours; colours only in `colour`). */
  clearPlayCells(entry?: PlayEntry): void;
  autoCandidates(): void;
  setShowConflicts(show: boolean): void;
  tickPlay(ms: number): void;
  playUndo(): void;
  playRedo(): void;
  /**
   * Check the digits against the solution. `quiet` (a move that filled the grid) says only
   * whether it is solved, never where a digit is wrong: that stays for the player's Check.
   */
  checkPlay(options?: { quiet?: boolean }): Promise<void>;
  /**
   * The next step from the player's digits, in two presses: first its technique, then (the
   * board unchanged) where it is and why, with its cells selected. A wrong digit is named
   * first: no step is sound on top of it.
   */
  hintPlay(): Promise<void>;
  /**
   * Put the solution on the grid, as one undoable move: in the selected cells (the cursor's
   * cell when none is selected), or with 'all' in every cell.
   */
  revealPlay(scope?: 'cells' | 'all'): Promise<void>;
  setPlayHighlight(on: boolean): void;
  /** Show the log on the grid from its first frame (`at`: another one). */
  openReplay(at?: number): void;
  /** Show another frame of the log (kept within it). */
  replayTo(at: number): void;
  closeReplay(): void;
}

export { isRevealedCell, maskDigits, playDigits, playRunning, PLAY_COLOURS };

export const createPlaySlice =
  (ctx: StoreContext): SliceCreator<PlaySlice> =>
  (set, get) => {
    const scope: SliceScope = { set, get, ctx };
    return {
      playKey: null,
      playBoard: emptyBoard(0),
      playPast: [],
      playFuture: [],
      playSelection: [],
      playEntry: 'digit',
      showConflicts: true,
      playElapsedMs: 0,
      playCheck: null,
      playChecking: false,
      playSolution: null,
      playHint: null,
      playRevealed: false,
      playRevealedCells: {},
      playLog: [],
      playReplay: null,
      playHighlight: true,

      openPlay: () => moves.openPlay(scope),
      setPlayEntry: (entry) => set({ playEntry: entry }),
      setPlaySelection: (cells) => set({ playSelection: [...new Set(cells)] }),
      addToPlaySelection: (cell) => {
        const selection = get().playSelection;
        if (!selection.includes(cell)) set({ playSelection: [...selection, cell] });
      },
      enterPlay: (digit, entry) => moves.enterPlay(scope, digit, entry),
      clearPlayCells: (entry) => moves.clearPlayCells(scope, entry),
      autoCandidates: () => moves.autoCandidates(scope),
      setShowConflicts: (show) => set({ showConflicts: show }),
      tickPlay: (ms) => moves.tickPlay(scope, ms),
      playUndo: () => moves.playUndo(scope),
      playRedo: () => moves.playRedo(scope),
      checkPlay: (options) => solution.checkPlay(scope, options),
      hintPlay: () => solution.hintPlay(scope),
      revealPlay: (extent) => solution.revealPlay(scope, extent),
      setPlayHighlight: (on) => set({ playHighlight: on }),
      openReplay: (at) => moves.openReplay(scope, at),
      replayTo: (at) => moves.replayTo(scope, at),
      closeReplay: () => moves.closeReplay(scope),
    };
  };
