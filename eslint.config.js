import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// Layers, one way: src/engine -> src/formats -> src/worker -> src/store -> src/ui, with
// src/main.tsx as the one place that wires store, worker and UI together; bin/ and bench/ use
// engine and formats only. The rules below are ALLOW-LISTS: a layer may import what is listed
// for it and nothing else, so a new folder or file is forbidden until someone says otherwise.
//
// Three rules do it, each for what it can see:
// - import-x/no-restricted-paths works on RESOLVED files (static, dynamic and re-exports), so
//   '../engine/../ui/App.tsx' cannot slip through; it says which folders a layer may reach.
// - @typescript-eslint/no-restricted-imports works on the specifier and knows type-only imports
//   and imported names: "engine values only through src/engine/index.ts" (types from anywhere),
//   "the UI imports only the listed engine values, even through index.ts", "the UI sees only the worker's
//   protocol types". In flat config a later block REPLACES a rule's options for its files, so
//   each layer's block lists every pattern that applies to it (see restrictedImports).
// - import-x/no-cycle: no import cycles in src/, bin/, bench/ (type-only imports do not count:
//   they vanish at run time).
// - Slices meet in the state: no slice imports a value from another slice's file
//   (noSliceToSlice); what two slices both read is in src/store/selectors.ts.
// - IndexedDB through one door: only src/store/library/libraryDb.ts imports `idb`, so the
//   library's storage (schema, transactions, paging) lives in one module and the UI, the
//   formats and the other slices reach it only through the store.
// - Small slices: a src/store/**/*Slice.ts file is at most SLICE_MAX_LINES lines, and none of its
//   functions (the creator first) more than CREATOR_MAX_LINES (max-lines, max-lines-per-function).
// Every rule has a probe that must fire in test/lint/layers.test.ts (the small-slices rules in
// test/lint/sliceSize.test.ts); the cycle probe is test/lint/fixtures/cycle, ignored by the
// normal run and linted by that test.

/** Specifier of an engine module other than its public surface, index.ts. */
const ENGINE_INTERNAL = String.raw`^(\.{1,2}/)+(src/)?engine/(?!index(\.ts)?$)`;

const engineThroughIndex = {
  regex: ENGINE_INTERNAL,
  allowTypeImports: true,
  message:
    'Outside src/engine, import engine values from src/engine/index.ts (types may come from any engine file).',
};

/**
 * The engine values the UI may use: constants and small pure helpers for drawing and naming
 * cells, the sizes' facts in words (which have boxes, how digits above 9 are typed), and the
 * generator's target in words and what is wrong with a typed ER range (target.ts).
 * An ALLOW-list, like the zones: a solver, a logic step or a setter tool added to
 * index.ts tomorrow is forbidden in the UI without anyone having to remember to ban it. The
 * UI asks the store to solve, explain or generate; it never runs a search itself.
 */
const UI_ENGINE_VALUES = [
  'APP_SIZES',
  'TECHNIQUE_NAMES',
  'WALL_DOWN',
  'WALL_LEFT',
  'WALL_RIGHT',
  'WALL_UP',
  'cellName',
  'constraintProblems',
  'createBoard',
  'describeConstraint',
  'describeRedundantConstraint',
  'digitChar',
  'explainerRangeProblem',
  'hasBoxShape',
  'isExplainerTarget',
  'keeps',
  'letterDigitsText',
  'namesItsTechnique',
  'noBoxesReason',
  'rulesText',
  'sizesText',
  'targetWords',
  'wallsFromRegions',
];
const noSolversInUi = {
  regex: String.raw`^(\.{1,2}/)+(src/)?engine(/index(\.ts)?)?$`,
  importNamePattern: `^(?!(${UI_ENGINE_VALUES.join('|')})$)`,
  allowTypeImports: true,
  message: `The UI solves, explains and generates through the store and the worker; of the engine's values it uses only ${UI_ENGINE_VALUES.join(', ')} (eslint.config.js UI_ENGINE_VALUES).`,
};

/** The store's one surface for the UI is store.ts, as index.ts is the engine's. */
const storeThroughStoreTs = {
  regex: String.raw`^(\.{1,2}/)+(src/)?store/(?!store(\.ts)?$)`,
  allowTypeImports: true,
  message:
    "The UI imports store values from src/store/store.ts, the store's one surface (types may come from any store file).",
};

/** The UI may name the worker's protocol types (what the store hands it); nothing else of worker/. */
const onlyProtocolTypesInUi = {
  regex: String.raw`^(\.{1,2}/)+(src/)?worker/`,
  allowTypeImports: true,
  message:
    'The UI reaches the worker only through the store; it may import types from src/worker/protocol.ts.',
};

/** The library's IndexedDB wrapper is the one module that opens the database. */
const LIBRARY_DB = 'src/store/library/libraryDb.ts';
const idbOnlyInLibraryDb = {
  group: ['idb', 'idb/*'],
  message: `IndexedDB is reached only through ${LIBRARY_DB} (the store's library slice uses it).`,
};

/**
 * Slices meet in the state, not in each other's files: a slice (and the modules under a store
 * folder that hold a slice's parts) reaches another slice's state and actions through get(),
 * and a selector two slices need lives in src/store/selectors.ts. Types may come from a slice
 * (state.ts assembles them); values may not, or a slice becomes a library for its siblings.
 */
