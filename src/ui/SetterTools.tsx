/**
 * The setter's tools in the panels (setterSlice.ts does the asking; the worker the work):
 *   NextStep               under the Solve panel's result: after a verdict, the next step in
 *                          words and one click (add the fixing clues, with a toggle to
 *                          show them on the grid; the clues that cannot all hold outlined
 *                          on the grid; the redundant clues with a toggle to mark them and
 *                          Minimise, with another order after it);
 *   EstimateLine           after a Count that stopped at its limit: about how many solutions;
 *   TrueCandidatesControl  the toggle, and a line saying what the grid shows;
 *   LayoutCheck            beside the layout panel: Check layout, with a filled grid on request.
 * Each line is a polite live region with its own name, so a screen reader hears the answer
 * without moving. A run that lasts longer than a moment shows progress and a Cancel of its own
 * (ToolProgressRow), like the Solve panel's runs. The words are built by the exported
 * functions below, so tests can hold them to the same wording.
 */
import { useRef, useState } from 'react';
import {
  cellName,
  describeConstraint,
  describeRedundantConstraint,
  digitChar,
  type ClueSymmetry,
  type Constraint,
} from '../engine/index.ts';
import {
  candidatesStale,
  currentCandidates,
  currentCandidatesMessage,
  currentEstimate,
  currentExplanation,
  currentLayoutCheck,
  currentMinimised,
  currentToolMessage,
  formatCount,
  layoutOf,
  plural,
  verdictOnScreen,
  type MinimiseRecord,
  type ToolRun,
} from '../store/store.ts';
import type { CandidatesResponse, EstimateResponse, ExplainResponse } from '../worker/protocol.ts';
import { useFocusReturn } from './focusReturn.ts';
import { MiniGrid } from './MiniGrid.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/** "a", "a and b", "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A clue symmetry in words, as the New dialog names it. */
const SYMMETRY_NAMES: Record<Exclude<ClueSymmetry, 'none'>, string> = {
  '180': '180° rotation',
  diagonal: 'diagonal mirror',
};

/** Clues named in a fix before "and N more": a list past this is no longer read. */
const MAX_NAMED = 8;

/**
 * A conflict core in words: its clues (outlined on the grid) and its constraints, named as
 * every message names them (describeConstraint). A core of constraints alone (the clues are
 * not to blame) says that they cannot hold on this layout.
 */
function coreWords(
  cells: readonly number[],
  indices: readonly number[],
  size: number,
  constraints: readonly Constraint[],
): string {
  const named = indices.map((index) =>
    constraints[index] === undefined
      ? `constraint ${index + 1}`
      : describeConstraint(constraints[index], size),
  );
  const clues = listWords(cells.map((cell) => cellName(cell, size)));
  const items = cells.length + named.length;
  const cannot = `cannot ${items === 2 ? 'both' : 'all'} hold`;
  if (named.length === 0)
    return `These ${cells.length} clues ${cannot}: ${clues} (outlined on the grid)`;
  // The grid draws the core's constraints in the error tones (Grid.tsx).
  const red = `${listWords(named)} (in red on the grid)`;
  if (cells.length === 0) {
    if (named.length === 1) {
      const only = named[0].charAt(0).toUpperCase() + named[0].slice(1);
      return `${only} (in red on the grid) cannot hold on this layout, whatever the clues`;
    }
    return `These ${named.length} constraints ${cannot} on this layout, whatever the clues: ${red}`;
  }
  return `These ${plural(cells.length, 'clue')} and ${plural(named.length, 'constraint')} ${cannot}: ${clues} (outlined on the grid) and ${red}`;
}

/**
 * The next step in words (see the file header); `constraints` are those of the puzzle the
 * answer is about, which a conflict core names by index.
 */
