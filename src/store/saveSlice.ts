/**
 * Saves the store could not read and could not set aside either (the storage quota had no room
 * for a copy): they stay under their own key, autosave to that key is held off, and the page
 * offers each as a download (persistOptions.ts says how they get here). Releasing one (after the
 * download, or when the user lets it go) lifts the hold and autosave writes the current state
 * at once. Not part of the puzzle: never undone, never saved.
 */
import type { UnreadableSave } from './persistOptions.ts';
import type { SliceCreator, StoreContext } from './state.ts';

export type { UnreadableSave } from './persistOptions.ts';

export interface SaveSlice {
  /** Unreadable saves still kept in place, waiting for the user to download or let go. */
  unreadableSaves: UnreadableSave[];
  /** The user downloaded the save under `key`, or let it go: autosave to it resumes. */
  releaseUnreadableSave(key: string): void;
}

export const createSaveSlice =
  (context: StoreContext): SliceCreator<SaveSlice> =>
  (set, get) => ({
    unreadableSaves: [],
    releaseUnreadableSave: (key) => {
      const left = get().unreadableSaves.filter((save) => save.key !== key);
      if (left.length === get().unreadableSaves.length) return;
      context.releaseSave(key);
      // This write goes through persist, so the puzzle is saved at once.
      set({ unreadableSaves: left });
    },
  });
