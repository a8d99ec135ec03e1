/**
 * X-chains of three and four strong links, as SukakuExplainer finds and rates them.
 *
 * A chain a = b - c = d - e = f on one digit: each "=" a strong link (the only two places
 * of the digit in a unit: one holds it), each "-" a weak link (two places that see each
 * other: not both hold it). If a is not the digit, b is, c is not, d is, and so on to the
 * last end: a or f holds it, and a cell that sees both cannot. The turbot chains
 * (turbot.ts) are the two-link case, chains.ts's x-chain the general one.
 *
 * Why a technique of its own: SukakuExplainer, which rated the Sudoku Exchange bank we
 * compare with (docs/logic.md), has these as "3 Skyscrapers", "3-String Kite" and
 * "3/4 Strong links" (its StrongLinks rule), tried right after the hidden quad (three links)
 * and after the WXYZ-wing (four), at 5.4 and 5.8 plus a shape term, where its general
 * X-chains start at 6.6. Found only by the general chain, such a puzzle was rated 6.7-7.3
 * here where SukakuExplainer gives 5.4-5.6: the largest share of the rank correlation lost.
 *
 * The shape term is SukakuExplainer's (StrongLinksHint.getDifficulty): 0 when every strong
 * link can be read in parallel lines (all rows, or all columns), 0.2 when the links need a
 * region and both kinds of line, else 0.1. A link that is a strong link in two units (two
 * places in a row and in a region) is read in whichever gives the lower number, and of all
 * chains the lowest number wins, then the most eliminations, as SukakuExplainer sorts them.
 *
 * The search is a depth-first walk over oriented strong links, each next link starting at a
 * place that sees the last one's end and no cell used twice, bounded by STRONG_LINK_WORK
 * link extensions per search (a 16x16 board with many bivalue units stays well under it).
 */
import { cellName, digitChar } from '../board.ts';
import type { Unit } from '../units.ts';
import { placesOf } from './intersections.ts';
import { sees, unitName, type LogicState } from './state.ts';
import { listCells, listWords, type Step } from './step.ts';

/** Most link extensions one search tries before giving up (a bound on work, not time). */
export const STRONG_LINK_WORK = 300_000;

/** The kinds of unit a strong link can be read in, as bits. */
const REGION = 1;
const ROW = 2;
const COLUMN = 4;

const kindBit = (unit: Unit): number =>
  unit.kind === 'row' ? ROW : unit.kind === 'column' ? COLUMN : REGION;

interface Link {
  from: number;
  to: number;
  /** The kinds of unit in which from and to are the digit's only two places. */
  kinds: number;
  /** One such unit, for the explanation. */
  unit: Unit;
}

/** The best chain so far: its shape term, links, the cells it clears, its digit. */
interface Found {
  term: number;
  chain: Link[];
  removed: number[];
  digit: number;
}

/**
 * SukakuExplainer's shape term for strong links that can be read in `kinds` (one mask per
 * link): 0 for parallel lines only, 0.1 for one kind of line with regions or both kinds of
 * line, 0.2 for regions and both kinds of line.
 */
export function strongLinkShapeTerm(kinds: readonly number[]): number {
  if (kinds.every((mask) => mask & ROW) || kinds.every((mask) => mask & COLUMN)) return 0;
  if (kinds.every((mask) => mask & (ROW | COLUMN))) return 0.1;
  if (
    kinds.every((mask) => mask & (ROW | REGION)) ||
    kinds.every((mask) => mask & (COLUMN | REGION))
  )
    return 0.1;
  return 0.2;
}

/** The base number of a chain of `count` strong links (SukakuExplainer's baseRatings). */
export const STRONG_LINK_BASE = { 3: 5.4, 4: 5.8 } as const;

