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
 * Entering works on the selection (several cells, picked by dragging or Shift/Ctrl+click), or
 * on the cursor's cell when nothing else is selected, in the way of the popular play apps: a
 * digit, mark or colour that every selected cell already has is removed, otherwise it is added
 * to all; marks go only into cells without a digit; colours (SudokuPad's, several per cell,
 * PLAY_COLOURS of them) go into any cell, clues too. Clearing removes digits first, then
 * marks, then colours; in the Colour entry it removes colours only.
 *
 * The log of moves (`playLog`) keeps every board the player made with the play time it was
 * made at (undo and redo too), for the replay: `openReplay` shows its frames on the grid one
 * by one (`playReplay`, the frame shown) without touching the board, and while it is open
 * every move is ignored; `closeReplay` (Escape) goes back. The log is saved with the
 * progress (playProgress.ts), LOG_FRAMES frames at most.
 *
 * "Check" compares the player's digits with the puzzle's unique solution, found by the worker
 * once per puzzle and kept in memory (`playSolution`), never shown: only the wrong digits are
 * listed. "Reveal" is the one action that puts the solution on the grid, as an undoable move:
 * in the selected cells, or (asked for by the panel after a confirmation) in all of them.
 * "Auto-candidates" fills the centre marks with the candidates the digits leave, keeping a
 * player's own marks where they rule out more. "Hint" asks the logical solver for the next
 * step from the player's digits, the technique first and where on a second press; a wrong
 * digit is pointed out before any step. Filling the last empty cell checks the grid at once
 * (solved, or "not every digit is right", without saying where).
 */
import {
  cellName,
  createBoard,
  digitChar,
  fullMask,
  initialState,
  type Step,
} from '../engine/index.ts';
import { APP_UPDATED, isAppUpdated } from '../worker/client.ts';
import { layoutOf } from './derived.ts';
import {
  emptyBoard,
  loadProgress,
  LOG_FRAMES,
  PLAY_COLOURS,
  saveProgress,
  type PlayBoard,
  type PlayMove,
} from './playProgress.ts';
import { puzzleKey } from './puzzle.ts';
import { knownSolution } from './selectors.ts';
import type { SliceCreator, SquigglyState, StoreContext } from './state.ts';

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

const HISTORY_LIMIT = 500;

export { PLAY_COLOURS };

/** The digits on the grid in play: clues and the player's digits. */
export const playDigits = (state: SquigglyState): number[] =>
  state.givens.map((given, cell) => given || state.playBoard.digits[cell] || 0);

/** Digits in a mask, in order. */
export const maskDigits = (mask: number, size: number): number[] => {
  const digits: number[] = [];
  for (let digit = 1; digit <= size; digit++) if (mask & (1 << digit)) digits.push(digit);
  return digits;
};