const noSliceToSlice = {
  regex: String.raw`Slice(\.ts)?$`,
  allowTypeImports: true,
  message:
    'A slice imports no value from another slice: it reads their state through get(), and shared selectors live in src/store/selectors.ts.',
};

/** A slice file's most lines, and its creator's (or any function's in it): test/lint/sliceSize. */
const SLICE_MAX_LINES = 300;
const CREATOR_MAX_LINES = 120;

const restrictedImports = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

/** A zone: files under `target` may import, of this repository, only what is under `allowed`. */
const onlyFrom = (target, allowed, message) => ({
  target,
  from: '.',
  except: [...allowed, './node_modules'],
  message: ` ${message}`,
});

const layerZones = [
  {
    // The engine is pure: it imports its own files only, no package at all.
    target: './src/engine',
    from: '.',
    except: ['./src/engine'],
    message: ' src/engine imports nothing outside itself.',
  },
  onlyFrom(
    './src/formats',
    ['./src/engine', './src/formats'],
    'src/formats imports only src/engine.',
  ),
  onlyFrom(
    './src/worker',
    ['./src/engine', './src/formats', './src/worker'],
    'src/worker imports only src/engine and src/formats.',
  ),
  onlyFrom(
    './src/store',
    ['./src/engine', './src/formats', './src/worker', './src/store'],
    'src/store imports engine, formats and worker, never the UI.',
  ),
  onlyFrom(
    './src/ui',
    ['./src/engine', './src/formats', './src/store', './src/ui', './src/worker/protocol.ts'],
    'src/ui imports engine (no searches), formats, store and the worker protocol types.',
  ),
  onlyFrom(
    './bin',
    ['./bin', './src/engine', './src/formats'],
    'bin/ uses src/engine and src/formats only (never store, ui or worker).',
  ),
  onlyFrom(
    './bench',
    ['./bench', './src/engine', './src/formats', './test/fixtures'],
    'bench/ uses src/engine, src/formats and test/fixtures only (never store, ui or worker).',
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'build',
      'node_modules',
      'test-results',
      'playwright-report',
      'coverage',
      // AssemblyScript (i32, unchecked, memory.copy): asc compiles it (bin/build-wasm.mjs) and
      // TypeScript checks it with AssemblyScript's declarations (npm run typecheck:wasm).
      'src/engine/assembly',
      // Deliberately broken code for the lint probes (test/lint/layers.test.ts lints it).
      'test/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'src/**/*.{ts,tsx}',
      'bin/**/*.{ts,mjs,js}',
      'bench/**/*.{ts,js}',
      'test/lint/fixtures/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      // Without this import-x reads only .js/.mjs/.cjs dependencies, and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      // Packages cannot import our files back, so the search need not enter node_modules.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The resolved-path zone cannot see Node built-ins (they resolve to no file): only relative
    // paths ('./x', and '../x' from a subfolder such as logic/; the zone keeps them inside).
    files: ['src/engine/**/*.ts'],
    rules: restrictedImports({
      regex: String.raw`^(?!\.{1,2}/)`,
      message:
        'src/engine imports only its own files (./x.ts, ../x.ts): no package, no Node or browser module.',
    }),
  },
  {
    // Outside src/engine (and outside the tests, which test engine internals on purpose).
    files: [
      'src/{formats,worker,store}/**/*.ts',
      'src/main.tsx',
      'bin/**/*.{ts,mjs,js}',
      'bench/**/*.{ts,js}',
    ],
    rules: restrictedImports(engineThroughIndex, idbOnlyInLibraryDb),
  },
  {
    // The slices and their parts in store folders (see noSliceToSlice). After the store's
    // block, whose patterns it repeats: a later block replaces a rule's options.
    files: ['src/store/**/*Slice.ts', 'src/store/*/**/*.ts'],
    ignores: [LIBRARY_DB],
    rules: restrictedImports(engineThroughIndex, idbOnlyInLibraryDb, noSliceToSlice),
  },
  {
    // Small slices (docs/store.md): a slice file holds its state's shape, its types and a short
    // creator that wires each action to a module-level function in the slice's folder. Counted
    // as wc -l counts (comments and blank lines too), so a header cannot hide the growth.
    files: ['src/store/**/*Slice.ts'],
    rules: {
      'max-lines': ['error', { max: SLICE_MAX_LINES }],
      'max-lines-per-function': ['error', { max: CREATOR_MAX_LINES }],
    },
  },
  {
    // The one module allowed to open IndexedDB (see idbOnlyInLibraryDb).
    files: [LIBRARY_DB],
    rules: restrictedImports(engineThroughIndex, noSliceToSlice),
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      ...restrictedImports(
        engineThroughIndex,
        noSolversInUi,
        onlyProtocolTypesInUi,
        storeThroughStoreTs,
        idbOnlyInLibraryDb,
      ),
      // A dynamic import() would hide from the name and type checks above.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression',
          message: 'The UI imports statically, so the layer rules can check what it uses.',
        },
        {
          // Runs (solve, import, batch, tools) live in the store, which stops them; a
          // component that aborted its own would own a lifecycle the store cannot see.
          selector: "NewExpression[callee.name='AbortController']",
          message:
            'A run and its AbortController live in the store (runner.ts and the slices); the UI calls their actions.',
        },
      ],
    },
  },
);
