/**
 * Is this page still the version that is deployed? Asked when a worker's script failed to load
 * (client.ts): after a deploy, an open tab runs the old page, whose worker scripts (hashed
 * names) are gone from the server, and gone from the cache once the new service worker has
 * taken over (another tab chose Reload). Then "try again" cannot help; a reload does.
 *
 * Two signs, either enough:
 * - the page's service worker was replaced while it ran (a `controllerchange` from one worker
 *   to another; the first claim of an uncontrolled page, from none to one, is no update);
 * - the deployed build id (version.json, written by the build: vite.config.ts) differs from
 *   the one this page was built with, read past every cache (`no-store`; the service worker
 *   does not precache it). A failed read (offline) says nothing: the answer is then false.
 * The read is bounded by CHECK_LIMIT_MS, so a failure is still reported within a moment.
 * Once known, it stays known, and `onChanged` listeners hear it once (the page then says so).
 */

/** Longest wait for version.json before answering "no change" (ms). */
export const CHECK_LIMIT_MS = 1500;

export interface AppVersionWatch {
  /** Whether a new version replaced this page's; false when it cannot tell. */
  changed(): Promise<boolean>;
  /** Called once, when the page learns that a new version replaced its own. */
  onChanged(listener: () => void): void;
}

/** What is used of navigator.serviceWorker (this file is also compiled without the DOM). */
export interface ControllerSource {
  readonly controller: object | null;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

/** What is used of fetch. */
export type FetchVersion = (
  url: string,
  init: { cache: 'no-store'; signal: AbortSignal },
) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

export interface AppVersionOptions {
  /** The build id this page was built with. */
  buildId: string;
  /** Where the deployed build id is: a JSON file `{ "buildId": "..." }`. */
  versionUrl: string;
  /** The page's service worker container; null where there is none. Default: the page's. */
  serviceWorker?: ControllerSource | null;
  fetch?: FetchVersion;
}

const pageServiceWorker = (): ControllerSource | null =>
  (globalThis as { navigator?: { serviceWorker?: ControllerSource } }).navigator?.serviceWorker ??
  null;

export function watchAppVersion({
  buildId,
  versionUrl,
  serviceWorker = pageServiceWorker(),
  fetch = globalThis.fetch as unknown as FetchVersion,
}: AppVersionOptions): AppVersionWatch {
  let known = false;
  const listeners: (() => void)[] = [];
  const learn = (): void => {
    if (known) return;
    known = true;
    for (const listener of listeners) listener();
  };

  if (serviceWorker) {
    let controller = serviceWorker.controller;
    serviceWorker.addEventListener('controllerchange', () => {
      const next = serviceWorker.controller;
      if (controller !== null && next !== controller) learn();
      controller = next;
    });
  }

  const readDeployed = async (): Promise<string | null> => {
    const response = await fetch(versionUrl, {
      cache: 'no-store',
      signal: AbortSignal.timeout(CHECK_LIMIT_MS),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { buildId?: unknown };
    return typeof body.buildId === 'string' ? body.buildId : null;
  };

  return {
    async changed() {
      if (known) return true;
      try {
        const deployed = await readDeployed();
        if (deployed !== null && deployed !== buildId) learn();
      } catch {
        // Offline, blocked or not JSON: no sign of a new version.
      }
      return known;
    },
    onChanged(listener) {
      listeners.push(listener);
    },
  };
}
