/**
 * The main-thread side of the solver worker, after squoosh's WorkerBridge: the worker starts
 * on first use, one call runs at a time, and aborting a call terminates the worker at once
 * (a synchronous search cannot be interrupted any other way); the next call starts a fresh one.
 */
import * as Comlink from 'comlink';
import type {
  CallOptions,
  CountRequest,
  CountResponse,
  GeneratedPuzzle,
  SolverApi,
  SolverClient,
} from './protocol.ts';

/** A started worker: something Comlink can talk to, and a way to stop it. */
export interface SolverEndpoint {
  endpoint: Comlink.Endpoint;
  terminate(): void;
}

export function abortError(): DOMException {
  return new DOMException('The solver run was cancelled.', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

/** A client over any endpoint factory (a real Worker in the app, a MessageChannel in tests). */
export function createSolverClient(start: () => SolverEndpoint): SolverClient {
  let current: { started: SolverEndpoint; api: Comlink.Remote<SolverApi> } | null = null;
  let cancelRunning: (() => void) | null = null;

  const stop = (): void => {
    if (!current) return;
    current.api[Comlink.releaseProxy]();
    current.started.terminate();
    current = null;
  };

  const run = <T>(
    options: CallOptions | undefined,
    call: (api: Comlink.Remote<SolverApi>, onProgress: CallOptions['onProgress']) => Promise<T>,
  ): Promise<T> => {
    // One run at a time: a new call supersedes the one in flight.
    cancelRunning?.();
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(abortError());
    if (!current) {
      const started = start();
      current = { started, api: Comlink.wrap<SolverApi>(started.endpoint) };
    }
    const { api } = current;
    const progress = options?.onProgress ? Comlink.proxy(options.onProgress) : undefined;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (): boolean => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        if (cancelRunning === cancel) cancelRunning = null;
        return true;
      };
      const cancel = (): void => {
        if (!finish()) return;
        stop();
        reject(abortError());
      };
      const onAbort = (): void => cancel();
      cancelRunning = cancel;
      signal?.addEventListener('abort', onAbort);
      call(api, progress).then(
        (value) => {
          if (finish()) resolve(value);
        },
        (error: unknown) => {
          if (finish()) reject(error);
        },
      );
    });
  };

  return {
    count: (request: CountRequest, options?: CallOptions): Promise<CountResponse> =>
      run(options, (api, onProgress) =>
        onProgress ? api.count(request, onProgress) : api.count(request),
      ),
    randomLayout: (size: number, seed: number, options?: CallOptions): Promise<number[]> =>
      run(options, (api) => api.randomLayout(size, seed)),
    generatePuzzle: (size: number, seed: number, options?: CallOptions): Promise<GeneratedPuzzle> =>
      run(options, (api) => api.generatePuzzle(size, seed)),
    dispose: () => {
      cancelRunning?.();
      stop();
    },
  };
}
