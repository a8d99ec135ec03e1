import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSquigglyStore } from './store/store.ts';
import { App } from './ui/App.tsx';
import { StoreProvider } from './ui/StoreContext.tsx';
import { createWorkerSolverClient } from './worker/workerClient.ts';
import './ui/app.css';

// Imports are read in a worker of their own, so reading a big file never stops a solve.
const store = createSquigglyStore({
  solver: createWorkerSolverClient(),
  importer: createWorkerSolverClient(),
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StoreProvider store={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
