/**
 * The notice for a save that could not be read and did not fit beside itself in storage
 * (saveSlice.ts): it stays under its key and autosave to it is held off until the user either
 * downloads it ("Download the unreadable save") or lets it go ("Dismiss"), so it is never
 * overwritten without the user's say. The download is the save's exact text, as a file.
 */
import type { UnreadableSave } from '../store/store.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/** Offer a text as a file download (an object URL on a temporary link). */
export function downloadText(text: string, fileName: string): void {
  downloadBlob(new Blob([text], { type: 'text/plain' }), fileName);
}

/** Offer a file's content as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser reads the URL after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const megabytes = (text: string): string =>
  `${(text.length / 1_000_000).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;

function noticeText(save: UnreadableSave): string {
  const subject = save.what === 'puzzle' ? 'Your saved puzzle' : 'The saved undo history';
  return `${subject} (${megabytes(save.text)}) could not be restored (${save.reason}), and the browser's storage is too full to set it aside. It is still kept, and autosave is paused so nothing replaces it: download it to keep a copy. Dismissing lets autosave replace it.`;
}

export function UnreadableSaveNotices() {
  const store = useSquigglyStore();
  const saves = useSquiggly((s) => s.unreadableSaves);
  return saves.map((save) => (
    <div key={save.key} role="alert" className="notice">
      <span>{noticeText(save)}</span>
      <button
        type="button"
        onClick={() => {
          downloadText(save.text, `squiggly-unreadable-${save.what}.txt`);
          store.getState().releaseUnreadableSave(save.key);
        }}
      >
        {save.what === 'puzzle'
          ? 'Download the unreadable save'
          : 'Download the unreadable undo history'}
      </button>
      <button type="button" onClick={() => store.getState().releaseUnreadableSave(save.key)}>
        Dismiss
      </button>
    </div>
  ));
}
