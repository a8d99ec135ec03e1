/**
 * One cold call for `npm run bench:big`, run in a fresh process per board: bench/big.ts
 * bundles this file (CommonJS, as the command line tool is) and starts it as
 * `node big-cold.cjs BOARDS.json INDEX LIMIT [cold|loaded|warm]`. It reads the board
 * without touching the engine; in `loaded` mode it then makes the WebAssembly engines'
 * modules (loadEngines), in `warm` mode it runs the engine warm-up the app's solver
 * worker runs after its first run (src/engine/warmUp.ts). It times the first countSolutionsBest
 * call (wall and CPU: JIT warm-up, table building and the search), then the same call warm
 * (best of 3, back to back; in `warm` mode also after the idle time the first call had),
 * and prints them as JSON with the count, so the parent checks the answer.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { countSolutionsBest, createBoard, loadEngines, warmUpNow } from '../src/engine/index.ts';

interface StoredBoard {
  size: number;
  regions: number[];
  givens: number[];
}

const [file, index, limit, mode] = process.argv.slice(2);
const stored = (JSON.parse(readFileSync(file, 'utf8')) as StoredBoard[])[Number(index)];
const board = createBoard(
  stored.size,
  Uint8Array.from(stored.regions),
  Uint8Array.from(stored.givens),
);
const options = { keepSolutions: 1 };
// The app's worker warms the engines up before the first click (src/worker): with `warm`,
// so does this process (with `loaded`, only the warm-up's first step), and the first call
// is timed after it. The worker warms up in idle time, seconds before a click; V8 compiles
// the optimized code the warm-up asked for in the background meanwhile. A first call made
// the moment the warm-up ends would share the cores with those compiles (its CPU time then
// runs to 3-5x its wall time), so `warm` leaves IDLE_AFTER_WARM_UP_MS of idle time first.
const IDLE_AFTER_WARM_UP_MS = 200;
let warmUpMs = 0;
if (mode === 'warm' || mode === 'loaded') {
  const start = performance.now();
  if (mode === 'warm') warmUpNow();
  else if (!loadEngines()) throw new Error('the WebAssembly engines did not load');
  warmUpMs = performance.now() - start;
}

/** Wall ms of one count of the board. */
function timeOneCall(): number {
  const start = performance.now();
  countSolutionsBest(board, Number(limit), options);
  return performance.now() - start;
}

const idle = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(): Promise<void> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const cold = countSolutionsBest(board, Number(limit), options);
  const coldMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  let warmMs = Infinity;
  for (let round = 0; round < 3; round++) warmMs = Math.min(warmMs, timeOneCall());
  // After the warm-up the first call comes after idle time, and any call after idle time
  // runs slower (on this machine a warm 16x16 call of 0.12 ms back to back took 0.25-0.3 ms
  // after 200 ms idle: caches and the idle core, not the engine). So the like-for-like warm
  // call is one after the same idle time, best of 3: what a user's second Solve meets.
  let warmAfterIdleMs: number | null = null;
  if (mode === 'warm') {
    warmAfterIdleMs = Infinity;
    for (let round = 0; round < 3; round++) {
      await idle(IDLE_AFTER_WARM_UP_MS);
      warmAfterIdleMs = Math.min(warmAfterIdleMs, timeOneCall());
    }
  }
  process.stdout.write(
    JSON.stringify({
      count: cold.count,
      nodes: cold.nodes,
      coldMs,
      coldCpuMs: (cpu.user + cpu.system) / 1000,
      warmMs,
      warmAfterIdleMs,
      warmUpMs,
    }),
  );
}

if (mode === 'warm') setTimeout(() => void measure(), IDLE_AFTER_WARM_UP_MS);
else void measure();
