/**
 * The player's moves and marks: open the board for the puzzle on screen, enter a digit, a
 * centre or corner mark or a colour, clear cells, fill the centre marks with the candidates
 * left, undo and redo, the clock, and the replay of the log. None of these asks the worker;
 * check, hint and reveal (which need the solution) are in solution.ts.
 *
 * Entering works on the selection (several cells, picked by dragging or Shift/Ctrl+click), or
 * on the cursor's cell when nothing else is selected, in the way of the popular play apps: a
 * digit, mark or colour that every selected cell already has is removed, otherwise it is added
 * to all; marks go only into cells without a digit; colours (SudokuPad's, several per cell,
 * PLAY_COLOURS of them) go into any cell, clues too. Clearing removes digits first, then
 * marks, then colours; in the Colour entry it removes colours only.
 *
 * The replay shows frames of the log (`playReplay`, the frame shown) without touching the
 * board; while it is open every move is ignored (board.ts, `replaying`).
 */
import { createBoard, initialState } from '../../engine/index.ts';
import { layoutOf } from '../derived.ts';
import { emptyBoard, loadProgress, PLAY_COLOURS } from '../playProgress.ts';
import type { PlayEntry } from '../playSlice.ts';
import { puzzleKey } from '../puzzle.ts';
import type { SliceScope } from '../state.ts';
import {
  afterHistoryStep,
  colourTargets,
  commit,
  logged,
  opened,
  playDigits,
  replaying,
  save,
  targets,
} from './board.ts';

/**
 * Make the board the current puzzle's: a different puzzle loads its own saved progress (with
 * its undo and redo steps, its revealed cells, its last check and its log), or starts empty.
 */
export function openPlay({ set, get, ctx }: SliceScope): void {
  const state = get();
  const key = puzzleKey(state);
  if (state.playKey === key) return;
  const progress = loadProgress(ctx.playStorage, key, state.size);
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
}

export function enterPlay(scope: SliceScope, digit: number, entry?: PlayEntry): void {
  if (replaying(scope)) return;
  const state = opened(scope);
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
    return commit(scope, { ...board, colour });
  }
  if (digit < 1 || digit > state.size) return;
  const cells = targets(state);
  if (how === 'digit') {
    if (cells.length === 0) return;
    const all = cells.every((cell) => board.digits[cell] === digit);
    const digits = [...board.digits];
    for (const cell of cells) digits[cell] = all ? 0 : digit;
    commit(scope, { ...board, digits });
    // The last empty cell filled: say at once whether it is solved (and stop the clock).
    if (!all && state.givens.every((given, cell) => given !== 0 || digits[cell] !== 0)) {
      void scope.get().checkPlay({ quiet: true });
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
  commit(scope, { ...board, [layer]: marks });
}

export function clearPlayCells(scope: SliceScope, entry?: PlayEntry): void {
  if (replaying(scope)) return;
  const state = opened(scope);
  const board = state.playBoard;
  const clearColours = (cells: number[]): void => {
    if (!cells.some((cell) => board.colour[cell])) return;
    const colour = [...board.colour];
    for (const cell of cells) colour[cell] = 0;
    commit(scope, { ...board, colour });
  };
  if ((entry ?? state.playEntry) === 'colour') return clearColours(colourTargets(state));
  const cells = targets(state);
  if (cells.some((cell) => board.digits[cell] !== 0)) {
    const digits = [...board.digits];
    for (const cell of cells) digits[cell] = 0;
    return commit(scope, { ...board, digits });
  }
  if (!cells.some((cell) => board.centre[cell] || board.corner[cell])) {
    return clearColours(cells);
  }
  const centre = [...board.centre];
  const corner = [...board.corner];
  for (const cell of cells) centre[cell] = corner[cell] = 0;
  commit(scope, { ...board, centre, corner });
}

export function autoCandidates(scope: SliceScope): void {
  if (replaying(scope)) return;
  const state = opened(scope);
  const layout = layoutOf(state);
  if (!layout.valid) {
    scope.set({
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
  commit(scope, { ...state.playBoard, centre }, message);
}

export function tickPlay(scope: SliceScope, ms: number): void {
  if (ms <= 0 || !Number.isFinite(ms)) return;
  opened(scope);
  scope.set({ playElapsedMs: scope.get().playElapsedMs + ms });
  save(scope);
}

export function playUndo(scope: SliceScope): void {
  if (replaying(scope)) return;
  const { playPast, playBoard, playFuture } = opened(scope);
  if (playPast.length === 0) return;
  const previous = playPast[playPast.length - 1];
  scope.set({
    playBoard: previous,
    playPast: playPast.slice(0, -1),
    playFuture: [playBoard, ...playFuture],
    playLog: logged(scope, previous),
    playCheck: afterHistoryStep(scope.get().playCheck, previous),
  });
  save(scope);
}

export function playRedo(scope: SliceScope): void {
  if (replaying(scope)) return;
  const { playPast, playBoard, playFuture } = opened(scope);
  if (playFuture.length === 0) return;
  scope.set({
    playBoard: playFuture[0],
    playPast: [...playPast, playBoard],
    playFuture: playFuture.slice(1),
    playLog: logged(scope, playFuture[0]),
    playCheck: afterHistoryStep(scope.get().playCheck, playFuture[0]),
  });
  save(scope);
}

export function openReplay(scope: SliceScope, at = 0): void {
  const { playLog } = opened(scope);
  scope.set({ playReplay: Math.max(0, Math.min(playLog.length - 1, Math.floor(at) || 0)) });
}

export function replayTo(scope: SliceScope, at: number): void {
  if (!replaying(scope)) return;
  const last = scope.get().playLog.length - 1;
  scope.set({ playReplay: Math.max(0, Math.min(last, Math.floor(at) || 0)) });
}

export function closeReplay(scope: SliceScope): void {
  if (replaying(scope)) scope.set({ playReplay: null });
}
