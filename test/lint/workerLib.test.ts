/**
 * Probe for tsconfig.worker.json: src/worker is type-checked with the WebWorker library and
 * no DOM, so code that would only run on a page (document, window, localStorage) fails
 * `npm run typecheck` instead of failing in the worker at run time.
 *
 * The app's config (tsconfig.app.json) also sees src/worker, through the store's imports, with
 * the DOM library; that check alone would accept `document.title` in a worker file. So this
 * test type-checks small snippets at made-up paths inside src/worker with the worker config's
 * own options, read from the file through TypeScript's API (so a change to the config is what
 * is tested): a DOM-only name must be an error, a worker global must be fine. It also checks
 * that `tsc -b` builds the worker config at all (a probe of a config nobody runs proves
 * nothing) and that the config covers every file under src/worker.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diagnosticsOf as diagnosticsUnder, readConfig, ROOT } from './typeProbe.ts';

const CONFIG = 'tsconfig.worker.json';
const workerConfig = () => readConfig(CONFIG);
const diagnosticsOf = (name: string, code: string) =>
  diagnosticsUnder(CONFIG, `src/worker/${name}`, code);

describe('tsconfig.worker.json', () => {
  it('is one of the projects `tsc -b` builds', () => {
    const references = JSON.parse(readFileSync(`${ROOT}tsconfig.json`, 'utf8')).references as {
      path: string;
    }[];
    expect(references.map((reference) => reference.path)).toContain('./tsconfig.worker.json');
  });

  it('covers every file under src/worker', () => {
    const covered = new Set(workerConfig().fileNames);
    const files = readdirSync(`${ROOT}src/worker`).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(covered).toContain(`${ROOT}src/worker/${file}`);
  });

  it.each([
    ['document', 'export const title = document.title;'],
    ['window', 'export const width = window.innerWidth;'],
    ['localStorage', "export const saved = localStorage.getItem('squiggly');"],
  ])('refuses the page-only name %s', (name, code) => {
    const messages = diagnosticsOf('probe-dom.ts', code);
    expect(messages.join('\n')).toContain(`Cannot find name '${name}'`);
  });

  it('accepts what a worker has', () => {
    const code = [
      'declare const scope: DedicatedWorkerGlobalScope;',
      "scope.postMessage('ready');",
      'export const clock = performance.now() + setTimeout(() => {}, 0);',
      "export const stop = new AbortController().signal.aborted || new DOMException('x', 'AbortError');",
    ].join('\n');
    expect(diagnosticsOf('probe-worker.ts', code)).toEqual([]);
  });
});
