/**
 * A big text offered as a file download without one long task: the text is encoded to UTF-8
 * a slice at a time (TextEncoder), yielding to the page between slices, and the file is made
 * from the encoded parts. `new Blob([text])` of a 100,000-puzzle library (about 20 MB)
 * encoded it all in one task of about 100 ms; a Blob of byte arrays only copies them.
 */
import { yieldToPage } from '../store/store.ts';
import { downloadBlob } from './UnreadableSaveNotice.tsx';

/** Characters encoded per slice (about 1 ms of work). */
const SLICE_CHARS = 1 << 19;

/** The name a library export is downloaded under (My puzzles and the full-storage notice). */
export const libraryFileName = (): string =>
  `squiggly-library-${new Date().toISOString().slice(0, 10)}.json`;

export async function downloadLargeText(text: string, fileName: string): Promise<void> {
  const encoder = new TextEncoder();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + SLICE_CHARS, text.length);
    // Never split a surrogate pair: each half would encode as a replacement character.
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    parts.push(encoder.encode(text.slice(start, end)) as Uint8Array<ArrayBuffer>);
    start = end;
    if (start < text.length) await yieldToPage();
  }
  downloadBlob(new Blob(parts, { type: 'application/json' }), fileName);
}
