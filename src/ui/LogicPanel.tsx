/**
 * The logic panel: Hint, Apply step, Solve by logic, and the difficulty rating.
 *
 * The work happens in the worker (logicSlice.ts says what each button asks and the model of a
 * solver's progress on top of the clues); this panel shows the step's explanation in a live
 * region, the grid shows the step (LogicOverlay.tsx), and a solve by logic lists its steps in
 * an ordered, scrollable list whose items show their step on the grid when chosen. A run that
 * takes more than a moment shows Cancel.
 *
 * The rating is said in full here, with the steps each technique took; RatingBadge, the
 * level alone, is exported so the verdict line under the grid can show it beside a unique
 * verdict without repeating the sentence (it renders nothing until the puzzle is rated).
 */
import { useEffect, useRef } from 'react';
import { namesItsTechnique, TECHNIQUE_NAMES, type Rating, type Step } from '../engine/index.ts';
import { currentLogic, currentRating, plural } from '../store/store.ts';
import { useFocusReturn } from './focusReturn.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/**
 * The rating in words: "Rated hard (4.0 on the Sudoku Explainer scale): hardest technique
 * x-wing, 41 steps" (and, when a uniqueness step would change it, the number Sudoku
 * Explainer gives: Rating.asExplainer), or for the last level
 * "Needs search: logic alone gets stuck after 46 steps, with 56 empty cells left".
 */
export function describeRating(rating: Rating): string {
  if (rating.level === 'needs search') {
    const stuck = rating.stuckCells?.length ?? 0;
    // The level's own name leads ("Rated needs search" read badly): the scale's last step.
    return `Needs search: logic alone gets stuck after ${rating.steps} step${rating.steps === 1 ? '' : 's'}, with ${stuck} empty cell${stuck === 1 ? '' : 's'} left`;
  }
  const hardest = rating.hardest ?? 'none';
  const { explainer } = rating;
  const number =
    explainer === null ? '' : ` (${explainer.er.toFixed(1)} on the Sudoku Explainer scale)`;
  // The number is set by the step hardest on that scale, which is not always of the
  // technique that sets the level (a hidden quad, 5.4, after a swordfish, 3.8).
  const setBy =
    explainer === null || explainer.technique === rating.hardest
      ? ''
      : `; its ${explainer.er.toFixed(1)} is ${withArticle(explainer.technique)}`;
  // Sudoku Explainer's own number, when a uniqueness step makes it differ: a puzzle bank
  // prints that one, and a setter publishing should know why the two part.
  const { asExplainer } = rating;
  const theirs =
    asExplainer === undefined ||
    asExplainer === null ||
    explainer === null ||
    asExplainer.er === explainer.er
      ? ''
      : `. Sudoku Explainer, which assumes one solution, rates it ${asExplainer.er.toFixed(1)} (${asExplainer.technique})`;
  return `Rated ${rating.level}${number}: hardest technique ${hardest}, ${rating.steps} step${rating.steps === 1 ? '' : 's'}${setBy}${theirs}`;
}

/** "a hidden quad", "an alternating chain", "an x-wing" (said "ex"), "a unique loop". */
const withArticle = (name: string): string =>
  `${/^([aeio]|x-|xy)/.test(name) ? 'an' : 'a'} ${name}`;

/**
 * "Steps by technique: hidden single 30, naked single 12, x-wing 1.", easiest first; empty
 * when one technique did it all (the rating's sentence already says so).
 */
export function describeTechniques(rating: Rating): string {
  const used = TECHNIQUE_NAMES.filter((name) => (rating.techniques[name] ?? 0) > 0).map(
    (name) => `${name} ${rating.techniques[name]}`,
  );
  return used.length < 2 ? '' : `Steps by technique: ${used.join(', ')}.`;
}

/** Whether a step's explanation already starts with its technique's name ("Law of leftovers on …"). */

/**
 * The step shown on the grid, in words: "Next step (hidden single): r1c6 is the only place
 * for 8 in region 2", or "Step 4: …" for a step of the list. Also under the grid on a narrow
 * screen (StatusLine), where the panel is out of sight.
 */
