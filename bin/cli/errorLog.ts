/**
 * The lines a command writes to standard error: every located error of the input and every
 * complaint about an answer, in case order, at most `--max-errors` of them in full (0 = all).
 * A garbage file may hold millions of errors; past the cap they are only counted, and the
 * summary line says how many and which cases they were in (ranges, the first few of them),
 * so a user knows where to look and how to see them all.
 *
 * The log is fed chunk by chunk, in input order, by the command loop; it holds the shown
 * lines and a bounded list of ranges, never one entry per hidden error.
 */

/** Errors shown in full unless `--max-errors` says otherwise. */
export const DEFAULT_MAX_ERRORS = 100;
/** Case ranges named in the summary; past these, the rest of the cases are counted. */
const RANGES_NAMED = 5;

export class ErrorLog {
  private readonly shown: string[] = [];
  private total = 0;
  private hiddenNoCase = 0;
  /** Cases of the hidden errors, as ranges [first, last], at most RANGES_NAMED of them. */
  private readonly hiddenRanges: [number, number][] = [];
  /** Cases of hidden errors past the named ranges. */
  private hiddenCasesMore = 0;
  private lastHiddenCase = 0;

  /** `maxShown` 0 shows every error. */
  constructor(
    private readonly source: string,
    private readonly maxShown: number,
  ) {}

  /** Whether anything was logged (then the exit status is 1). */
  get any(): boolean {
    return this.total > 0;
  }

  /** Log one located message (already `case k, line l, column c: …`) of case `caseNumber`. */
  add(text: string, caseNumber: number | undefined): void {
    this.total++;
    if (this.maxShown === 0 || this.shown.length < this.maxShown) {
      this.shown.push(`${this.source}: ${text}`);
      return;
    }
    if (caseNumber === undefined) {
      this.hiddenNoCase++;
      return;
    }
    if (caseNumber === this.lastHiddenCase) return;
    this.lastHiddenCase = caseNumber;
    const last = this.hiddenRanges.at(-1);
    if (last !== undefined && caseNumber === last[1] + 1 && this.hiddenCasesMore === 0) {
      last[1] = caseNumber;
    } else if (this.hiddenRanges.length < RANGES_NAMED && this.hiddenCasesMore === 0) {
      this.hiddenRanges.push([caseNumber, caseNumber]);
    } else {
      this.hiddenCasesMore++;
    }
  }

  /** The lines for standard error: the shown ones, then the summary of the rest. */
  lines(): string[] {
    const hidden = this.total - this.shown.length;
    if (hidden === 0) return [...this.shown];
    const where: string[] = [];
    if (this.hiddenRanges.length > 0) {
      const ranges = this.hiddenRanges.map(([first, last]) =>
        first === last ? `${first}` : `${first}-${last}`,
      );
      const single =
        this.hiddenRanges.length === 1 && this.hiddenRanges[0][0] === this.hiddenRanges[0][1];
      const more = this.hiddenCasesMore > 0 ? ` and ${this.hiddenCasesMore} more` : '';
      where.push(`in case${single && more === '' ? '' : 's'} ${ranges.join(', ')}${more}`);
    }
    if (this.hiddenNoCase > 0) where.push(`${this.hiddenNoCase} outside any case`);
    const summary = `… and ${hidden} more error${hidden === 1 ? '' : 's'}${where.length > 0 ? ` (${where.join('; ')})` : ''}; --max-errors 0 shows them all`;
    return [...this.shown, `${this.source}: ${summary}`];
  }
}
