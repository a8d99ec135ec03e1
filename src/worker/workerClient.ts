/** The app's solver client: a module Worker, started lazily, replaced after each cancel. */
import { createSolverClient } from './client.ts';
import type { ImportClient, SetterToolsClient, SolverClient } from './protocol.ts';

export function createWorkerSolverClient(): SolverClient & ImportClient & SetterToolsClient {
  return createSolverClient(() => {
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    return { endpoint: worker, terminate: () => worker.terminate() };
  });
}
