/**
 * What the UI needs to share a puzzle: the store's puzzle as a link holds it, the link to
 * copy, and removing a link's fragment from the address bar before it is read, so that a
 * reload does not read it again (and putting a good one back while the user is asked). The solution, when one is known, is the store's knownSolution.
 */
import type { LinkPuzzle } from '../formats/link.ts';
import { shareUrl } from '../formats/link.ts';
import type { SquigglyState } from '../store/store.ts';

export function linkPuzzleOf(state: SquigglyState): LinkPuzzle {
  return {
    size: state.size,
    regions: state.regions,
    givens: state.givens,
    walls: state.walls,
    info: state.info,
    constraints: state.constraints,
  };
}

/** The page's own address with the puzzle in its fragment. */
export const currentShareUrl = (state: SquigglyState): string =>
  shareUrl(window.location.href, linkPuzzleOf(state));

/** Drop the fragment from the address bar without reloading or adding a history entry. */
export function clearFragment(): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search);
}

/** Put a fragment back into the address bar (no reload, no hashchange, no history entry). */
export function restoreFragment(hash: string): void {
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', pathname + search + hash);
}
