/**
 * Region colours: neighbouring regions never share one. The regions' adjacency graph (two
 * regions touch when a cell of one is orthogonally next to a cell of the other) is coloured
 * greedily in region order, each region taking the smallest colour its already-coloured
 * neighbours leave free; a layout drawn on a grid is a planar map, and on real layouts greedy
 * order needs 4 or 5 colours. Should it need more than the palette holds, DSatur (most
 * constrained region first) recolours the whole map, which stays within 5 on every layout seen
 * (test/ui/colours.test.ts checks random layouts of every size). Region order first keeps the
 * colours stable while a setter edits: a change recolours only what it has to.
 */

/** Hues of the palette: far apart on the wheel, so any two neighbours look distinct. */
const PALETTE_HUES = [210, 30, 120, 290, 55, 170] as const;
export const PALETTE_SIZE = PALETTE_HUES.length;

export const hueOfColour = (colour: number): number => PALETTE_HUES[colour % PALETTE_SIZE];

/** For each region (0..count-1), the set of regions it touches. */
export function regionNeighbours(size: number, regionOf: ArrayLike<number>): Set<number>[] {
  let count = 0;
  for (let cell = 0; cell < size * size; cell++) count = Math.max(count, regionOf[cell] + 1);
  const neighbours = Array.from({ length: count }, () => new Set<number>());
  for (let cell = 0; cell < size * size; cell++) {
    const here = regionOf[cell];
    const right = cell % size < size - 1 ? regionOf[cell + 1] : here;
    const below = cell + size < size * size ? regionOf[cell + size] : here;
    for (const there of [right, below]) {
      if (there === here) continue;
      neighbours[here].add(there);
      neighbours[there].add(here);
    }
  }
  return neighbours;
}

function smallestFree(taken: Iterable<number>): number {
  const used = new Set(taken);
  let colour = 0;
  while (used.has(colour)) colour++;
  return colour;
}

/** A colour (0-based palette index) per region such that touching regions differ. */
export function colourRegions(
  size: number,
  regionOf: ArrayLike<number>,
  paletteSize: number = PALETTE_SIZE,
): number[] {
  const neighbours = regionNeighbours(size, regionOf);
  const colours: number[] = new Array(neighbours.length).fill(-1);
  neighbours.forEach((near, region) => {
    colours[region] = smallestFree([...near].map((other) => colours[other]));
  });
  if (Math.max(-1, ...colours) < paletteSize) return colours;
  // DSatur: colour next the region whose neighbours already use the most distinct colours.
  colours.fill(-1);
  for (let done = 0; done < neighbours.length; done++) {
    let best = -1;
    let bestSaturation = -1;
    neighbours.forEach((near, region) => {
      if (colours[region] !== -1) return;
      const saturation = new Set([...near].map((o) => colours[o]).filter((c) => c >= 0)).size;
      if (
        saturation > bestSaturation ||
        (saturation === bestSaturation && near.size > neighbours[best].size)
      ) {
        best = region;
        bestSaturation = saturation;
      }
    });
    colours[best] = smallestFree([...neighbours[best]].map((other) => colours[other]));
  }
  return colours;
}

const coloursCache = new WeakMap<ArrayLike<number>, number[]>();

/**
 * The hue of each region of a layout view, computed once per layout (the derived view's
 * `regionOf` is a new array after each edit): the grid and the layout panel share it.
 */
export function regionHues(size: number, regionOf: Uint8Array): number[] {
  let hues = coloursCache.get(regionOf);
  if (!hues) {
    hues = colourRegions(size, regionOf).map(hueOfColour);
    coloursCache.set(regionOf, hues);
  }
  return hues;
}
