/**
 * Counts as the page writes them: 12,345. One formatter for every message. A
 * `toLocaleString('en-US')` call builds an ICU number format each time (about 20 us in V8,
 * more on the first call of a page), and verdicts, progress lines and lists write counts
 * on every update.
 */
const COUNT_FORMAT = new Intl.NumberFormat('en-US');

/** A whole number with thousands separators: `formatCount(12345)` is "12,345". */
export function formatCount(n: number): string {
  return COUNT_FORMAT.format(n);
}
