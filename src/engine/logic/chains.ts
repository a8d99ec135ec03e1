/**
 * Chains on one digit: the X-chain.
 *
 * A strong link joins the only two places of a digit in a unit (one of them holds it); a
 * weak link joins two places that see each other (at most one holds it). A chain that
 * starts and ends with a strong link and alternates (strong, weak, strong, ...) proves
 * that one of its two ends holds the digit: if the first end does not, the strong link
 * puts the digit in the next cell, the weak link takes it from the one after, and so on
 * to the last end. So no cell that sees both ends can hold it. Skyscrapers, two-string
 * kites and turbot fish are the three-link cases; longer chains are the general form.
 *
 * The search is breadth-first from each place of the digit, over (cell, last link) states,
 * so the shortest chain that removes something is found first; chains of one strong link
 * say no more than common peer, so only chains of three links or more are reported.
 * MAX_LINKS bounds the length, keeping a 25x25 search to a few million steps.
 */
import { cellName, digitChar } from '../board.ts';
import { sees, type LogicState } from './state.ts';
import { placesOf } from './intersections.ts';
import { listCells, type Step } from './step.ts';

/** Longest chain tried, in links. */
export const MAX_LINKS = 11;

export function xChain(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const cells = size * size;
  for (let digit = 1; digit <= size; digit++) {
    const bit = 1 << digit;
    // Strong links: per cell, the cells it shares a two-place unit with, and that unit.
    const strong: { to: number }[][] = Array.from({ length: cells }, () => []);
    for (const unit of units) {
      const places = placesOf(state, unit, digit);
      if (places.length !== 2) continue;
      const [a, b] = places;
      if (!strong[a].some((link) => link.to === b)) strong[a].push({ to: b });
      if (!strong[b].some((link) => link.to === a)) strong[b].push({ to: a });
    }
    const holders: number[] = [];
    for (let cell = 0; cell < cells; cell++) if (candidates[cell] & bit) holders.push(cell);
    for (const start of holders) {
      if (strong[start].length === 0) continue;
      // State index: 2 * cell + (1 when reached by a strong link, 0 by a weak one).
      const parent = new Int32Array(2 * cells).fill(-1);
      const depth = new Int32Array(2 * cells);
      const queue: number[] = [];
      for (const link of strong[start]) {
        const node = 2 * link.to + 1;
        if (parent[node] !== -1 || link.to === start) continue;
        parent[node] = 2 * start;
        depth[node] = 1;
        queue.push(node);
      }
      for (let head = 0; head < queue.length; head++) {
        const node = queue[head];
        const cell = node >> 1;
        if (node & 1) {
          if (depth[node] >= 3) {
            const removed = holders.filter(
              (other) =>
                other !== start &&
                other !== cell &&
                sees(geometry, other, start) &&
                sees(geometry, other, cell),
            );
            if (removed.length > 0) return chainStep(state, digit, parent, node, start, removed);
          }
          if (depth[node] + 2 > MAX_LINKS) continue;
          // Weak link: any other place of the digit this cell sees.
          for (let slot = 0; slot < 3; slot++) {
            for (const next of units[unitsOfCell[3 * cell + slot]].cells) {
              const weak = 2 * next;
              if (next === cell || next === start || !(candidates[next] & bit)) continue;
              if (parent[weak] !== -1) continue;
              parent[weak] = node;
              depth[weak] = depth[node] + 1;
              queue.push(weak);
            }
          }
        } else {
          for (const link of strong[cell]) {
            const next = 2 * link.to + 1;
            if (link.to === start || parent[next] !== -1) continue;
            parent[next] = node;
            depth[next] = depth[node] + 1;
            queue.push(next);
          }
        }
      }
    }
  }
  return null;
}

function chainStep(
  state: LogicState,
  digit: number,
  parent: Int32Array,
  end: number,
  start: number,
  removed: number[],
): Step {
  const { size } = state.geometry;
  // Walk back from the end: the chain's cells and the kind of link into each.
  const path: { cell: number; strong: boolean }[] = [];
  for (let node = end; node !== 2 * start; node = parent[node]) {
    path.push({ cell: node >> 1, strong: (node & 1) === 1 });
  }
  path.reverse();
  const chainCells = [start, ...path.map((step) => step.cell)];
  const d = digitChar(digit);
  const text = [
    cellName(start, size),
    ...path.map((step) => `${step.strong ? '=' : '-'} ${cellName(step.cell, size)}`),
  ].join(' ');
  const ends = `${cellName(start, size)} or ${cellName(end >> 1, size)}`;
  const sorted = [...chainCells].sort((a, b) => a - b);
  return {
    technique: 'x-chain',
    cells: sorted,
    candidates: sorted.map((cell) => ({ cell, digit })),
    placements: [],
    eliminations: removed.map((cell) => ({ cell, digit })),
    explanation:
      `Chain on ${d}: ${text} (= joins the only two places for ${d} in a unit, - two cells ` +
      `that see each other). One of its ends, ${ends}, is ${d}, so ${d} can be removed from ` +
      `${listCells(removed, size)}, which ${removed.length === 1 ? 'sees' : 'see'} both`,
  };
}
