/** Bit tricks shared by the generic bitset engine (bitset.ts) and estimate.ts. */

/** Set bits in a 32-bit mask (SWAR popcount: no loop, no table). */
export function bitCount(mask: number): number {
  let bits = mask - ((mask >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
