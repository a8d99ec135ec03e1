/**
 * Probes for the layer rules in eslint.config.js: each rule is shown to bite.
 *
 * A rule nobody has seen fail may be misconfigured into silence (a wrong glob, a pattern that
 * never matches, a later config block replacing the options), and lint would stay green while
 * the layers rot. So this file runs the project's real ESLint config through ESLint's Node API
 * on small snippets placed at made-up paths in each layer (the files need not exist: lintText
 * takes the text and the path; the files they import do exist, so the resolver-based rule sees
 * real targets):
 * - every illegal snippet must be reported by the named rule;
 * - every legal snippet, written the way the project's code does it, must lint with no message
 *   at all, so the rules are not simply firing on everything.
 * The cycle probes are real files under test/lint/fixtures (a cycle needs its other half on
 * disk). The normal lint run ignores that folder; here `ignore: false` lints it.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: ROOT, ignore: false });

// The first lint loads the config, its plugins and the resolver: seconds on a busy machine,
// more than a test's default time. Paid once here, so each probe times only its own lint.
beforeAll(() => eslint.lintText('', { filePath: `${ROOT}src/engine/warm-up.ts` }), 60_000);

const PATHS = 'import-x/no-restricted-paths';
const NAMES = '@typescript-eslint/no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';
const CYCLE = 'import-x/no-cycle';

async function rulesFiredOn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: ROOT + filePath });
  return result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

interface Probe {
  layer: string;
  file: string;
  code: string;
  rule: string;
}

const illegal: Probe[] = [
  // IndexedDB only through src/store/library/libraryDb.ts.
  {
    layer: 'store',
    file: 'src/store/probe.ts',
    code: "import { openDB } from 'idb';\nexport const f = openDB;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { openDB } from 'idb';\nexport const f = openDB;",
    rule: NAMES,
  },
  {
    layer: 'bench',
    file: 'bench/probe.ts',
    code: "import { openDB } from 'idb';\nexport const f = openDB;",
    rule: NAMES,
  },
  // src/engine: itself only, no package, no Node module.
  {
    layer: 'engine',
    file: 'src/engine/probe.ts',
    code: "import { FORMATS } from '../formats/index.ts';\nexport const f = FORMATS;",
    rule: PATHS,
  },
  {
    layer: 'engine',
    file: 'src/engine/probe.ts',
    code: "import { useState } from 'react';\nexport const f = useState;",
    rule: PATHS,
  },
  {
    layer: 'engine',
    file: 'src/engine/probe.ts',
    code: "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;",
    rule: NAMES,
  },
  {
    // A subfolder of the engine may reach its parent, but not leave the engine.
    layer: 'engine',
    file: 'src/engine/logic/probe.ts',
    code: "import { FORMATS } from '../../formats/index.ts';\nexport const f = FORMATS;",
    rule: PATHS,
  },
  // src/formats: engine only, and engine values through index.ts.
  {
    layer: 'formats',
    file: 'src/formats/probe.ts',
    code: "import type { SolverClient } from '../worker/protocol.ts';\nexport type F = SolverClient;",
    rule: PATHS,
  },
  {
    layer: 'formats',
    file: 'src/formats/probe.ts',
    code: "import { createBoard } from '../engine/board.ts';\nexport const f = createBoard;",
    rule: NAMES,
  },
  // src/worker: engine and formats only.
  {
    layer: 'worker',
    file: 'src/worker/probe.ts',
    code: "import { createSquigglyStore } from '../store/store.ts';\nexport const f = createSquigglyStore;",
    rule: PATHS,
  },
  {
    layer: 'worker',
    file: 'src/worker/probe.ts',
    code: "import { ENGINES } from '../engine/engines.ts';\nexport const f = ENGINES;",
    rule: NAMES,
  },
  // src/store: never the UI.
  {
    layer: 'store',
    file: 'src/store/probe.ts',
    code: "import { App } from '../ui/App.tsx';\nexport const f = App;",
    rule: PATHS,
  },
  // src/ui: store values only through store.ts.
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { layoutOf } from '../store/derived.ts';\nexport const f = layoutOf;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/play/Probe.tsx',
    code: "import { PLAY_COLOURS } from '../../store/playSlice.ts';\nexport const f = PLAY_COLOURS;",
    rule: NAMES,
  },
  // src/ui: no run of its own (its AbortController lives in the store).
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: 'export const stop = new AbortController();',
    rule: SYNTAX,
  },
  // src/store: a slice, or a part of one in a store folder, imports no value from a slice.
  {
    layer: 'store slice',
    file: 'src/store/probeSlice.ts',
    code: "import { LIVE_CHECK_MS } from './runSlice.ts';\nexport const f = LIVE_CHECK_MS;",
    rule: NAMES,
  },
  {
    layer: 'store slice',
    file: 'src/store/probeSlice.ts',
    code: "export { PLAY_ENTRIES } from './playSlice.ts';",
    rule: NAMES,
  },
  {
    layer: 'store slice',
    file: 'src/store/play/probe.ts',
    code: "import { LIVE_CHECK_MS } from '../runSlice.ts';\nexport const f = LIVE_CHECK_MS;",
    rule: NAMES,
  },
  {
    // The slice rule repeats the store's patterns (a later block replaces them).
    layer: 'store slice',
    file: 'src/store/probeSlice.ts',
    code: "import { openDB } from 'idb';\nexport const f = openDB;",
    rule: NAMES,
  },
  {
    layer: 'store slice',
    file: 'src/store/probeSlice.ts',
    code: "import { createBoard } from '../engine/board.ts';\nexport const f = createBoard;",
    rule: NAMES,
  },
  // src/ui: no search, no worker internals, no dynamic import, engine values through index.ts.
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { countSolutionsBest } from '../engine/index.ts';\nexport const f = countSolutionsBest;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { generatePuzzle } from '../engine/index.ts';\nexport const f = generatePuzzle;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { ENGINES } from '../engine/index.ts';\nexport const f = ENGINES;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import * as engine from '../engine/index.ts';\nexport const f = engine;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "export { countSolutionsDlx } from '../engine/index.ts';",
    rule: NAMES,
  },
  // An allow-list: solvers, logic steps and setter tools the old deny-list (count*,
  // generate*) did not name are refused too, one probe each so none hides behind another.
  ...[
    'checkLayout',
    'conflictCore',
    'estimateSolutions',
    'explainPuzzle',
    'warmUpNow',
    'solveUniqueStandard9',
    'ratePuzzle',
    'hiddenSingle',
    'pointing',
    'findClueConflicts',
  ].map((name) => ({
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: `import { ${name} } from '../engine/index.ts';\nexport const f = ${name};`,
    rule: NAMES,
  })),
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { countSolutionsDlx } from '../engine/dlx.ts';\nexport const f = countSolutionsDlx;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { createSolverApi } from '../worker/solverApi.ts';\nexport const f = createSolverApi;",
    rule: PATHS,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { createSolverApi } from '../worker/solverApi.ts';\nexport const f = createSolverApi;",
    rule: NAMES,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import type { SolverEndpoint } from '../worker/client.ts';\nexport type F = SolverEndpoint;",
    rule: PATHS,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { createWorkerSolverClient } from '../worker/workerClient.ts';\nexport const f = createWorkerSolverClient;",
    rule: PATHS,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { createSolverApi } from '../engine/../worker/solverApi.ts';\nexport const f = createSolverApi;",
    rule: PATHS,
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "export const f = () => import('../engine/index.ts');",
    rule: SYNTAX,
  },
  // src/main.tsx, the composition root, may import any layer, but engine values via index.ts.
  {
    layer: 'main',
    file: 'src/main.tsx',
    code: "import { createBoard } from './engine/board.ts';\nexport const f = createBoard;",
    rule: NAMES,
  },
  // bin/ and bench/: engine and formats only, never store, ui or worker.
  {
    layer: 'bin',
    file: 'bin/cli/probe.ts',
    code: "import { createSquigglyStore } from '../../src/store/store.ts';\nexport const f = createSquigglyStore;",
    rule: PATHS,
  },
  {
    layer: 'bin',
    file: 'bin/cli/probe.ts',
    code: "import { edgeId } from '../../src/ui/geometry.ts';\nexport const f = edgeId;",
    rule: PATHS,
  },
  {
    layer: 'bin',
    file: 'bin/cli/probe.ts',
    code: "import { createSolverApi } from '../../src/worker/solverApi.ts';\nexport const f = createSolverApi;",
    rule: PATHS,
  },
  {
    layer: 'bin',
    file: 'bin/cli/probe.ts',
    code: "import { createBoard } from '../../src/engine/board.ts';\nexport const f = createBoard;",
    rule: NAMES,
  },
  {
    layer: 'bench',
    file: 'bench/probe.ts',
    code: "import { createSquigglyStore } from '../src/store/store.ts';\nexport const f = createSquigglyStore;",
    rule: PATHS,
  },
  {
    layer: 'bench',
    file: 'bench/probe.ts',
    code: "import { isAbortError } from '../src/worker/client.ts';\nexport const f = isAbortError;",
    rule: PATHS,
  },
  {
    layer: 'bench',
    file: 'bench/probe.ts',
    code: "import { countSolutionsBitset } from '../src/engine/bitset.ts';\nexport const f = countSolutionsBitset;",
    rule: NAMES,
  },
];

const legal: Omit<Probe, 'rule'>[] = [
  {
    layer: 'store',
    file: 'src/store/library/libraryDb.ts',
    code: "import { openDB } from 'idb';\nimport { cellName } from '../../engine/index.ts';\nexport const f = [openDB, cellName];",
  },
  {
    layer: 'engine',
    file: 'src/engine/probe.ts',
    code: "import { createBoard } from './board.ts';\nexport const f = createBoard;",
  },
  {
    layer: 'engine',
    file: 'src/engine/logic/probe.ts',
    code: "import { createBoard } from '../board.ts';\nexport const f = createBoard;",
  },
  {
    layer: 'formats',
    file: 'src/formats/probe.ts',
    code: "import type { CountResult } from '../engine/contract.ts';\nimport { createBoard } from '../engine/index.ts';\nexport const f = (r: CountResult) => [r, createBoard];",
  },
  {
    layer: 'worker',
    file: 'src/worker/probe.ts',
    code: "import * as Comlink from 'comlink';\nimport { ENGINES, generatePuzzle } from '../engine/index.ts';\nimport { FORMATS } from '../formats/index.ts';\nexport const f = [Comlink, ENGINES, generatePuzzle, FORMATS];",
  },
  {
    layer: 'store',
    file: 'src/store/probe.ts',
    code: "import type { SolverClient } from '../worker/protocol.ts';\nimport { isAbortError } from '../worker/client.ts';\nimport { cellName } from '../engine/index.ts';\nexport const f = (c: SolverClient) => [c, isAbortError, cellName];",
  },
  {
    // A slice takes another slice's types, and shared selectors from selectors.ts.
    layer: 'store slice',
    file: 'src/store/probeSlice.ts',
    code: "import type { RunSlice } from './runSlice.ts';\nimport { currentVerdict } from './selectors.ts';\nexport const f = (s: RunSlice) => [s, currentVerdict];",
  },
  {
    // The composition root puts the slices together.
    layer: 'store',
    file: 'src/store/store.ts',
    code: "import { createRunSlice } from './runSlice.ts';\nimport { createPlaySlice } from './playSlice.ts';\nexport const f = [createRunSlice, createPlaySlice];",
  },
  {
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import type { CountFunction } from '../engine/engines.ts';\nimport type { CountResponse } from '../worker/protocol.ts';\nimport { digitChar, WALL_DOWN, type Board } from '../engine/index.ts';\nimport { FORMATS } from '../formats/index.ts';\nimport { layoutOf } from '../store/store.ts';\nimport type { LayoutView } from '../store/derived.ts';\nexport const f = (b: Board, c: CountFunction, r: CountResponse, v: LayoutView) => [b, c, r, v, digitChar, WALL_DOWN, FORMATS, layoutOf];",
  },
  {
    // Every engine value on the UI's allow-list (eslint.config.js UI_ENGINE_VALUES) lints clean.
    layer: 'ui',
    file: 'src/ui/Probe.tsx',
    code: "import { APP_SIZES, TECHNIQUE_NAMES, WALL_DOWN, WALL_LEFT, WALL_RIGHT, WALL_UP, cellName, createBoard, digitChar, explainerRangeProblem, hasBoxShape, isExplainerTarget, letterDigitsText, namesItsTechnique, noBoxesReason, sizesText, targetWords, wallsFromRegions } from '../engine/index.ts';\nexport const f = [APP_SIZES, TECHNIQUE_NAMES, WALL_DOWN, WALL_LEFT, WALL_RIGHT, WALL_UP, cellName, createBoard, digitChar, explainerRangeProblem, hasBoxShape, isExplainerTarget, letterDigitsText, namesItsTechnique, noBoxesReason, sizesText, targetWords, wallsFromRegions];",
  },
  {
    layer: 'main',
    file: 'src/main.tsx',
    code: "import { createSquigglyStore } from './store/store.ts';\nimport { createWorkerSolverClient } from './worker/workerClient.ts';\nimport { App } from './ui/App.tsx';\nexport const f = [createSquigglyStore, createWorkerSolverClient, App];",
  },
  {
    layer: 'bin',
    file: 'bin/cli/probe.ts',
    code: "import { readFileSync } from 'node:fs';\nimport { countSolutionsBest } from '../../src/engine/index.ts';\nimport { FORMATS } from '../../src/formats/index.ts';\nexport const f = [readFileSync, countSolutionsBest, FORMATS];",
  },
  {
    layer: 'bench',
    file: 'bench/probe.ts',
    code: "import { ENGINES } from '../src/engine/index.ts';\nimport { printJson } from '../src/formats/index.ts';\nimport { boardsFromJigsawLines } from '../test/fixtures/jigsawLines.ts';\nexport const f = [ENGINES, printJson, boardsFromJigsawLines];",
  },
];

describe('layer rules fire on illegal imports', () => {
  it.each(illegal)('$layer: $rule on $code', async ({ file, code, rule }) => {
    expect(await rulesFiredOn(file, code)).toContain(rule);
  });
});

describe('legal imports lint clean', () => {
  it.each(legal)('$layer: $code', async ({ file, code }) => {
    expect(await rulesFiredOn(file, code)).toEqual([]);
  });
});

describe('no-cycle', () => {
  it('reports a value cycle from either side', async () => {
    const results = await eslint.lintFiles([
      'test/lint/fixtures/cycle/a.ts',
      'test/lint/fixtures/cycle/b.ts',
    ]);
    for (const result of results) {
      expect(result.messages.map((message) => message.ruleId)).toEqual([CYCLE]);
    }
  });

  it('ignores a cycle closed only by a type import (it vanishes at run time)', async () => {
    const results = await eslint.lintFiles(['test/lint/fixtures/typeCycle']);
    expect(results).toHaveLength(2);
    for (const result of results) expect(result.messages).toEqual([]);
  });
});
