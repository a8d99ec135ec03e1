/**
 * X-chains of three and four strong links, and grouped chains of two to four, as
 * SukakuExplainer finds and rates them.
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
 *
 * The grouped chains (groupedStrongLinkChain) let a node be a group: a digit's places where
 * a line meets a region, which holds the digit when one of its cells does. SukakuExplainer
 * rates any chain with one at its base + 0.3, whatever its shape; on the Exchange sample
 * "Grouped 2 Strong links" is on 125 of 723 of its paths. The three grouped searches run on
 * the same position one after another, so the graph of nodes and links they search is built
 * once and kept for the next search while the grid and candidates are the same (compared in
 * full): building it was half their time.
 */
import { cellName, digitChar } from '../board.ts';
import type { Unit } from '../units.ts';
import { placesOf } from './intersections.ts';
import { commonPeersWith, unitName, type LogicState } from './state.ts';
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
export const STRONG_LINK_BASE = { 2: 4.0, 3: 5.4, 4: 5.8 } as const;

/** SukakuExplainer's term for a chain with a grouped link, whatever its shape. */
export const GROUPED_TERM = 0.3;

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
      const removed = commonPeersWith(state, [start, end], bit).filter((cell) => !used[cell]);
      if (removed.length === 0) return;
      const term = strongLinkShapeTerm(chain.map((link) => link.kinds));
      if (
        best === null ||
        term < best.term ||
        (term === best.term && removed.length > best.removed.length)
      ) {
        best = { term, chain: [...chain], removed, digit };
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
            follow(link);
          }
        }
      }
    };
    /** The chain with `link` added, searched on, then without it. */
    const follow = (link: Link): void => {
      used[link.from] = used[link.to] = 1;
      chain.push(link);
      extend();
      chain.pop();
      used[link.from] = used[link.to] = 0;
    };
    for (const link of byPair.values()) {
      follow(link);
      follow({ ...link, from: link.to, to: link.from });
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

/**
 * A node of a grouped chain: one place of the digit, or a group, the places of the digit
 * where a line meets a region (two or more cells). A group "holds the digit" when one of
 * its cells does.
 */
interface GroupNode {
  id: number;
  cells: readonly number[];
}

interface GroupLink {
  from: GroupNode;
  to: GroupNode;
  unit: Unit;
}

/** A name for a node in an explanation: a cell, or "the group r5c4, r5c6". */
function nodeName(node: GroupNode, size: number): string {
  return node.cells.length === 1
    ? cellName(node.cells[0], size)
    : `the group (${node.cells.map((cell) => cellName(cell, size)).join(', ')})`;
}

/** One digit's grouped strong links in one position, with what the searches ask of them. */
interface DigitGraph {
  links: readonly GroupLink[];
  /** Per node id, the links that start at it. */
  from: readonly (readonly GroupLink[])[];
  /** The digit's places outside the node that see all its cells (sorted). */
  targetsOf: (node: GroupNode) => number[];
  /** The same, marked per cell. */
  marksOf: (node: GroupNode) => Uint8Array;
  /** The nodes with a link onward whose cells all see the node's (a weak link). */
  weakOf: (node: GroupNode) => GroupNode[];
}

/**
 * The last position's graphs, one per digit (null: no group), shared by the three grouped
 * searches, which run one after another on the same position: building them is half
 * their time. Reused only for the same geometry, grid and candidates, compared in full.
 */
let lastGraphs: {
  geometry: LogicState['geometry'];
  grid: Uint8Array;
  candidates: Int32Array;
  graphs: (DigitGraph | null)[];
} | null = null;

const sameArray = (a: ArrayLike<number>, b: ArrayLike<number>): boolean => {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
};

function graphsOf(state: LogicState): (DigitGraph | null)[] {
  const { geometry, grid, candidates } = state;
  if (
    lastGraphs !== null &&
    lastGraphs.geometry === geometry &&
    sameArray(lastGraphs.grid, grid) &&
    sameArray(lastGraphs.candidates, candidates)
  ) {
    return lastGraphs.graphs;
  }
  const graphs: (DigitGraph | null)[] = [null];
  for (let digit = 1; digit <= geometry.size; digit++) graphs.push(digitGraph(state, digit));
  lastGraphs = { geometry, grid: grid.slice(), candidates: candidates.slice(), graphs };
  return graphs;
}

function digitGraph(state: LogicState, digit: number): DigitGraph | null {
  const { geometry } = state;
  const { size, units, unitsOfCell } = geometry;
  const cells = size * size;
  const bit = 1 << digit;
  const nodes: GroupNode[] = [];
  const nodeIds = new Map<string, GroupNode>();
  const nodeOf = (members: readonly number[]): GroupNode => {
    const sorted = [...members].sort((p, q) => p - q);
    const key = sorted.join(',');
    let node = nodeIds.get(key);
    if (node === undefined) {
      node = { id: nodes.length, cells: sorted };
      nodes.push(node);
      nodeIds.set(key, node);
    }
    return node;
  };
  const links: GroupLink[] = [];
  const linkKeys = new Set<string>();
  /** Both ways of a strong link between two nodes, once however many units give it. */
  const addLink = (first: GroupNode, second: GroupNode, unit: Unit): void => {
    const key = `${Math.min(first.id, second.id)}-${Math.max(first.id, second.id)}`;
    if (linkKeys.has(key)) return;
    linkKeys.add(key);
    links.push({ from: first, to: second, unit }, { from: second, to: first, unit });
  };
  for (const unit of units) {
    const places = placesOf(state, unit, digit);
    if (places.length < 3) continue; // two places: an ungrouped link
    // The units a group of this unit lies in: regions for a line, lines for a region.
    const crossSlots = unit.kind === 'region' ? [0, 1] : [2];
    const parts = new Map<number, number[]>();
    for (const slot of crossSlots) {
      for (const cell of places) {
        const cross = unitsOfCell[3 * cell + slot];
        parts.set(cross, [...(parts.get(cross) ?? []), cell]);
      }
    }
    const partOf = (members: readonly number[]): boolean =>
      members.length === 1 ||
      crossSlots.some((slot) =>
        members.every(
          (cell) => unitsOfCell[3 * cell + slot] === unitsOfCell[3 * members[0] + slot],
        ),
      );
    for (const part of parts.values()) {
      const rest = places.filter((cell) => !part.includes(cell));
      if (rest.length === 0 || !partOf(rest)) continue;
      addLink(nodeOf(part), nodeOf(rest), unit);
    }
  }
  // Every ungrouped link too, so a chain may mix them (two places in a unit).
  for (const unit of units) {
    const places = placesOf(state, unit, digit);
    if (places.length !== 2) continue;
    addLink(nodeOf([places[0]]), nodeOf([places[1]]), unit);
  }
  if (!nodes.some((node) => node.cells.length > 1)) return null;
  const from: GroupLink[][] = nodes.map(() => []);
  for (const link of links) from[link.from.id].push(link);
  // The places of the digit outside a node that see all its cells, as a list and marked
  // per cell: what a chain ending there may remove, and the nodes a weak link reaches.
  const targetCache: (number[] | undefined)[] = [];
  const targetMarks: Uint8Array[] = [];
  const targetsOf = (node: GroupNode): number[] => {
    let targets = targetCache[node.id];
    if (targets === undefined) {
      targets = commonPeersWith(state, node.cells, bit);
      const marks = new Uint8Array(cells);
      for (const cell of targets) marks[cell] = 1;
      targetCache[node.id] = targets;
      targetMarks[node.id] = marks;
    }
    return targets;
  };
  const marksOf = (node: GroupNode): Uint8Array => {
    targetsOf(node);
    return targetMarks[node.id];
  };
  // The nodes a chain may step to from each node (a weak link), with a link onward.
  const linked = nodes.filter((node) => from[node.id].length > 0);
  const weakCache: (GroupNode[] | undefined)[] = [];
  const weakOf = (node: GroupNode): GroupNode[] => {
    const marks = marksOf(node);
    return (weakCache[node.id] ??= linked.filter((other) =>
      other.cells.every((cell) => marks[cell] === 1),
    ));
  };
  return { links, from, targetsOf, marksOf, weakOf };
}

/**
 * The best grouped chain of `count` strong links (2 to 4) that removes something, or null:
 * SukakuExplainer's grouped strong links ("Grouped 2-String Kite", "Grouped 3 Strong
 * links"), rated its base number + 0.3 whatever the shape. A strong link joins two nodes
 * that hold all a unit's places of the digit (one cell and a group, or two groups: in a
 * row, a group is the row's places inside one region; in a region, inside one row or
 * column); a weak link joins two nodes whose cells all see each other. At least one node
 * is a group (the ungrouped chains come first, under their own names). Of all chains, the
 * one with most eliminations wins, as SukakuExplainer sorts equal ratings.
 */
export function groupedStrongLinkChain(state: LogicState, count: 2 | 3 | 4): Step | null {
  const { geometry } = state;
  const { size } = geometry;
  const cells = size * size;
  const graphs = graphsOf(state);
  let best = null as { chain: GroupLink[]; removed: number[]; digit: number } | null;
  let work = 0;
  for (let digit = 1; digit <= size && work <= STRONG_LINK_WORK; digit++) {
    const graph = graphs[digit];
    if (graph === null) continue;
    const { links, from, targetsOf, marksOf, weakOf } = graph;
    const used = new Uint8Array(cells);
    const mark = (node: GroupNode, value: number): void => {
      for (const cell of node.cells) used[cell] = value;
    };
    const isFree = (node: GroupNode): boolean => node.cells.every((cell) => used[cell] === 0);
    const chain: GroupLink[] = [];
    const isGrouped = (link: GroupLink): boolean =>
      link.from.cells.length > 1 || link.to.cells.length > 1;
    const consider = (): void => {
      const start = chain[0].from;
      const end = chain[chain.length - 1].to;
      if (start.id > end.id) return; // each chain once
      const endMarks = marksOf(end);
      const removed = targetsOf(start).filter((cell) => used[cell] === 0 && endMarks[cell] === 1);
      if (removed.length === 0) return;
      if (best === null || removed.length > best.removed.length)
        best = { chain: [...chain], removed, digit };
    };
    const extend = (): void => {
      if (chain.length === count) {
        consider();
        return;
      }
      // The last link must bring a group if none came yet, and end where the start's
      // targets are.
      const last = chain.length === count - 1;
      const needsGroup = last && !chain.some(isGrouped);
      const startMarks = marksOf(chain[0].from);
      for (const next of weakOf(chain[chain.length - 1].to)) {
        if (!isFree(next)) continue;
        for (const link of from[next.id]) {
          if (!isFree(link.to) || (needsGroup && !isGrouped(link))) continue;
          if (last && !targetsOf(link.to).some((cell) => startMarks[cell] === 1)) continue;
          if (++work > STRONG_LINK_WORK) continue;
          follow(link);
        }
      }
    };
    /** The chain with `link` added, searched on, then without it. */
    const follow = (link: GroupLink): void => {
      mark(link.from, 1);
      mark(link.to, 1);
      chain.push(link);
      extend();
      chain.pop();
      mark(link.from, 0);
      mark(link.to, 0);
    };
    for (const link of links) {
      if (work > STRONG_LINK_WORK) break;
      if (targetsOf(link.from).length === 0) continue; // nothing for the chain to remove
      follow(link);
    }
  }
  if (best === null) return null;
  return groupedChainStep(state, count, best);
}

const GROUPED_NAMES = {
  2: 'grouped turbot fish',
  3: 'grouped x-chain of three strong links',
  4: 'grouped x-chain of four strong links',
} as const;

function groupedChainStep(
  state: LogicState,
  count: 2 | 3 | 4,
  found: { chain: GroupLink[]; removed: number[]; digit: number },
): Step {
  const { size } = state.geometry;
  const { chain, removed, digit } = found;
  const ch = digitChar(digit);
  const pattern = [...new Set(chain.flatMap((link) => [...link.from.cells, ...link.to.cells]))];
  const start = chain[0].from;
  const end = chain[chain.length - 1].to;
  const links = chain
    .map(
      (link) =>
        `in ${unitName(link.unit)} only in ${nodeName(link.from, size)} or ${nodeName(link.to, size)}`,
    )
    .join('; ');
  const joints = listWords(
    chain
      .slice(1)
      .map((link, index) => `${nodeName(chain[index].to, size)} sees ${nodeName(link.from, size)}`),
  );
  const holds = (node: GroupNode): string =>
    node.cells.length === 1
      ? `${cellName(node.cells[0], size)} is`
      : `${nodeName(node, size)} holds it`;
  const holdsNot = (node: GroupNode): string =>
    node.cells.length === 1
      ? `${cellName(node.cells[0], size)} is not`
      : `${nodeName(node, size)} does not hold it`;
  const assumption =
    start.cells.length === 1
      ? `${cellName(start.cells[0], size)} is not ${ch}`
      : `${nodeName(start, size)} does not hold ${ch}`;
  const walk = chain
    .flatMap((link, index) => [...(index === 0 ? [] : [holdsNot(link.from)]), holds(link.to)])
    .join(', ');
  return {
    technique: GROUPED_NAMES[count],
    cells: [...pattern].sort((p, q) => p - q),
    candidates: pattern.map((cell) => ({ cell, digit })),
    placements: [],
    eliminations: removed.map((cell) => ({ cell, digit })),
    explanation:
      `${ch} goes ${links} (a group holds ${ch} when one of its cells does); ${joints}, and ` +
      `two that see each other do not both hold ${ch}: if ${assumption}, ${walk}. ` +
      `So ${nodeName(start, size)} or ${nodeName(end, size)} holds ${ch}, and ${ch} can be ` +
      `removed from ${listCells(removed, size)}, which ${removed.length === 1 ? 'sees' : 'see'} ` +
      `all of their cells`,
  };
}

export const groupedTurbotFish = (state: LogicState): Step | null =>
  groupedStrongLinkChain(state, 2);
export const groupedThreeStrongLinks = (state: LogicState): Step | null =>
  groupedStrongLinkChain(state, 3);
export const groupedFourStrongLinks = (state: LogicState): Step | null =>
  groupedStrongLinkChain(state, 4);
