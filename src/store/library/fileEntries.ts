/**
 * What a library file's entries may claim, before the import merges them (files.ts).
 * A file is someone else's text: its ids, dates and verdicts are taken as claims, not facts.
 *
 * - One id twice in one file: the copy modified last wins, as it would against the library
 *   (the file's order says nothing; equal dates keep the first), so the summary counts each
 *   id once and says how many copies were passed over.
 * - A modified (or created) date later than now + FUTURE_TOLERANCE_MS is set to now: a date in
 *   the year 2999 would otherwise make that entry newer than every later edit, and block every
 *   update from another file for ever. The tolerance allows for another device's clock being a
 *   little ahead. The summary says how many were set.
 * - A verdict and a rating read from a file were not found by this app: the entry is marked
 *   (verdictFromFile, ratingFromFile) and the list says "(from file)". The mark goes when the
 *   app's own verdict or rating for the unchanged puzzle arrives (keptFileMarks, used by the
 *   slice's writer), and with any change to the puzzle (the app's verdict then stands alone).
 */
import type { LibraryFileEntry } from '../../formats/library.ts';
import type { LibraryMeta } from './libraryDb.ts';

/** How far ahead of this clock a date in a file may be before it is set to now (ms). */
export const FUTURE_TOLERANCE_MS = 10 * 60_000;

export interface PreparedEntries {
  /** One entry per id, in the order of first appearance. */
  entries: LibraryFileEntry[];
  /** Copies passed over because a copy of the same id was modified later (or equally). */
  repeated: number;
  /** Entries whose date was in the future, set to `now`. */
  clamped: number;
}

/** The file's entries as the import may trust them (see the header). */
export function prepareFileEntries(
  entries: readonly LibraryFileEntry[],
  now: number,
): PreparedEntries {
  const latest = now + FUTURE_TOLERANCE_MS;
  const byId = new Map<string, LibraryFileEntry>();
  let repeated = 0;
  let clamped = 0;
  for (const entry of entries) {
    let kept = entry;
    if (entry.modified > latest || entry.created > latest) {
      clamped++;
      const modified = Math.min(entry.modified, now);
      kept = { ...entry, modified, created: Math.min(entry.created, modified) };
    }
    const have = byId.get(kept.id);
    if (have) {
      repeated++;
      if (kept.modified <= have.modified) continue;
    }
    byId.set(kept.id, kept);
  }
  return { entries: [...byId.values()], repeated, clamped };
}

/** The marks of a meta made from a file entry. */
export const fileMarks = (
  entry: Pick<LibraryFileEntry, 'verdict' | 'rating'>,
): Pick<LibraryMeta, 'verdictFromFile' | 'ratingFromFile'> => ({
  ...(entry.verdict !== null ? { verdictFromFile: true as const } : {}),
  ...(entry.rating !== null ? { ratingFromFile: true as const } : {}),
});

/**
 * The marks the writer's new `meta` keeps: a verdict or rating carried over from `last` (the
 * app had none of its own yet, `own`, for the unchanged puzzle) keeps its mark.
 */
export function keptFileMarks(
  meta: LibraryMeta,
  last: LibraryMeta | undefined,
  own: { verdict: unknown; rating: unknown },
  same: boolean,
): Pick<LibraryMeta, 'verdictFromFile' | 'ratingFromFile'> {
  return {
    ...(same && own.verdict === null && last?.verdictFromFile && meta.verdict !== null
      ? { verdictFromFile: true as const }
      : {}),
    ...(same && own.rating === null && last?.ratingFromFile && meta.rating !== null
      ? { ratingFromFile: true as const }
      : {}),
  };
}

/** Do two metas say the same verdict and rating, from the same source? */
export const sameJudgement = (a: LibraryMeta, b: LibraryMeta): boolean =>
  a.verdict === b.verdict &&
  a.rating === b.rating &&
  !a.verdictFromFile === !b.verdictFromFile &&
  !a.ratingFromFile === !b.ratingFromFile;
