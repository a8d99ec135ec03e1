/**
 * The tool bar of Constraints mode: which constraint the grid's pointer draws (a radio group,
 * editorSlice's constraintTool; the gestures are tools/constraintTool.ts), the global rules
 * as checkboxes (the store's setGlobalRule: they are constraints without cells, so the grid
 * draws nothing for them and the rules text names them), and the selected constraint: what it
 * is (describeConstraint), its sum where it has one (a cage's may be left empty; a little
 * killer's and a sandwich's may not), Delete, and what is wrong with it (constraintProblems),
 * in words. Delete or Backspace anywhere in the panel but a text field removes it too.
 *
 * The sum field shows what is typed, here or on the grid (store/constraintSum.ts), and the
 * store takes it whenever it is a sum the constraint can have; what is refused is said under
 * the field, and the constraint keeps its last good sum. So typing 15 passes through 1, which
 * a cage of three cells cannot sum to: the field says so until the 5 arrives.
 */
import { useState, type KeyboardEvent } from 'react';
import { constraintProblems, describeConstraint, type Constraint } from '../engine/index.ts';
import {
  selectConstraints,
  sumOf,
  sumText,
  type ConstraintTool,
  type GlobalRule,
} from '../store/store.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/** The tools in the order of the bar, with their names (SudokuPad's and f-puzzles' words). */
export const CONSTRAINT_TOOL_LABELS: Record<ConstraintTool, string> = {
  cage: 'Killer cage',
  extraRegion: 'Extra region',
  thermometer: 'Thermometer',
  slowThermometer: 'Slow thermometer',
  arrow: 'Arrow',
  whisper: 'German whispers',
  renban: 'Renban',
  palindrome: 'Palindrome',
  kropkiWhite: 'White kropki dot',
  kropkiBlack: 'Black kropki dot',
  x: 'X',
  v: 'V',
  greaterThan: 'Greater than',
  even: 'Even',
  odd: 'Odd',
  littleKiller: 'Little killer',
  sandwich: 'Sandwich',
};

/** What each tool's gesture is, said under the bar for the chosen one. */
const TOOL_HINTS: Record<ConstraintTool, string> = {
  cage: 'Drag over cells to make a cage, then type its sum.',
  extraRegion: 'Drag over cells to shade an extra region.',
  thermometer: 'Drag from the bulb along the thermometer.',
  slowThermometer: 'Drag from the bulb along the thermometer.',
  arrow:
    'Press on the circle and drag out the shaft. For a pill of 2 or 3 cells, drag through them first, then choose the pill under Circle.',
  whisper: 'Drag through cells to draw the line.',
  renban: 'Drag through cells to draw the line.',
  palindrome: 'Drag through cells to draw the line.',
  kropkiWhite: 'Click between two cells to put or take off a dot.',
  kropkiBlack: 'Click between two cells to put or take off a dot.',
  x: 'Click between two cells to put or take off an X.',
  v: 'Click between two cells to put or take off a V.',
  greaterThan: 'Click between two cells on the greater side.',
  even: 'Click a cell to mark it even.',
  odd: 'Click a cell to mark it odd.',
  littleKiller: 'Click just outside the grid at the start of a diagonal.',
  sandwich: 'Click just left of a row or above a column.',
};

const GLOBAL_RULES: { label: string; rule: GlobalRule }[] = [
  { label: 'Anti-knight', rule: { kind: 'antiKnight' } },
  { label: 'Anti-king', rule: { kind: 'antiKing' } },
  { label: 'Non-consecutive', rule: { kind: 'nonConsecutive' } },
  { label: 'Main diagonal ↘', rule: { kind: 'diagonal', direction: 'down' } },
  { label: 'Main diagonal ↗', rule: { kind: 'diagonal', direction: 'up' } },
  { label: 'All kropki dots given', rule: { kind: 'allDotsGiven' } },
  { label: 'All XV given', rule: { kind: 'allXvGiven' } },
];

const ruleOn = (constraints: readonly Constraint[], rule: GlobalRule): boolean =>
  constraints.some(
    (c) =>
      c.kind === rule.kind &&
      (rule.kind !== 'diagonal' || (c.kind === 'diagonal' && c.direction === rule.direction)),
  );

const sentence = (text: string): string => `${text[0].toUpperCase()}${text.slice(1)}`;

/** The selected constraint's sum, typed here or on the grid alike (store/constraintSum.ts). */
function SumField({ constraint }: { constraint: Constraint }) {
  const store = useSquigglyStore();
  const draft = useSquiggly((s) => s.sumDraft);
  if (!sumOf(constraint)) return null;
  const text = sumText(constraint, draft);
  const refused = draft?.constraint === constraint ? draft.problem : null;
  return (
    <div className="constraint-sum">
      <label className="field">
        <span>Sum</span>
        <input
          type="number"
          inputMode="numeric"
          min={0}
          value={text}
          aria-describedby={refused ? 'constraint-sum-problem' : undefined}
          onChange={(event) => store.getState().typeConstraintSum(event.target.value)}
        />
      </label>
      {refused && (
        <p id="constraint-sum-problem" className="constraint-refused" role="status">
          {refused}
        </p>
      )}
    </div>
  );
}

