/**
 * What follows from one assumption by singles alone, with the reason for every fact: the
 * engine of the forcing chains (forcing.ts).
 *
 * A Propagator starts from a position (the solver's digits and candidates), makes one
 * assumption — a digit placed in a cell, or taken out of it — and applies naked and hidden
 * singles until nothing more follows or the position breaks (a cell with no candidate
 * left, a digit with no place left in a unit). Every placement is a numbered fact, and
 * every candidate removed on the way records the fact that removed it, so the chain of
 * reasons behind any conclusion can be traced back to the assumption (`ancestry`): a
 * forcing chain's explanation lists exactly the placements its conclusion rests on, in the
 * order they follow, and a chain's length is the number of them.
 *
 * The nested forcing chains add one rule to the singles: inside a branch, a candidate whose
 * own assumption breaks the branch's position is removed (`removeBy`), as a fact whose
 * reason is the whole branch so far.
 *
 * Three modes, Sudoku Explainer's three kinds of chain (Chaining.java): DYNAMIC (the
 * default) applies every single of the position as it shrinks; STATIC only the links of the
 * position before the assumption (a cell that had two candidates, a digit that had two
 * places in a unit), SE's static chains; a digit d > 0 only d's own hidden singles, and
 * breaks only where d has no place left in a unit, SE's Nishio. `explainerComplexity`
 * counts what SE counts for a chain: every candidate, true and false, it rests on.
 *
 * Reasoning is sound whatever the puzzle: a conclusion follows from the rules and the
 * assumption, never from uniqueness, so an assumption that breaks is false in every
 * solution. The arrays are typed and reused between assumptions (a stamp marks which
 * reasons are current), since a forcing-chain search makes hundreds of assumptions per step
 * and the nested one tens of thousands.
 */
import { fullMask } from '../units.ts';
import type { Geometry, LogicState } from './state.ts';

/** How a fact came to be. */
export const ASSUMED = 0;
export const NAKED_SINGLE = 1;
export const HIDDEN_SINGLE = 2;
/** A candidate removed because assuming it breaks the branch (nested chains). */
export const REMOVED_BY_CHAIN = 3;

/** Propagation modes (the header); a digit from 1 up is the one-digit mode. */
export const DYNAMIC = 0;
export const STATIC = -1;

/** The reason recorded for a candidate removed by the assumption itself ("c is not d"). */
const BY_ASSUMPTION = -2;

/** Where a branch broke: a cell with no candidate, or a digit with no place in a unit. */
export type Breach = { kind: 'cell'; cell: number } | { kind: 'unit'; unit: number; digit: number };

/** Whether a mask has exactly two bits. */
const twoBits = (mask: number): boolean => {
  const rest = mask & (mask - 1);
  return rest !== 0 && (rest & (rest - 1)) === 0;
};

export class Propagator {
  readonly size: number;
  readonly cells: number;
  readonly geometry: Geometry;
  /** The cells of unit u at [u * size, (u + 1) * size). */
  private readonly unitCells: Int32Array;
  readonly grid: Uint8Array;
  readonly candidates: Int32Array;
  /** The candidates at the start, before the assumption. */
  readonly baseCandidates: Int32Array;
  /** Per cell and digit, the fact that removed the candidate (valid while its stamp is current). */
  private readonly cause: Int32Array;
  private readonly causeStamp: Int32Array;
  private stamp = 0;
  /** Facts: cell, digit, kind, and for a hidden single its unit. */
  readonly factCell: Int32Array;
  readonly factDigit: Int32Array;
  readonly factKind: Int32Array;
  readonly factUnit: Int32Array;
  factCount = 0;
  breach: Breach | null = null;
  private readonly pending: Int32Array;
  private pendingCount = 0;
  private readonly marks: Uint8Array;
  /** DYNAMIC, STATIC or the one digit followed (see the header). */
  private mode = DYNAMIC;
  /** Sudoku Explainer's candidates counted (explainerComplexity), per slot and stamp. */
  private readonly seenOff: Int32Array;
  private readonly seenOn: Int32Array;
  private seen = 0;

