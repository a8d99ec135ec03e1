/**
 * The editor's own state: which tool is on, where the cursor is (on a cell, or on the lines
 * between cells for drawing walls by keyboard), the cells picked for a keyboard region assignment, the count limit, whether a digit moves the cursor on, and the
 * notice. None of it is part of the puzzle, so none of it enters undo history (the temporal
 * middleware partializes to the puzzle).
 */
import { parseSum, sumOf, sumText, type SumDraft } from './constraintSum.ts';
import type { SliceCreator } from './state.ts';

/** The setting modes, and Play: a solver's mode over the same puzzle (playSlice.ts). */
export type Mode = 'walls' | 'paint' | 'digits' | 'constraints' | 'play';
export const MODES: readonly Mode[] = ['walls', 'paint', 'digits', 'constraints', 'play'];

/** What a gesture draws in the Constraints mode (ui/tools/constraintTool.ts). */
export type ConstraintTool =
  | 'cage'
  | 'extraRegion'
  | 'thermometer'
  | 'slowThermometer'
  | 'arrow'
  | 'whisper'
  | 'renban'
  | 'palindrome'
  | 'kropkiWhite'
  | 'kropkiBlack'
  | 'x'
  | 'v'
  | 'greaterThan'
  | 'even'
  | 'odd'
  | 'littleKiller'
  | 'sandwich';

export const DEFAULT_COUNT_LIMIT = 1000;
export const MAX_COUNT_LIMIT = 1_000_000;

/**
 * A place on the grid's lines, in half cells: y = 2*row and x = 2*col is the cell (row, col),
 * so an edge has one odd coordinate and a corner two (ui/edgeCursor.ts reads it).
 */
export interface LinePlace {
  y: number;
  x: number;
}

/** What a drag does in Draw walls: put walls on the lines it runs along, or take them off. */
export type WallStroke = 'draw' | 'erase';

export interface EditorSlice {
  mode: Mode;
  /** Draw walls' switch (the right button or Alt erases for one stroke whatever it says). */
  wallStroke: WallStroke;
  /** The cell with keyboard focus. */
  cursor: number;
  /** The edge cursor (Draw walls by keyboard), when it is on instead of the cell cursor. */
  edgeCursor: LinePlace | null;
  /** Cells picked for a keyboard region assignment (paint mode). */
  picked: number[];
  countLimit: number;
  /** Typing a digit moves the cursor to the next cell (reading order): quick clue entry. */
  advanceAfterDigit: boolean;
  /**
   * The cell a digit just moved the cursor to (advanceAfterDigit), until the cursor moves
   * otherwise: Backspace there takes back that digit, as in a crossword app.
   */
  advancedTo: number | null;
  /**
   * Play shows the puzzle's difficulty before it is solved; off by default, so that a solver
   * learns what a puzzle takes by solving it (play/PlayPanel.tsx).
   */
  ratingBeforeSolving: boolean;
  /** A message the user must see (a save set aside, a puzzle upgraded); null when none. */
  notice: string | null;
  /** The Constraints mode's tool. */
  constraintTool: ConstraintTool;
  /** The cells of a constraint gesture in progress (drawn, not yet a constraint). */
  constraintDraft: number[] | null;
  /** The constraint the Constraints panel edits (an index into the puzzle's list). */
  selectedConstraint: number | null;
  /** What was typed for the selected constraint's sum (store/constraintSum.ts). */
  sumDraft: SumDraft | null;

