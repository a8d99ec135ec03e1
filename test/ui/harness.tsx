/**
 * Test harness (after excalidraw's tests/helpers/ui.ts): render the app with a fresh store,
 * a real in-thread solver behind Comlink, and gestures in grid coordinates.
 */
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import type { LibraryStorage } from '../../src/store/library/libraryDb.ts';
import { memoryStorage, type KeyValueStorage } from '../../src/store/persistence.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import { App } from '../../src/ui/App.tsx';
import { StoreProvider } from '../../src/ui/StoreContext.tsx';
import type { ImportClient, SetterToolsClient, SolverClient } from '../../src/worker/protocol.ts';
import { createChannelClient } from '../worker/channelClient.ts';

/** The grid is laid out as a square of this many pixels (jsdom does no layout). */
export const GRID_PX = 360;

export interface Harness {
  user: UserEvent;
  store: SquigglyStore;
  storage: KeyValueStorage;
  grid(): HTMLElement;
  /** Pixel position of a grid point given in cell units (x = column, y = row). */
  at(x: number, y: number): { clientX: number; clientY: number };
  /** Press at the first point, move through the others, release at the last. */
  drag(...points: [number, number][]): Promise<void>;
  click(x: number, y: number): Promise<void>;
  cell(row: number, col: number): HTMLElement;
  /** The result of the last explicit run (Solve, Check uniqueness, Count, generate). */
  status(): HTMLElement;
  /** The live verdict under the grid. */
  verdict(): HTMLElement;
}

export function renderApp(
  options: {
    solver?: SolverClient;
    importer?: ImportClient;
    /** The setter's tools and the true candidates: real in-thread clients unless given. */
    tools?: SetterToolsClient;
    candidates?: SetterToolsClient;
    storage?: KeyValueStorage;
    slowAfterMs?: number;
    /** Wait after a stopped true-candidates search; default 0 (the app waits 2 s). */
    stoppedSearchGraceMs?: number;
    /** Debounce of the live verdict; default null (off), so a test asks only what it asks. */
    liveCheckMs?: number | null;
    /** Opens the "My puzzles" library (none by default: jsdom has no IndexedDB). */
    library?: (() => Promise<LibraryStorage>) | null;
    /** The test runs on vi.useFakeTimers(): user-event advances them while it waits. */
    fakeTimers?: boolean;
  } = {},
): Harness {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        left: 0,
        top: 0,
        right: GRID_PX,
        bottom: GRID_PX,
        width: GRID_PX,
        height: GRID_PX,
        x: 0,
        y: 0,
        toJSON: () => ({}),
      }) as DOMRect,
  );
  const solver = options.solver ?? createChannelClient();
  const storage = options.storage ?? memoryStorage();
  const store = createSquigglyStore({
    solver,
    importer: options.importer ?? createChannelClient(),
    tools: options.tools ?? createChannelClient(),
    candidates: options.candidates ?? createChannelClient(),
    storage,
    slowAfterMs: options.slowAfterMs,
    stoppedSearchGraceMs: options.stoppedSearchGraceMs ?? 0,
    liveCheckMs: options.liveCheckMs,
    library: options.library ?? null,
  });
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : {},
  );
  render(
    <StoreProvider store={store}>
      <App />
    </StoreProvider>,
  );
  const grid = (): HTMLElement => screen.getByRole('grid', { name: 'Puzzle grid' });
  const at = (x: number, y: number) => {
    const unit = GRID_PX / store.getState().size;
    return { clientX: x * unit, clientY: y * unit };
  };
  return {
    user,
    store,
    storage,
    grid,
    at,
    drag: async (...points) => {
      const [first, ...rest] = points;
      const last = points[points.length - 1];
      await user.pointer([
        { keys: '[MouseLeft>]', target: grid(), coords: at(...first) },
        ...rest.map((point) => ({ target: grid(), coords: at(...point) })),
        { keys: '[/MouseLeft]', target: grid(), coords: at(...last) },
      ]);
    },
    click: async (x, y) => {
      await user.pointer({ keys: '[MouseLeft]', target: grid(), coords: at(x, y) });
    },
    cell: (row, col) => {
      const cells = screen.getAllByRole('gridcell');
      return cells[(row - 1) * store.getState().size + (col - 1)];
    },
    status: () => screen.getByRole('status', { name: 'Run result' }),
    verdict: () => screen.getByRole('status', { name: 'Verdict' }),
  };
}

/** Switch the mode control. */
export async function chooseMode(
  user: UserEvent,
  name: 'Draw walls' | 'Paint regions' | 'Enter digits' | 'Constraints' | 'Play',
): Promise<void> {
  await user.click(screen.getByRole('radio', { name }));
}

/** Choose a size while no work is unsaved (no confirmation). */
export async function chooseSize(user: UserEvent, size: number): Promise<void> {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Size' }), String(size));
}

/** Type clues row by row from a string like "12.. ..34" (dots and spaces skip cells). */
export async function typeClues(h: Harness, rows: string[]): Promise<void> {
  await chooseMode(h.user, 'Enter digits');
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r].replace(/\s/g, '');
    for (let c = 0; c < row.length; c++) {
      if (row[c] === '.') continue;
      await h.user.click(h.cell(r + 1, c + 1));
      await h.user.keyboard(row[c]);
    }
  }
}
