/**
 * In-page instrumentation for `npm run bench:ui` (bench/ui/run.ts), added to every page with
 * `page.addInitScript({ path })` so that it runs before the app's own scripts. Plain browser
 * JavaScript: it is not bundled, and bench/ is type-checked for Node only.
 *
 * window.__squigglyBench:
 * - observe(): starts recording 'longtask' and 'long-animation-frame' entries (buffered) and
 *   returns performance.now(); longTasks(since) summarises the entries that start at or after
 *   `since`.
 * - armSolve(selector) / armKey(selector, text), then result(): arm(trigger, selector, done)
 *   resolves with { start, committed, end, late } where start =
 *   performance.now() in the first `trigger` event ('click' or 'keydown', capture phase on
 *   window, before the app's handlers), committed = performance.now() when `done(root)` first
 *   holds for the element matched by `selector` (checked in a MutationObserver callback, a
 *   microtask right after the DOM change, so right after React's commit), and end =
 *   performance.now() after the first frame painted after that: requestAnimationFrame, then a
 *   MessageChannel message, which runs after that frame's paint (so end also waits for the
 *   next vsync, up to one frame interval). `late` is true when `done` already held at the
 *   trigger.
 */
(() => {
  const entries = [];
  let observers = [];

  function observe() {
    for (const observer of observers) observer.disconnect();
    observers = [];
    entries.length = 0;
    const supported = PerformanceObserver.supportedEntryTypes || [];
    for (const type of ['longtask', 'long-animation-frame']) {
      if (!supported.includes(type)) continue;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          entries.push({ type, startTime: entry.startTime, duration: entry.duration });
        }
      });
      observer.observe({ type, buffered: true });
      observers.push(observer);
    }
    return performance.now();
  }

  function longTasks(since) {
    const summary = (type) => {
      const own = entries.filter((e) => e.type === type && e.startTime >= since);
      return {
        supported: (PerformanceObserver.supportedEntryTypes || []).includes(type),
        longest: own.reduce((max, e) => Math.max(max, e.duration), 0),
        over50: own.filter((e) => e.duration > 50).length,
        count: own.length,
      };
    };
    return { longtask: summary('longtask'), loaf: summary('long-animation-frame') };
  }

  /** Resolves after the next frame has been painted. */
  function afterNextPaint() {
    return new Promise((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
  }

  function arm(trigger, selector, done) {
    return new Promise((resolve, reject) => {
      let start = null;
      let late = false;
      let finished = false;
      const root = document.querySelector(selector);
      if (!root) {
        reject(new Error(`no element matches ${selector}`));
        return;
      }
      const check = () => {
        if (finished || start === null || !done(root)) return;
        finished = true;
        const committed = performance.now();
        mutations.disconnect();
        void afterNextPaint().then((end) => resolve({ start, committed, end, late }));
      };
      const onTrigger = () => {
        if (start !== null) return;
        start = performance.now();
        window.removeEventListener(trigger, onTrigger, true);
        late = done(root);
        // The app may change the DOM synchronously in this same event: check after it.
        queueMicrotask(check);
      };
      window.addEventListener(trigger, onTrigger, true);
      const mutations = new MutationObserver(check);
      mutations.observe(root, { subtree: true, childList: true, characterData: true });
    });
  }

  /** Every gridcell under `root` shows a digit. */
  function allFilled(root) {
    const cells = root.querySelectorAll('[role="gridcell"]');
    return cells.length > 0 && Array.from(cells).every((cell) => cell.textContent.trim() !== '');
  }

  // One measurement at a time: arm*() starts it and returns at once; result() awaits it.
  let pending = null;
  window.__squigglyBench = {
    observe,
    longTasks,
    armSolve: (selector) => {
      pending = arm('click', selector, allFilled);
    },
    armKey: (selector, text) => {
      pending = arm('keydown', selector, (root) => root.textContent.trim() === text);
    },
    result: () => pending,
    /** A deliberate main-thread task of `ms` (to show that the observers see one). */
    busy: (ms) =>
      new Promise((resolve) => {
        setTimeout(() => {
          const until = performance.now() + ms;
          while (performance.now() < until) {
            // spin
          }
          resolve(null);
        }, 0);
      }),
  };
})();
