import { useState } from 'react';
import {
  APP_SIZES,
  explainerRangeProblem,
  hasBoxShape,
  noBoxesReason,
  type ClueSymmetry,
  type Difficulty,
  type ExplainerTarget,
  type Level,
} from '../engine/index.ts';
import type { GenerateOptions } from '../store/logicSlice.ts';
import { defaultStart, type SquigglyState, type StartLayout } from '../store/store.ts';
import type { LayoutChoice } from '../worker/protocol.ts';
import { Dialog } from './Dialog.tsx';
import { difficultyHelp, ER_SCALE_WORDS, progressWords } from './difficultyWords.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/** The dialog's choices: a start layout, or a generated puzzle with the setter's options. */
type NewChoice = StartLayout | 'setter';

const LAYOUTS: { value: LayoutChoice; label: string }[] = [
  { value: 'keep', label: 'Keep my layout' },
  { value: 'random', label: 'Random jigsaw' },
  { value: 'symmetric', label: 'Random symmetric jigsaw (180°)' },
];

const CLUE_SYMMETRIES: { value: ClueSymmetry; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: '180', label: '180° rotation' },
  { value: 'diagonal', label: 'Diagonal mirror' },
];

/** The difficulty choice: any, a level, or 'er', a range of ER typed in beside it. */
type DifficultyChoice = Level | 'any' | 'er';

const DIFFICULTIES: { value: DifficultyChoice; label: string }[] = [
  { value: 'any', label: 'Any' },
  { value: 'easy', label: 'Easy' },
  { value: 'medium', label: 'Medium' },
  { value: 'hard', label: 'Hard' },
  { value: 'expert', label: 'Expert' },
  { value: 'extreme', label: 'Extreme (forcing chains)' },
  { value: 'er', label: 'Rating range (Sudoku Explainer)' },
];

/** The ER range first offered: skyscrapers, kites and the XY-wing (9x9 in one or a few tries). */
const START_ER = { min: '4.0', max: '5.0' };

/**
 * The range typed, or what is wrong with it. An empty highest ER is no upper end ("4.0 or
 * more"); the numbers' limits and decimals are the engine's (explainerRangeProblem).
 */
function rangeOf(typed: { min: string; max: string }): ExplainerTarget | string {
  if (typed.min.trim() === '') return 'Give the lowest ER, such as 4.0.';
  const min = Number(typed.min);
  const max = typed.max.trim() === '' ? Infinity : Number(typed.max);
  const problem = explainerRangeProblem(min, max);
  if (problem !== null) return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
  return { er: [min, max] };
}

const STARTS: { value: StartLayout; label: string; hint: string }[] = [
  { value: 'standard', label: 'Standard boxes', hint: 'the usual boxes, to reshape' },
  { value: 'empty', label: 'Empty grid', hint: 'no walls inside: draw or paint every region' },
  { value: 'random', label: 'Random jigsaw', hint: 'a fresh valid jigsaw layout' },
  // Named so that "Random jigsaw" still names one choice only.
  {
    value: 'puzzle',
    label: 'Random puzzle',
    hint: 'a fresh jigsaw layout with clues that have exactly one solution, made in the background; opens in Play',
  },
];

const SETTER_CHOICE = {
  label: 'Puzzle with options',
  hint: 'choose the layout, clue symmetry, minimal clues and difficulty',
};

/** From this size on generating a puzzle takes a few seconds (up to 11 s seen at 15×15). */
const SLOW_PUZZLE_SIZE = 13;

interface NewDialogProps {
  size: number;
  unsaved: boolean;
  onCreate(start: StartLayout): Promise<void>;
  onClose(): void;
}

/**
 * Start over at the current size; warns before unsaved work is discarded. A size without
 * boxes (5, 7, 11, 13) offers no "Standard boxes" (the choice is disabled, saying why) and
 * starts on "Random jigsaw". "Puzzle with
 * options" generates in the worker (logicSlice's generateWith) while the dialog stays open
 * with the progress (attempt, phase and the time left: difficultyWords.ts) and Cancel; the
 * puzzle replaces the current one when it is there, and the dialog closes. What a choice
 * of difficulty and minimal means is said under them (difficultyWords.ts). The difficulty
 * is a level or "Rating range (Sudoku Explainer)", which shows a lowest and a highest ER
 * to type; a range the engine refuses (explainerRangeProblem) is said beside them, and
 * Create waits until it is put right.
 */
