/**
 * Steps by variant constraints: what one killer cage, thermometer, dot, line, arrow or sum
 * says about its cells, given their candidates, as a step a person can follow.
 *
 * DESIGN: the reasoning is the variant engine's, not a second copy of it. Each constraint
 * is compiled alone (compileConstraint: its relations, sums, renban window or sandwich,
 * without the rows, columns and regions), and narrowByRules runs those rules to a fixed
 * point from the current candidates. Whatever that removes follows from this one
 * constraint and the candidates only, since every rule the engine compiles is sound (the
 * variant property tests hold it to constraints.ts's plain reading), so the step names the
 * constraint, its cells (the highlight) and what it removes, with a sentence that says the
 * rule in plain words: a cage's combinations that fit its candidates, a thermometer's
 * bounds, a dot's partner digits, a renban's runs, a shaft's range.
 *
 * A global rule (non-consecutive, all dots or signs given) is a rule on every pair of
 * neighbours, so it is reasoned pair by pair: one step names one pair. The rules that only
 * say "these cells differ" (cages without a sum, extra regions, diagonals, anti-knight,
 * anti-king) have no step here: the state makes those cells peers (state.ts), and the
 * singles and subsets look in the groups. A constraint whose rules find nothing, or find
 * the position impossible, gives no step, so the solver is never told more than it knows:
 * stuck means "needs search", as without constraints.
 *
 * The techniques (one per family of constraints) and their levels are in techniques.ts.
 * inniesAndOuties.ts reasons the same way on the sums the 45 rule derives from several
 * constraints and whole houses, with the helpers exported here (masksOf, narrowPiece).
 */
import { cellName, digitChar } from '../board.ts';
import { fullMask } from '../units.ts';
import {
  constraintCells,
  describeConstraint,
  whisperDifference,
  type Constraint,
  type ConstraintKind,
} from '../variants/constraints.ts';
import { narrowByRules, type CompiledVariants } from '../variants/variantSolver.ts';
import type { CellDigit, LogicState, VariantGroup, VariantLogic } from './state.ts';
import {
  describeEliminationsByCell,
  digitsOf,
  listCells,
  listWords,
  type Step,
  type Technique,
} from './step.ts';

/** One piece of reasoning: rules to run and the cells they are about. */
export interface Piece {
  rules: CompiledVariants;
  cells: number[];
}

const GLOBAL_PAIR_KINDS: ReadonlySet<ConstraintKind> = new Set([
  'nonConsecutive',
  'allDotsGiven',
  'allXvGiven',
]);

/** Per compiled global rule, its pairs as pieces, split once. */
const pairPieces = new WeakMap<CompiledVariants, Piece[]>();

/** The pieces a constraint is reasoned in: itself, or for a global rule each pair. */
function piecesOf(state: LogicState, index: number): Piece[] {
  const variants = state.variants;
  if (variants === undefined) return [];
  const constraint = variants.constraints[index];
  const rules = variants.rulesOf(index);
  const { size } = state.geometry;
  if (!GLOBAL_PAIR_KINDS.has(constraint.kind)) {
    return [{ rules, cells: constraintCells(constraint, size) }];
  }
  let pieces = pairPieces.get(rules);
  if (pieces === undefined) {
    const byPair = new Map<number, CompiledVariants['relations']>();
    for (const relation of rules.relations) {
      const key = Math.min(relation.a, relation.b) * size * size + Math.max(relation.a, relation.b);
      const list = byPair.get(key) ?? [];
      list.push(relation);
      byPair.set(key, list);
    }
    const noPeers = Array.from({ length: size * size }, () => new Int32Array(0));
    pieces = [...byPair.values()].map((relations) => ({
      rules: {
        size,
        start: new Uint32Array(size * size).fill(fullMask(size)),
        peers: noPeers,
        houses: [],
        relations,
        sums: [],
        renbans: [],
        sandwiches: [],
      },
      cells: [relations[0].a, relations[0].b].sort((a, b) => a - b),
    }));
    pairPieces.set(rules, pieces);
  }
  return pieces;
}

/** The state's candidates as the engine reads them: a placed cell is its digit's bit. */
export function masksOf(state: LogicState): Uint32Array {
  const { grid, candidates } = state;
  return Uint32Array.from(candidates, (mask, cell) => (grid[cell] === 0 ? mask : 1 << grid[cell]));
}

