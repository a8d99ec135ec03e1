/**
 * Is the solver worker alive? The worker cannot be asked while it searches (the search is
 * synchronous), and a worker that dies of a crash, an out-of-memory kill or a script that never
 * loaded sends nothing at all: the browser fires `error` for some of these and nothing for the
 * others. So the worker speaks up on its own: one HEARTBEAT message when its module has loaded,
 * and then at most every HEARTBEAT_EVERY_MS while it works (from the engine's progress hook,
 * which every engine calls every few thousand nodes, a few milliseconds apart).
 *
 * The main thread's watchdog (createWatchdog) holds a run to that: no start-up heartbeat within
 * STARTUP_LIMIT_MS, no first beat of a run within FIRST_BEAT_LIMIT_MS, or silence for
 * SILENCE_LIMIT_MS after the run has beaten, and the worker is declared dead. The limits are in wall-clock time the page itself was awake:
 * when the page's own thread was blocked (a tick came late), the silence starts again, since
 * the worker's messages may simply be queued behind the page's work.
 *
 * Both sides share only the message's shape, defined here.
 */

/** What the worker posts to say it is alive; Comlink ignores messages without an id. */
export const HEARTBEAT = { squigglySolverAlive: true } as const;

export function isHeartbeat(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { squigglySolverAlive?: unknown }).squigglySolverAlive === true
  );
}

/** The worker beats at most this often while it works. */
export const HEARTBEAT_EVERY_MS = 250;
/** A run whose worker has beaten and then falls silent this long has lost its worker. */
export const SILENCE_LIMIT_MS = 1000;
/**
 * A run's first beat may take longer: the engine builds its tables and the JIT compiles it
 * before the first progress call (a fraction of a second on a desktop, more on a slow phone).
 */
export const FIRST_BEAT_LIMIT_MS = 5000;
/** A worker that has not said it loaded within this long has failed to start. */
export const STARTUP_LIMIT_MS = 10_000;
/** How often the watchdog looks; a tick this much later than due means the page was blocked. */
const TICK_MS = 250;
const BLOCKED_TICK_MS = 3 * TICK_MS;

/** A throttled beat for the worker side: call it as often as you like. */
export function createBeat(post: () => void, now: () => number = () => Date.now()): () => void {
  let last = -Infinity;
  return () => {
    const time = now();
    if (time - last < HEARTBEAT_EVERY_MS) return;
    last = time;
    post();
  };
}

export interface Watchdog {
  /** A sign of life from the worker (a heartbeat or any answer). */
  heard(): void;
  /** Starts watching a run (no-op if one is watched already). */
  watch(): void;
  /** Stops watching (the run ended). */
  rest(): void;
  dispose(): void;
}

/**
 * Calls `onSilence(reason)` once when the worker has been silent too long during a run, or has
 * not started in time. Time comes from `now`, ticks from `setInterval` (fake timers in tests).
 */
export function createWatchdog(
  onSilence: (reason: string) => void,
  now: () => number = () => Date.now(),
): Watchdog {
  let started = false;
  let heardThisRun = false;
  let lastSign = now();
  let lastTick = now();
  let timer: ReturnType<typeof setInterval> | null = null;

  const tick = (): void => {
    const time = now();
    // The page's own thread was blocked: the worker's messages may be waiting behind it.
    if (time - lastTick > BLOCKED_TICK_MS) lastSign = time;
    lastTick = time;
    const silence = time - lastSign;
    if (!started && silence > STARTUP_LIMIT_MS) {
      stop();
      onSilence(`it did not start within ${STARTUP_LIMIT_MS / 1000} s`);
    } else if (started && silence > (heardThisRun ? SILENCE_LIMIT_MS : FIRST_BEAT_LIMIT_MS)) {
      stop();
      onSilence(`it stopped answering in the middle of a run`);
    }
  };
  const stop = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };

  return {
    heard() {
      if (timer !== null && started) heardThisRun = true;
      started = true;
      lastSign = now();
    },
    watch() {
      if (timer !== null) return;
      heardThisRun = false;
      lastSign = lastTick = now();
      timer = setInterval(tick, TICK_MS);
    },
    rest: stop,
    dispose: stop,
  };
}
