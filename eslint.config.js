import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Layer boundaries from the developers' guide: the engine and formats stay pure,
// the UI reaches the engine only through the store and the worker.
const noUpperLayers = (...layers) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: layers.map((layer) => ({
        group: [`**/${layer}`, `**/${layer}/**`],
        message: `This layer must not import from src/${layer}.`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: ['dist', 'build', 'node_modules', 'test-results', 'playwright-report', 'coverage'],
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
    files: ['src/engine/**/*.ts'],
    rules: noUpperLayers('formats', 'worker', 'store', 'ui'),
  },
  { files: ['src/formats/**/*.ts'], rules: noUpperLayers('worker', 'store', 'ui') },
  { files: ['src/worker/**/*.ts'], rules: noUpperLayers('store', 'ui') },
  { files: ['src/store/**/*.ts'], rules: noUpperLayers('ui') },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/engine/solve*',
                '**/engine/dlx*',
                '**/engine/basicSolver*',
                '**/engine/bitset*',
                '**/engine/standard9*',
                '**/engine/jigsaw9*',
                '**/engine/grid16*',
                '**/engine/engines*',
                '**/worker/solver.worker*',
              ],
              message:
                'The UI solves through the store and the worker, never by calling the engine.',
            },
          ],
        },
      ],
    },
  },
);