  constructor(geometry: Geometry) {
    const { size } = geometry;
    this.size = size;
    this.cells = size * size;
    this.geometry = geometry;
    this.unitCells = new Int32Array(3 * size * size);
    geometry.units.forEach((unit, index) => this.unitCells.set(unit.cells, index * size));
    this.grid = new Uint8Array(this.cells);
    this.candidates = new Int32Array(this.cells);
    this.baseCandidates = new Int32Array(this.cells);
    this.cause = new Int32Array(this.cells * (size + 1));
    this.causeStamp = new Int32Array(this.cells * (size + 1));
    // A placement per cell, plus removals by nested chains (at most one per candidate).
    const maxFacts = this.cells * (size + 2);
    this.factCell = new Int32Array(maxFacts);
    this.factDigit = new Int32Array(maxFacts);
    this.factKind = new Int32Array(maxFacts);
    this.factUnit = new Int32Array(maxFacts);
    this.pending = new Int32Array(this.cells * 2);
    this.marks = new Uint8Array(maxFacts);
    this.seenOff = new Int32Array(this.cells * (size + 1));
    this.seenOn = new Int32Array(maxFacts);
  }

  /** Start again from a position (a solver's state, or another propagator's), in a mode. */
  reset(grid: ArrayLike<number>, candidates: ArrayLike<number>, mode = DYNAMIC): void {
    this.mode = mode;
    this.grid.set(grid);
    this.candidates.set(candidates);
    this.baseCandidates.set(candidates);
    this.factCount = 0;
    this.breach = null;
    this.pendingCount = 0;
    this.stamp++;
  }

  /** Reset to a solver's state. */
  resetTo(state: LogicState, mode = DYNAMIC): void {
    this.reset(state.grid, state.candidates, mode);
  }

  /** Assume `cell` holds `digit`, and follow the singles; false when the branch breaks. */
  assumePlaced(cell: number, digit: number): boolean {
    if ((this.candidates[cell] & (1 << digit)) === 0) return false;
    this.place(cell, digit, ASSUMED, -1);
    return this.run();
  }

  /** Assume `cell` does not hold `digit`, and follow the singles; false when the branch breaks. */
  assumeRemoved(cell: number, digit: number): boolean {
    this.remove(cell, digit, BY_ASSUMPTION);
    return this.run();
  }

  /** Remove a candidate for a reason found outside the singles (nested chains), and follow on. */
  removeBy(cell: number, digit: number): boolean {
    if ((this.candidates[cell] & (1 << digit)) === 0) return this.breach === null;
    const fact = this.addFact(cell, digit, REMOVED_BY_CHAIN, -1);
    this.remove(cell, digit, fact);
    return this.run();
  }

  /** The fact that removed a candidate in this branch, BY_ASSUMPTION, or -1 (not removed). */
  causeOf(cell: number, digit: number): number {
    const slot = cell * (this.size + 1) + digit;
    return this.causeStamp[slot] === this.stamp ? this.cause[slot] : -1;
  }

  /** The fact index that placed a digit in a cell in this branch, or -1. */
  placementOf(cell: number): number {
    for (let fact = 0; fact < this.factCount; fact++) {
      if (this.factCell[fact] === cell && this.factKind[fact] !== REMOVED_BY_CHAIN) return fact;
    }
    return -1;
  }

  /**
   * The facts a conclusion rests on, in the order they followed: the reasons for the given
   * removed candidates, traced back to the assumption.
   */
  ancestry(
    removed: readonly { cell: number; digit: number }[],
    facts: readonly number[] = [],
  ): number[] {
    this.marks.fill(0, 0, this.factCount);
    const stack: number[] = [];
    const visit = (fact: number): void => {
      if (fact >= 0 && this.marks[fact] === 0) {
        this.marks[fact] = 1;
        stack.push(fact);
      }
    };
    for (const { cell, digit } of removed) visit(this.causeOf(cell, digit));
    for (const fact of facts) visit(fact);
    while (stack.length > 0) {
      const fact = stack.pop() as number;
      for (const reason of this.reasonsOf(fact)) visit(reason);
    }
    const chain: number[] = [];
    for (let fact = 0; fact < this.factCount; fact++) if (this.marks[fact] === 1) chain.push(fact);
    return chain;
  }

