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