/** What a piece's rules remove from the state's open cells, with the masks they leave. */
export function narrowPiece(
  state: LogicState,
  masks: Uint32Array,
  piece: Piece,
): { eliminations: CellDigit[]; after: Uint32Array } | null {
  const after = narrowByRules(piece.rules, masks);
  if (after === null) return null;
  const eliminations: CellDigit[] = [];
  for (let cell = 0; cell < masks.length; cell++) {
    if (state.grid[cell] !== 0) continue;
    for (const digit of digitsOf(state.candidates[cell] & ~after[cell])) {
      eliminations.push({ cell, digit });
    }
  }
  return eliminations.length === 0 ? null : { eliminations, after };
}

const lowest = (mask: number): number => 31 - Math.clz32(mask & -mask);
const highest = (mask: number): number => 31 - Math.clz32(mask);

/** "1+2+7, 1+3+6 or 2+3+5": digit sets as sums. */
export const sumsText = (combos: readonly number[]): string =>
  listWords(
    combos.map((combo) => digitsOf(combo).map(digitChar).join('+')),
    'or',
  );

/** The runs of `length` consecutive digits a renban's candidates still allow, as masks. */
function renbanRuns(cells: readonly number[], masks: Uint32Array, size: number): number[] {
  let union = 0;
  for (const cell of cells) union |= masks[cell];
  const runs: number[] = [];
  for (let low = 1; low + cells.length - 1 <= size; low++) {
    const run = ((1 << cells.length) - 1) << low;
    if ((union & run) === run && cells.every((cell) => (masks[cell] & run) !== 0)) runs.push(run);
  }
  return runs;
}

/** "r1c2 is 2–8 and r1c3 3–9": the range of each cell that lost a candidate. */
function rangesText(cells: readonly number[], after: Uint32Array, size: number): string {
  return listWords(
    cells.map((cell) => {
      const low = lowest(after[cell]);
      const high = highest(after[cell]);
      return low === high
        ? `${cellName(cell, size)} ${digitChar(low)}`
        : `${cellName(cell, size)} ${digitChar(low)}–${digitChar(high)}`;
    }),
  );
}