  /**
   * Whether every placement of a chain follows from one fact before it alone (a cell of two
   * candidates, a digit with two places in a unit, at the start): a static chain, Sudoku
   * Explainer's chains of links. One that needs two or more earlier facts for a single is
   * dynamic: it reaches further than links do (their 8.5 and up, explainerScale.ts).
   */
  isStatic(chain: readonly number[]): boolean {
    for (const fact of chain) {
      const kind = this.factKind[fact];
      if (kind !== NAKED_SINGLE && kind !== HIDDEN_SINGLE) continue;
      const reasons = new Set(this.reasonsOf(fact).filter((reason) => reason >= 0));
      if (reasons.size > 1) return false;
    }
    return true;
  }

  /**
   * Sudoku Explainer's count of a conclusion (ChainingHint.getAncestorCount): the candidates
   * it rests on, each true one (a placement: `facts`) or false one (a removed candidate:
   * `removed`) with all of theirs, once each, the assumption included. A placement rests on
   * the candidates whose removal made it a single; a removal on the placement that made it.
   */
  explainerComplexity(
    removed: readonly { cell: number; digit: number }[],
    facts: readonly number[] = [],
  ): number {
    const stamp = ++this.seen;
    const { size } = this;
    let count = 0;
    const offs: number[] = [];
    const ons: number[] = [];
    const off = (cell: number, digit: number): void => {
      const slot = cell * (size + 1) + digit;
      if (this.seenOff[slot] === stamp) return;
      this.seenOff[slot] = stamp;
      count++;
      offs.push(slot);
    };
    const on = (fact: number): void => {
      if (fact < 0 || this.seenOn[fact] === stamp) return;
      this.seenOn[fact] = stamp;
      count++;
      ons.push(fact);
    };
    for (const { cell, digit } of removed) off(cell, digit);
    for (const fact of facts) on(fact);
    while (offs.length > 0 || ons.length > 0) {
      const slot = offs.pop();
      if (slot !== undefined) {
        // The assumption "not d" has no reason; a nested removal rests on its branch.
        const cause = this.causeOf(Math.floor(slot / (size + 1)), slot % (size + 1));
        if (cause >= 0 && this.factKind[cause] === REMOVED_BY_CHAIN) {
          for (const reason of this.reasonsOf(cause)) on(reason);
        } else on(cause);
        continue;
      }
      const fact = ons.pop() as number;
      const cell = this.factCell[fact];
      const digit = this.factDigit[fact];
      if (this.factKind[fact] === NAKED_SINGLE) {
        const base = this.baseCandidates[cell];
        for (let other = 1; other <= size; other++) {
          if (other !== digit && base & (1 << other)) off(cell, other);
        }
      } else if (this.factKind[fact] === HIDDEN_SINGLE) {
        const start = this.factUnit[fact] * size;
        for (let index = start; index < start + size; index++) {
          const other = this.unitCells[index];
          if (other !== cell && this.baseCandidates[other] & (1 << digit)) off(other, digit);
        }
      }
    }
    return count;
  }

  /**
   * Sudoku Explainer's count of a broken branch (BinaryChainingHint, a contradiction): one
   * candidate both true and false, the candidates behind each side counted apart. A cell
   * left empty: one of its candidates, true as the cell's last (all others removed) and
   * false by its own removal; a digit left with no place in a unit: one of its places, true
   * as the unit's last. The least count over the candidates that could say it.
   */
  breachComplexity(): number {
    const breach = this.breach;
    if (breach === null) return 0;
    const removed = this.breachRemovals(breach);
    let best = Infinity;
    for (const candidate of removed) {
      const others = removed.filter((other) => other !== candidate);
      // The true side: the other removals, and the candidate itself as a single on them.
      const count = this.explainerComplexity(others) + 1 + this.explainerComplexity([candidate]);
      best = Math.min(best, count);
    }
    return best;
  }

