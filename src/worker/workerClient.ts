/** The app's solver client: a module Worker, started lazily, replaced after each cancel. */
import { createSolverClient } from './client.ts';
import type { ImportClient, SolverClient } from './protocol.ts';

export function createWorkerSolverClient(): SolverClient & ImportClient {
  return createSolverClient(() => {
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    return { endpoint: worker, terminate: () => worker.terminate() };
  });
}
