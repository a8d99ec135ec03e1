/**
 * The puzzle's undo history, as a slice reaches it. zundo's temporal middleware installs its
 * own store on the api as `temporal` (store.ts applies it once, on the combined creator), but
 * the api a slice is created with is typed without it: this is the one place that says it is
 * there. The stroke slice pauses and resumes it around a gesture; the setter's "another
 * order" and the library's opening of a puzzle rewind or clear it.
 *
 * Kept out of state.ts, which holds the store's types only.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { HistoryStore, SquigglyState, SquigglyStore } from './state.ts';

/** The undo history of the store a slice was created in (temporal installs it on the api). */
export const historyOf = (api: StoreApi<SquigglyState>): HistoryStore =>
  (api as SquigglyStore).temporal;