  /**
   * Sudoku Explainer's count of a static forcing chain (ForcingChainHint), or null when the
   * branch does not break that way: SE's static chains only find an assumption that leads to
   * its own negation, so the break must be at a candidate the assumption itself removed
   * (the assumed one, or a peer of the placed one), true there as a single by a link (the
   * cell had two candidates, or the unit two places for the digit). The chain is then the
   * candidates behind that single, and the negation at its end.
   */
  unaryComplexity(): number | null {
    const breach = this.breach;
    if (breach === null) return null;
    const removed = this.breachRemovals(breach);
    // A link makes the single: a cell that had two candidates, a digit that had two places.
    if (removed.length !== 2) return null;
    let best: number | null = null;
    for (const candidate of removed) {
      const cause = this.causeOf(candidate.cell, candidate.digit);
      const byAssumption = cause === BY_ASSUMPTION;
      if (!byAssumption && !(cause >= 0 && this.factKind[cause] === ASSUMED)) continue;
      const others = removed.filter((other) => other !== candidate);
      // "Not d" ends where d is true; "= d" where a peer's d (or another digit) is.
      const count = this.explainerComplexity(others) + (byAssumption ? 1 : 2);
      if (best === null || count < best) best = count;
    }
    return best;
  }

  /** The facts of a breach's reasons, in order. */
  breachAncestry(): number[] {
    const breach = this.breach;
    if (breach === null) return [];
    return this.ancestry(this.breachRemovals(breach));
  }

  /** The candidates whose removal made the breach. */
  breachRemovals(breach: Breach): { cell: number; digit: number }[] {
    const removed: { cell: number; digit: number }[] = [];
    if (breach.kind === 'cell') {
      const base = this.baseCandidates[breach.cell];
      for (let digit = 1; digit <= this.size; digit++) {
        if (base & (1 << digit)) removed.push({ cell: breach.cell, digit });
      }
    } else {
      const { unit, digit } = breach;
      for (let index = 0; index < this.size; index++) {
        const cell = this.unitCells[unit * this.size + index];
        if (this.baseCandidates[cell] & (1 << digit)) removed.push({ cell, digit });
      }
    }
    return removed;
  }

  /** The facts a fact follows from directly. */
  private reasonsOf(fact: number): number[] {
    const cell = this.factCell[fact];
    const digit = this.factDigit[fact];
    const reasons: number[] = [];
    switch (this.factKind[fact]) {
      case NAKED_SINGLE: {
        const base = this.baseCandidates[cell];
        for (let other = 1; other <= this.size; other++) {
          if (other !== digit && base & (1 << other)) reasons.push(this.causeOf(cell, other));
        }
        break;
      }
      case HIDDEN_SINGLE: {
        const unit = this.factUnit[fact];
        for (let index = 0; index < this.size; index++) {
          const other = this.unitCells[unit * this.size + index];
          if (other !== cell && this.baseCandidates[other] & (1 << digit)) {
            reasons.push(this.causeOf(other, digit));
          }
        }
        break;
      }
      case REMOVED_BY_CHAIN:
        // Found by a chain inside the branch: it may rest on anything the branch knew.
        for (let earlier = 0; earlier < fact; earlier++) reasons.push(earlier);
        break;
    }
    return reasons;
  }

  /**
   * The branch breaks here; but a static chain only breaks where Sudoku Explainer's would
   * (unaryComplexity: the assumption meets its own negation by a link), and goes on past
   * any other dead end (nothing is placed there, so nothing follows from it).
   */
  private breakAt(breach: Breach): void {
    const previous = this.breach;
    this.breach = breach;
    if (this.mode === STATIC && this.unaryComplexity() === null) this.breach = previous;
  }

  private addFact(cell: number, digit: number, kind: number, unit: number): number {
    const fact = this.factCount++;
    this.factCell[fact] = cell;
    this.factDigit[fact] = digit;
    this.factKind[fact] = kind;
    this.factUnit[fact] = unit;
    return fact;
  }

  private setCause(cell: number, digit: number, fact: number): void {
    const slot = cell * (this.size + 1) + digit;
    this.cause[slot] = fact;
    this.causeStamp[slot] = this.stamp;
  }

