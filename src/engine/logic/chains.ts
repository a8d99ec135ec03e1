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
 * and the shortest chain that removes something, over every start and digit, is taken (as
 * Sudoku Explainer takes the least complex); chains of one strong link say no more than
 * common peer, so only chains of three links or more are reported. MAX_LINKS bounds the
 * length, keeping a 25x25 search to a few million steps.
 */
import { cellName, digitChar } from '../board.ts';
import { sees, type CellDigit, type LogicState } from './state.ts';
import { placesOf } from './intersections.ts';
import { describeEliminations, digitsOf, listCells, type Step } from './step.ts';

/** Longest chain tried, in links. */
export const MAX_LINKS = 11;

export function xChain(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const cells = size * size;
  // The shortest chain over every digit and start (SE takes the least complex): a search
  // stops at the best length found so far; ties keep the first found.
  let best: { links: number; step: () => Step } | null = null;
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
        if (best !== null && depth[node] >= best.links) break;
        if (node & 1) {
          if (depth[node] >= 3) {
            const removed = holders.filter(
              (other) =>
                other !== start &&
                other !== cell &&
                sees(geometry, other, start) &&
                sees(geometry, other, cell),
            );
            if (removed.length > 0) {
              const [found, from, chainDigit] = [node, start, digit];
              const chainParent = parent;
              best = {
                links: depth[node],
                step: () => chainStep(state, chainDigit, chainParent, found, from, removed),
              };
              break;
            }
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
  return best === null ? null : (best as { step: () => Step }).step();
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

/** Longest alternating chain tried, in links. */
export const MAX_AIC_LINKS = 9;

/**
 * Alternating inference chains over candidates (cell, digit). A strong link joins two
 * candidates of which one must be true (the two candidates of a two-candidate cell, or the
 * only two places of a digit in a unit); a weak link joins two that cannot both be true
 * (two candidates of one cell, or one digit in two cells that see each other). A chain
 * strong at both ends and alternating proves that one of its ends is true, which removes:
 * the digit from every cell that sees both ends (same digit); every other candidate of the
 * cell (both ends in one cell); or, when the ends are different digits in cells that see
 * each other, each end's digit from the other end's cell. X-chains and XY-wings are special
 * cases, and are tried first.
 */
export function alternatingChain(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const cells = size * size;
  const node = (cell: number, digit: number): number => cell * 32 + digit;
  // Strong links per candidate node.
  const strong = new Map<number, number[]>();
  const link = (a: number, b: number): void => {
    const list = strong.get(a) ?? [];
    if (!list.includes(b)) list.push(b);
    strong.set(a, list);
  };
  for (let cell = 0; cell < cells; cell++) {
    const digits = digitsOf(candidates[cell]);
    if (digits.length === 2) {
      link(node(cell, digits[0]), node(cell, digits[1]));
      link(node(cell, digits[1]), node(cell, digits[0]));
    }
  }
  for (const unit of units) {
    for (let digit = 1; digit <= size; digit++) {
      const places = placesOf(state, unit, digit);
      if (places.length !== 2) continue;
      link(node(places[0], digit), node(places[1], digit));
      link(node(places[1], digit), node(places[0], digit));
    }
  }
  // Visited marks per (node, parity), reset by stamping rather than clearing.
  const stamp = new Int32Array(2 * cells * 32);
  const parent = new Int32Array(2 * cells * 32);
  const depth = new Int32Array(2 * cells * 32);
  let generation = 0;
  const starts = [...strong.keys()].sort((a, b) => a - b);
  // The shortest chain over every start (SE takes the least complex): a search stops at
  // the best length found so far; ties keep the first found. The path is kept as found,
  // since the next search reuses the arrays.
  let best: { links: number; step: Step } | null = null;
  for (const start of starts) {
    generation++;
    const startCell = start >> 5;
    const startDigit = start & 31;
    const queue: number[] = [];
    const visit = (state2: number, from: number, links: number): void => {
      if (stamp[state2] === generation) return;
      stamp[state2] = generation;
      parent[state2] = from;
      depth[state2] = links;
      queue.push(state2);
    };
    for (const next of strong.get(start) ?? []) visit(2 * next + 1, 2 * start, 1);
    for (let head = 0; head < queue.length; head++) {
      const current = queue[head];
      const at = current >> 1;
      const cell = at >> 5;
      const digit = at & 31;
      if (best !== null && depth[current] >= best.links) break;
      if (at === start) continue;
      if (current & 1) {
        if (depth[current] >= 3) {
          const eliminations = chainEliminations(state, startCell, startDigit, cell, digit);
          if (eliminations.length > 0) {
            best = {
              links: depth[current],
              step: aicStep(state, parent, current, start, eliminations),
            };
            break;
          }
        }
        if (depth[current] + 2 > MAX_AIC_LINKS) continue;
        // Weak links: other candidates of the cell, and the digit in cells this one sees.
        for (const other of digitsOf(candidates[cell])) {
          if (other !== digit) visit(2 * node(cell, other), current, depth[current] + 1);
        }
        const bit = 1 << digit;
        for (let slot = 0; slot < 3; slot++) {
          for (const peer of units[unitsOfCell[3 * cell + slot]].cells) {
            if (peer !== cell && candidates[peer] & bit) {
              visit(2 * node(peer, digit), current, depth[current] + 1);
            }
          }
        }
      } else {
        for (const next of strong.get(at) ?? []) visit(2 * next + 1, current, depth[current] + 1);
      }
    }
  }
  return best === null ? null : (best as { step: Step }).step;
}

/** What "one of (a, x) and (b, y) is true" removes (see alternatingChain). */
function chainEliminations(
  state: LogicState,
  a: number,
  x: number,
  b: number,
  y: number,
): CellDigit[] {
  const { geometry, candidates } = state;
  const cells = geometry.size * geometry.size;
  const eliminations: CellDigit[] = [];
  if (x === y && a !== b) {
    for (let cell = 0; cell < cells; cell++) {
      if (cell === a || cell === b || !(candidates[cell] & (1 << x))) continue;
      if (sees(geometry, cell, a) && sees(geometry, cell, b)) eliminations.push({ cell, digit: x });
    }
  } else if (a === b && x !== y) {
    for (const digit of digitsOf(candidates[a])) {
      if (digit !== x && digit !== y) eliminations.push({ cell: a, digit });
    }
  } else if (a !== b && sees(geometry, a, b)) {
    if (candidates[a] & (1 << y)) eliminations.push({ cell: a, digit: y });
    if (candidates[b] & (1 << x)) eliminations.push({ cell: b, digit: x });
  }
  return eliminations;
}

function aicStep(
  state: LogicState,
  parent: Int32Array,
  end: number,
  start: number,
  eliminations: CellDigit[],
): Step {
  const { size } = state.geometry;
  const path: { at: number; strong: boolean }[] = [];
  for (let current = end; current !== 2 * start; current = parent[current]) {
    path.push({ at: current >> 1, strong: (current & 1) === 1 });
  }
  path.reverse();
  const name = (at: number): string => `${cellName(at >> 5, size)}(${digitChar(at & 31)})`;
  const text = [name(start), ...path.map((step) => `${step.strong ? '=' : '-'} ${name(step.at)}`)];
  const last = path[path.length - 1].at;
  const used = [start, ...path.map((step) => step.at)];
  const chainCells = [...new Set(used.map((at) => at >> 5))].sort((a, b) => a - b);
  const isCell = (at: number): string => `${cellName(at >> 5, size)} is ${digitChar(at & 31)}`;
  return {
    technique: 'alternating chain',
    cells: chainCells,
    candidates: used.map((at) => ({ cell: at >> 5, digit: at & 31 })),
    placements: [],
    eliminations,
    explanation:
      `Chain ${text.join(' ')} (= : at least one is true, - : not both). Either ` +
      `${isCell(start)} or ${isCell(last)}, so remove ` +
      `${describeEliminations(eliminations, size)}`,
  };
}
