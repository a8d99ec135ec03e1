/**
 * The solver worker: exposes the engine through Comlink; all solving happens here. It says it
 * has loaded, and keeps saying it is alive while it works (liveness.ts), so the page can tell a
 * long search from a dead worker.
 */
import * as Comlink from 'comlink';
import { createBeat, HEARTBEAT } from './liveness.ts';
import { createSolverApi } from './solverApi.ts';

const postHeartbeat = (): void => self.postMessage(HEARTBEAT);
Comlink.expose(createSolverApi({ beat: createBeat(postHeartbeat) }));
postHeartbeat();