  setMode(mode: Mode): void;
  setWallStroke(stroke: WallStroke): void;
  setCursor(cell: number): void;
  /** Move the cursor on after a digit (see advancedTo). */
  advanceCursor(cell: number): void;
  setEdgeCursor(place: LinePlace | null): void;
  togglePicked(cell: number): void;
  clearPicked(): void;
  setCountLimit(limit: number): void;
  setAdvanceAfterDigit(on: boolean): void;
  setRatingBeforeSolving(on: boolean): void;
  dismissNotice(): void;
  setConstraintTool(tool: ConstraintTool): void;
  setConstraintDraft(cells: number[] | null): void;
  selectConstraint(index: number | null): void;
  /**
   * The selected constraint's sum typed as `text` (the Sum field's whole text): stored when
   * it is a sum the constraint can have, else kept as a draft with the reason.
   */
  typeConstraintSum(text: string): void;
  /**
   * A key typed on the grid for the selected constraint's sum: a digit (appended, or starting
   * a new sum when the draft is not this constraint's) or Backspace (the last digit off).
   * False when the key is not for a sum (no sum here, or no digit left to take off).
   */
  typeConstraintSumKey(key: string): boolean;
}

/**
 * The mode a first visit opens in. The page opens on the standard boxes, a complete layout,
 * so the first thing a new user does is click a cell and type a clue; walls and paint are one
 * click away (and a click in a cell selects it, and a digit enters it, in every mode anyway).
 */
export const START_MODE: Mode = 'digits';

export const createEditorSlice: SliceCreator<EditorSlice> = (set, get) => ({
  mode: START_MODE,
  wallStroke: 'draw',
  cursor: 0,
  edgeCursor: null,
  picked: [],
  countLimit: DEFAULT_COUNT_LIMIT,
  advanceAfterDigit: true,
  advancedTo: null,
  ratingBeforeSolving: false,
  notice: null,
  constraintTool: 'cage',
  constraintDraft: null,
  selectedConstraint: null,
  sumDraft: null,

  setMode: (mode) => set({ mode, picked: [], edgeCursor: null, constraintDraft: null }),
  setWallStroke: (stroke) => set({ wallStroke: stroke }),
  setCursor: (cell) => set({ cursor: cell, advancedTo: null }),
  advanceCursor: (cell) => set({ cursor: cell, advancedTo: cell }),
  setEdgeCursor: (place) => set({ edgeCursor: place }),
  togglePicked: (cell) => {
    const picked = get().picked;
    set({ picked: picked.includes(cell) ? picked.filter((c) => c !== cell) : [...picked, cell] });
  },
  clearPicked: () => set({ picked: [] }),
  setCountLimit: (limit) => {
    if (!Number.isInteger(limit) || limit < 2) return;
    set({ countLimit: Math.min(limit, MAX_COUNT_LIMIT) });
  },
  setAdvanceAfterDigit: (on) => set({ advanceAfterDigit: on }),
  setRatingBeforeSolving: (on) => set({ ratingBeforeSolving: on }),
  dismissNotice: () => set({ notice: null }),
  setConstraintTool: (tool) => set({ constraintTool: tool, constraintDraft: null }),
  setConstraintDraft: (cells) => set({ constraintDraft: cells }),
  selectConstraint: (index) => set({ selectedConstraint: index, sumDraft: null }),
  typeConstraintSum: (text) => {
    const { selectedConstraint: index, constraints } = get();
    const constraint = index === null ? undefined : constraints[index];
    if (index === null || constraint === undefined) return;
    const parsed = parseSum(constraint, text);
    if ('problem' in parsed) {
      set({ sumDraft: { constraint, text, problem: parsed.problem } });
      return;
    }
    const problem = parsed.next === null ? null : get().replaceConstraint(index, parsed.next);
    // Taken, the draft follows the stored constraint, so the field keeps the text as typed.
    set({ sumDraft: { constraint: get().constraints[index], text, problem } });
  },
  typeConstraintSumKey: (key) => {
    const { selectedConstraint: index, constraints, sumDraft } = get();
    const constraint = index === null ? undefined : constraints[index];
    if (constraint === undefined || sumOf(constraint) === null) return false;
    const text = sumText(constraint, sumDraft);
    if (key === 'Backspace') {
      if (text === '') return false;
      get().typeConstraintSum(text.slice(0, -1));
      return true;
    }
    if (!/^[0-9]$/.test(key)) return false;
    const fresh = sumDraft === null || sumDraft.constraint !== constraint;
    get().typeConstraintSum(fresh ? key : text + key);
    return true;
  },
});
