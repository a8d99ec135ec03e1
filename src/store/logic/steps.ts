/**
 * The solver's layer, step by step: Hint (the next step from the position on screen, shown on
 * the grid), Apply step (the step joins the layer: its placements appear as deduced digits,
 * its eliminations leave the candidates), Solve by logic (the steps to the end or to where
 * logic gets stuck, listed), a listed step chosen, Undo and Redo of applied steps, Clear, and
 * Cancel of the run in flight.
 *
 * The layer is never part of the puzzle: the clues, their count and the puzzle's uniqueness
 * do not change. Each applied step is one step of the page's Undo (undoLogicStep, which the
 * store's undo asks first) and Redo. The runs go through runs.ts (runLogic), so a run stopped
 * by an edit settles as null and an answer is always about the puzzle on screen.
 */
import type { LogicLayer } from '../logicSlice.ts';
import { currentLogic } from '../selectors.ts';
import { layerOf, positionRequest, runLogic, updateLayer, type LogicScope } from './runs.ts';

export async function hint(scope: LogicScope): Promise<void> {
  const asked = positionRequest(scope);
  if (!asked) return;
  // A run stopped by an edit settles as null, so an answer is about the puzzle on screen.
  const answer = await runLogic(scope, 'hint', (signal) =>
    scope.ctx.logic.nextStep(asked, { signal }),
  );
  if (!answer) return;
  const emptyCells = asked.digits.filter((digit) => digit === 0).length;
  const message =
    answer.status === 'solved'
      ? 'The grid is full: there is nothing left to deduce.'
      : answer.status === 'stuck'
        ? `No step: logic alone gets stuck here, with ${emptyCells} empty cells. The puzzle needs search (or techniques beyond these).`
        : answer.status === 'contradiction'
          ? `No step: this position is impossible (${answer.contradiction ?? 'a clash'}).`
          : null;
  updateLayer(scope, {
    shown: answer.step ? { step: answer.step, listIndex: null } : null,
    message,
  });
}

export function applyShownStep(scope: LogicScope): void {
  const current = currentLogic(scope.get());
  const shown = current?.shown;
  if (!current || !shown) return;
  // A listed step applies only in order: the one right after the position on screen.
  if (shown.listIndex !== null) {
    const list = current.list;
    if (!list || list.from + shown.listIndex !== current.applied.length) return;
  }
  const applied = [...current.applied, shown.step];
  const list = current.list;
  const next: Partial<LogicLayer> = { applied, redo: [], shown: null, message: null };
  // The list stays while it continues from the new position (its next step is shown).
  if (list && shown.listIndex !== null && shown.listIndex + 1 < list.steps.length) {
    next.shown = { step: list.steps[shown.listIndex + 1], listIndex: shown.listIndex + 1 };
  } else if (list && shown.listIndex === null) {
    next.list = null;
  }
  updateLayer(scope, next);
}

export async function solveLogically(scope: LogicScope): Promise<void> {
  const asked = positionRequest(scope);
  if (!asked) return;
  const from = layerOf(scope).applied.length;
  const answer = await runLogic(scope, 'solve', (signal) =>
    scope.ctx.logic.solveByLogic(asked, { signal }),
  );
  if (!answer) return;
  updateLayer(scope, {
    shown: null,
    message: null,
    list: {
      status: answer.status,
      steps: answer.steps,
      stuckCells: answer.stuckCells,
      ...(answer.contradiction === undefined ? {} : { contradiction: answer.contradiction }),
      from,
    },
  });
}

export function showListedStep(scope: LogicScope, index: number): void {
  const list = currentLogic(scope.get())?.list;
  if (!list || index < 0 || index >= list.steps.length) return;
  updateLayer(scope, { shown: { step: list.steps[index], listIndex: index }, message: null });
}

export function clearLogic({ set, runner }: LogicScope): void {
  runner.stop();
  set({ logic: null, logicRun: null, logicError: null });
}

export function undoLogicStep(scope: LogicScope): boolean {
  const current = currentLogic(scope.get());
  if (!current || current.applied.length === 0) return false;
  const last = current.applied[current.applied.length - 1];
  updateLayer(scope, {
    applied: current.applied.slice(0, -1),
    redo: [...current.redo, last],
    shown: { step: last, listIndex: null },
    list: null,
    message: null,
  });
  return true;
}

export function redoLogicStep(scope: LogicScope): boolean {
  const current = currentLogic(scope.get());
  if (!current || current.redo.length === 0) return false;
  const step = current.redo[current.redo.length - 1];
  updateLayer(scope, {
    applied: [...current.applied, step],
    redo: current.redo.slice(0, -1),
    shown: null,
    list: null,
    message: null,
  });
  return true;
}

export function cancelLogic({ set, runner }: LogicScope): void {
  if (!runner.busy()) return;
  runner.stop();
  set({ logicRun: null });
}
