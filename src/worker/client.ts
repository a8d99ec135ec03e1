/**
 * The main-thread side of the solver worker, after squoosh's WorkerBridge: the worker starts
 * on first use, one call runs at a time, and aborting a call terminates the worker at once
 * (a synchronous search cannot be interrupted any other way); the next call starts a fresh one.
 *
 * A worker can also die on its own: its script fails to load or throws, a message cannot be
 * read, or it simply goes silent (a crash or an out-of-memory kill, which the browser may not
 * report at all). The endpoint's `error` and `messageerror` events and the heartbeat watchdog
 * (liveness.ts) catch these; the call in flight then rejects with a SolverFailedError whose
 * message tells the user what happened and names the worker (the app runs five: the client's
 * role), the dead worker is dropped, and the next call starts a fresh one. After
 * FAILURES_BEFORE_UNAVAILABLE failures in a row the message says that the worker's work is
 * unavailable and why (every call still tries again, so a passing fault heals).
 *
 * A worker that never started (its script did not load) is most often an old page after a
 * deploy: the new version's service worker dropped this version's scripts. "Try again" would
 * fail again, so before saying so the client asks `versionChanged` (appVersion.ts) and, when
 * the app was updated, says at once that the page must be reloaded.
 */
import * as Comlink from 'comlink';
import { createWatchdog, isHeartbeat, type Watchdog } from './liveness.ts';
import type { FormatName } from '../formats/index.ts';
import type {
  BatchCallOptions,
  BatchResult,
  CallOptions,
  CountRequest,
  CountResponse,
  GeneratedPuzzle,
  HintResponse,
  LogicRequest,
  LogicSolveResponse,
  RateResponse,
  SetterProgressFn,
  SetterPuzzle,
  SetterRequest,
  ImportCallOptions,
  ImportClient,
  ImportedCase,
  ImportSource,
  ImportSummary,
  ExplainResponse,
  SolverApi,
  SolverClient,
  SetterToolsClient,
  ToolCallOptions,
  ToolProgressFn,
} from './protocol.ts';

/** A started worker: something Comlink can talk to, and a way to stop it. */
export interface SolverEndpoint {
  /** Also the source of heartbeats and of `error`/`messageerror` events. */
  endpoint: Comlink.Endpoint;
  terminate(): void;
}

export const FAILURES_BEFORE_UNAVAILABLE = 3;

export function abortError(): DOMException {
  return new DOMException('The solver run was cancelled.', 'AbortError');
}

/**
 * Whether a call was cancelled: its AbortError, by name, since a DOMException is not an
 * Error subclass everywhere (older engines, some test environments).
 */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

/** Which of the app's workers a client runs, for its messages. */
export type WorkerRole = 'solver' | 'logic' | 'importer' | 'tools' | 'candidates';

/** Each worker in a message: who failed, and what is unavailable when it keeps failing. */
const ROLE_WORDS: Record<WorkerRole, { worker: string; unavailable: string }> = {
  solver: { worker: 'the solver', unavailable: 'Solving is unavailable' },
  logic: { worker: "the logic solver's worker", unavailable: 'The logic solver is unavailable' },
  importer: { worker: 'the import worker', unavailable: 'Importing is unavailable' },
  tools: {
    worker: "the setter's tools' worker",
    unavailable: "The setter's tools are unavailable",
  },
  candidates: {
    worker: "the true candidates' worker",
    unavailable: 'True candidates are unavailable',
  },
};

/** Why a worker could not load when a new version was deployed (a clause: no full stop). */
export const APP_UPDATED = 'Squiggly was updated — reload to continue';

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** The worker died during a call; `message` is meant for the user. */
export class SolverFailedError extends Error {
  override name = 'SolverFailedError';
  constructor(
    readonly reason: string,
    readonly failuresInARow: number,
    readonly role: WorkerRole = 'solver',
    /** The worker could not load because the app was updated: only a reload helps. */
    readonly appUpdated = false,
  ) {
    const { worker, unavailable } = ROLE_WORDS[role];
    // Never an empty reason in parentheses (issue 36: no message without its why).
    const why = reason.trim() || 'no reason was given';
    super(
      appUpdated
        ? `${APP_UPDATED}.`
        : failuresInARow >= FAILURES_BEFORE_UNAVAILABLE
          ? `${unavailable}: ${worker} failed ${failuresInARow} times in a row (${why}). Nothing was lost; reload the page to try again.`
          : `${capitalised(worker)} stopped unexpectedly (${why}); nothing was lost. Try again.`,
    );
  }
}

