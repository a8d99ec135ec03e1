/**
 * The logic slice's whole-puzzle runs: the rating (rateLogically), which counts first and
 * rates a unique puzzle only, and the setter's generator (New puzzle with options), which
 * loads the puzzle it made with its rating already in the layer. Both go through runs.ts.
 *
 * The rating follows every unique verdict by itself (runs.ts), so one press may find another
 * rating in flight: it waits for that one rather than starting a second, which would end the
 * worker and with it the first.
 */
import type { SetterProgress } from '../../engine/index.ts';
import type { SetterRequest } from '../../worker/protocol.ts';
import { layoutOf } from '../derived.ts';
import type { GenerateOptions, GenerateOutcome } from '../logicSlice.ts';
import { emptyLayer, runLogic, updateLayer, type LogicScope } from './runs.ts';

export async function rateLogically(scope: LogicScope): Promise<void> {
  const state = scope.get();
  const layout = layoutOf(state);
  if (!layout.valid) return;
  const asked = {
    size: state.size,
    regions: Array.from(layout.regionOf),
    digits: state.givens,
    ...(state.constraints.length > 0 ? { constraints: state.constraints } : {}),
  };
  // A rating already in flight answers this press too.
  if (scope.rating !== null) {
    await scope.rating;
    return;
  }
  const run = runLogic(scope, 'rate', (signal) => scope.ctx.logic.rate(asked, { signal }));
  scope.rating = run;
  let answer: Awaited<typeof run>;
  try {
    answer = await run;
  } finally {
    if (scope.rating === run) scope.rating = null;
  }
  if (!answer) return;
  updateLayer(scope, { rate: answer });
}

export async function generateWith(
  scope: LogicScope,
  options: GenerateOptions,
): Promise<GenerateOutcome> {
  const { set, get, ctx } = scope;
  const state = get();
  const layout = layoutOf(state);
  if (options.layout === 'keep' && (!layout.valid || options.size !== state.size)) {
    return {
      status: 'failed',
      message: 'Keep my layout needs a complete layout of this size: N regions of N cells.',
    };
  }
  const setterRequest: SetterRequest = {
    size: options.size,
    layout: options.layout,
    ...(options.layout === 'keep' ? { regions: Array.from(layout.regionOf) } : {}),
    clueSymmetry: options.clueSymmetry,
    minimal: options.minimal,
    ...(options.difficulty === undefined ? {} : { difficulty: options.difficulty }),
    seed: ctx.randomSeed(),
  };
  const made = await runLogic(scope, 'generate', (signal) => {
    const onProgress = (progress: SetterProgress): void => {
      const run = get().logicRun;
      if (run?.task === 'generate' && !signal.aborted) set({ logicRun: { ...run, progress } });
    };
    return ctx.logic.generateSetterPuzzle(setterRequest, { signal, onProgress });
  });
  if (!made) {
    // A failure is said in logicError; a stop (Cancel, an edit) leaves it null.
    const error = get().logicError;
    return error ? { status: 'failed', message: error } : { status: 'cancelled' };
  }
  get().loadPuzzle(made.size, made.regions, made.givens);
  // The new puzzle comes rated: its layer starts with the rating, and with what it is
  // not of what was asked (the closest to a difficulty, not minimal) said in the panel.
  set({
    logic: {
      ...emptyLayer(get()),
      rate: { solutions: 'unique', rating: made.rating },
      message: made.note ?? null,
    },
  });
  const clues = made.givens.filter((digit) => digit !== 0).length;
  return {
    status: 'done',
    clues,
    rating: made.rating,
    attempts: made.attempts,
    ...(made.note === undefined ? {} : { note: made.note }),
  };
}
