/** Seeded pseudo-random numbers (mulberry32), so layouts and puzzles can be reproduced. */

export type Random = () => number;

/** A generator of floats in [0, 1) from a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [0, bound). */
export const randomInt = (random: Random, bound: number): number => Math.floor(random() * bound);

/** Shuffle in place (Fisher–Yates) and return the same array. */
export function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
