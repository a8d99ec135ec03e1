/**
 * Several tabs of the app at once: each works on its own puzzle, and they tell each other
 * what they do. Design in docs/tabs.md; in short:
 *
 * Identity. Each tab has an id of its own in sessionStorage (per tab, kept across its
 * reloads). The autosave (the puzzle and its undo history, persistOptions.ts) is written both
 * to the tab's sessionStorage and to the shared localStorage keys, which say which tab wrote
 * them last (LAST_TAB_KEY). A tab that starts with a save of its own in sessionStorage, while
 * the shared keys were last written by another tab, restores its own: its reload never shows
 * another tab's puzzle or history. A brand new tab (nothing in sessionStorage), or a tab that
 * wrote the shared keys last, restores the shared keys, as a single tab always did.
 *
 * Messages (one BroadcastChannel, TAB_CHANNEL): a tab asks who edits an entry ('who'); a tab
 * editing it answers ('here'). A tab may ask to take an entry over ('take'): the tab editing
 * it writes its last change, lets it go and says so ('released'). Every library write,
 * rename and delete is told to the other tabs ('saved', 'deleted'), so their lists follow and
 * a rename reaches the tab that has the puzzle open (tabSync.ts). Questions wait
 * answerWaitMs for answers: only live tabs answer, so a tab that closed is never counted.
 *
 * Nothing here decides what a version conflict means: libraryDb.ts compares revisions and
 * revisions.ts keeps the refused version as a copy. Missing sessionStorage or BroadcastChannel
 * (old browsers, tests) leave a tab working as a single tab did.
 */
import { newLibraryId } from './ids.ts';
import type { LibraryBoard, LibraryMeta } from './libraryDb.ts';
import { HISTORY_KEY, STORAGE_KEY, type KeyValueStorage } from '../persistence.ts';

/** The channel's name: every tab of the app on this origin listens to it. */
export const TAB_CHANNEL = 'squiggly-tabs';
/** sessionStorage: this tab's id. */
export const TAB_ID_KEY = 'squiggly-tab';
/** localStorage: the id of the tab that last wrote the shared autosave. */
export const LAST_TAB_KEY = 'squiggly-last-tab';
/** How long the app waits for other tabs to answer a question (ms). */
export const ANSWER_WAIT_MS = 300;

/** The part of BroadcastChannel used here (a test passes an in-memory one). */
export interface TabChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

/** What a store needs to know about the other tabs; StoreOptions.tabs. */
export interface TabEnvironment {
  /** This tab's own storage (sessionStorage); null where there is none. */
  session: KeyValueStorage | null;
  /** The channel to the other tabs; null where there is none. */
  channel: TabChannel | null;
  /** How long a question waits for answers (ms). */
  answerWaitMs: number;
}

export type TabMessage =
  | { kind: 'who'; id: string; from: string }
  | { kind: 'here'; id: string; from: string; to: string }
  | { kind: 'take'; id: string; from: string }
  | { kind: 'released'; id: string; from: string; to: string }
  /** An entry was written: its new meta and board, and the revision it replaced (null: new). */
  | { kind: 'saved'; meta: LibraryMeta; board: LibraryBoard; base: string | null; from: string }
  | { kind: 'deleted'; id: string; title: string; from: string };

/** `task`'s value, or null when it throws. */
function attempt<T>(task: () => T): T | null {
  try {
    return task();
  } catch {
    return null;
  }
}

/** The browser's sessionStorage and BroadcastChannel, each when it can be used. */
export function browserTabs(): TabEnvironment {
  const scope = globalThis as unknown as {
    sessionStorage?: KeyValueStorage;
    BroadcastChannel?: new (name: string) => TabChannel;
  };
  // Blocked storage throws on access in some privacy modes; either may be missing.
  const session = attempt(() => scope.sessionStorage ?? null);
  const channel = attempt(() =>
    scope.BroadcastChannel ? new scope.BroadcastChannel(TAB_CHANNEL) : null,
  );
  return { session, channel, answerWaitMs: ANSWER_WAIT_MS };
}

/** This tab's id: kept in its sessionStorage, so its reloads keep it. */
export function tabIdOf(session: KeyValueStorage | null): string {
  try {
    const kept = session?.getItem(TAB_ID_KEY);
    if (kept) return kept;
    const id = newLibraryId();
    session?.setItem(TAB_ID_KEY, id);
    return id;
  } catch {
    return newLibraryId();
  }
}

const AUTOSAVE_KEYS: readonly string[] = [STORAGE_KEY, HISTORY_KEY];

/**
 * The autosave's storage for tab `tab` (see the header): the shared `local` storage, with the
 * autosave keys also kept in the tab's `session`, and read from there when another tab wrote
 * the shared ones last. Chosen once, as the store starts (hydration reads at once). Writes to
 * `local` throw as they did (the autosave reports them); a failed write to `session` removes
 * the tab's copy, so a stale one is never restored.
 */