export function shownStepWords(shown: { step: Step; listIndex: number | null }): string {
  const where = shown.listIndex === null ? 'Next step' : `Step ${shown.listIndex + 1}`;
  return namesItsTechnique(shown.step)
    ? `${where}: ${shown.step.explanation}`
    : `${where} (${shown.step.technique}): ${shown.step.explanation}`;
}

const badgeClass = (rating: Rating): string =>
  `rating-badge rating-${rating.level.replace(' ', '-')}`;

/**
 * The level of the puzzle on screen and its number on the Sudoku Explainer scale, if it has
 * been rated (a unique puzzle only): "Rated extreme, 8.8".
 */
export function RatingBadge() {
  const rating = useSquiggly(currentRating);
  if (!rating) return null;
  return (
    <span className={badgeClass(rating)}>
      {rating.level === 'needs search'
        ? 'Needs search'
        : `Rated ${rating.level}${rating.explainer === null ? '' : `, ${rating.explainer.er.toFixed(1)}`}`}
    </span>
  );
}

export const LOGIC_HELP =
  'Hint shows the next step a person solving by logic would take, on the grid and in words. ' +
  'Apply step records it as solving progress on top of your clues: a placed digit appears in ' +
  'blue as deduced (it is not a clue, so the puzzle does not change) and eliminated candidates ' +
  'are gone for the next hint. Undo takes back the last applied step. Editing the puzzle ' +
  'starts the solving over. Solve by logic lists every step to the end, or to where logic ' +
  'gets stuck, and shows on the grid the digits it placed (the cells it could not fill are ' +
  'hatched); choose a step to see it on the grid, on the position before it.';

