/**
 * Links between the Layout panel's list and the grid: hovering or focusing a region or a
 * problem in the list highlights its cells on the grid (LayoutMarks draws them). The linked
 * cells are page state only (not the puzzle, not the store): a React context provided by the
 * App around both the grid and the panels, so each rendered app has its own.
 */
import {
  createContext,
  useContext,
  useMemo,
  useState,
  type FocusEvent,
  type ReactNode,
} from 'react';

interface Highlight {
  cells: readonly number[] | null;
  show(cells: readonly number[] | null): void;
}

const HighlightContext = createContext<Highlight>({ cells: null, show: () => {} });

export function LayoutHighlightProvider({ children }: { children: ReactNode }) {
  const [cells, show] = useState<readonly number[] | null>(null);
  const value = useMemo(() => ({ cells, show }), [cells]);
  return <HighlightContext.Provider value={value}>{children}</HighlightContext.Provider>;
}

/** The cells to highlight on the grid, if any. */
export const useHighlightedCells = (): readonly number[] | null =>
  useContext(HighlightContext).cells;

/**
 * Props that make a list item highlight `cells` on the grid while hovered or focused. With
 * `focusable` false it is hovered only, not a Tab stop: a list of nine sound regions would
 * otherwise be nine stops between the panel's buttons and the grid.
 */
export function useHighlightLink(): (
  cells: readonly number[],
  focusable?: boolean,
) => {
  tabIndex?: number;
  onMouseEnter(): void;
  onMouseLeave(): void;
  onFocus(): void;
  onBlur(event: FocusEvent): void;
} {
  const { show } = useContext(HighlightContext);
  return (cells, focusable = true) => ({
    tabIndex: focusable ? 0 : undefined,
    onMouseEnter: () => show(cells),
    onMouseLeave: () => show(null),
    onFocus: () => show(cells),
    onBlur: () => show(null),
  });
}