export function tabAutosave(
  local: KeyValueStorage,
  session: KeyValueStorage | null,
  tab: string,
): KeyValueStorage {
  if (!session) return local;
  const quietly = attempt;
  const lastTab = quietly(() => local.getItem(LAST_TAB_KEY));
  const own =
    lastTab !== null && lastTab !== tab && quietly(() => session.getItem(STORAGE_KEY)) !== null;
  return {
    getItem: (name) =>
      own && AUTOSAVE_KEYS.includes(name) ? session.getItem(name) : local.getItem(name),
    setItem: (name, value) => {
      if (!AUTOSAVE_KEYS.includes(name)) return local.setItem(name, value);
      if (quietly(() => (session.setItem(name, value), true)) === null) {
        quietly(() => session.removeItem(name));
      }
      local.setItem(name, value);
      if (quietly(() => local.getItem(LAST_TAB_KEY)) !== tab) {
        quietly(() => local.setItem(LAST_TAB_KEY, tab));
      }
    },
    removeItem: (name) => {
      if (AUTOSAVE_KEYS.includes(name)) quietly(() => session.removeItem(name));
      // A tab restoring its own save never removes the shared one (another tab's work).
      if (!(own && AUTOSAVE_KEYS.includes(name))) local.removeItem(name);
    },
  };
}

/** What the library slice answers about itself when other tabs ask. */
export interface TabHandlers {
  /** Whether this tab is editing entry `id` now. */
  editing(id: string): boolean;
  /** Another tab takes entry `id` over: write its last change here and let it go. */
  release(id: string): Promise<void>;
  /** Another tab wrote or deleted an entry. */
  changed(message: Extract<TabMessage, { kind: 'saved' | 'deleted' }>): void;
}

export interface TabLink {
  readonly tab: string;
  /** Tell the other tabs (a library write or delete). */
  post(
    message:
      | Omit<Extract<TabMessage, { kind: 'saved' }>, 'from'>
      | Omit<Extract<TabMessage, { kind: 'deleted' }>, 'from'>,
  ): void;
  /** Whether another live tab is editing entry `id`. */
  editedElsewhere(id: string): Promise<boolean>;
  /** Ask the tabs editing `id` to let it go; resolves once they did (or after the wait). */
  takeOver(id: string): Promise<void>;
}

/** The link to the other tabs over `environment`'s channel, or null without one. */
export function linkTabs(
  environment: TabEnvironment | null,
  tab: string,
  handlers: TabHandlers,
): TabLink | null {
  const channel = environment?.channel;
  if (!environment || !channel) return null;
  const waitMs = environment.answerWaitMs;
  /** Listeners for answers to the questions this tab asked and still waits on. */
  const waiting = new Set<(message: TabMessage) => void>();
  const send = (message: TabMessage): void => {
    try {
      channel.postMessage(message);
    } catch {
      // A closed channel (the page is going): the other tabs learn it from the library.
    }
  };

  channel.onmessage = (event) => {
    const message = event.data as TabMessage;
    if (typeof message !== 'object' || message === null || message.from === tab) return;
    switch (message.kind) {
      case 'who':
        if (handlers.editing(message.id)) {
          send({ kind: 'here', id: message.id, from: tab, to: message.from });
        }
        return;
      case 'take':
        if (handlers.editing(message.id)) {
          void handlers
            .release(message.id)
            .finally(() => send({ kind: 'released', id: message.id, from: tab, to: message.from }));
        }
        return;
      case 'here':
      case 'released':
        if (message.to === tab) for (const answer of waiting) answer(message);
        return;
      case 'saved':
      case 'deleted':
        handlers.changed(message);
        return;
    }
  };

  /** Post `question`; resolve at its first answer (true) or after the wait (false). */
  const ask = (
    question: Extract<TabMessage, { kind: 'who' | 'take' }>,
    answer: 'here' | 'released',
  ) =>
    new Promise<boolean>((resolve) => {
      let answered = false;
      const finish = (): void => {
        waiting.delete(listen);
        clearTimeout(timer);
        resolve(answered);
      };
      const listen = (message: TabMessage): void => {
        if (message.kind !== answer || !('id' in message) || message.id !== question.id) return;
        answered = true;
        finish();
      };
      const timer = setTimeout(finish, waitMs);
      waiting.add(listen);
      send(question);
    });

  return {
    tab,
    post: (message) => send({ ...message, from: tab } as TabMessage),
    editedElsewhere: (id) => ask({ kind: 'who', id, from: tab }, 'here'),
    takeOver: async (id) => void (await ask({ kind: 'take', id, from: tab }, 'released')),
  };
}