/** Names of an arrow's circle by its length (1 cell, or a pill the shaft's sum is read in). */
const PILL_NAMES = ['1 cell', '2-cell pill', '3-cell pill'] as const;

/**
 * An arrow's circle: one cell, or a pill of the first 2 or 3 cells drawn (the arrow tool draws
 * the circle's cell first, so a pill is drawn through its cells, then the shaft). The store
 * refuses a shape the engine cannot hold (a pill that bends, a shaft left empty), said here.
 */
function PillField({ index, constraint }: { index: number; constraint: Constraint }) {
  const store = useSquigglyStore();
  const [refused, setRefused] = useState<{ of: Constraint; problem: string } | null>(null);
  if (constraint.kind !== 'arrow') return null;
  const cells = [...constraint.circle, ...constraint.shaft];
  const choose = (length: number): void => {
    const next: Constraint = {
      kind: 'arrow',
      circle: cells.slice(0, length),
      shaft: cells.slice(length),
    };
    const problem = store.getState().replaceConstraint(index, next);
    setRefused(problem === null ? null : { of: constraint, problem });
  };
  const problem = refused?.of === constraint ? refused.problem : null;
  return (
    <fieldset className="constraint-pill">
      <legend>Circle</legend>
      {PILL_NAMES.map((name, at) => (
        <label key={name} className="option">
          <input
            type="radio"
            name="arrow-pill"
            checked={constraint.circle.length === at + 1}
            // The shaft keeps one cell at least.
            disabled={cells.length <= at + 1}
            onChange={() => choose(at + 1)}
          />
          {name}
        </label>
      ))}
      {problem && (
        <p className="constraint-refused" role="status">
          {sentence(problem)}.
        </p>
      )}
    </fieldset>
  );
}

export function ConstraintPanel() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const tool = useSquiggly((s) => s.constraintTool);
  const constraints = useSquiggly(selectConstraints);
  const selectedRaw = useSquiggly((s) => s.selectedConstraint);
  const selected = selectedRaw !== null && selectedRaw < constraints.length ? selectedRaw : null;
  const constraint = selected === null ? null : constraints[selected];
  const problems = constraint ? constraintProblems(constraint, size) : [];

  const remove = (): void => {
    if (selected === null) return;
    store.getState().removeConstraint(selected);
    store.getState().selectConstraint(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    // In the sum field the keys edit the sum; on the radios, checkboxes and buttons they delete.
    const target = event.target as HTMLInputElement;
    const typing =
      target.tagName === 'INPUT' && target.type !== 'radio' && target.type !== 'checkbox';
    if (typing || selected === null) return;
    event.preventDefault();
    remove();
  };

  return (
    <section
      className="panel constraint-panel"
      aria-labelledby="constraint-title"
      onKeyDown={onKeyDown}
    >
      <h2 id="constraint-title">Constraints</h2>
      <fieldset className="constraint-tools">
        <legend>Draw</legend>
        {(Object.keys(CONSTRAINT_TOOL_LABELS) as ConstraintTool[]).map((t) => (
          <label key={t} className={`constraint-tool${t === tool ? ' constraint-tool-on' : ''}`}>
            <input
              type="radio"
              name="constraint-tool"
              value={t}
              checked={t === tool}
              onChange={() => store.getState().setConstraintTool(t)}
            />
            <span>{CONSTRAINT_TOOL_LABELS[t]}</span>
          </label>
        ))}
      </fieldset>
      <p className="hint">{TOOL_HINTS[tool]}</p>
      <fieldset className="constraint-rules">
        <legend>Rules on the whole grid</legend>
        {GLOBAL_RULES.map(({ label, rule }) => (
          <label key={label} className="option">
            <input
              type="checkbox"
              checked={ruleOn(constraints, rule)}
              onChange={(event) => store.getState().setGlobalRule(rule, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {constraint && selected !== null ? (
        <div className="constraint-selected" aria-labelledby="constraint-selected-title">
          <h3 id="constraint-selected-title">{sentence(describeConstraint(constraint, size))}</h3>
          <SumField constraint={constraint} />
          <PillField index={selected} constraint={constraint} />
          <button type="button" onClick={remove} aria-keyshortcuts="Delete Backspace">
            Delete
          </button>
          {problems.length > 0 && (
            <ul className="constraint-problems" aria-label="Problems">
              {problems.map((problem) => (
                <li key={problem}>{sentence(problem)}.</li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <p className="hint">
          {constraints.length === 0
            ? 'No constraints yet.'
            : `${constraints.length} constraint${constraints.length === 1 ? '' : 's'}. Click one with its tool to select it.`}
        </p>
      )}
    </section>
  );
}