/** The lowest-rated chain of `count` strong links that removes something, or null. */
export function strongLinkChain(state: LogicState, count: 3 | 4): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const cells = size * size;
  let best = null as Found | null;
  let work = 0;
  for (let digit = 1; digit <= size && work <= STRONG_LINK_WORK; digit++) {
    const bit = 1 << digit;
    // The strong links of the digit, per starting cell, both ways.
    const byPair = new Map<number, Link>();
    for (const unit of units) {
      const places = placesOf(state, unit, digit);
      if (places.length !== 2) continue;
      const [low, high] = places[0] < places[1] ? places : [places[1], places[0]];
      const known = byPair.get(low * cells + high);
      if (known === undefined)
        byPair.set(low * cells + high, { from: low, to: high, kinds: kindBit(unit), unit });
      else known.kinds |= kindBit(unit);
    }
    if (byPair.size < count) continue;
    const from: Link[][] = Array.from({ length: cells }, () => []);
    for (const link of byPair.values()) {
      from[link.from].push(link);
      from[link.to].push({ ...link, from: link.to, to: link.from });
    }
    const used = new Uint8Array(cells);
    const chain: Link[] = [];
    const consider = (): void => {
      const start = chain[0].from;
      const end = chain[chain.length - 1].to;
      if (start > end) return; // each chain once, from its lower end
      const removed = new Set<number>();
      for (let slot = 0; slot < 3; slot++) {
        for (const cell of units[unitsOfCell[3 * start + slot]].cells) {
          if (used[cell] || !(candidates[cell] & bit) || !sees(geometry, cell, end)) continue;
          removed.add(cell);
        }
      }
      if (removed.size === 0) return;
      const term = strongLinkShapeTerm(chain.map((link) => link.kinds));
      if (
        best === null ||
        term < best.term ||
        (term === best.term && removed.size > best.removed.length)
      ) {
        best = { term, chain: [...chain], removed: [...removed].sort((p, q) => p - q), digit };
      }
    };
    const extend = (): void => {
      if (chain.length === count) {
        consider();
        return;
      }
      const end = chain[chain.length - 1].to;
      for (let slot = 0; slot < 3; slot++) {
        for (const next of units[unitsOfCell[3 * end + slot]].cells) {
          if (next === end || used[next] || !(candidates[next] & bit)) continue;
          for (const link of from[next]) {
            if (used[link.to] || ++work > STRONG_LINK_WORK) continue;
            used[link.from] = used[link.to] = 1;
            chain.push(link);
            extend();
            chain.pop();
            used[link.from] = used[link.to] = 0;
          }
        }
      }
    };
    for (const link of byPair.values()) {
      for (const first of [link, { ...link, from: link.to, to: link.from }]) {
        used[first.from] = used[first.to] = 1;
        chain.push(first);
        extend();
        chain.pop();
        used[first.from] = used[first.to] = 0;
      }
    }
  }
  if (best === null) return null;
  return chainStep(state, count, best);
}

function chainStep(state: LogicState, count: 3 | 4, found: Found): Step {
  const { size } = state.geometry;
  const { chain, removed, digit, term } = found;
  const ch = digitChar(digit);
  const pattern = chain.flatMap((link) => [link.from, link.to]);
  const start = chain[0].from;
  const end = chain[chain.length - 1].to;
  const links = listWords(
    chain.map(
      (link) => `in ${unitName(link.unit)} only in ${listCells([link.from, link.to], size, 'or')}`,
    ),
  );
  const joints = listWords(
    chain
      .slice(1)
      .map((link, index) => `${cellName(chain[index].to, size)} sees ${cellName(link.from, size)}`),
  );
  const walk = chain
    .flatMap((link, index) => [
      ...(index === 0 ? [] : [`${cellName(link.from, size)} is not`]),
      `${cellName(link.to, size)} is`,
    ])
    .join(', ');
  const eliminations = removed.map((cell) => ({ cell, digit }));
  return {
    technique: count === 3 ? 'x-chain of three strong links' : 'x-chain of four strong links',
    cells: [...pattern].sort((p, q) => p - q),
    candidates: pattern.map((cell) => ({ cell, digit })),
    placements: [],
    eliminations,
    explanation:
      `${ch} goes ${links}. ${joints}, and two cells that see each other are not both ${ch}: if ` +
      `${cellName(start, size)} is not ${ch}, ${walk}. So ${listCells([start, end], size, 'or')} ` +
      `is ${ch}, and ${ch} can be removed from ${listCells(removed, size)}, which ` +
      `${removed.length === 1 ? 'sees' : 'see'} both`,
    shapeTerm: term,
  };
}

export const threeStrongLinks = (state: LogicState): Step | null => strongLinkChain(state, 3);
export const fourStrongLinks = (state: LogicState): Step | null => strongLinkChain(state, 4);
