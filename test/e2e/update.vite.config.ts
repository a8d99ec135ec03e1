/**
 * The "next version" for update.spec.ts: the app's own build config, with one change to the
 * solver worker's code, as a real deploy that touched the engines would have, so its hashed
 * file name differs from the current build's (the old page's worker script is then gone from
 * the new deploy). Its build id is fresh, like every build's (vite.config.ts).
 */
import { mergeConfig, type Plugin } from 'vite';
import appConfig from '../../vite.config.ts';

function changedWorker(): Plugin {
  return {
    name: 'squiggly-test:changed-worker',
    transform(code, id) {
      if (!id.endsWith('/src/worker/solver.worker.ts')) return null;
      return { code: `${code}\nglobalThis.squigglyDeployedVersion = 'next';\n`, map: null };
    },
  };
}

export default mergeConfig(appConfig, { worker: { plugins: () => [changedWorker()] } });
