/**
 * Finned fish: an X-wing or swordfish on rows or columns with a few extra places, the fins.
 *
 * Take n base lines (rows, say) whose places for a digit d lie in n cover lines (columns)
 * except for the fins, places outside the covers. Either a fin holds d, or none does and
 * the bases' places all lie in the covers: the fish, which removes d from the rest of the
 * covers. So a cell of a cover, outside the bases, that sees every fin cannot be d either
 * way. A base with no place left in the covers (the sashimi form) is the same rule: then a
 * fin must hold d.
 *
 * On standard boxes the fins sit in one box with the target; with jigsaw regions "sees
 * every fin" is the whole rule (a shared row, column or region), so fins and targets take
 * any shape the layout allows. At most two fin lines are tried (n + 2 lines in all), which
 * is where the targets that see every fin are.
 */
import { digitChar } from '../board.ts';
import { popcount } from '../units.ts';
import { placesOf } from './intersections.ts';
import type { LogicState } from './state.ts';
import { eliminationsOf, listCells, listWords, type Step } from './step.ts';

const FINNED_NAMES = { 2: 'finned x-wing', 3: 'finned swordfish' } as const;

/** The line indices of a mask, ascending. */
const linesOf = (mask: number, size: number): number[] => {
  const lines: number[] = [];
  for (let line = 0; line < size; line++) if (mask & (1 << line)) lines.push(line);
  return lines;
};

/** A finned (or sashimi) X-wing (n = 2) or swordfish (n = 3) on rows or columns. */
export function finnedFish(state: LogicState, n: 2 | 3): Step | null {
  const { geometry, candidates } = state;
  const { size, units } = geometry;
  for (const baseKind of ['row', 'column'] as const) {
    const lineOffset = baseKind === 'row' ? 0 : size;
    const crossOf = (cell: number): number =>
      baseKind === 'row' ? cell % size : (cell / size) | 0;
    for (let digit = 1; digit <= size; digit++) {
      const bit = 1 << digit;
      const lines: number[] = [];
      const crossMasks: number[] = [];
      const placeLists: number[][] = [];
      for (let line = 0; line < size; line++) {
        const places = placesOf(state, units[lineOffset + line], digit);
        if (places.length < 2 || places.length > n + 2) continue;
        let mask = 0;
        for (const cell of places) mask |= 1 << crossOf(cell);
        lines.push(line);
        crossMasks.push(mask);
        placeLists.push(places);
      }
      const chosen: number[] = [];
      const tryCovers = (union: number): Step | null => {
        const crossLines = linesOf(union, size);
        const baseCells = chosen.flatMap((index) => placeLists[index]);
        const baseLines = chosen.map((index) => lines[index]);
        const inBase = (cell: number): boolean =>
          baseLines.includes(baseKind === 'row' ? (cell / size) | 0 : cell % size);
        // Every choice of n covers among the cross lines; the places outside them are fins.
        const pick: number[] = [];
        const choose = (from: number): Step | null => {
          if (pick.length === n) {
            const coverMask = pick.reduce((mask, line) => mask | (1 << line), 0);
            const fins = baseCells.filter((cell) => (coverMask & (1 << crossOf(cell))) === 0);
            if (fins.length === 0) return null;
            // A target lies in a cover and outside the bases, so it shares neither line with
            // a fin (fins lie outside the covers): it can see the fins only through their
            // region. So the fins share one region, and the targets are in it.
            const finRegion = geometry.regions[fins[0]];
            if (fins.some((fin) => geometry.regions[fin] !== finRegion)) return null;
            const targets = units[2 * size + finRegion].cells
              .filter(
                (cell) =>
                  candidates[cell] & bit && coverMask & (1 << crossOf(cell)) && !inBase(cell),
              )
              .sort((first, second) => first - second);
            if (targets.length === 0) return null;
            const eliminations = eliminationsOf(candidates, targets, bit);
            const used = eliminationsOf(candidates, baseCells, bit);
            const baseWord = baseKind === 'row' ? 'rows' : 'columns';
            const coverWord = baseKind === 'row' ? 'columns' : 'rows';
            const d = digitChar(digit);
            const sortedFins = [...fins].sort((first, second) => first - second);
            const finWords =
              sortedFins.length === 1
                ? `the fin ${listCells(sortedFins, size)}`
                : `the fins ${listCells(sortedFins, size)}`;
            return {
              technique: FINNED_NAMES[n],
              cells: used.map(({ cell }) => cell).sort((first, second) => first - second),
              candidates: used,
              placements: [],
              eliminations,
              explanation:
                `In ${baseWord} ${listWords(baseLines.map((line) => String(line + 1)))}, ${d} can ` +
                `only go in ${coverWord} ${listWords(pick.map((line) => String(line + 1)))}, ` +
                `or in ${finWords}. If no fin is ${d}, ${d} leaves the rest of those ` +
                `${coverWord}; if one is, ${listCells(targets, size)} ` +
                `${targets.length === 1 ? 'sees' : 'see'} it. Either way ${d} can be removed ` +
                `from ${listCells(targets, size)}`,
            };
          }
          for (let index = from; index < crossLines.length; index++) {
            pick.push(crossLines[index]);
            const step = choose(index + 1);
            pick.pop();
            if (step !== null) return step;
          }
          return null;
        };
        return choose(0);
      };
      const search = (from: number, union: number): Step | null => {
        if (chosen.length === n) {
          // Exactly n cross lines is the plain fish (fish.ts); more than n + 2 leaves no
          // cell that sees every fin on any usual layout.
          const count = popcount(union);
          return count > n && count <= n + 2 ? tryCovers(union) : null;
        }
        for (let index = from; index < lines.length; index++) {
          const widened = union | crossMasks[index];
          if (popcount(widened) > n + 2) continue; // the union only grows
          chosen.push(index);
          const step = search(index + 1, widened);
          chosen.pop();
          if (step !== null) return step;
        }
        return null;
      };
      const step = search(0, 0);
      if (step !== null) return step;
    }
  }
  return null;
}

export const finnedXWing = (state: LogicState): Step | null => finnedFish(state, 2);
export const finnedSwordfish = (state: LogicState): Step | null => finnedFish(state, 3);