export function isSolverFailure(error: unknown): error is SolverFailedError {
  return error instanceof Error && error.name === 'SolverFailedError';
}

/** Whether an error says the app was updated under this page (a reload is the way on). */
export function isAppUpdated(error: unknown): boolean {
  return isSolverFailure(error) && error.appUpdated;
}

/** Why an endpoint's `error` event fired, in words. */
function errorReason(event: Event): string {
  // An ErrorEvent (the script threw) has a message; a failed load is a plain Event.
  const { message } = event as { message?: unknown };
  return typeof message === 'string' && message
    ? `it threw: ${message}`
    : 'its script could not be loaded or failed to start';
}

export interface SolverClientOptions {
  /**
   * Have every worker this client starts warm the engines up (SolverApi.warmUp) in the idle
   * time after its first run, until its next request, so a later Solve is not a cold call
   * (the app's first run is the live check on load). The app's solver client does; the
   * importer's and the setter's tools' clients do not (one warm-up at load).
   */
  warmUp?: boolean;
  /** Which worker this is, named in its failure messages. Default: 'solver'. */
  role?: WorkerRole;
  /**
   * Whether the app was updated since this page loaded (appVersion.ts): asked when a worker
   * fails before it started, and answered within a moment (false when it cannot tell).
   * Default: never asked.
   */
  versionChanged?: () => Promise<boolean>;
}

/** A progress callback as Comlink sends it: proxied, or left out when there is none. */
const proxied = (onProgress: ToolProgressFn | undefined): [] | [ToolProgressFn] =>
  onProgress ? [Comlink.proxy(onProgress)] : [];

