/**
 * Child process of bench/run.ts: measures one engine on one set (the tasks it is asked for)
 * in a fresh V8, so no engine's timings depend on what ran before it in the same process.
 * Input: one JSON argument (CellJob); output: one JSON line (CellOutput).
 */
import { ENGINES } from './engines/index.ts';
import { measure, type MeasureOptions, type Measured, type Task } from './measure.ts';
import { loadSets } from './sets.ts';

export interface CellJob {
  set: string;
  engine: string;
  limit: number;
  tasks: Task[];
  options: MeasureOptions;
}

export type CellOutput = Partial<Record<Task, Measured>>;

function main(): void {
  const job = JSON.parse(process.argv[2] ?? '') as CellJob;
  const engine = ENGINES.find((candidate) => candidate.id === job.engine);
  if (engine === undefined) throw new Error(`unknown engine ${job.engine}`);
  const [set] = loadSets({ only: job.set, limitOf: (_name, total) => Math.min(total, job.limit) });
  const output: CellOutput = {};
  for (const task of job.tasks) {
    const { result } = measure(engine, set, task, job.options);
    if (result.kind !== 'measured') throw new Error(`${engine.name} cannot ${task} ${set.name}`);
    output[task] = result;
  }
  process.stdout.write(`${JSON.stringify(output)}\n`);
}

main();