/** The sentence that says why, before "remove …" (see the file header). */
function reasonOf(
  state: LogicState,
  constraint: Constraint,
  piece: Piece,
  masks: Uint32Array,
  after: Uint32Array,
  changed: number[],
): string {
  const { size } = state.geometry;
  const cells = piece.cells;
  const [a, b] = cells.map((cell) => cellName(cell, size));
  const named = describeConstraint(constraint, size);
  switch (constraint.kind) {
    case 'even':
    case 'odd':
      return `${cellName(constraint.cell, size)} is an ${constraint.kind} cell`;
    case 'cage': {
      const fitting = fittingCombos(piece.rules.sums[0]?.combos ?? [], cells, masks);
      const what = `the ${cells.length}-cell ${constraint.sum ?? ''} cage ${listCells(cells, size)}`;
      const holds =
        fitting.length === 1
          ? `holds ${listWords(digitsOf(fitting[0]).map(digitChar))}`
          : `can only be ${sumsText(fitting)} with the candidates left`;
      return `${capital(what)} ${holds}, and each cell keeps only the digits some way of filling it that adds up puts there`;
    }
    case 'thermometer':
      return (
        `Along ${named} each digit is ${constraint.slow ? 'at least' : 'greater than'} the one ` +
        `before, so each cell lies between the lowest digit the cells before it allow and the ` +
        `highest the cells after it allow: ${rangesText(changed, after, size)}`
      );
    case 'kropki':
      return constraint.colour === 'white'
        ? `${a} and ${b} hold consecutive digits (${named}), so each keeps only digits one away from a candidate of the other`
        : `One of ${a} and ${b} is twice the other (${named}), so each keeps only digits whose double or half the other can hold`;
    case 'xv':
      return `${a} and ${b} add up to ${constraint.sum} (${named}), so each keeps only digits whose partner the other can hold`;
    case 'greaterThan': {
      const [big, small] = constraint.cells.map((cell) => cellName(cell, size));
      return `${big} is greater than ${small} (${named}), so ${big} is above the lowest candidate of ${small}, and ${small} below the highest of ${big}`;
    }
    case 'nonConsecutive':
      return `${a} and ${b} are neighbours, and the non-consecutive rule keeps their digits at least 2 apart`;
    case 'allDotsGiven':
      return `${a} and ${b} have no kropki dot and all dots are given, so their digits are neither consecutive nor one twice the other`;
    case 'allXvGiven':
      return `${a} and ${b} have no X or V and all signs are given, so their digits add up to neither 10 nor 5`;
    case 'whisper':
      return `Neighbours on ${named} differ by at least ${constraint.difference ?? whisperDifference(size)}, so, worked along the line, each cell keeps only digits that far from a candidate of each neighbour`;
    case 'palindrome':
      return `${capital(named)} reads the same both ways, so each pair of mirrored cells keeps only the digits both can hold`;
    case 'renban': {
      const runs = renbanRuns(cells, masks, size).map(
        (run) => `${digitChar(lowest(run))}–${digitChar(highest(run))}`,
      );
      return `${capital(named)} holds ${cells.length} different consecutive digits; with the candidates left they can only be ${listWords(runs, 'or')}`;
    }
    case 'arrow':
      return `The digits on the shaft of ${named} (${listCells(constraint.shaft, size)}; they may repeat) add up to the number in its circle (${listCells(constraint.circle, size)}); with the candidates left that leaves ${rangesText(changed, after, size)}`;
    case 'littleKiller':
      return `The digits on ${listCells(cells, size)} add up to ${constraint.sum} (${named}; they may repeat); with the candidates left that leaves ${rangesText(changed, after, size)}`;
    case 'sandwich':
      return `In ${constraint.line} ${constraint.index + 1} the digits between the 1 and the ${digitChar(size)} add up to ${constraint.sum}, all different as in any ${constraint.line}; with the candidates left, only some places for the 1 and the ${digitChar(size)} and some digits between and outside them can do that: that leaves ${rangesText(changed, after, size)}`;
    case 'extraRegion':
    case 'diagonal':
    case 'antiKnight':
    case 'antiKing':
      return `${capital(named)} makes these cells differ`;
  }
}

