/**
 * Y-cycles: a loop of two-candidate cells, each sharing a digit with the next and seeing it.
 *
 * Take cells c1 .. ck (k >= 4), each with exactly two candidates, where ci and ci+1 (and ck
 * and c1) see each other and share a digit xi, and xi is the other candidate of ci+1 than
 * the one ci+1 shares with ci+2. If ci is xi, ci+1 is not, so it is its other digit, xi+1,
 * and so on round the loop; if ci is not xi, it is its other digit, xi-1, so ci-1 is not
 * xi-1, and so on backwards. Either way every cell holds the same one of its two digits
 * (all the "first" or all the "second"), so of each pair of neighbours exactly one holds
 * their shared digit: a cell outside the loop that sees both loses that digit. This is
 * Sudoku Explainer's bidirectional Y-cycle (its ForcingChainCycle, 6.5 plus the length
 * term on its 2k candidates), found there before any other chain; the open chains over
 * the same cells are the alternating chain's (chains.ts), rated from 7.0.
 *
 * Why a module of its own: on the Sudoku Exchange sample (docs/logic.md) the loops SE
 * rates 6.6-6.7 came out 7.2-7.3 here as alternating chains. "See" is any shared row,
 * column or region, so the loop holds on every layout. The search takes loops shortest
 * first (4 cells, then 5, up to MAX_CYCLE_CELLS), and of the shortest that remove
 * something the one that removes most; CYCLE_WORK bounds the cells tried per search.
 */
import { cellName, digitChar } from '../board.ts';
import { popcount } from '../units.ts';
import { sees, type CellDigit, type LogicState } from './state.ts';
import { describeEliminations, digitsOf, listWords, type Step } from './step.ts';

/** The longest loop tried (cells). */
export const MAX_CYCLE_CELLS = 12;
/** Most loop extensions one search tries before giving up (a bound on work, not time). */
export const CYCLE_WORK = 200_000;

interface Loop {
  cells: number[];
  /** links[i]: the digit cells[i] and cells[i + 1] (cyclically) share. */
  links: number[];
  eliminations: CellDigit[];
}

/** The shortest Y-cycle that removes something (the most of those), or null. */
export function yCycle(state: LogicState): Step | null {
  const { geometry, grid, candidates } = state;
  const { size } = geometry;
  const cellCount = size * size;
  const bivalue: number[] = [];
  for (let cell = 0; cell < cellCount; cell++) {
    if (grid[cell] === 0 && popcount(candidates[cell]) === 2) bivalue.push(cell);
  }
  if (bivalue.length < 4) return null;
  // Per two-candidate cell, the two-candidate cells it sees that share a digit with it.
  const neighbours = new Map<number, number[]>();
  for (const cell of bivalue) {
    neighbours.set(
      cell,
      bivalue.filter(
        (other) => (candidates[other] & candidates[cell]) !== 0 && sees(geometry, cell, other),
      ),
    );
  }
  const onLoop = new Uint8Array(cellCount);
  let work = 0;
  for (let length = 4; length <= MAX_CYCLE_CELLS && length <= bivalue.length; length++) {
    let best: Loop | null = null;
    const cells: number[] = [];
    const links: number[] = [];
    const close = (): void => {
      const eliminations: CellDigit[] = [];
      for (let index = 0; index < cells.length; index++) {
        const first = cells[index];
        const second = cells[(index + 1) % cells.length];
        const bit = 1 << links[index];
        for (const cell of offLoopSeeing(first, second, bit)) {
          if (!eliminations.some((known) => known.cell === cell && known.digit === links[index]))
            eliminations.push({ cell, digit: links[index] });
        }
      }
      if (eliminations.length > (best?.eliminations.length ?? 0)) {
        best = { cells: [...cells], links: [...links], eliminations };
      }
    };
    // The cells off the loop holding `bit` that see both ends of a link.
    const offLoopSeeing = (first: number, second: number, bit: number): number[] => {
      const found: number[] = [];
      for (let slot = 0; slot < 3; slot++) {
        const unit = geometry.units[geometry.unitsOfCell[3 * first + slot]];
        for (const cell of unit.cells) {
          if (onLoop[cell] || !(candidates[cell] & bit) || found.includes(cell)) continue;
          if (sees(geometry, cell, second)) found.push(cell);
        }
      }
      return found;
    };
    // Extend from the last cell, which leaves on `leaving` (the digit it shares with the next);
    // the loop closes on the start's other digit, `startIn`.
    const extend = (leaving: number, startIn: number): void => {
      const last = cells[cells.length - 1];
      const start = cells[0];
      for (const next of neighbours.get(last) as number[]) {
        if (++work > CYCLE_WORK) return;
        if (!(candidates[next] & (1 << leaving))) continue;
        if (next === start) {
          if (cells.length === length && leaving === startIn) {
            links.push(leaving);
            close();
            links.pop();
          }
          continue;
        }
        // Each loop is walked from its lowest cell (both ways round; close keeps the best).
        if (onLoop[next] || cells.length === length || next < start) continue;
        onLoop[next] = 1;
        cells.push(next);
        links.push(leaving);
        extend(digitsOf(candidates[next] & ~(1 << leaving))[0], startIn);
        links.pop();
        cells.pop();
        onLoop[next] = 0;
      }
    };
    for (const start of bivalue) {
      if (work > CYCLE_WORK) break;
      for (const firstOut of digitsOf(candidates[start])) {
        onLoop[start] = 1;
        cells.push(start);
        extend(firstOut, digitsOf(candidates[start] & ~(1 << firstOut))[0]);
        cells.pop();
        onLoop[start] = 0;
      }
    }
    if (best !== null) return cycleStep(state, best);
    if (work > CYCLE_WORK) return null;
  }
  return null;
}

function cycleStep(state: LogicState, loop: Loop): Step {
  const { size } = state.geometry;
  const { candidates } = state;
  const { cells, links, eliminations } = loop;
  const pairs = cells.map(
    (cell) =>
      `${cellName(cell, size)} (${listWords(digitsOf(candidates[cell]).map(digitChar), 'or')})`,
  );
  const shared = cells.map(
    (cell, index) =>
      `${cellName(cell, size)} and ${cellName(cells[(index + 1) % cells.length], size)} ` +
      `share ${digitChar(links[index])}`,
  );
  const sorted = [...cells].sort((a, b) => a - b);
  return {
    technique: 'y-cycle',
    cells: sorted,
    candidates: sorted.flatMap((cell) =>
      digitsOf(candidates[cell]).map((digit) => ({ cell, digit })),
    ),
    placements: [],
    eliminations: [...eliminations].sort((a, b) => a.digit - b.digit || a.cell - b.cell),
    explanation:
      `${listWords(pairs)} form a loop, each cell seeing the next: ${listWords(shared)}. ` +
      `If one of them is the digit it shares with the next, the next is not, so it is the ` +
      `digit it shares with the one after, and so on round the loop; so either every cell ` +
      `holds the digit it shares with the next, or every cell the one it shares with the ` +
      `one before. Either way, of two neighbours exactly one holds their shared digit, so ` +
      `remove ${describeEliminations(eliminations, size)}, which see both`,
    complexity: 2 * cells.length,
  };
}