export function nextStepWords(
  answer: ExplainResponse,
  size: number,
  constraints: readonly Constraint[] = [],
): string {
  switch (answer.verdict) {
    case 'multiple': {
      // "r3c4 = 5" kept on one line (no-break spaces); a long list names its first clues.
      const clues = answer.fix.map(
        ({ cell, digit }) => `${cellName(cell, size)}\u00a0=\u00a0${digitChar(digit)}`,
      );
      const how = answer.proven
        ? `fewest: ${clues.length}`
        : `${plural(clues.length, 'clue')}, not proven fewest`;
      const named =
        clues.length <= MAX_NAMED
          ? listWords(clues)
          : `${clues.slice(0, MAX_NAMED).join(', ')} and ${clues.length - MAX_NAMED} more`;
      return `Make it unique: add ${named} (${how}).`;
    }
    case 'none':
      if ('layout' in answer) {
        return 'This layout cannot be filled, whatever the clues: change the regions.';
      }
      return `${coreWords(answer.core, answer.constraints, size, constraints)}; removing any one of them leaves a puzzle with a solution.${
        answer.complete ? '' : ' The search was stopped early: the set may not be the smallest.'
      }`;
    case 'unique':
      return `${redundantClueWords(answer)}${redundantConstraintWords(answer, size, constraints)}`;
    case 'unknown':
      return 'The next step was not found: the search stopped early.';
  }
}

/** The redundant clues of a unique puzzle in words (see nextStepWords). */
function redundantClueWords(answer: Extract<ExplainResponse, { verdict: 'unique' }>): string {
  const count = answer.redundant.length;
  if (answer.symmetry !== 'none') {
    // Tested (and minimised) with their mirror images: a single clue's removal would
    // break the symmetry the setter drew.
    const kept = `the clues keep their ${SYMMETRY_NAMES[answer.symmetry]} symmetry`;
    if (count === 0)
      return `No clue is redundant with its mirror image: the puzzle is minimal for its symmetry (${kept}).`;
    return `${plural(count, 'clue is', 'clues are')} redundant, tested with their mirror images so that ${kept}: each such pair can go and the solution stays unique, but one pair gone can make another needed (Minimise removes as many pairs as can go together).`;
  }
  if (count === 0) return 'No clue is redundant: the puzzle is minimal.';
  // Said so that the number does not read as what Minimise will remove: one clue gone can
  // make another needed.
  return count === 1
    ? '1 clue is redundant: it can go and the solution stays unique.'
    : `${plural(count, 'clue is', 'clues are')} redundant: each one can go alone and the solution stays unique, but one gone can make another needed (Minimise removes as many as can go together).`;
}

/**
 * The variant constraints of a unique puzzle that can go alone, in words (nothing for a
 * puzzle without constraints): a cage whose sum alone can go is named by its sum.
 */
export function redundantConstraintWords(
  answer: Extract<ExplainResponse, { verdict: 'unique' }>,
  size: number,
  constraints: readonly Constraint[],
): string {
  if (constraints.length === 0) return '';
  const named = answer.redundantConstraints.flatMap(({ index, part }) =>
    constraints[index] === undefined
      ? []
      : [describeRedundantConstraint(constraints[index], part, size)],
  );
  if (named.length === 0) return ' No constraint is redundant.';
  if (named.length === 1)
    return ` 1 constraint is redundant: ${named[0]} can go and the solution stays unique.`;
  return ` ${plural(named.length, 'constraint')} are redundant, each alone: ${listWords(named)}.`;
}

export function minimisedWords(record: MinimiseRecord): string {
  const kept =
    record.symmetry === 'none'
      ? ''
      : ` (in mirrored pairs: the clues keep their ${SYMMETRY_NAMES[record.symmetry]} symmetry)`;
  return record.removed === 0
    ? `Minimise removed nothing: no clue could go${kept}.`
    : `Minimised: ${plural(record.removed, 'clue')} removed${kept}, ${plural(record.left, 'clue')} left, none of them redundant. Undo brings the removed clues back.`;
}

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A number for people: exact below a million, else "3.2 × 10¹²". */
export function approxNumber(value: number): string {
  if (value < 1e6) return formatCount(Math.round(value));
  const exponent = Math.floor(Math.log10(value));
  const power = String(exponent).replace(/\d/g, (digit) => SUPERSCRIPT[Number(digit)]);
  return `${(value / 10 ** exponent).toFixed(1)} × 10${power}`;
}

