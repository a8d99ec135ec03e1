/**
 * Innies and outies: the killer's 45 rule, as a step a person can follow, on any layout.
 *
 * A row, column or region (and any group of N cells that holds every digit: a diagonal, a
 * 9-cell cage) adds up to 1 + ... + N, 45 on a 9x9; a band of k consecutive rows or
 * columns to k times that. Take away the cages with a sum and little killers inside it
 * (those sticking out a little count too, their outside cells then taken off again) and
 * what is left is a sum over the few cells they leave over (innies) less the cells that
 * stick out (outies): "r1c9 − r2c6 = 45 − 39 = 6". That sum is then read like a cage.
 *
 * DESIGN: the sums are the variant engine's, not a second copy: houseSums
 * (variants/variantSolver.ts) derives them for the search, and says which houses each
 * read and which sums it used whole, sticking out or not at all (mostly outside), which is
 * what the words need. Its sums are given per constraint (each one's rules compiled alone,
 * rulesOf), so each sum it uses is known by its constraint; the houses and peers are the
 * puzzle's. Each derived sum is then run alone by narrowByRules from the current
 * candidates, as constraintSteps.ts runs one constraint: exact over partial sums, and by
 * its combinations when the innies all see each other (a cage of distinct digits), or,
 * with no innie, the outies do (the same sum negated, compiled as a cage). What
 * that removes follows from the houses, the sums used and the candidates only, so the
 * step is sound whenever houseSums is (the variant property tests hold the search to
 * constraints.ts's plain reading, and the logic property test holds these steps to the
 * solution). The first derived sum that removes a candidate is the step, in houseSums's
 * order (houses, then bands); a sum whose cells are all placed is skipped.
 *
 * Left out: only houseSums's sums are read (sets of whole houses, its greedy choice of
 * disjoint sums inside, at most 9 cells left), and innies that do not all see each other,
 * or a mix of innies and outies, are read as a sum whose digits may repeat (the search's
 * bounds also know which of them see each other). The step's highlight has no roles, so
 * the words say which cells are left over and which stick out.
 */
import { cellName, digitChar } from '../board.ts';
import { fullMask } from '../units.ts';
import type { Constraint, ConstraintKind } from '../variants/constraints.ts';
import {
  compileConstraint,
  houseSums,
  type CompiledVariants,
  type HouseSum,
  type SumRule,
} from '../variants/variantSolver.ts';
import {
  capital,
  fittingCombos,
  masksOf,
  narrowPiece,
  sumsText,
  type Piece,
} from './constraintSteps.ts';
import type { CellDigit, LogicState, VariantLogic } from './state.ts';
import {
  describeEliminationsByCell,
  digitsOf,
  listCells,
  listDigits,
  listWords,
  type Step,
} from './step.ts';

/** A derived sum, its provenance, and its rules alone (one sum, nothing else). */
interface Derived {
  found: HouseSum;
  piece: Piece;
}

/** The derived sums of a puzzle, the sums given to houseSums, and each one's constraint. */
interface DerivedSums {
  derived: Derived[];
  sums: SumRule[];
  owners: number[];
}

/** The constraints that compile to sums (compileRules): cages, little killers, arrows. */
const SUM_KINDS: ReadonlySet<ConstraintKind> = new Set(['cage', 'littleKiller', 'arrow']);

const derivedOfVariants = new WeakMap<VariantLogic, DerivedSums>();

/** The puzzle's derived sums, made once per compiled puzzle (see the file header). */
function derivedOf(state: LogicState, variants: VariantLogic): DerivedSums {
  let cached = derivedOfVariants.get(variants);
  if (cached !== undefined) return cached;
  const { size } = state.geometry;
  const sums: SumRule[] = [];
  const owners: number[] = [];
  // In the puzzle's order, as compileVariants gives them to houseSums: the same sums come out.
  variants.constraints.forEach((constraint, index) => {
    if (!SUM_KINDS.has(constraint.kind)) return;
    for (const rule of variants.rulesOf(index).sums) {
      sums.push(rule);
      owners.push(index);
    }
  });
  const peerSets = variants.compiled.peers.map((peers) => new Set(peers));
  const noPeers = Array.from({ length: size * size }, () => new Int32Array(0));
  const derived = houseSums(state.geometry, variants.compiled.houses, sums, peerSets).map(
    (found): Derived => {
      const { cells, coefficients, target } = found.rule;
      const sorted = [...cells].sort((a, b) => a - b);
      // Outies alone that see each other are a cage of distinct digits: read as one (the
      // engine gives combinations to innies only; this is the same sum, negated).
      if (
        coefficients.every((c) => c === -1) &&
        cells.every((a) => cells.every((b) => a === b || peerSets[a].has(b)))
      ) {
        const cage: Constraint = { kind: 'cage', cells, sum: -target };
        return {
          found,
          piece: { rules: compileConstraint(state.geometry, [cage], 0), cells: sorted },
        };
      }
      const rules: CompiledVariants = {
        size,
        start: new Uint32Array(size * size).fill(fullMask(size)),
        peers: noPeers,
        houses: [],
        relations: [],
        sums: [found.rule],
        renbans: [],
        sandwiches: [],
      };
      return { found, piece: { rules, cells: sorted } };
    },
  );
  cached = { derived, sums, owners };
  derivedOfVariants.set(variants, cached);
  return cached;
}

