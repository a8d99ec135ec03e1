/**
 * The band-bitboard state of the 9x9 engines (jigsaw9.ts here; assembly/standard9.ts keeps the
 * same layout in its own constants, as AssemblyScript cannot import this file):
 * board 3d+b holds 27 bits, bit 9r+c set where digit d+1 may still go in row 3b+r, column c
 * (a placed digit keeps its bit); then three words of unsolved cells, one per band.
 */

/** All 27 cells of a band. */
export const BAND_FULL = 0x7ffffff;
/** Ints of one state: boards 0..26 (3*digit + band), then the unsolved cells of bands 0..2. */
export const STATE_INTS = 30;
/** Index of band 0's unsolved-cells word in a state. */
export const UNSOLVED = 27;

/** The solved grid (81 digits, reading order) held by the boards at the start of `state`. */
export function gridOfBands(state: Int32Array): Uint8Array {
  const grid = new Uint8Array(81);
  for (let at = 0; at < 27; at++) {
    const band = at % 3;
    const digit = ((at / 3) | 0) + 1;
    for (let rest = state[at]; rest !== 0; rest &= rest - 1) {
      grid[27 * band + 31 - Math.clz32(rest & -rest)] = digit;
    }
  }
  return grid;
}
