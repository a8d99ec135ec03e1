/**
 * What play asks of the puzzle's solution: Check, Hint and Reveal. The moves themselves are in
 * moves.ts; these three need the unique solution, which the worker finds once per puzzle and
 * the slice keeps in memory (`playSolution`), never shown (a run or the live verdict that
 * already holds it spares the search: selectors.ts, knownSolution).
 *
 * "Check" compares the player's digits with the solution: only the wrong digits are listed.
 * "Reveal" is the one action that puts the solution on the grid, as an undoable move: in the
 * selected cells, or (asked for by the panel after a confirmation) in all of them. "Hint" asks
 * the logical solver for the next step from the player's digits, the technique first and
 * where on a second press; a wrong digit, or centre marks that leave out a cell's digit, is
 * pointed out before any step. As the solution is unique, the hint may be a uniqueness
 * step (a unique rectangle, a BUG), and says that it assumes so. Filling the last empty
 * cell checks the grid at once, quietly (solved, or "not every digit is right", without
 * saying where).
 *
 * Each waits for the worker, so each checks on its return that the board is still the one it
 * was asked about (`playKey`, and for a hint the digits and centre marks themselves).
 */
import { cellName, digitChar, fullMask, UNIQUENESS_TECHNIQUES } from '../../engine/index.ts';
import { APP_UPDATED, isAppUpdated } from '../../worker/client.ts';
import { layoutOf } from '../derived.ts';
import type { PlayBoard } from '../playProgress.ts';
import { knownSolution } from '../selectors.ts';
import type { SliceScope, SquigglyState } from '../state.ts';
import { commit, opened, playDigits, replaying, save, targets } from './board.ts';

/** The unique solution, from the worker once per puzzle; a reason when there is none. */
async function solutionOf(scope: SliceScope): Promise<number[] | string> {
  const { set, get, ctx } = scope;
  const state = opened(scope);
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
    const response = await ctx.solver.count({
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
    return isAppUpdated(error) ? APP_UPDATED : 'the solver stopped before it finished (try again)';
  } finally {
    set({ playChecking: false });
  }
}

export async function checkPlay(scope: SliceScope, { quiet = false } = {}): Promise<void> {
  const { set, get } = scope;
  const key = opened(scope).playKey;
  const solution = await solutionOf(scope);
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
    save(scope);
    return;
  }
  if (typeof solution === 'string') {
    set({ playCheck: { wrong: {}, message: `Cannot check: ${solution}.`, solved: false } });
    save(scope);
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
  save(scope);
}

export async function hintPlay(scope: SliceScope): Promise<void> {
  const { set, get, ctx } = scope;
  const first = opened(scope);
  const key = first.playKey as string;
  const board = first.playBoard;
  const say = (message: string): void => {
    const check = get().playCheck;
    set({
      playCheck: { wrong: check?.wrong ?? {}, message, solved: check?.solved ?? false },
    });
    save(scope);
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
  const solution = await solutionOf(scope);
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
  let answer: Awaited<ReturnType<typeof ctx.solver.nextStep>>;
  try {
    answer = await ctx.solver.nextStep({
      size: state.size,
      regions: Array.from(layout.regionOf),
      digits,
      candidates,
      // The solution above is unique, so the uniqueness steps are sound here (labelled).
      assumeUnique: true,
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
  const assumes = UNIQUENESS_TECHNIQUES.includes(answer.step.technique)
    ? ' (it assumes the puzzle has one solution, as this one has)'
    : '';
  say(`Hint: use ${answer.step.technique} next${assumes}. Press Hint again to see where.`);
}

export async function revealPlay(
  scope: SliceScope,
  extent: 'cells' | 'all' = 'cells',
): Promise<void> {
  const { set, get } = scope;
  if (replaying(scope)) return;
  const first = opened(scope);
  const key = first.playKey;
  // The cells are those chosen when asked: the search may take a moment.
  const chosen = extent === 'all' ? null : targets(first);
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
  const solution = await solutionOf(scope);
  const state = get();
  // A replay opened while the solution was found: the board under it stays.
  if (state.playKey !== key || replaying(scope)) return;
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
  commit(scope, { ...state.playBoard, digits }, message);
  // A full grid is over, as when the player fills the last cell: the clock stops. Reveal
  // all put the solution everywhere; Reveal cell may have filled the last gap only.
  if (state.givens.some((given, cell) => given === 0 && digits[cell] === 0)) return;
  if (chosen !== null) return void get().checkPlay({ quiet: true });
  set({ playCheck: { wrong: {}, message, solved: true } });
  save(scope);
}

/**
 * Whether a hint found for one board still holds on another: the same digits and centre
 * marks (the arrays themselves: a move copies only the layer it changes). Colours and corner
 * marks are the player's notes, not candidates, so colouring between two presses of Hint
 * does not start the hint over.
 */
const sameForHint = (a: PlayBoard, b: PlayBoard): boolean =>
  a.digits === b.digits && a.centre === b.centre;

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