/** "row 3", "rows 1–3", "region 2", "the diagonal from r1c1": a derived sum's houses. */
function setName(state: LogicState, variants: VariantLogic, found: HouseSum): string {
  const { set } = found;
  const { size, regions } = state.geometry;
  if (set.kind !== 'house') {
    return set.from === set.to
      ? `${set.kind.slice(0, -1)} ${set.from + 1}`
      : `${set.kind} ${set.from + 1}–${set.to + 1}`;
  }
  const cells = variants.compiled.houses[set.index];
  const same = (of: (cell: number) => number): boolean =>
    cells.every((cell) => of(cell) === of(cells[0]));
  if (same((cell) => Math.floor(cell / size))) return `row ${Math.floor(cells[0] / size) + 1}`;
  if (same((cell) => cell % size)) return `column ${(cells[0] % size) + 1}`;
  if (same((cell) => regions[cell])) return `region ${regions[cells[0]] + 1}`;
  const members = new Set(cells);
  const group = variants.groups.find(
    (g) => g.cells.length === cells.length && g.cells.every((cell) => members.has(cell)),
  );
  return group?.name ?? `the cells ${listCells(cells, size)}`;
}

const times = (count: number): string =>
  count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`;

/** A number as the words print it, with a minus sign for a negative one. */
const number = (value: number): string => (value < 0 ? `−${-value}` : String(value));

/** "the 4 cages", "the cage", "the 3 cages and the little killer": the sums a step used. */
function usedName(variants: VariantLogic, owners: readonly number[], used: readonly number[]) {
  const count = (kind: ConstraintKind): number =>
    used.filter((index) => variants.constraints[owners[index]].kind === kind).length;
  const named = (howMany: number, one: string): string =>
    howMany === 1 ? `the ${one}` : `the ${howMany} ${one}s`;
  const cages = count('cage');
  const killers = count('littleKiller');
  return listWords([
    ...(cages > 0 ? [named(cages, 'cage')] : []),
    ...(killers > 0 ? [named(killers, 'little killer')] : []),
  ]);
}

/** ", 1 of them sticking out," and the like: how many of the sums used stick out. */
function stickingOutWords(used: number, out: number): string {
  if (out === 0) return '';
  if (out < used) return `, ${out} of them sticking out,`;
  return used === 1
    ? ', sticking out,'
    : used === 2
      ? ', both sticking out,'
      : ', all sticking out,';
}

/** "the cell left over, r1c9," or "the cells sticking out, r2c6 and r2c7,". */
const cellsWords = (cells: readonly number[], what: string, size: number): string =>
  `the cell${cells.length === 1 ? '' : 's'} ${what}, ${listCells(cells, size)},`;

/** "r1c9 can only be 7, 8 or 9 and r2c6 only 1, 2 or 3": what is left in changed cells. */
function keptWords(cells: readonly number[], after: Uint32Array, size: number): string {
  return listWords(
    cells.map((cell, k) => {
      const kept = listDigits(after[cell], 'or');
      return k === 0
        ? `${cellName(cell, size)} can only be ${kept}`
        : `${cellName(cell, size)} only ${kept}`;
    }),
  );
}

/** The sentences before ": remove …" (see the file header for the reasoning). */
function explanationOf(
  state: LogicState,
  variants: VariantLogic,
  given: DerivedSums,
  { found, piece }: Derived,
  masks: Uint32Array,
  after: Uint32Array,
  changed: readonly number[],
): string {
  const { size } = state.geometry;
  const { rule, houseCount, whole, stickingOut } = found;
  // A cage's combinations: innies (or outies alone) that all see each other.
  const combos = piece.rules.sums[0].combos;
  const houseTotal = (size * (size + 1)) / 2;
  const total = houseCount * houseTotal;
  const name = setName(state, variants, found);
  const holds =
    houseCount === 1
      ? `${capital(name)} holds every digit once: ${total}`
      : `${capital(name)} hold every digit ${times(houseCount)}: ${houseCount} × ${houseTotal} = ${total}`;
  const used = [...whole, ...stickingOut].sort((a, b) => a - b);
  const usedSum = used.reduce((sum, index) => sum + given.sums[index].target, 0);
  const usedWords =
    `${capital(usedName(variants, given.owners, used))} in ${houseCount === 1 ? 'it' : 'them'}` +
    `${stickingOutWords(used.length, stickingOut.length)} add${used.length === 1 ? 's' : ''} up to ${usedSum}`;
  const byReading = (a: number, b: number): number => a - b;
  const innies = rule.cells.filter((_, k) => rule.coefficients[k] === 1).sort(byReading);
  const outies = rule.cells.filter((_, k) => rule.coefficients[k] === -1).sort(byReading);
  const names = (cells: readonly number[]): string[] => cells.map((cell) => cellName(cell, size));
  let so: string;
  if (outies.length === 0) {
    const makes = innies.length === 1 ? 'is' : 'add up to';
    so = `${cellsWords(innies, 'left over', size)} ${makes} ${total} − ${usedSum} = ${number(rule.target)}`;
  } else if (innies.length === 0) {
    const makes = outies.length === 1 ? 'is' : 'add up to';
    so = `${cellsWords(outies, 'sticking out', size)} ${makes} ${usedSum} − ${total} = ${number(-rule.target)}`;
  } else {
    const equation = `${names(innies).join(' + ')} − ${names(outies).join(' − ')}`;
    const are = (cells: readonly number[]): string =>
      `${listCells(cells, size)} ${cells.length === 1 ? 'is' : 'are'}`;
    so =
      `${equation} = ${total} − ${usedSum} = ${number(rule.target)} (${are(innies)} the ` +
      `cell${innies.length === 1 ? '' : 's'} left over, ${listCells(outies, size)} the ` +
      `cell${outies.length === 1 ? '' : 's'} sticking out)`;
  }
  const placed = piece.cells.filter((cell) => state.grid[cell] !== 0);
  const placedWords =
    placed.length === 0
      ? ''
      : `; ${listWords(placed.map((cell) => `${cellName(cell, size)} is ${digitChar(state.grid[cell])}`))}`;
  let why: string;
  if (rule.cells.length === 1) {
    why = '';
  } else if (combos !== null) {
    const fitting = fittingCombos(combos, rule.cells, masks);
    why =
      `; they see each other, so they ` +
      (fitting.length === 1
        ? `hold ${listDigits(fitting[0])}`
        : `can only be ${sumsText(fitting)} with the candidates left`);
  } else {
    why = `. With the candidates left, ${keptWords(changed, after, size)}`;
  }
  return `${holds}. ${usedWords}, so ${so}${placedWords}${why}`;
}

/**
 * Innies and outies: the first derived sum of the 45 rule (houseSums's order) that removes
 * candidates, as a step; null on a puzzle without sums, or when none removes anything.
 */
export function inniesAndOuties(state: LogicState): Step | null {
  const variants = state.variants;
  if (variants === undefined) return null;
  const given = derivedOf(state, variants);
  if (given.derived.length === 0) return null;
  const { size } = state.geometry;
  const masks = masksOf(state);
  for (const derived of given.derived) {
    const { piece } = derived;
    if (piece.cells.every((cell) => state.grid[cell] !== 0)) continue;
    const narrowed = narrowPiece(state, masks, piece);
    if (narrowed === null) continue;
    const { eliminations, after } = narrowed;
    const changed = [...new Set(eliminations.map((e) => e.cell))].sort((a, b) => a - b);
    const used: CellDigit[] = [];
    for (const cell of piece.cells) {
      if (state.grid[cell] !== 0) continue;
      for (const digit of digitsOf(after[cell] & state.candidates[cell]))
        used.push({ cell, digit });
    }
    const words = explanationOf(state, variants, given, derived, masks, after, changed);
    return {
      technique: 'innies and outies',
      cells: piece.cells,
      candidates: used,
      placements: [],
      eliminations,
      explanation: `${words}: remove ${describeEliminationsByCell(eliminations, size)}`,
    };
  }
  return null;
}