export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The first step one constraint of `kinds` gives (in the puzzle's order of constraints),
 * named `technique`, or null.
 */
function constraintStep(
  state: LogicState,
  technique: Technique,
  kinds: ReadonlySet<ConstraintKind>,
): Step | null {
  const variants = state.variants;
  if (variants === undefined) return null;
  const { size } = state.geometry;
  let masks: Uint32Array | undefined;
  for (let index = 0; index < variants.constraints.length; index++) {
    const constraint = variants.constraints[index];
    if (!kinds.has(constraint.kind)) continue;
    if (constraint.kind === 'cage' && constraint.sum === undefined) continue;
    masks ??= masksOf(state);
    for (const piece of piecesOf(state, index)) {
      // A piece whose cells are all placed has nothing left to remove.
      if (piece.cells.every((cell) => state.grid[cell] !== 0)) continue;
      const found = narrowPiece(state, masks, piece);
      if (found === null) continue;
      const { eliminations, after } = found;
      const changed = [...new Set(eliminations.map((e) => e.cell))].sort((x, y) => x - y);
      const reason = reasonOf(state, constraint, piece, masks, after, changed);
      const used: CellDigit[] = [];
      for (const cell of piece.cells) {
        if (state.grid[cell] !== 0) continue;
        for (const digit of digitsOf(after[cell] & state.candidates[cell]))
          used.push({ cell, digit });
      }
      return {
        technique,
        cells: [...piece.cells].sort((x, y) => x - y),
        candidates: used,
        placements: [],
        eliminations,
        explanation: `${reason}: remove ${describeEliminationsByCell(eliminations, size)}`,
      };
    }
  }
  return null;
}

/** The combinations of a cage's sum (masks) that fit its candidates: each cell meets one. */
export function fittingCombos(
  combos: readonly number[],
  cells: readonly number[],
  masks: Uint32Array,
) {
  return combos.filter((combo) => {
    let union = 0;
    for (const cell of cells) {
      const meet = masks[cell] & combo;
      if (meet === 0) return false;
      union |= meet;
    }
    return union === combo;
  });
}

/**
 * The digits a group must hold whatever else happens, and why in words: every digit for a
 * group of N cells, the digits every fitting combination of a cage's sum shares, the digits
 * every run left for a renban shares; 0 for a group that need hold no digit in particular.
 */
function requiredOf(
  state: LogicState,
  group: VariantGroup,
  masks: Uint32Array,
): { digits: number; why: string } {
  const { size } = state.geometry;
  const variants = state.variants as VariantLogic;
  const constraint = variants.constraints[group.constraint];
  const and = (sets: readonly number[]): number =>
    sets.length === 0 ? 0 : sets.reduce((all, set) => all & set, fullMask(size));
  if (group.cells.length === size) {
    return { digits: fullMask(size), why: `${capital(group.name)} holds every digit` };
  }
  if (constraint.kind === 'cage' && constraint.sum !== undefined) {
    const combos = variants.rulesOf(group.constraint).sums[0]?.combos ?? [];
    return {
      digits: and(fittingCombos(combos, group.cells, masks)),
      why: `Every combination left for ${group.name} holds`,
    };
  }
  if (constraint.kind === 'renban') {
    return {
      digits: and(renbanRuns(group.cells, masks, size)),
      why: `Every run left for ${group.name} holds`,
    };
  }
  return { digits: 0, why: '' };
}

/**
 * Group pointing: a digit a constraint's group must hold (requiredOf) has a few places in
 * it; a cell outside the group that must differ from every one of them (a peer of each,
 * through a row, column, region or constraint) cannot hold it.
 */
export function groupPointing(state: LogicState): Step | null {
  const variants = state.variants;
  if (variants === undefined) return null;
  const { grid, candidates } = state;
  const { size } = state.geometry;
  const masks = masksOf(state);
  for (const group of variants.groups) {
    let placed = 0;
    for (const cell of group.cells) placed |= 1 << grid[cell];
    const required = requiredOf(state, group, masks);
    for (const digit of digitsOf(required.digits & ~placed)) {
      const bit = 1 << digit;
      const places = group.cells.filter((cell) => (candidates[cell] & bit) !== 0);
      if (places.length === 0) continue;
      const peerSets = places.map((cell) => new Set(variants.compiled.peers[cell]));
      const first = variants.compiled.peers[places[0]];
      const targets = Array.from(first).filter(
        (cell) =>
          grid[cell] === 0 &&
          (candidates[cell] & bit) !== 0 &&
          !group.cells.includes(cell) &&
          peerSets.every((peers) => peers.has(cell)),
      );
      if (targets.length === 0) continue;
      targets.sort((a, b) => a - b);
      const eliminations = targets.map((cell) => ({ cell, digit }));
      const where =
        places.length === 1
          ? `its one place for it, ${cellName(places[0], size)}, sees`
          : `its places for it, ${listCells(places, size)}, all see`;
      const holds =
        group.cells.length === size
          ? `${required.why}, so ${digitChar(digit)};`
          : `${required.why} ${digitChar(digit)};`;
      return {
        technique: 'group pointing',
        cells: [...group.cells].sort((a, b) => a - b),
        candidates: places.map((cell) => ({ cell, digit })),
        placements: [],
        eliminations,
        explanation: `${holds} ${where} ${listCells(targets, size)}: remove ${describeEliminationsByCell(eliminations, size)}`,
      };
    }
  }
  return null;
}

/** A technique over the constraints of some kinds. */
const byKinds =
  (technique: Technique, kinds: readonly ConstraintKind[]) =>
  (state: LogicState): Step | null =>
    constraintStep(state, technique, new Set(kinds));

export const evenOddCell = byKinds('even or odd cell', ['even', 'odd']);
export const cageCombination = byKinds('cage combination', ['cage']);
export const thermometerBounds = byKinds('thermometer bounds', ['thermometer']);
export const dotOrSignPair = byKinds('dot or sign pair', ['kropki', 'xv', 'greaterThan']);
export const neighbourRule = byKinds('neighbour rule', [
  'nonConsecutive',
  'allDotsGiven',
  'allXvGiven',
]);
export const lineRule = byKinds('line rule', ['whisper', 'renban', 'palindrome']);
export const arrowSum = byKinds('arrow sum', ['arrow']);
export const littleKillerSum = byKinds('little killer sum', ['littleKiller']);
export const sandwichSum = byKinds('sandwich sum', ['sandwich']);
