/**
 * The notice for a puzzle another tab of the app is editing (librarySlice.ts's tabConflict,
 * found when this tab starts, opens a puzzle from My puzzles, or loads one that the library
 * already holds). Both tabs writing it would make copies of each other's versions
 * (revisions.ts), so the user chooses: "Take over here" (the other tab writes its last change
 * and lets the puzzle go; this tab goes on from it) or "Open a copy" (this tab goes on with a
 * new entry of its own). Dismiss leaves both as they are: any later write is still compared.
 */
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

export function TabConflictNotice() {
  const store = useSquigglyStore();
  const conflict = useSquiggly((s) => s.tabConflict);
  if (!conflict) return null;
  const name = conflict.title ? `“${conflict.title}”` : 'This puzzle';
  return (
    <div role="alert" className="notice">
      <span>{name} is open in another tab, which may still change it.</span>
      <button type="button" onClick={() => void store.getState().takeOverHere()}>
        Take over here
      </button>
      <button type="button" onClick={() => void store.getState().openCopyHere()}>
        Open a copy
      </button>
      <button type="button" onClick={() => store.getState().dismissTabConflict()}>
        Dismiss
      </button>
    </div>
  );
}