/** A client over any endpoint factory (a real Worker in the app, a MessageChannel in tests). */
export function createSolverClient(
  start: () => SolverEndpoint,
  { warmUp = false, role = 'solver', versionChanged }: SolverClientOptions = {},
): SolverClient & ImportClient & SetterToolsClient {
  let current: {
    started: SolverEndpoint;
    api: Comlink.Remote<SolverApi>;
    watchdog: Watchdog;
    forget: () => void;
    /** Whether it was asked to warm up (see SolverClientOptions.warmUp). */
    warmed: boolean;
    /** Whether it said it loaded (its first heartbeat): a failure before is a failed load. */
    loaded: boolean;
  } | null = null;
  /** Ends the run in flight with this error (cancel, or a dead worker). */
  let endRunning: ((error: Error) => void) | null = null;
  let failuresInARow = 0;

  const stop = (): void => {
    if (!current) return;
    current.forget();
    current.api[Comlink.releaseProxy]();
    current.started.terminate();
    current = null;
  };

  const fail = (reason: string): void => {
    const neverStarted = current !== null && !current.loaded;
    failuresInARow++;
    const failures = failuresInARow;
    stop();
    const end = endRunning;
    if (!neverStarted || !versionChanged) {
      end?.(new SolverFailedError(reason, failures, role));
      return;
    }
    // A script that did not load: first ask whether a new version took this one's place. The
    // run stays pending for that moment; a cancel or a newer call in the meantime ends it as
    // usual (then `end` does nothing).
    versionChanged().then(
      (updated) => end?.(new SolverFailedError(reason, failures, role, updated)),
      () => end?.(new SolverFailedError(reason, failures, role)),
    );
  };

  const startWorker = (): NonNullable<typeof current> => {
    const started = start();
    // One watchdog per worker: a fresh worker must say it started.
    const watchdog = createWatchdog(fail);
    const { endpoint } = started;
    const onMessage = (event: Event): void => {
      if (!isHeartbeat((event as MessageEvent).data)) return;
      watchdog.heard();
      worker.loaded = true;
    };
    const onError = (event: Event): void => fail(errorReason(event));
    const onMessageError = (): void => fail('a message from it could not be read');
    endpoint.addEventListener('message', onMessage);
    endpoint.addEventListener('error', onError);
    endpoint.addEventListener('messageerror', onMessageError);
    const forget = (): void => {
      endpoint.removeEventListener('message', onMessage);
      endpoint.removeEventListener('error', onError);
      endpoint.removeEventListener('messageerror', onMessageError);
      watchdog.dispose();
    };
    const worker = {
      started,
      api: Comlink.wrap<SolverApi>(endpoint),
      watchdog,
      forget,
      warmed: false,
      loaded: false,
    };
    return worker;
  };

  const run = <T>(
    options: CallOptions | undefined,
    call: (api: Comlink.Remote<SolverApi>, onProgress: CallOptions['onProgress']) => Promise<T>,
  ): Promise<T> => {
    // One run at a time: a new call supersedes the one in flight.
    endRunning?.(abortError());
    const signal = options?.signal;
    if (signal?.aborted) return Promise.reject(abortError());
    current ??= startWorker();
    const { api, watchdog } = current;
    const progress = options?.onProgress ? Comlink.proxy(options.onProgress) : undefined;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = (): boolean => {
        if (settled) return false;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        if (endRunning === end) endRunning = null;
        watchdog.rest();
        return true;
      };
      const end = (error: Error): void => {
        if (!finish()) return;
        stop();
        reject(error);
      };
      const onAbort = (): void => end(abortError());
      endRunning = end;
      signal?.addEventListener('abort', onAbort);
      watchdog.watch();
      call(api, progress).then(
        (value) => {
          if (!finish()) return;
          failuresInARow = 0;
          if (warmUp && current !== null && !current.warmed) {
            current.warmed = true;
            // Not a run: nothing waits for it and nothing supersedes it; the worker runs its
            // steps until the next request. A dead worker is reported by the next run.
            current.api.warmUp().catch(() => {});
          }
          resolve(value);
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
    nextStep: (request: LogicRequest, options?: CallOptions): Promise<HintResponse> =>
      run(options, (api) => api.nextStep(request)),
    solveByLogic: (request: LogicRequest, options?: CallOptions): Promise<LogicSolveResponse> =>
      run(options, (api) => api.solveByLogic(request)),
    rate: (request: LogicRequest, options?: CallOptions): Promise<RateResponse> =>
      run(options, (api) => api.rate(request)),
    generateSetterPuzzle: (
      request: SetterRequest,
      options?: { signal?: AbortSignal; onProgress?: SetterProgressFn },
    ): Promise<SetterPuzzle> =>
      run({ signal: options?.signal }, (api) => {
        const onProgress = options?.onProgress;
        return onProgress
          ? api.generateSetterPuzzle(request, Comlink.proxy(onProgress))
          : api.generateSetterPuzzle(request);
      }),
    parseImport: (
      source: ImportSource,
      format: FormatName | null,
      options?: ImportCallOptions,
    ): Promise<ImportSummary> =>
      run({ signal: options?.signal }, (api) =>
        options?.onProgress
          ? api.parseImport(source, format, Comlink.proxy(options.onProgress))
          : api.parseImport(source, format),
      ),
    importCase: (
      id: number,
      index: number,
      options?: { signal?: AbortSignal },
    ): Promise<ImportedCase> => run(options, (api) => api.importCase(id, index)),
    importCases: (
      id: number,
      indices: number[],
      options?: { signal?: AbortSignal },
    ): Promise<ImportedCase[]> => run(options, (api) => api.importCases(id, indices)),
    solveBatch: (id: number, options: BatchCallOptions): Promise<BatchResult> =>
      run({ signal: options.signal }, (api) => api.solveBatch(id, Comlink.proxy(options.onBatch))),
    trueCandidates: (request, options?: ToolCallOptions) =>
      run({ signal: options?.signal }, (api) =>
        api.trueCandidates(request, ...proxied(options?.onProgress)),
      ),
    explain: (request, options?: ToolCallOptions) =>
      // Comlink's Remote type spreads a union answer over Promise; it is one ExplainResponse.
      run(
        { signal: options?.signal },
        (api) => api.explain(request, ...proxied(options?.onProgress)) as Promise<ExplainResponse>,
      ),
    minimise: (request, seed, options?: ToolCallOptions) =>
      run({ signal: options?.signal }, (api) =>
        api.minimise(request, seed, ...proxied(options?.onProgress)),
      ),
    checkLayout: (size, regions, options?: ToolCallOptions) =>
      run({ signal: options?.signal }, (api) => api.checkLayout(size, regions)),
    estimate: (request, options?: ToolCallOptions) =>
      run({ signal: options?.signal }, (api) =>
        api.estimate(request, ...proxied(options?.onProgress)),
      ),
    dispose: () => {
      endRunning?.(abortError());
      stop();
    },
  };
}
