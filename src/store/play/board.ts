/**
 * The play board's one write path, shared by the moves (moves.ts) and by check, hint and
 * reveal (solution.ts): open the board for the puzzle on screen, make a move (an undo step, a
 * frame of the log, the wrong-digit marks kept while their digit stays), save the progress.
 * Also the selectors the grid draws play with (the digits in play, revealed cells, marks).
 *
 * Every function takes the slice's scope (the store's set and get, and the context) rather
 * than closing over it, so the play slice is a list of actions over these, not one closure.
 * A move made while the replay is open is ignored by its action (`replaying`), so the board
 * under the replay stays as it was.
 */
import { LOG_FRAMES, saveProgress, type PlayBoard, type PlayMove } from '../playProgress.ts';
import type { PlayCheck } from '../playSlice.ts';
import type { SliceScope, SquigglyState } from '../state.ts';

/** Undo steps kept in memory (playProgress.ts saves fewer: SAVED_STEPS). */
const HISTORY_LIMIT = 500;

/** The board, opened for the puzzle on screen. */
export const opened = ({ get }: SliceScope): SquigglyState => {
  get().openPlay();
  return get();
};

/** Save the progress of the puzzle the board belongs to (playProgress.ts). */
export const save = ({ get, ctx }: SliceScope): void => {
  const state = get();
  if (state.playKey)
    saveProgress(ctx.playStorage, state.playKey, {
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
export const logged = ({ get }: SliceScope, board: PlayBoard): PlayMove[] => {
  const { playLog, playElapsedMs } = get();
  return [...playLog, { ms: playElapsedMs, board }].slice(-LOG_FRAMES);
};

/** The replay is open: moves are ignored, so the board under it stays as it was. */
export const replaying = ({ get }: SliceScope): boolean => get().playReplay !== null;

/**
 * One move: the new board, an undo step, wrong-digit marks kept while their digit stays.
 * `message` says what the move did; without one, an earlier message goes. A move that
 * changes a digit of a solved grid leaves it unsolved, as Undo does: the clock runs
 * again until the grid is complete and right once more.
 */
export const commit = (scope: SliceScope, next: PlayBoard, message?: string): void => {
  const { set, get } = scope;
  const { playBoard, playPast, playCheck } = get();
  set({
    playBoard: next,
    playPast: [...playPast, playBoard].slice(-HISTORY_LIMIT),
    playFuture: [],
    playLog: logged(scope, next),
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
  save(scope);
};

/** The selected cells (the cursor's cell when none is) that are not clues. */
export const targets = (state: SquigglyState): number[] => {
  const cells = state.size * state.size;
  const chosen = state.playSelection.length > 0 ? state.playSelection : [state.cursor];
  return chosen.filter((cell) => cell < cells && state.givens[cell] === 0);
};

/** The selected cells (the cursor's cell when none is), clues too: colours go anywhere. */
export function colourTargets(state: SquigglyState): number[] {
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
export function afterHistoryStep(check: PlayCheck | null, board: PlayBoard): PlayCheck | null {
  if (check === null) return null;
  return { wrong: keptWrong(check.wrong, board), message: '', solved: false };
}

function keptWrong(wrong: Record<number, number>, board: PlayBoard): Record<number, number> {
  const kept: Record<number, number> = {};
  for (const [cell, digit] of Object.entries(wrong)) {
    if (board.digits[Number(cell)] === digit) kept[Number(cell)] = digit;
  }
  return kept;
}

/** The digits on the grid in play: clues and the player's digits. */
export const playDigits = (state: SquigglyState): number[] =>
  state.givens.map((given, cell) => given || state.playBoard.digits[cell] || 0);

/** Digits in a mask, in order. */
export const maskDigits = (mask: number, size: number): number[] => {
  const digits: number[] = [];
  for (let digit = 1; digit <= size; digit++) if (mask & (1 << digit)) digits.push(digit);
  return digits;
};

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
