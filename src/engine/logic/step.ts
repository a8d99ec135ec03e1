/**
 * What a technique finds: a Step, plain data that a hint can show, a solver can apply
 * (state.ts's applyStep) and the command line can print as JSON.
 *
 * A step names its technique, the cells of its pattern (`cells`), the candidates the
 * reasoning rests on (`candidates`), what it concludes (`placements` and `eliminations`)
 * and an explanation a person can follow, naming cells r{row}c{col} from 1 and units as
 * "row 4", "column 2", "region 5". Every technique returns only steps that change the
 * state (at least one placement or elimination), so "found a step" always means progress.
 *
 * The technique names, in the order the solver tries them (easiest first), and their
 * level on the difficulty scale live in techniques.ts; this module only has the shared
 * wording helpers, so every explanation lists cells and digits the same way.
 */
import { cellName, digitChar } from '../board.ts';
import { digitOfBit } from '../units.ts';
import type { CellDigit } from './state.ts';

export type Technique =
  | 'hidden single'
  | 'naked single'
  | 'even or odd cell'
  | 'cage combination'
  | 'thermometer bounds'
  | 'dot or sign pair'
  | 'neighbour rule'
  | 'line rule'
  | 'arrow sum'
  | 'little killer sum'
  | 'sandwich sum'
  | 'pointing'
  | 'claiming'
  | 'common peer'
  | 'group pointing'
  | 'law of leftovers'
  | 'innies and outies'
  | 'naked pair'
  | 'hidden pair'
  | 'naked triple'
  | 'hidden triple'
  | 'naked quad'
  | 'hidden quad'
  | 'x-wing'
  | 'skyscraper'
  | 'two-string kite'
  | 'turbot fish'
  | 'swordfish'
  | 'jellyfish'
  | 'jigsaw fish'
  | 'finned x-wing'
  | 'finned swordfish'
  | 'xy-wing'
  | 'xyz-wing'
  | 'w-wing'
  | 'wxyz-wing'
  | 'vwxyz-wing'
  | 'aligned pair exclusion'
  | 'aligned triple exclusion'
  | 'unique rectangle'
  | 'unique loop'
  | 'bivalue universal grave'
  | 'y-cycle'
  | 'simple colouring'
  | 'multi-colouring'
  | 'x-chain of three strong links'
  | 'x-chain of four strong links'
  | 'grouped turbot fish'
  | 'grouped x-chain of three strong links'
  | 'grouped x-chain of four strong links'
  | 'x-chain'
  | 'alternating chain'
  | 'forcing chain'
  | 'cell forcing chain'
  | 'unit forcing chain'
  | 'dynamic forcing chain'
  | 'nested forcing chain';

export interface Step {
  technique: Technique;
  /** The cells of the pattern, in reading order. */
  cells: number[];
  /** The candidates the reasoning uses. */
  candidates: CellDigit[];
  placements: CellDigit[];
  eliminations: CellDigit[];
  explanation: string;
  /**
   * Set on a forcing chain one of whose singles needs two or more earlier placements of the
   * chain (propagation.ts, isStatic): Sudoku Explainer's dynamic chains, harder on its scale;
   * 'one digit' when every placement of the chain is of the assumed digit (its Nishio).
   */
  dynamic?: 'one digit' | 'many digits';
  /**
   * Sudoku Explainer's complexity of a forcing chain (the candidates, true and false, its
   * conclusion rests on), when the chain's candidates alone do not say it (explainerScale.ts).
   */
  complexity?: number;
  /**
   * Added to the technique's base on the Sudoku Explainer scale for the step's shape: the
   * x-chains of three and four strong links (strongLinks.ts, 0 to 0.2).
   */
  shapeTerm?: number;
}

/**
 * Whether a step's explanation starts with its technique's name ("Law of leftovers on rows
 * 1-2: …"): then it is said alone, never after the name again.
 */
export const namesItsTechnique = (step: Pick<Step, 'technique' | 'explanation'>): boolean =>
  step.explanation.toLowerCase().startsWith(step.technique.toLowerCase());

/** A step in one line: its technique, then its explanation (once, when that names it). */
export const stepLine = (step: Pick<Step, 'technique' | 'explanation'>): string =>
  namesItsTechnique(step) ? step.explanation : `${step.technique}: ${step.explanation}`;

/** `r1c2`, `r1c2 and r3c4`, `r1c2, r3c4 and r5c6` (or `or` in place of `and`). */
export function listCells(cells: readonly number[], size: number, last = 'and'): string {
  return listWords(
    cells.map((cell) => cellName(cell, size)),
    last,
  );
}

/** `a`, `a and b`, `a, b and c`. */
export function listWords(words: readonly string[], last = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

/** The digits of a mask, ascending. */
export function digitsOf(mask: number): number[] {
  const digits: number[] = [];
  for (let rest = mask; rest !== 0; rest &= rest - 1) digits.push(digitOfBit(rest & -rest));
  return digits;
}

/** `3`, `3 and 8`, `3, 5 and 8` for a mask. */
export function listDigits(mask: number, last = 'and'): string {
  return listWords(digitsOf(mask).map(digitChar), last);
}

/** Eliminations of every digit of `mask` found among the candidates of `cells`. */
export function eliminationsOf(
  candidates: Int32Array,
  cells: readonly number[],
  mask: number,
): CellDigit[] {
  const eliminations: CellDigit[] = [];
  for (const cell of cells) {
    for (const digit of digitsOf(candidates[cell] & mask)) eliminations.push({ cell, digit });
  }
  return eliminations;
}

/** `7 from r1c1 and r1c2; 8 from r2c3`: what a step removes, grouped by digit. */
export function describeEliminations(eliminations: readonly CellDigit[], size: number): string {
  const byDigit = new Map<number, number[]>();
  for (const { cell, digit } of eliminations) {
    const cells = byDigit.get(digit) ?? [];
    cells.push(cell);
    byDigit.set(digit, cells);
  }
  return [...byDigit.entries()]
    .sort(([first], [second]) => first - second)
    .map(([digit, cells]) => `${digitChar(digit)} from ${listCells(cells, size)}`)
    .join('; ');
}

/**
 * `1, 3 and 5 from r1c1; 8 from r1c2`: what a step removes, grouped by cell (for the
 * constraint steps, which take many digits from a few cells).
 */
export function describeEliminationsByCell(
  eliminations: readonly CellDigit[],
  size: number,
): string {
  const byCell = new Map<number, number>();
  for (const { cell, digit } of eliminations)
    byCell.set(cell, (byCell.get(cell) ?? 0) | (1 << digit));
  return [...byCell.entries()]
    .sort(([first], [second]) => first - second)
    .map(([cell, mask]) => `${listDigits(mask)} from ${cellName(cell, size)}`)
    .join('; ');
}

/** The candidates `mask` holds in `cells`, as used-candidate records. */
export function candidatesIn(
  candidates: Int32Array,
  cells: readonly number[],
  mask: number,
): CellDigit[] {
  return eliminationsOf(candidates, cells, mask);
}
