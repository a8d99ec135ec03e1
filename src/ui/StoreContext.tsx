/** The store reaches components through context, so tests can give each render a fresh one. */
import { createContext, useContext, type ReactNode } from 'react';
import type { TemporalState } from 'zundo';
import { useStore } from 'zustand';
import type { Puzzle } from '../store/puzzle.ts';
import type { SquigglyState, SquigglyStore } from '../store/store.ts';

const StoreContext = createContext<SquigglyStore | null>(null);

export function StoreProvider({ store, children }: { store: SquigglyStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

export function useSquigglyStore(): SquigglyStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useSquigglyStore needs a <StoreProvider>');
  return store;
}

/** Read the store through a selector; the component re-renders only when its slice changes. */
export function useSquiggly<T>(selector: (state: SquigglyState) => T): T {
  return useStore(useSquigglyStore(), selector);
}

export function useHistory<T>(selector: (state: TemporalState<Puzzle>) => T): T {
  return useStore(useSquigglyStore().temporal, selector);
}
