/**
 * The keys every grid shares (the setting grid's gridKeys.ts, Play's playKeys.ts): digits, the
 * arrows' moves, undo and redo.
 */

/** Keys to digits: 1-9, then A-G for 10-16 (the engine's digitChar, read back). */
export function digitFromKey(key: string, size: number): number | null {
  let digit: number;
  if (/^[0-9]$/.test(key)) digit = Number(key);
  else if (/^[a-gA-G]$/.test(key)) digit = key.toUpperCase().charCodeAt(0) - 55;
  else return null;
  return digit <= size ? digit : null;
}

/** Ctrl/Cmd+Z (undo) or Ctrl/Cmd+Shift+Z and Ctrl+Y (redo); null for any other key. */
export function historyKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey) return 'redo';
  return null;
}

/** Row and column steps of the arrow keys. */
export const ARROW_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The cell an arrow key moves the cursor to (the same cell at the border); null for other keys. */
export function cellAfterArrow(cell: number, key: string, size: number): number | null {
  const step = ARROW_STEPS[key];
  if (!step) return null;
  const row = Math.min(size - 1, Math.max(0, Math.floor(cell / size) + step[0]));
  const col = Math.min(size - 1, Math.max(0, (cell % size) + step[1]));
  return row * size + col;
}

/**
 * What a grid's key did: whether it was used, where focus goes (a cell, or the edge cursor of
 * Draw walls) and what to say in the grid's live region (a cell that takes focus says itself).
 */
export type KeyEffect = { used: false } | { used: true; focus?: number | 'edge'; say?: string };
