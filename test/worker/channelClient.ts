/**
 * A solver client for tests: the real solver API exposed on a MessageChannel in this thread
 * (comlink's same_window test), so the store and UI are tested through the real Comlink seam
 * and the real engine, with no Worker.
 */
import * as Comlink from 'comlink';
import {
  createSolverClient,
  type SolverClientOptions,
  type SolverEndpoint,
} from '../../src/worker/client.ts';
import type { ImportClient, SetterToolsClient, SolverClient } from '../../src/worker/protocol.ts';
import { createBeat, HEARTBEAT } from '../../src/worker/liveness.ts';
import { createSolverApi } from '../../src/worker/solverApi.ts';

export interface ChannelClient extends SolverClient, ImportClient, SetterToolsClient {
  /** How many "workers" were started: a cancel must lead to a fresh one. */
  readonly starts: number;
  /** How many were terminated. */
  readonly terminations: number;
  /** How many warm-ups the "workers" were asked for (SolverApi.warmUp). */
  readonly warmUps: number;
}

export interface ChannelClientOptions extends SolverClientOptions {
  /** How long the "worker" takes over a random layout: the call is in flight that long. */
  layoutDelayMs?: number;
}

export function createChannelClient(options: ChannelClientOptions = {}): ChannelClient {
  let starts = 0;
  let terminations = 0;
  let warmUps = 0;
  const client = createSolverClient((): SolverEndpoint => {
    starts++;
    const channel = new MessageChannel();
    // As the real worker does (solver.worker.ts): a heartbeat once loaded and while working.
    const postHeartbeat = (): void => channel.port1.postMessage(HEARTBEAT);
    const api = createSolverApi({ beat: createBeat(postHeartbeat) });
    const warmUp = api.warmUp;
    api.warmUp = () => {
      warmUps++;
      return warmUp();
    };
    const { layoutDelayMs } = options;
    if (layoutDelayMs !== undefined) {
      const randomLayout = api.randomLayout;
      api.randomLayout = async (size, seed) => {
        await new Promise((resolve) => setTimeout(resolve, layoutDelayMs));
        return randomLayout(size, seed);
      };
    }
    Comlink.expose(api, channel.port1 as unknown as Comlink.Endpoint);
    postHeartbeat();
    return {
      endpoint: channel.port2 as unknown as Comlink.Endpoint,
      terminate: () => {
        terminations++;
        channel.port1.close();
        channel.port2.close();
      },
    };
  }, options);
  return {
    count: client.count,
    randomLayout: client.randomLayout,
    generatePuzzle: client.generatePuzzle,
    nextStep: client.nextStep,
    solveByLogic: client.solveByLogic,
    rate: client.rate,
    generateSetterPuzzle: client.generateSetterPuzzle,
    parseImport: client.parseImport,
    importCase: client.importCase,
    importCases: client.importCases,
    solveBatch: client.solveBatch,
    trueCandidates: client.trueCandidates,
    explain: client.explain,
    minimise: client.minimise,
    checkLayout: client.checkLayout,
    estimate: client.estimate,
    dispose: client.dispose,
    get starts() {
      return starts;
    },
    get terminations() {
      return terminations;
    },
    get warmUps() {
      return warmUps;
    },
  };
}