/** The estimate line: about how many, labelled an estimate, with the range it is likely in. */
export function estimateWords(estimate: EstimateResponse, counted: number): string {
  // The count already found `counted`: neither the estimate nor its range go below it.
  const value = Math.max(estimate.estimate, counted);
  const low = Math.max(estimate.low, counted);
  const high = Math.max(estimate.high, value);
  return `About ${approxNumber(value)} solutions (an estimate from ${formatCount(estimate.paths)} random paths; likely between ${approxNumber(low)} and ${approxNumber(high)})${
    estimate.reliable ? '' : '; few paths reached a solution, so that range means little'
  }.`;
}

/** What the grid shows while the true candidates are on. */
export function candidatesWords(answer: CandidatesResponse, givens: readonly number[]): string {
  if (answer.status === 'none') {
    return 'No solution, so no digit is a true candidate anywhere.';
  }
  const empty = givens.filter((digit) => digit === 0).length;
  const singles = answer.singles.length;
  const stopped = answer.complete
    ? ''
    : ` Stopped early at the limit (${formatCount(answer.tests)} tests): each digit shown is in some solution, but some may be missing.`;
  if (answer.status === 'unique' && answer.complete) {
    return `Unique: each of the ${plural(empty, 'empty cell')} has one true candidate, its digit in the solution.`;
  }
  return `${formatCount(singles)} of the ${plural(empty, 'empty cell')} ${singles === 1 ? 'has' : 'have'} a single true candidate (highlighted).${stopped}`;
}

const RUN_WORDS: Record<ToolRun['task'], string> = {
  explain: 'Finding the next step…',
  minimise: 'Minimising: removing clues one at a time…',
  layout: 'Checking whether the layout can be filled…',
  estimate: 'Estimating the number of solutions…',
};

const CANCEL_NAMES: Record<ToolRun['task'] | 'candidates', string> = {
  explain: 'Cancel finding the next step',
  minimise: 'Cancel Minimise',
  layout: 'Cancel the layout check',
  estimate: 'Cancel the estimate',
  candidates: 'Cancel true candidates',
};

