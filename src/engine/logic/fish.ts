/**
 * Fish: n base units that hold a digit's only places, covered by n other units.
 *
 * The rule, for any kinds of unit: take n base units that share no cell, so d occurs in
 * them exactly n times, at n different cells. If every place for d in the bases lies in
 * the union of n cover units, each cover holds exactly one of those n digits (a cover
 * holds d once, and n cells are spread over n covers), so no other cell of a cover can be
 * d. With rows as bases and columns as covers (or the reverse) this is the X-wing (n = 2)
 * the swordfish (n = 3) and the jellyfish (n = 4).
 *
 * jigsawFish is the same rule with regions among the bases or covers, for n = 2: "in
 * regions 3 and 7, 5 can only go in rows 2 and 6" is a pattern irregular regions make
 * common (on standard boxes it is rare and always also reachable by other means). Its
 * covers are found from the places themselves: the first place picks one of its three
 * units, and the places that unit leaves must all share one more unit.
 */
import { digitChar } from '../board.ts';
import { popcount } from '../units.ts';
import { placesOf } from './intersections.ts';
import { unitName, type LogicState } from './state.ts';
import { eliminationsOf, listCells, listWords, type Step } from './step.ts';

const FISH_NAMES = { 2: 'x-wing', 3: 'swordfish', 4: 'jellyfish' } as const;

/** An X-wing (n = 2), swordfish (n = 3) or jellyfish (n = 4) on rows or columns. */
export function lineFish(state: LogicState, n: 2 | 3 | 4): Step | null {
  const { geometry, candidates } = state;
  const { size, units } = geometry;
  for (const baseKind of ['row', 'column'] as const) {
    const lineOffset = baseKind === 'row' ? 0 : size;
    const coverOffset = baseKind === 'row' ? size : 0;
    for (let digit = 1; digit <= size; digit++) {
      // Per base line, the cross lines where the digit may go, as a mask of line indices.
      const lines: number[] = [];
      const crossMasks: number[] = [];
      for (let line = 0; line < size; line++) {
        const places = placesOf(state, units[lineOffset + line], digit);
        if (places.length < 2 || places.length > n) continue;
        let mask = 0;
        for (const cell of places)
          mask |= 1 << (baseKind === 'row' ? cell % size : (cell / size) | 0);
        lines.push(line);
        crossMasks.push(mask);
      }
      const chosen: number[] = [];
      const search = (from: number, union: number): Step | null => {
        if (chosen.length === n) {
          if (popcount(union) !== n) return null;
          const baseLines = chosen.map((index) => lines[index]);
          const coverLines: number[] = [];
          for (let line = 0; line < size; line++) if (union & (1 << line)) coverLines.push(line);
          const baseCells = baseLines.flatMap((line) => units[lineOffset + line].cells);
          const removed = coverLines
            .flatMap((line) => units[coverOffset + line].cells)
            .filter((cell) => !baseCells.includes(cell))
            .sort((first, second) => first - second);
          const eliminations = eliminationsOf(candidates, removed, 1 << digit);
          if (eliminations.length === 0) return null;
          const used = eliminationsOf(candidates, baseCells, 1 << digit);
          const bases = baseLines.map((line) => units[lineOffset + line]);
          const covers = coverLines.map((line) => units[coverOffset + line]);
          const baseWord = baseKind === 'row' ? 'rows' : 'columns';
          const coverWord = baseKind === 'row' ? 'columns' : 'rows';
          const d = digitChar(digit);
          return {
            technique: FISH_NAMES[n],
            cells: used.map(({ cell }) => cell).sort((first, second) => first - second),
            candidates: used,
            placements: [],
            eliminations,
            explanation:
              `In ${baseWord} ${listWords(bases.map((unit) => String(unit.index + 1)))}, ` +
              `${d} can only go in ${coverWord} ` +
              `${listWords(covers.map((unit) => String(unit.index + 1)))}, so ${d} can be ` +
              `removed from the rest of those ${coverWord}: ` +
              `${listCells(
                eliminations.map(({ cell }) => cell),
                size,
              )}`,
          };
        }
        for (let index = from; index < lines.length; index++) {
          const next = union | crossMasks[index];
          if (popcount(next) > n) continue;
          chosen.push(index);
          const found = search(index + 1, next);
          chosen.pop();
          if (found !== null) return found;
        }
        return null;
      };
      const found = search(0, 0);
      if (found !== null) return found;
    }
  }
  return null;
}