export const createPlaySlice =
  ({ solver, playStorage }: StoreContext): SliceCreator<PlaySlice> =>
  (set, get) => {
    /** The board, opened for the puzzle on screen. */
    const opened = (): SquigglyState => {
      get().openPlay();
      return get();
    };
    const save = (): void => {
      const state = get();
      if (state.playKey)
        saveProgress(playStorage, state.playKey, {
          board: state.playBoard,
          elapsedMs: state.playElapsedMs,
          past: state.playPast,
          future: state.playFuture,
          revealed: state.playRevealed,
          revealedCells: state.playRevealedCells,
          check: state.playCheck,
          log: state.playLog,
        });
    };
    /** The log with one more frame: `board`, made now. */
    const logged = (board: PlayBoard): PlayMove[] => {
      const { playLog, playElapsedMs } = get();
      return [...playLog, { ms: playElapsedMs, board }].slice(-LOG_FRAMES);
    };
    /** The replay is open: moves are ignored, so the board under it stays as it was. */
    const replaying = (): boolean => get().playReplay !== null;
    /**
     * One move: the new board, an undo step, wrong-digit marks kept while their digit stays.
     * `message` says what the move did; without one, an earlier message goes. A move that
     * changes a digit of a solved grid leaves it unsolved, as Undo does: the clock runs
     * again until the grid is complete and right once more.
     */
    const commit = (next: PlayBoard, message?: string): void => {
      const { playBoard, playPast, playCheck } = get();
      set({
        playBoard: next,
        playPast: [...playPast, playBoard].slice(-HISTORY_LIMIT),
        playFuture: [],
        playLog: logged(next),
        playCheck:
          playCheck || message
            ? {
                wrong: keptWrong(playCheck?.wrong ?? {}, next),
                message: message ?? '',
                solved:
                  (playCheck?.solved ?? false) &&
                  next.digits.every((digit, cell) => digit === playBoard.digits[cell]),
              }
            : null,
      });
      save();
    };
    const targets = (state: SquigglyState): number[] => {
      const cells = state.size * state.size;
      const chosen = state.playSelection.length > 0 ? state.playSelection : [state.cursor];
      return chosen.filter((cell) => cell < cells && state.givens[cell] === 0);
    };
    /** The unique solution, from the worker once per puzzle; a reason when there is none. */
    const solutionOf = async (): Promise<number[] | string> => {
      const state = opened();
      const key = state.playKey as string;
      if (state.playSolution?.key === key) return state.playSolution.solution;
      // A run or the live verdict of this puzzle already holds its solution: no second search.
      const known = knownSolution(state);
      if (known !== null) {
        set({ playSolution: { key, solution: known } });
        return known;
      }
      const layout = layoutOf(state);
      if (!layout.valid) return 'the layout is not finished, so the puzzle has no solution yet';
      set({ playChecking: true });
      try {
        const response = await solver.count({
          size: state.size,
          regions: Array.from(layout.regionOf),
          givens: state.givens,
          limit: 2,
          keepSolutions: 1,
        });
        if (response.clueConflicts.length > 0) return 'the clues clash, so there is no solution';
        if (response.count === 0) return 'the puzzle has no solution';
        if (response.count > 1) return 'the puzzle has more than one solution';
        const solution = response.solutions[0];
        if (get().playKey === key) set({ playSolution: { key, solution } });
        return solution;
      } catch (error) {
        // After a deploy "try again" cannot help: say what does.
        return isAppUpdated(error)
          ? APP_UPDATED
          : 'the solver stopped before it finished (try again)';
      } finally {
        set({ playChecking: false });
      }
    };

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

      openPlay: () => {
        const state = get();
        const key = puzzleKey(state);
        if (state.playKey === key) return;
        const progress = loadProgress(playStorage, key, state.size);
        const board = progress?.board ?? emptyBoard(state.size * state.size);
        set({
          playKey: key,
          playBoard: board,
          playLog: progress?.log ?? [{ ms: 0, board }],
          playReplay: null,
          playElapsedMs: progress?.elapsedMs ?? 0,
          playPast: progress?.past ?? [],
          playFuture: progress?.future ?? [],
          playSelection: [],
          // The last check comes back too: its marks, and a solved puzzle's stopped timer.
          playCheck: progress?.check ?? null,
          playSolution: null,
          playHint: null,
          playRevealed: progress?.revealed ?? false,
          playRevealedCells: progress?.revealedCells ?? {},
        });
      },

      setPlayEntry: (entry) => set({ playEntry: entry }),
      setPlaySelection: (cells) => set({ playSelection: [...new Set(cells)] }),
      addToPlaySelection: (cell) => {
        const selection = get().playSelection;
        if (!selection.includes(cell)) set({ playSelection: [...selection, cell] });
      },

      enterPlay: (digit, entry) => {
        if (replaying()) return;
        const state = opened();
        const how = entry ?? state.playEntry;
        if (digit === 0) return state.clearPlayCells(how);
        const board = state.playBoard;
        if (how === 'colour') {
          if (digit < 1 || digit > PLAY_COLOURS || !Number.isInteger(digit)) return;
          const cells = colourTargets(state);
          if (cells.length === 0) return;
          const bit = 1 << digit;
          const all = cells.every((cell) => board.colour[cell] & bit);
          const colour = [...board.colour];
          for (const cell of cells) colour[cell] = all ? colour[cell] & ~bit : colour[cell] | bit;
          return commit({ ...board, colour });
        }
        if (digit < 1 || digit > state.size) return;
        const cells = targets(state);
        if (how === 'digit') {
          if (cells.length === 0) return;
          const all = cells.every((cell) => board.digits[cell] === digit);
          const digits = [...board.digits];
          for (const cell of cells) digits[cell] = all ? 0 : digit;
          commit({ ...board, digits });
          // The last empty cell filled: say at once whether it is solved (and stop the clock).
          if (!all && state.givens.every((given, cell) => given !== 0 || digits[cell] !== 0)) {
            void get().checkPlay({ quiet: true });
          }
          return;
        }
        const layer = how === 'centre' ? 'centre' : 'corner';
        const open = cells.filter((cell) => board.digits[cell] === 0);
        if (open.length === 0) return;
        const bit = 1 << digit;
        const all = open.every((cell) => board[layer][cell] & bit);
        const marks = [...board[layer]];
        for (const cell of open) marks[cell] = all ? marks[cell] & ~bit : marks[cell] | bit;
        commit({ ...board, [layer]: marks });
      },

      clearPlayCells: (entry) => {
        if (replaying()) return;
        const state = opened();
        const board = state.playBoard;
        const clearColours = (cells: number[]): void => {
          if (!cells.some((cell) => board.colour[cell])) return;
          const colour = [...board.colour];
          for (const cell of cells) colour[cell] = 0;
          commit({ ...board, colour });
        };
        if ((entry ?? state.playEntry) === 'colour') return clearColours(colourTargets(state));
        const cells = targets(state);
        if (cells.some((cell) => board.digits[cell] !== 0)) {
          const digits = [...board.digits];
          for (const cell of cells) digits[cell] = 0;
          return commit({ ...board, digits });
        }
        if (!cells.some((cell) => board.centre[cell] || board.corner[cell])) {
          return clearColours(cells);
        }
        const centre = [...board.centre];
        const corner = [...board.corner];
        for (const cell of cells) centre[cell] = corner[cell] = 0;
        commit({ ...board, centre, corner });
      },

      autoCandidates: () => {
        if (replaying()) return;
        const state = opened();
        const layout = layoutOf(state);
        if (!layout.valid) {
          set({
            playCheck: {
              wrong: state.playCheck?.wrong ?? {},
              message: 'Auto-candidates needs a finished layout: N regions of N cells.',
              solved: false,
            },
          });
          return;
        }
        const digits = playDigits(state);
        const { candidates } = initialState(createBoard(state.size, layout.regionOf, digits));
        // A cell the player has marked keeps those marks that are still possible: they may
        // have ruled out more than the clues do. An empty cell gets every candidate left.
        let kept = 0;
        const centre = digits.map((digit, cell) => {
          if (digit) return state.playBoard.centre[cell];
          const own = state.playBoard.centre[cell] & candidates[cell];
          if (own === 0) return candidates[cell];
          kept++;
          return own;
        });
        const message =
          kept === 0
            ? 'Centre marks filled with the candidates left.'
            : `Centre marks filled with the candidates left; your own marks kept in ${kept} ${kept === 1 ? 'cell' : 'cells'} (impossible ones removed).`;
        commit({ ...state.playBoard, centre }, message);
      },

      setShowConflicts: (show) => set({ showConflicts: show }),

      tickPlay: (ms) => {
        if (ms <= 0 || !Number.isFinite(ms)) return;
        opened();
        set({ playElapsedMs: get().playElapsedMs + ms });
        save();
      },

      playUndo: () => {
        if (replaying()) return;
        const { playPast, playBoard, playFuture } = opened();
        if (playPast.length === 0) return;
        const previous = playPast[playPast.length - 1];
        set({
          playBoard: previous,
          playPast: playPast.slice(0, -1),
          playFuture: [playBoard, ...playFuture],
          playLog: logged(previous),
          playCheck: afterHistoryStep(get().playCheck, previous),
        });
        save();
      },

      playRedo: () => {
        if (replaying()) return;
        const { playPast, playBoard, playFuture } = opened();
        if (playFuture.length === 0) return;
        set({
          playBoard: playFuture[0],
          playPast: [...playPast, playBoard],
          playFuture: playFuture.slice(1),
          playLog: logged(playFuture[0]),
          playCheck: afterHistoryStep(get().playCheck, playFuture[0]),
        });
        save();
      },

      checkPlay: async ({ quiet = false } = {}) => {
        const key = opened().playKey;
        const solution = await solutionOf();
        const state = get();
        if (state.playKey !== key) return;
        if (quiet) {
          if (typeof solution === 'string') return;
          const { wrong, empty } = comparedWith(state, solution);
          const right = Object.keys(wrong).length === 0 && empty === 0;
          const message = !right
            ? 'Every cell is filled, but not every digit is right: Check shows which.'
            : state.playRevealed
              ? 'Every digit is right, with help from Reveal.'
              : 'Solved: every digit is right.';
          set({ playCheck: { wrong: state.playCheck?.wrong ?? {}, message, solved: right } });
          save();
          return;
        }
        if (typeof solution === 'string') {
          set({ playCheck: { wrong: {}, message: `Cannot check: ${solution}.`, solved: false } });
          save();
          return;
        }
        const { wrong, empty } = comparedWith(state, solution);
        const wrongCount = Object.keys(wrong).length;
        const solved = wrongCount === 0 && empty === 0;
        const message = solved
          ? state.playRevealed
            ? 'Every digit is right, with help from Reveal.'
            : 'Solved: every digit is right.'
          : wrongCount > 0
            ? `${wrongCount} wrong ${wrongCount === 1 ? 'digit' : 'digits'}, marked on the grid; ${empty} ${empty === 1 ? 'cell' : 'cells'} still empty.`
            : `No mistakes so far; ${empty} ${empty === 1 ? 'cell' : 'cells'} still empty.`;
        set({ playCheck: { wrong, message, solved } });
        save();
      },

      hintPlay: async () => {
        const first = opened();
        const key = first.playKey as string;
        const board = first.playBoard;
        const say = (message: string): void => {
          const check = get().playCheck;
          set({
            playCheck: { wrong: check?.wrong ?? {}, message, solved: check?.solved ?? false },
          });
          save();
        };
        const hint = first.playHint;
        const sameBoard = hint !== null && hint.key === key && sameForHint(hint.board, board);
        if (sameBoard && !hint.whole) {
          const { step } = hint;
          // Selected: where the player acts (the digits to place, or the marks to take out),
          // so that typing there applies the step; the cursor on the first of them.
          const acted = step.placements.length > 0 ? step.placements : step.eliminations;
          const cells = [...new Set(acted.map(({ cell }) => cell))];
          const target = cells[0] ?? step.cells[0];
          set({
            playHint: { ...hint, whole: true },
            playSelection: cells.length > 0 ? cells : step.cells.slice(0, 1),
          });
          if (target !== undefined) get().setCursor(target);
          say(`Hint: ${step.explanation}.`);
          return;
        }
        // Pressed again after seeing the whole step, with no move between: its eliminations
        // count as made (a placement the player makes on the board).
        const ruledOut: [number, number][] = sameBoard
          ? [
              ...hint.ruledOut,
              ...hint.step.eliminations.map(({ cell, digit }): [number, number] => [cell, digit]),
            ]
          : [];
        const solution = await solutionOf();
        const state = get();
        // A move made while the solution was found: this press is about a board gone.
        if (state.playKey !== key || !sameForHint(state.playBoard, board)) return;
        if (typeof solution === 'string') return say(`No hint: ${solution}.`);
        // Integer keys come in ascending order: the first wrong digit in reading order.
        const [firstWrong] = Object.entries(comparedWith(state, solution).wrong);
        if (firstWrong) {
          const [cell, digit] = [Number(firstWrong[0]), firstWrong[1]];
          set({ playSelection: [cell], playHint: null });
          get().setCursor(cell);
          return say(
            `Hint: the ${digitChar(digit)} in ${cellName(cell, state.size)} is wrong; no step is sound until it goes.`,
          );
        }
        // The player's centre marks are candidates too: a cell's marks that leave out its
        // digit would make any step unsound, so that comes first, as a wrong digit does.
        const { centre } = state.playBoard;
        const digits = playDigits(state);
        const badMarks = centre.findIndex(
          (marks, cell) => marks !== 0 && digits[cell] === 0 && !(marks & (1 << solution[cell])),
        );
        if (badMarks >= 0) {
          set({ playSelection: [badMarks], playHint: null });
          get().setCursor(badMarks);
          return say(
            `Hint: the centre marks in ${cellName(badMarks, state.size)} leave out its digit; no step is sound until it is back.`,
          );
        }
        const all = fullMask(state.size);
        const candidates = centre.map((marks) => marks || all);
        for (const [cell, digit] of ruledOut) candidates[cell] &= ~(1 << digit);
        const layout = layoutOf(state);
        set({ playChecking: true });
        let answer: Awaited<ReturnType<typeof solver.nextStep>>;
        try {
          answer = await solver.nextStep({
            size: state.size,
            regions: Array.from(layout.regionOf),
            digits,
            candidates,
          });
        } catch (error) {
          return say(
            isAppUpdated(error)
              ? `No hint: ${APP_UPDATED}.`
              : 'No hint: the solver stopped before it finished (try again).',
          );
        } finally {
          set({ playChecking: false });
        }
        if (get().playKey !== key || !sameForHint(get().playBoard, board)) return;
        if (answer.status !== 'step' || answer.step === null) {
          set({ playHint: null });
          return say(
            answer.status === 'solved'
              ? 'No hint needed: every cell is filled.'
              : 'No hint: the techniques here find no next step; Reveal cell can give a digit.',
          );
        }
        set({ playHint: { key, board, step: answer.step, whole: false, ruledOut } });
        say(`Hint: use ${answer.step.technique} next. Press Hint again to see where.`);
      },

      revealPlay: async (scope = 'cells') => {
        if (replaying()) return;
        const first = opened();
        const key = first.playKey;
        // The cells are those chosen when asked: the search may take a moment.
        const chosen = scope === 'all' ? null : targets(first);
        if (chosen?.length === 0) {
          set({
            playCheck: {
              wrong: first.playCheck?.wrong ?? {},
              message: 'Select an empty cell (or several) to reveal its digit.',
              solved: first.playCheck?.solved ?? false,
            },
          });
          return;
        }
        const solution = await solutionOf();
        const state = get();
        // A replay opened while the solution was found: the board under it stays.
        if (state.playKey !== key || replaying()) return;
        if (typeof solution === 'string') {
          set({ playCheck: { wrong: {}, message: `Cannot reveal: ${solution}.`, solved: false } });
          return;
        }
        const digits =
          chosen === null
            ? state.givens.map((given, cell) => (given ? 0 : solution[cell]))
            : state.playBoard.digits.map((digit, cell) =>
                chosen.includes(cell) ? solution[cell] : digit,
              );
        const count = chosen?.length ?? 0;
        const message =
          chosen === null
            ? 'Solution revealed (Undo takes it back).'
            : `${count === 1 ? 'Digit' : `${count} digits`} revealed (Undo takes ${count === 1 ? 'it' : 'them'} back).`;
        const revealedCells = { ...state.playRevealedCells };
        digits.forEach((digit, cell) => {
          // A digit the player already had right stays theirs.
          if (digit !== 0 && digit !== state.playBoard.digits[cell]) revealedCells[cell] = digit;
        });
        // Before the move, which saves the progress: a reload must not credit the player.
        set({ playRevealed: true, playRevealedCells: revealedCells });
        commit({ ...state.playBoard, digits }, message);
        // A full grid is over, as when the player fills the last cell: the clock stops. Reveal
        // all put the solution everywhere; Reveal cell may have filled the last gap only.
        if (state.givens.some((given, cell) => given === 0 && digits[cell] === 0)) return;
        if (chosen !== null) return void get().checkPlay({ quiet: true });
        set({ playCheck: { wrong: {}, message, solved: true } });
        save();
      },

      setPlayHighlight: (on) => set({ playHighlight: on }),

      openReplay: (at = 0) => {
        const { playLog } = opened();
        set({ playReplay: Math.max(0, Math.min(playLog.length - 1, Math.floor(at) || 0)) });
      },

      replayTo: (at) => {
        if (!replaying()) return;
        const last = get().playLog.length - 1;
        set({ playReplay: Math.max(0, Math.min(last, Math.floor(at) || 0)) });
      },

      closeReplay: () => {
        if (replaying()) set({ playReplay: null });
      },
    };
  };