/** Progress and Cancel of a run that has lasted longer than a moment. */
function ToolProgressRow({
  run,
  words,
  unit,
  cancelName,
  onCancel,
}: {
  run: ToolRun;
  words: string;
  unit: string;
  cancelName: string;
  onCancel: () => void;
}) {
  return (
    <div className="progress">
      <progress
        aria-label={`${words.replace(/…$/, '')} progress`}
        {...(run.progress ? { max: run.progress.total, value: run.progress.done } : {})}
      />
      <span>
        {words}
        {run.progress &&
          ` ${formatCount(run.progress.done)} of ${formatCount(run.progress.total)} ${unit}`}
      </span>
      <button type="button" aria-label={cancelName} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

const UNITS: Record<ToolRun['task'], string> = {
  explain: 'clues tested',
  minimise: 'clues tried',
  layout: '',
  estimate: 'paths',
};

/** The next step after a verdict (see the file header). */
export function NextStep() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const available = useSquiggly((s) => s.toolsAvailable);
  const run = useSquiggly((s) => s.toolRun);
  const explanation = useSquiggly(currentExplanation);
  const minimised = useSquiggly(currentMinimised);
  const message = useSquiggly(currentToolMessage);
  const markRedundant = useSquiggly((s) => s.markRedundant);
  const markFix = useSquiggly((s) => s.markFix);
  const verdict = useSquiggly(verdictOnScreen);
  const layoutReady = useSquiggly((s) => layoutOf(s).valid);
  // Its buttons go when pressed (the words change): the focus comes here, before the next ones.
  const box = useRef<HTMLDivElement>(null);
  const keepFocus = useFocusReturn(box);
  if (!available) return null;
  const answer = explanation?.answer ?? null;
  const task = run?.task;
  const showRun = run && task !== 'layout' && task !== 'estimate';
  const ownMessage = message && message.task !== 'layout' && message.task !== 'estimate';
  const words = showRun
    ? RUN_WORDS[run.task]
    : minimised
      ? minimisedWords(minimised)
      : answer
        ? nextStepWords(answer, size, explanation?.constraints)
        : ownMessage
          ? message.text
          : '';
  // A verdict with no next step yet (cancelled, or failed): ask again by hand.
  const idle = !run && !answer && !minimised;
  const canAsk =
    idle && verdict !== null && ['unique', 'multiple', 'none'].includes(verdict.status);
  // While the verdict is being checked the button is there, disabled: its row appearing with
  // the verdict would move everything below it under a first click (the page just opened).
  const checking = idle && verdict === null && layoutReady;

  return (
    <div className="next-step" ref={box} tabIndex={-1}>
      <p role="status" aria-label="Next step" className="next-step-words">
        {words}
      </p>
      {showRun && run.slow && (
        <ToolProgressRow
          run={run}
          words={RUN_WORDS[run.task]}
          unit={UNITS[run.task]}
          cancelName={CANCEL_NAMES[run.task]}
          onCancel={() => store.getState().cancelTool()}
        />
      )}
      {!run && answer?.verdict === 'multiple' && (
        <div className="next-step-actions">
          <button
            type="button"
            className="primary"
            onClick={() => {
              keepFocus();
              store.getState().applyFix();
            }}
          >
            Add {answer.fix.length === 1 ? 'this clue' : `these ${answer.fix.length} clues`}
          </button>
          <label className="option">
            <input
              type="checkbox"
              checked={markFix}
              onChange={(event) => store.getState().setMarkFix(event.target.checked)}
            />
            Show {answer.fix.length === 1 ? 'it' : 'them'} on the grid
          </label>
        </div>
      )}
      {!run && answer?.verdict === 'unique' && !minimised && answer.redundant.length > 0 && (
        <div className="next-step-actions">
          <label className="option">
            <input
              type="checkbox"
              checked={markRedundant}
              onChange={(event) => store.getState().setMarkRedundant(event.target.checked)}
            />
            Mark redundant clues on the grid
          </label>
          <button
            type="button"
            onClick={() => {
              keepFocus();
              void store.getState().minimise();
            }}
          >
            Minimise
          </button>
        </div>
      )}
      {!run && minimised && minimised.removed > 0 && (
        <div className="next-step-actions">
          <button
            type="button"
            onClick={() => {
              keepFocus();
              void store.getState().minimiseAnotherOrder();
            }}
          >
            Try another order
          </button>
        </div>
      )}
      {(canAsk || checking) && (
        <div className="next-step-actions">
          <button
            type="button"
            disabled={!canAsk}
            onClick={() => {
              keepFocus();
              void store.getState().explain();
            }}
          >
            Suggest what to change
          </button>
        </div>
      )}
    </div>
  );
}

/** About how many solutions, after a Count that stopped at its limit. */
export function EstimateLine() {
  const store = useSquigglyStore();
  const run = useSquiggly((s) => s.toolRun);
  const estimate = useSquiggly(currentEstimate);
  const message = useSquiggly(currentToolMessage);
  const counted = useSquiggly((s) =>
    s.result?.outcome.status === 'multiple' ? s.result.outcome.count : 0,
  );
  const running = run?.task === 'estimate';
  const words = running
    ? RUN_WORDS.estimate
    : estimate
      ? estimateWords(estimate.answer, counted)
      : message?.task === 'estimate'
        ? message.text
        : '';
  if (!words) return null;
  return (
    <>
      <p role="status" aria-label="Estimate" className="estimate-line">
        {words}
      </p>
      {running && run.slow && (
        <ToolProgressRow
          run={run}
          words={RUN_WORDS.estimate}
          unit={UNITS.estimate}
          cancelName={CANCEL_NAMES.estimate}
          onCancel={() => store.getState().cancelTool()}
        />
      )}
    </>
  );
}

/** The true candidates toggle and what the grid shows. */
export function TrueCandidatesControl() {
  const store = useSquigglyStore();
  const available = useSquiggly((s) => s.candidatesAvailable);
  const on = useSquiggly((s) => s.candidatesOn);
  const run = useSquiggly((s) => s.candidatesRun);
  const answer = useSquiggly(currentCandidates);
  const stale = useSquiggly(candidatesStale);
  const message = useSquiggly(currentCandidatesMessage);
  const givens = useSquiggly((s) => s.givens);
  if (!available) return null;
  const words = !on
    ? ''
    : answer
      ? candidatesWords(answer.answer, givens)
      : message
        ? message.text
        : stale
          ? 'Updating the true candidates for the last edit…'
          : 'Finding true candidates…';
  return (
    <div className="true-candidates-control">
      <label className="option">
        <input
          type="checkbox"
          checked={on}
          aria-describedby="true-candidates-words"
          onChange={(event) => store.getState().setTrueCandidates(event.target.checked)}
        />
        True candidates (the digits that appear in some solution)
      </label>
      <p
        id="true-candidates-words"
        role="status"
        aria-label="True candidates result"
        className="true-candidates-words"
      >
        {words}
      </p>
      {run?.slow && (
        <div className="progress">
          <progress aria-label="True candidates progress" />
          <span>
            Finding true candidates…
            {run.progress && ` ${formatCount(run.progress.done)} tests`}
          </span>
          <button
            type="button"
            aria-label={CANCEL_NAMES.candidates}
            onClick={() => store.getState().cancelCandidates()}
          >
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}

/** Check layout, beside the layout panel: can this layout be filled at all? */
export function LayoutCheck() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const regions = useSquiggly((s) => s.regions);
  const available = useSquiggly((s) => s.toolsAvailable);
  const run = useSquiggly((s) => s.toolRun);
  const answer = useSquiggly(currentLayoutCheck);
  const message = useSquiggly(currentToolMessage);
  const [showGrid, setShowGrid] = useState(false);
  // Disabled while it runs: the focus comes back to it after.
  const keepFocus = useFocusReturn();
  if (!available) return null;
  const valid = layoutOf({ size, walls, regions }).valid;
  const running = run?.task === 'layout';
  const words = running
    ? RUN_WORDS.layout
    : answer
      ? answer.verdict === 'fillable'
        ? 'Fillable: at least one filled grid fits this layout.'
        : 'Cannot be filled: no grid fits this layout, whatever the clues. Change the regions.'
      : message?.task === 'layout'
        ? message.text
        : '';
  return (
    <div className="layout-check">
      <button
        type="button"
        onClick={() => {
          keepFocus();
          setShowGrid(false);
          void store.getState().checkLayout();
        }}
        disabled={!valid || running}
        aria-describedby="layout-check-words"
      >
        Check layout
      </button>
      <p
        id="layout-check-words"
        role="status"
        aria-label="Layout check"
        className="layout-check-words"
      >
        {words ||
          (valid
            ? 'Whether any filled grid fits the regions, whatever the clues.'
            : 'Check layout needs a complete layout.')}
      </p>
      {running && run.slow && (
        <ToolProgressRow
          run={run}
          words={RUN_WORDS.layout}
          unit={UNITS.layout}
          cancelName={CANCEL_NAMES.layout}
          onCancel={() => store.getState().cancelTool()}
        />
      )}
      {answer?.verdict === 'fillable' && answer.grid && (
        <>
          <button type="button" aria-expanded={showGrid} onClick={() => setShowGrid(!showGrid)}>
            {showGrid ? 'Hide the filled grid' : 'Show a filled grid'}
          </button>
          {showGrid && (
            <MiniGrid size={size} digits={answer.grid} caption="A filled grid for this layout" />
          )}
        </>
      )}
    </div>
  );
}
