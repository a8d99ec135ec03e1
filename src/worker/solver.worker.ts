/** The solver worker: exposes the engine through Comlink; all solving happens here. */
import * as Comlink from 'comlink';
import { createSolverApi } from './solverApi.ts';

Comlink.expose(createSolverApi());