export function LogicPanel() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const layer = useSquiggly(currentLogic);
  const run = useSquiggly((s) => s.logicRun);
  const error = useSquiggly((s) => s.logicError);
  const rate = layer?.rate ?? null;
  const techniques = rate?.rating ? describeTechniques(rate.rating) : '';
  const shown = layer?.shown ?? null;
  const list = layer?.list ?? null;
  const actions = store.getState();
  const busy = run !== null && run.task !== 'generate';
  // A rating (it follows every unique verdict by itself) does not hold the buttons: a press
  // waits for it in the store.
  const running = busy && run.task !== 'rate';
  const listRef = useRef<HTMLOListElement>(null);
  const hintButton = useRef<HTMLButtonElement>(null);
  const keepFocus = useFocusReturn();

  // Keep the step shown in view in the list.
  const shownIndex = shown?.listIndex ?? null;
  useEffect(() => {
    if (shownIndex === null) return;
    listRef.current
      ?.querySelector(`[data-index="${shownIndex}"]`)
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [shownIndex]);

  const canApply =
    shown !== null &&
    (shown.listIndex === null ||
      (list !== null && list.from + shown.listIndex === (layer?.applied.length ?? 0)));
  const applied = layer?.applied.length ?? 0;

  let said = '';
  if (run && run.task !== 'generate') {
    said =
      run.task === 'hint'
        ? 'Looking for the next step…'
        : run.task === 'solve'
          ? 'Solving by logic…'
          : 'Rating…';
  } else if (error) {
    said = `Logic failed: ${error}`;
  } else if (shown) {
    said = shownStepWords(shown);
  } else if (layer?.message) {
    said = layer.message;
  }

  // A list made after steps were applied starts there: said, so that "1 step applied" and
  // "solved in 70 steps" do not read as two different stories.
  const listWords =
    list === null
      ? ''
      : list.status === 'solved'
        ? `solved by logic in ${plural(list.steps.length, list.from > 0 ? 'more step' : 'step')}.`
        : list.status === 'stuck'
          ? `logic gets stuck after ${plural(list.steps.length, 'step')}, with ${plural(list.stuckCells.length, 'empty cell')} left (hatched on the grid): the puzzle needs search from here.`
          : `logic found this position impossible after ${plural(list.steps.length, 'step')}: ${list.contradiction ?? 'a clash'}.`;
  const listSummary =
    list !== null && list.from > 0
      ? `From the ${plural(list.from, 'step')} applied, ${listWords}`
      : listWords.charAt(0).toUpperCase() + listWords.slice(1);

  return (
    <section className="panel logic-panel" aria-labelledby="logic-title">
      <h2 id="logic-title">Logic</h2>
      <div className="solve-buttons">
        {/* While a run goes (its own, or the rating a unique verdict brings) each says it
            is unavailable (aria-disabled) and ignores presses, but keeps the focus: a
            disabled button drops it to the page body, where another control's focus
            return could take it. Apply step and Rate difficulty are disabled once done,
            and the focus goes on to Hint. */}
        <button
          type="button"
          ref={hintButton}
          onClick={() => {
            if (!running) void actions.hint();
          }}
          aria-disabled={running || undefined}
        >
          Hint
        </button>
        <button
          type="button"
          onClick={() => {
            keepFocus(hintButton.current);
            actions.applyShownStep();
          }}
          disabled={!canApply}
        >
          Apply step
        </button>
        <button
          type="button"
          onClick={() => {
            if (!running) void actions.solveLogically();
          }}
          aria-disabled={running || undefined}
        >
          Solve by logic
        </button>
        {/* Done already for this puzzle (its rating is below): a press would change nothing. */}
        <button
          type="button"
          onClick={() => {
            if (running) return;
            keepFocus(hintButton.current);
            void actions.rateLogically();
          }}
          aria-disabled={running || undefined}
          disabled={(rate?.rating ?? null) !== null}
        >
          Rate difficulty
        </button>
        {layer && (applied > 0 || shown || list) && (
          <button type="button" onClick={() => actions.clearLogic()}>
            Clear
          </button>
        )}
      </div>
      {busy && run.slow && (
        <div className="progress">
          <progress aria-label="Logic progress" />
          <span>Working…</span>
          <button type="button" onClick={() => actions.cancelLogic()}>
            Cancel
          </button>
        </div>
      )}
      <p className="logic-said" aria-live="polite" id="logic-explanation">
        {said}
      </p>
      {/* Live regions stay in the page, empty when there is nothing to say: a screen reader
          hears what they come to hold (a region added with its words may go unheard). */}
      <p className="logic-progress-note" aria-live="polite">
        {applied > 0 &&
          `${applied} step${applied === 1 ? '' : 's'} applied (Undo takes back the last).`}
      </p>
      <p className="logic-summary" aria-live="polite">
        {listSummary}
      </p>
      <div aria-live="polite">
        {rate && (
          <p className="logic-rating">
            {rate.rating ? (
              <>
                <span className={badgeClass(rate.rating)}>{describeRating(rate.rating)}.</span>
                {techniques && <span className="rating-techniques">{techniques}</span>}
              </>
            ) : rate.solutions === 'none' ? (
              'Not rated: the puzzle has no solution.'
            ) : (
              'Not rated: the puzzle has more than one solution.'
            )}
          </p>
        )}
      </div>
      {list && (
        <>
          <ol className="logic-steps" aria-label="Logic steps" ref={listRef}>
            {list.steps.map((step, index) => (
              <li key={index} data-index={index}>
                <button
                  type="button"
                  aria-current={shown?.listIndex === index ? 'step' : undefined}
                  onClick={() => actions.showListedStep(index)}
                >
                  {namesItsTechnique(step) ? (
                    step.explanation
                  ) : (
                    <>
                      <strong>{step.technique}</strong>: {step.explanation}
                    </>
                  )}
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
      {/* Folded: eight lines of it pushed the Layout panel a screen further down a phone. */}
      <details className="help logic-help">
        <summary>How Hint, Apply step and Solve by logic work</summary>
        <p>
          {LOGIC_HELP}
          {size >= 16 ? ' On a big grid a solve can take a few seconds; Cancel stops it.' : ''}
        </p>
      </details>
    </section>
  );
}
