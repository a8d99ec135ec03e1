import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserTabs, createSquigglyStore, LIVE_CHECK_MS } from './store/store.ts';
import { App } from './ui/App.tsx';
import { StoreProvider } from './ui/StoreContext.tsx';
import { createWorkerSolverClient } from './worker/workerClient.ts';
import './ui/app.css';

// Imports are read in a worker of their own, so reading a big file never stops a solve; the
// setter's tools and the true candidates likewise (setterSlice.ts), and the logic solver's
// runs (the rating after each unique verdict, hints: logicSlice.ts). Workers start on first use.
// The solver's worker warms its engines up in the idle time after its first run (the live
// check on load) until the next request, so the first Solve a user clicks is not cold.
// What follows a verdict by itself (the rating, the setter's next step) waits for the next
// frame, so the answer that brought it is painted first; then until no other task is waiting
// (a background task: an idle callback alone can run before a message or timer already due);
// then for idle time. A hidden page runs no frames: they wait until it is shown.
const afterOtherTasks = (task: () => void): void => {
  const { scheduler } = globalThis as { scheduler?: Scheduler };
  if (typeof scheduler?.postTask === 'function') {
    void scheduler.postTask(task, { priority: 'background' });
  } else setTimeout(task, 0);
};
const whenIdle = (task: () => void): void => {
  requestAnimationFrame(() =>
    afterOtherTasks(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 500 });
      else task();
    }),
  );
};
const store = createSquigglyStore({
  solver: createWorkerSolverClient({ warmUp: true }),
  logic: createWorkerSolverClient(),
  importer: createWorkerSolverClient(),
  tools: createWorkerSolverClient(),
  candidates: createWorkerSolverClient(),
  liveCheckMs: LIVE_CHECK_MS,
  followUp: whenIdle,
  // Each tab works on its own puzzle and tells the others what it changes in the library.
  tabs: browserTabs(),
});

// A library write still waiting for the typing pause is started while the page can still run
// (its pending copy is taken synchronously: librarySlice.ts). pagehide covers reload and close;
// a hidden tab on a phone may be discarded without one.
const keepBeforeLeaving = (): void => store.getState().keepBeforeLeaving();
addEventListener('pagehide', keepBeforeLeaving);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') keepBeforeLeaving();
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