export const xWing = (state: LogicState): Step | null => lineFish(state, 2);
export const swordfish = (state: LogicState): Step | null => lineFish(state, 3);
export const jellyfish = (state: LogicState): Step | null => lineFish(state, 4);

/**
 * A two-unit fish with at least one region among its bases or covers: two base units
 * sharing no cell whose places for a digit all lie in two cover units.
 */
export function jigsawFish(state: LogicState): Step | null {
  const { geometry, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  const slotOf = (unitIndex: number): number =>
    unitIndex < size ? 0 : unitIndex < 2 * size ? 1 : 2;
  const contains = (unitIndex: number, cell: number): boolean =>
    unitsOfCell[3 * cell + slotOf(unitIndex)] === unitIndex;
  for (let digit = 1; digit <= size; digit++) {
    const places = units.map((unit) => placesOf(state, unit, digit));
    // A base's places lie in two covers other than the base itself: units whose places
    // cannot are no base of any fish, and most pairs end here.
    const coverable = places.map((cells, unitIndex) => {
      if (cells.length < 2) return false;
      for (let slot = 0; slot < 3; slot++) {
        const cover1 = unitsOfCell[3 * cells[0] + slot];
        if (cover1 === unitIndex) continue;
        const rest = cells.filter((cell) => !contains(cover1, cell));
        if (rest.length === 0) return true;
        for (let restSlot = 0; restSlot < 3; restSlot++) {
          const cover2 = unitsOfCell[3 * rest[0] + restSlot];
          if (cover2 === unitIndex || cover2 === cover1) continue;
          if (rest.every((cell) => contains(cover2, cell))) return true;
        }
      }
      return false;
    });
    for (let first = 0; first < units.length; first++) {
      if (!coverable[first]) continue;
      for (let second = first + 1; second < units.length; second++) {
        if (!coverable[second]) continue;
        if (units[first].cells.some((cell) => contains(second, cell))) continue;
        const baseCells = [...places[first], ...places[second]];
        for (let slot = 0; slot < 3; slot++) {
          const cover1 = unitsOfCell[3 * baseCells[0] + slot];
          const rest = baseCells.filter((cell) => !contains(cover1, cell));
          if (rest.length === 0) continue; // all in one unit: locked candidates, not a fish
          for (let restSlot = 0; restSlot < 3; restSlot++) {
            const cover2 = unitsOfCell[3 * rest[0] + restSlot];
            if (cover2 === cover1 || !rest.every((cell) => contains(cover2, cell))) continue;
            const covers = [cover1, cover2];
            const kinds = [first, second, cover1, cover2].map(slotOf);
            if (!kinds.includes(2)) continue; // rows and columns only: an X-wing
            if (covers.includes(first) || covers.includes(second)) continue;
            const removed = [...units[cover1].cells, ...units[cover2].cells]
              .filter(
                (cell, at, all) =>
                  all.indexOf(cell) === at && !contains(first, cell) && !contains(second, cell),
              )
              .sort((a, b) => a - b);
            const eliminations = eliminationsOf(candidates, removed, 1 << digit);
            if (eliminations.length === 0) continue;
            const d = digitChar(digit);
            const sorted = [...baseCells].sort((a, b) => a - b);
            return {
              technique: 'jigsaw fish',
              cells: sorted,
              candidates: sorted.map((cell) => ({ cell, digit })),
              placements: [],
              eliminations,
              explanation:
                `In ${unitName(units[first])} and ${unitName(units[second])}, which share no ` +
                `cell, ${d} can only go in ${listCells(sorted, size, 'or')}, all inside ` +
                `${unitName(units[cover1])} and ${unitName(units[cover2])}; each of those holds ` +
                `one ${d}, so it is one of these, and ${d} can be removed from ` +
                `${listCells(
                  eliminations.map(({ cell }) => cell),
                  size,
                )}`,
            };
          }
        }
      }
    }
  }
  return null;
}
