/**
 * Region characters: a layout written as one character per cell, row by row, the way the
 * jigsaw community's layout lists, the Interactive Sudoku Solver and our own one-line
 * formats write it (`AAABBBCCC…`). Each different character is one region, numbered in the
 * order it first appears, so any visible characters serve (letters, digits, symbols) and
 * two texts that name the same regions differently read as the same layout.
 *
 * Shared by the one-line puzzle format (jigsawLine.ts: givens, then region characters) and
 * the bare layout line (layoutLine.ts: region characters alone), so both read and write a
 * layout the same way and say the same thing when it is wrong. Written layouts use the
 * letters A, B, C… (a 25x25 layout ends at Y).
 */
import { validateLayout } from '../engine/index.ts';
import { quote } from './errors.ts';

const FIRST_REGION_LETTER = 65;

/** A layout read from region characters, or where (0-based, in the text) and what is wrong. */
export type RegionCharsRead = { regions: Uint8Array } | { index: number; message: string };

/**
 * The layout of `size*size` region characters (the text holds exactly that many): each
 * different character a region, in order of first appearance, checked as a layout.
 */
export function readRegionChars(text: string, size: number): RegionCharsRead {
  const cells = size * size;
  const regions = new Uint8Array(cells);
  const idOf = new Map<string, number>();
  const charOf: string[] = [];
  for (let cell = 0; cell < cells; cell++) {
    const char = text[cell];
    let id = idOf.get(char);
    if (id === undefined) {
      if (charOf.length === size) {
        return {
          index: cell,
          message: `${quote(char)} is a ${size + 1}th region character; a ${size}x${size} layout has ${size} regions (${charOf.join('')} so far)`,
        };
      }
      id = charOf.length;
      idOf.set(char, id);
      charOf.push(char);
    }
    regions[cell] = id;
  }
  if (charOf.length < size) {
    return {
      index: 0,
      message: `the region characters name ${charOf.length} regions (${charOf.join('')}); a ${size}x${size} layout has ${size}`,
    };
  }
  const problem = validateLayout(size, regions)[0];
  if (problem !== undefined) {
    // The layout check numbers regions; here they are named by their characters.
    const numbered = problem.region === undefined ? '' : `region ${problem.region + 1} `;
    const message =
      numbered !== '' && problem.message.startsWith(numbered)
        ? `region ${quote(charOf[problem.region as number])} ${problem.message.slice(numbered.length)}`
        : problem.message;
    return { index: problem.cells[0] ?? 0, message: `bad layout: ${message}` };
  }
  return { regions };
}

/** A layout as region letters A, B, C…, lettered in order of first appearance. */
export function regionCharsOf(size: number, regions: ArrayLike<number>): string {
  const cells = size * size;
  const letterOf = new Map<number, string>();
  let text = '';
  for (let cell = 0; cell < cells; cell++) {
    let letter = letterOf.get(regions[cell]);
    if (letter === undefined) {
      letter = String.fromCharCode(FIRST_REGION_LETTER + letterOf.size);
      letterOf.set(regions[cell], letter);
    }
    text += letter;
  }
  return text;
}
