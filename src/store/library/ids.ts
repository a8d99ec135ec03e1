/**
 * Library entry ids. Every puzzle started (New, Import, a link, a generated puzzle) gets a
 * fresh id at once, whether or not it is ever kept: the library keeps it under that id once
 * it holds something (librarySlice.ts). Random UUIDs, so that libraries exported from two
 * browsers merge without clashes; where crypto.randomUUID is missing (an old browser, a page
 * not served securely) the fallback mixes the clock with Math.random, which is enough for
 * one person's library.
 */
export function newLibraryId(): string {
  const { crypto } = globalThis as { crypto?: { randomUUID?: () => string } };
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const random = () => Math.floor(Math.random() * 2 ** 32).toString(36);
  return `p-${Date.now().toString(36)}-${random()}-${random()}`;
}