/**
 * Whether a hint found for one board still holds on another: the same digits and centre
 * marks (the arrays themselves: a move copies only the layer it changes). Colours and corner
 * marks are the player's notes, not candidates, so colouring between two presses of Hint
 * does not start the hint over.
 */
const sameForHint = (a: PlayBoard, b: PlayBoard): boolean =>
  a.digits === b.digits && a.centre === b.centre;

/** The selected cells (the cursor's cell when none is), clues too: colours go anywhere. */
function colourTargets(state: SquigglyState): number[] {
  const cells = state.size * state.size;
  const chosen = state.playSelection.length > 0 ? state.playSelection : [state.cursor];
  return chosen.filter((cell) => cell >= 0 && cell < cells);
}

/**
 * A check after Undo or Redo: its message spoke of the board before, so it goes (a revealed
 * solution taken back must not still say "revealed"); wrong-digit marks stay on the digits
 * still there. `solved` goes too: the board is another one now, so the timer runs again until
 * Check finds it solved.
 */
function afterHistoryStep(check: PlayCheck | null, board: PlayBoard): PlayCheck | null {
  if (check === null) return null;
  return { wrong: keptWrong(check.wrong, board), message: '', solved: false };
}

/** The player's digits against the solution: the wrong ones by cell, and the empty cells. */
function comparedWith(
  state: Pick<SquigglyState, 'givens' | 'playBoard'>,
  solution: readonly number[],
): { wrong: Record<number, number>; empty: number } {
  const { digits } = state.playBoard;
  const wrong: Record<number, number> = {};
  let empty = 0;
  state.givens.forEach((given, cell) => {
    if (given) return;
    if (digits[cell] === 0) empty++;
    else if (digits[cell] !== solution[cell]) wrong[cell] = digits[cell];
  });
  return { wrong, empty };
}

function keptWrong(wrong: Record<number, number>, board: PlayBoard): Record<number, number> {
  const kept: Record<number, number> = {};
  for (const [cell, digit] of Object.entries(wrong)) {
    if (board.digits[Number(cell)] === digit) kept[Number(cell)] = digit;
  }
  return kept;
}

/** Whether the digit in a cell is the one Reveal put there (so it is drawn as help). */
export const isRevealedCell = (
  state: Pick<SquigglyState, 'playBoard' | 'playRevealedCells'>,
  cell: number,
): boolean => {
  const digit = state.playBoard.digits[cell];
  return digit !== 0 && state.playRevealedCells[cell] === digit;
};

/** Whether the timer should run: the puzzle is not solved yet. */
export const playRunning = (state: SquigglyState): boolean => !state.playCheck?.solved;
