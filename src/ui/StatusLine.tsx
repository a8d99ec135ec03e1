/**
 * The status line under the grid: the live verdict on the puzzle (unique / several / none /
 * layout not ready, or checking) and the layout's state in one short sentence. It sits right
 * under the grid at every width, and on narrow screens it sticks to the bottom of the viewport
 * (app.css), so a setter drawing on a phone always sees where the puzzle stands without
 * scrolling to the panels.
 *
 * The verdict comes from the store's live check (runSlice: debounced after each edit, run in
 * the worker, stale checks stopped); "layout not ready" is derived here from the layout and
 * "checking" from a verdict that no longer answers the puzzle. So this component only reads
 * state: typing never waits for it. The line is a polite live region named "Verdict"; the explicit runs keep their own
 * "Run result" status in the Solve panel.
 *
 * A rated unique puzzle shows its level after the verdict (RatingBadge). On a narrow screen a
 * logic step shown on the grid (Hint, a step of the list) is also said here, under the grid:
 * the Logic panel that says it is far below the grid there, out of sight (not on a wide
 * screen, where the panel sits beside the grid).
 */
import { useMemo } from 'react';
import { RatingBadge, shownStepWords } from './LogicPanel.tsx';
import {
  blockingProblems,
  cluesOnGrid,
  selectConstraints,
  currentLogic,
  currentVerdict,
  describeVerdict,
  layoutOf,
  plural,
} from '../store/store.ts';
import { ONE_COLUMN, useMediaQuery } from './mediaQuery.ts';
import { useSquiggly } from './StoreContext.tsx';

export function StatusLine() {
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const regions = useSquiggly((s) => s.regions);
  const liveChecks = useSquiggly((s) => s.liveChecks);
  const verdict = useSquiggly(currentVerdict);
  const clueCount = useSquiggly(cluesOnGrid);
  const constraintCount = useSquiggly((s) => selectConstraints(s).length);
  const layout = useMemo(() => layoutOf({ size, walls, regions }), [size, walls, regions]);
  // Not ready: said from the layout at once. Otherwise the verdict, or pending (null).
  const outcome = !liveChecks
    ? undefined
    : !layout.valid
      ? { status: 'invalid' as const, reasons: blockingProblems(layout).map((p) => p.message) }
      : (verdict?.outcome ?? null);
  const words =
    outcome === undefined ? null : describeVerdict(outcome, size, clueCount, constraintCount);
  const state = outcome === undefined ? 'idle' : (outcome?.status ?? 'pending');
  const problems = layout.problems.filter((p) => p.code !== 'wall-open').length;
  const open = layout.openWalls.length;
  const step = useSquiggly((s) => currentLogic(s)?.shown ?? null);
  const oneColumn = useMediaQuery(ONE_COLUMN);

  return (
    <div className="status-line">
      <p
        role="status"
        aria-label="Verdict"
        aria-atomic="true"
        className={`verdict verdict-${state}`}
      >
        {words && (
          <>
            <strong className="verdict-headline">{words.headline}</strong>
            {words.detail && <span className="verdict-detail">: {words.detail}</span>}
          </>
        )}
      </p>
      {state === 'unique' && <RatingBadge />}
      {oneColumn && step && <p className="status-step">{shownStepWords(step)}</p>}
      {/* Nothing to add beside a verdict once complete with no loose walls: app.css hides it
          on a phone. */}
      <p className={`layout-line${words && layout.valid && open === 0 ? ' layout-line-done' : ''}`}>
        {layout.valid
          ? `Layout complete: ${size} regions of ${size} cells.`
          : words
            ? // The verdict beside it already names the first problem.
              `${plural(problems, 'layout problem')} in all, marked on the grid.`
            : `Layout: ${regionCount(layout.regions.length, size)}, ${plural(problems, 'problem')} (marked on the grid).`}
        {/* Counted as the Layout panel counts them: segments, one cell side each. */}
        {open > 0 && ` ${plural(open, 'loose wall segment')}.`}
      </p>
    </div>
  );
}

/** "7 of 9 regions" while regions are missing; "10 regions where 9 are needed" past that. */
function regionCount(count: number, size: number): string {
  return count > size ? `${count} regions where ${size} are needed` : `${count} of ${size} regions`;
}