export function NewDialog({ size, unsaved, onCreate, onClose }: NewDialogProps) {
  const store = useSquigglyStore();
  const boxes = hasBoxShape(size);
  const [start, setStart] = useState<NewChoice>(defaultStart(size));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [options, setOptions] = useState<GenerateOptions>({
    size,
    layout: 'random',
    clueSymmetry: 'none',
    minimal: true,
  });
  const [difficultyChoice, setDifficultyChoice] = useState<DifficultyChoice>('any');
  const [typedEr, setTypedEr] = useState(START_ER);
  const range = difficultyChoice === 'er' ? rangeOf(typedEr) : null;
  const rangeProblem = typeof range === 'string' ? range : null;
  // The target asked: a level from the choice, or the range typed (none while it is wrong).
  const difficulty: Difficulty | undefined =
    difficultyChoice === 'er'
      ? typeof range === 'string' || range === null
        ? undefined
        : range
      : difficultyChoice === 'any'
        ? undefined
        : difficultyChoice;
  const run = useSquiggly((s) => s.logicRun);
  const kept = useSquiggly(keepsLeftPuzzle);
  const generating = busy && start === 'setter' && run?.task === 'generate' ? run : null;
  const change = (patch: Partial<GenerateOptions>): void =>
    setOptions((before) => ({ ...before, ...patch }));
  // Keep my layout only at the size on screen.
  const layoutChoice =
    options.layout === 'keep' && options.size !== size ? 'random' : options.layout;

  const create = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    if (start === 'setter') {
      const outcome = await store
        .getState()
        .generateWith({ ...options, layout: layoutChoice, difficulty });
      if (outcome.status === 'done') onClose();
      else {
        setBusy(false);
        setError(
          outcome.status === 'failed'
            ? outcome.message
            : 'Generating cancelled: no new puzzle was made, and yours is unchanged.',
        );
      }
      return;
    }
    try {
      await onCreate(start);
      onClose();
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  const close = (): void => {
    // Closing while generating cancels the generation.
    if (busy && start === 'setter') store.getState().cancelLogic();
    onClose();
  };

  return (
    <Dialog title={`New ${size}×${size} puzzle`} onClose={close}>
      <fieldset className="choices">
        <legend>Start layout</legend>
        {STARTS.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name="start-layout"
              value={choice.value}
              checked={start === choice.value}
              disabled={choice.value === 'standard' && !boxes}
              onChange={() => setStart(choice.value)}
            />
            {choice.label}{' '}
            <small>
              ({choice.value === 'standard' && !boxes ? noBoxesReason(size) : choice.hint}
              {choice.value === 'puzzle' && size >= SLOW_PUZZLE_SIZE
                ? `; at ${size}×${size} this takes a few seconds, and Cancel in the Solve panel stops it`
                : ''}
              )
            </small>
          </label>
        ))}
        <label>
          <input
            type="radio"
            name="start-layout"
            value="setter"
            checked={start === 'setter'}
            onChange={() => setStart('setter')}
          />
          {SETTER_CHOICE.label} <small>({SETTER_CHOICE.hint})</small>
        </label>
      </fieldset>
      {start === 'setter' && (
        <fieldset className="choices setter-options" disabled={busy}>
          <legend>Puzzle options</legend>
          <label className="field">
            <span>Puzzle size</span>
            <select value={options.size} onChange={(e) => change({ size: Number(e.target.value) })}>
              {APP_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}×{n}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="choices">
            <legend>Layout</legend>
            {LAYOUTS.map((choice) => (
              <label key={choice.value}>
                <input
                  type="radio"
                  name="setter-layout"
                  value={choice.value}
                  checked={layoutChoice === choice.value}
                  disabled={choice.value === 'keep' && options.size !== size}
                  onChange={() => change({ layout: choice.value })}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <fieldset className="choices">
            <legend>Clue symmetry</legend>
            {CLUE_SYMMETRIES.map((choice) => (
              <label key={choice.value}>
                <input
                  type="radio"
                  name="clue-symmetry"
                  value={choice.value}
                  checked={options.clueSymmetry === choice.value}
                  onChange={() => change({ clueSymmetry: choice.value })}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
          <label>
            <input
              type="checkbox"
              checked={options.minimal}
              onChange={(e) => change({ minimal: e.target.checked })}
            />
            {options.clueSymmetry === 'none'
              ? 'Minimal (no clue can be removed)'
              : 'Minimal for the symmetry (no mirrored pair of clues can be removed; one clue alone may be)'}
          </label>
          <label className="field">
            <span>Difficulty</span>
            <select
              aria-describedby="difficulty-help"
              value={difficultyChoice}
              onChange={(e) => setDifficultyChoice(e.target.value as DifficultyChoice)}
            >
              {DIFFICULTIES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </label>
          {difficultyChoice === 'er' && (
            <div className="choices er-range">
              {(['min', 'max'] as const).map((end) => (
                <label className="field" key={end}>
                  <span>{end === 'min' ? 'Lowest ER' : 'Highest ER'}</span>
                  <input
                    type="number"
                    inputMode="decimal"
                    min={1}
                    max={12}
                    step={0.1}
                    value={typedEr[end]}
                    aria-invalid={rangeProblem !== null}
                    aria-describedby="er-problem difficulty-help"
                    onChange={(e) => {
                      const text = e.target.value;
                      setTypedEr((before) => ({ ...before, [end]: text }));
                    }}
                  />
                </label>
              ))}
              <span
                id="er-problem"
                className={rangeProblem === null ? 'field-message' : 'field-message field-error'}
                aria-live="polite"
              >
                {rangeProblem ?? 'Leave the highest empty for no upper end.'}
              </span>
            </div>
          )}
          <div className="help" id="difficulty-help">
            {(difficultyChoice === 'er' && difficulty === undefined
              ? [ER_SCALE_WORDS]
              : difficultyHelp(options.size, options.minimal, difficulty)
            ).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        </fieldset>
      )}
      {generating && (
        <div className="progress" aria-live="polite">
          <progress
            aria-label="Generating"
            max={generating.progress?.total ?? undefined}
            value={generating.progress?.done ?? undefined}
          />
          <span>
            {generating.progress ? progressWords(generating.progress, difficulty) : 'Generating…'}
          </span>
        </div>
      )}
      {unsaved && <p className="warning">{leavingWords('Creating a new one', kept)}</p>}
      {error && (
        <p className="error" role="alert">
          Could not create the puzzle: {error}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void create()}
          disabled={busy || (start === 'setter' && rangeProblem !== null)}
        >
          {unsaved ? leavingLabel('create', kept) : 'Create'}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The warning before the puzzle on screen is replaced: `replacing` is what replaces it ("A
 * new size starts a new puzzle and", "Loading a puzzle"). With My puzzles at hand the puzzle
 * is kept there (librarySlice.ts writes it at once when it is left), so it is not "discarded";
 * without (no IndexedDB) Undo is what brings it back.
 */
export function leavingWords(replacing: string, kept: boolean): string {
  return kept
    ? `The puzzle on screen stays in My puzzles, with its latest changes. ${replacing} replaces it on screen, and Undo can bring it back too.`
    : `The current puzzle has changes you have not exported. ${replacing} discards them (Undo can still bring them back).`;
}

/**
 * The button that goes ahead over unsaved work: "Discard and open", or plain "Open" when
 * the puzzle left stays in My puzzles (a button saying "Discard" beside words saying it is
 * kept was a contradiction).
 */
export function leavingLabel(verb: string, kept: boolean): string {
  return kept ? verb[0].toUpperCase() + verb.slice(1) : `Discard and ${verb}`;
}

/** Whether the puzzle left on screen is kept in My puzzles (see leavingWords). */
export const keepsLeftPuzzle = (state: SquigglyState): boolean =>
  state.libraryStatus !== 'unavailable';
