import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { browserTabs, createSquigglyStore, LIVE_CHECK_MS } from './store/store.ts';
import { App } from './ui/App.tsx';
import { StoreProvider } from './ui/StoreContext.tsx';
import { watchAppVersion } from './worker/appVersion.ts';
import type { WorkerRole } from './worker/client.ts';
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
// Each worker is named in its own failure messages; one whose script does not load first asks
// whether a new version replaced this page (then only a reload helps: appVersion.ts).
const appVersion = watchAppVersion({
  buildId: __SQUIGGLY_BUILD_ID__,
  versionUrl: './version.json',
});
const worker = (role: WorkerRole, warmUp = false) =>
  createWorkerSolverClient({ role, warmUp, versionChanged: appVersion.changed });

// The service worker (vite.config.ts): a new version waits until the user chooses Reload, which
// activates it and reloads into it. When another tab chose Reload, the new version has taken
// this page's requests too (its cache no longer holds this page's scripts): this page is not
// reloaded under the user's hands; it says so (updateSlice.ts). Installed PWAs stay open for
// days, so the page also looks for a new version every hour.
let reloading = false;
let registration: ServiceWorkerRegistration | undefined;
const updateServiceWorker = registerSW({
  onNeedRefresh: () => store.getState().noteAppVersion('ready'),
  onNeedReload: () => {
    if (reloading) window.location.reload();
    else store.getState().noteAppVersion('updated');
  },
  onRegisteredSW: (_url, registered) => {
    registration = registered;
    if (registered) setInterval(() => void registered.update().catch(() => {}), 60 * 60 * 1000);
  },
});
const reloadIntoNewVersion = (): void => {
  reloading = true;
  // No waiting version (it took over already): a plain reload loads the new one.
  if (registration?.waiting) void updateServiceWorker(true);
  else window.location.reload();
};

const store = createSquigglyStore({
  solver: worker('solver', true),
  logic: worker('logic'),
  importer: worker('importer'),
  tools: worker('tools'),
  candidates: worker('candidates'),
  liveCheckMs: LIVE_CHECK_MS,
  followUp: whenIdle,
  // Each tab works on its own puzzle and tells the others what it changes in the library.
  tabs: browserTabs(),
  app: { reload: reloadIntoNewVersion },
});
appVersion.onChanged(() => store.getState().noteAppVersion('updated'));

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
