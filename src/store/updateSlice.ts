/**
 * A new version of the app, as this page knows it (its service worker's updates, wired in
 * main.tsx; appVersion.ts):
 *   current   this page is the version deployed, as far as it knows
 *   ready     a new version is installed and waiting: it takes over when every tab of the old
 *             one has gone, or at once when the user chooses Reload (the page offers it)
 *   updated   a new version has replaced this page's own (another tab chose Reload, or a
 *             worker could not load and the deployed build differs): its scripts may be gone,
 *             so the page says to reload before anything else fails
 * Only ever forward (current -> ready -> updated, or straight to updated). Reloading is the
 * app's (StoreContext.app): it activates the waiting version first, so the page reloads
 * into it. Not part of the puzzle: never undone, never saved.
 */
import type { SliceCreator, StoreContext } from './state.ts';

export type AppVersion = 'current' | 'ready' | 'updated';

const ORDER: Record<AppVersion, number> = { current: 0, ready: 1, updated: 2 };

export interface UpdateSlice {
  appVersion: AppVersion;
  /** What the page learned about a new version (never goes back). */
  noteAppVersion(version: AppVersion): void;
  /** The user chose Reload: into the new version when one is waiting. */
  reloadApp(): void;
}

export const createUpdateSlice =
  (context: StoreContext): SliceCreator<UpdateSlice> =>
  (set, get) => ({
    appVersion: 'current',
    noteAppVersion: (version) => {
      if (ORDER[version] > ORDER[get().appVersion]) set({ appVersion: version });
    },
    reloadApp: () => context.app?.reload(),
  });
