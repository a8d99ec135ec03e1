/**
 * The editor's own state: which tool is on, where the cursor is, the cells picked for a
 * keyboard region assignment, the count limit and the notice. None of it is part of the puzzle,
 * so none of it enters undo history (the temporal middleware partializes to the puzzle).
 */
import type { SliceCreator } from './state.ts';

export type Mode = 'walls' | 'paint' | 'digits';
export const MODES: readonly Mode[] = ['walls', 'paint', 'digits'];

export const DEFAULT_COUNT_LIMIT = 1000;
export const MAX_COUNT_LIMIT = 1_000_000;

export interface EditorSlice {
  mode: Mode;
  /** The cell with keyboard focus. */
  cursor: number;
  /** Cells picked for a keyboard region assignment (paint mode). */
  picked: number[];
  countLimit: number;
  /** A message the user must see (a save set aside, a puzzle upgraded); null when none. */
  notice: string | null;

  setMode(mode: Mode): void;
  setCursor(cell: number): void;
  togglePicked(cell: number): void;
  clearPicked(): void;
  setCountLimit(limit: number): void;
  dismissNotice(): void;
}

/**
 * The mode a first visit opens in. The page opens on the standard boxes, a complete layout,
 * so the first thing a new user does is click a cell and type a clue; walls and paint are one
 * click away (and a click in a cell selects it, and a digit enters it, in every mode anyway).
 */
export const START_MODE: Mode = 'digits';

export const createEditorSlice: SliceCreator<EditorSlice> = (set, get) => ({
  mode: START_MODE,
  cursor: 0,
  picked: [],
  countLimit: DEFAULT_COUNT_LIMIT,
  notice: null,

  setMode: (mode) => set({ mode, picked: [] }),
  setCursor: (cell) => set({ cursor: cell }),
  togglePicked: (cell) => {
    const picked = get().picked;
    set({ picked: picked.includes(cell) ? picked.filter((c) => c !== cell) : [...picked, cell] });
  },
  clearPicked: () => set({ picked: [] }),
  setCountLimit: (limit) => {
    if (!Number.isInteger(limit) || limit < 2) return;
    set({ countLimit: Math.min(limit, MAX_COUNT_LIMIT) });
  },
  dismissNotice: () => set({ notice: null }),
});
