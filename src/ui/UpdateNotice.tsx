/**
 * The notice of a new version (updateSlice.ts): "A new version of Squiggly is ready" while the
 * new version waits, "Squiggly was updated — reload to continue" once it has replaced this
 * page's own (then this page's workers may no longer load). Either way one button, Reload,
 * which reloads into the new version. It stays until the page reloads: there is nothing to
 * dismiss it for, and a page left on the old version only fails later.
 *
 * It is fixed to the bottom of the window, so it is seen wherever the page is scrolled and
 * never covers the header or a dialog's title (a modal dialog is drawn above it).
 */
import { useSquiggly } from './StoreContext.tsx';

export function UpdateNotice() {
  const version = useSquiggly((s) => s.appVersion);
  const reload = useSquiggly((s) => s.reloadApp);
  if (version === 'current') return null;
  return (
    <div role="status" aria-label="New version" className="notice update-notice">
      <span>
        {version === 'ready'
          ? 'A new version of Squiggly is ready.'
          : 'Squiggly was updated — reload to continue.'}
      </span>
      <button type="button" onClick={reload}>
        Reload
      </button>
    </div>
  );
}
