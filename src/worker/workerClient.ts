/** The app's solver clients: a module Worker, started lazily, replaced after each cancel. */
import { createSolverClient, type SolverClientOptions } from './client.ts';
import type { ImportClient, SetterToolsClient, SolverClient } from './protocol.ts';

export function createWorkerSolverClient(
  options: SolverClientOptions = {},
): SolverClient & ImportClient & SetterToolsClient {
  return createSolverClient(() => {
    const worker = new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' });
    return { endpoint: worker, terminate: () => worker.terminate() };
  }, options);
}