  /** Take a candidate out; a cell left with one becomes a pending naked single. */
  private remove(cell: number, digit: number, fact: number): void {
    const bit = 1 << digit;
    const { candidates } = this;
    if ((candidates[cell] & bit) === 0) return;
    candidates[cell] &= ~bit;
    this.setCause(cell, digit, fact);
    if (this.grid[cell] !== 0) return;
    const left = candidates[cell];
    if (this.mode > 0) return; // one digit: no cell rule (the header)
    if (left === 0) {
      if (this.breach === null) this.breakAt({ kind: 'cell', cell });
    } else if ((left & (left - 1)) === 0) {
      this.pending[this.pendingCount++] = cell;
    }
  }

  private place(cell: number, digit: number, kind: number, unit: number): void {
    const fact = this.addFact(cell, digit, kind, unit);
    const { candidates, size, unitCells } = this;
    const others = candidates[cell] & ~(1 << digit);
    for (let other = 1; other <= size; other++) {
      if (others & (1 << other)) this.setCause(cell, other, fact);
    }
    this.grid[cell] = digit;
    candidates[cell] = 0;
    const units = this.geometry.unitsOfCell;
    for (let slot = 0; slot < 3; slot++) {
      const start = units[3 * cell + slot] * size;
      for (let index = start; index < start + size; index++) {
        const peer = unitCells[index];
        if (peer !== cell) this.remove(peer, digit, fact);
      }
    }
  }

  /** Apply singles until none is left or the branch breaks; true when it holds. */
  private run(): boolean {
    const { candidates, grid, size, unitCells, mode } = this;
    const base = this.baseCandidates;
    // One digit: only its places count, and only it can break.
    const full = mode > 0 ? 1 << mode : fullMask(size);
    const unitCount = 3 * size;
    for (;;) {
      while (this.pendingCount > 0 && this.breach === null) {
        const cell = this.pending[--this.pendingCount];
        const left = candidates[cell];
        if (grid[cell] !== 0 || left === 0 || (left & (left - 1)) !== 0) continue;
        // Static: only a cell that had two candidates (a link); one digit: no naked singles.
        if (mode > 0 || (mode === STATIC && !twoBits(this.baseCandidates[cell]))) continue;
        this.place(cell, 31 - Math.clz32(left), NAKED_SINGLE, -1);
      }
      if (this.breach !== null) return false;
      // Hidden singles, and digits with no place left, unit by unit.
      let placed = false;
      for (let unit = 0; unit < unitCount && !placed; unit++) {
        let once = 0;
        let twice = 0;
        let filled = 0;
        // Static: the digits that had exactly two places in the unit (links).
        let baseOnce = 0;
        let baseTwice = 0;
        let baseThrice = 0;
        const start = unit * size;
        for (let index = start; index < start + size; index++) {
          const cell = unitCells[index];
          const mask = candidates[cell] & full;
          twice |= once & mask;
          once |= mask;
          filled |= 1 << grid[cell];
          if (mode === STATIC) {
            const had = base[cell];
            baseThrice |= baseTwice & had;
            baseTwice |= baseOnce & had;
            baseOnce |= had;
          }
        }
        for (let missing = full & ~filled & ~once; missing !== 0; missing &= missing - 1) {
          this.breakAt({ kind: 'unit', unit, digit: 31 - Math.clz32(missing & -missing) });
          if (this.breach !== null) return false;
        }
        let singles = once & ~twice & ~filled;
        if (mode === STATIC) singles &= baseTwice & ~baseThrice;
        if (singles === 0) continue;
        const digit = 31 - Math.clz32(singles);
        const bit = 1 << digit;
        for (let index = start; index < start + size; index++) {
          const cell = unitCells[index];
          if (candidates[cell] & bit) {
            this.place(cell, digit, HIDDEN_SINGLE, unit);
            placed = true;
            break;
          }
        }
      }
      if (this.breach !== null) return false;
      if (!placed && this.pendingCount === 0) return true;
    }
  }
}
