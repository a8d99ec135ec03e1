/**
 * Region colours: neighbouring regions never share one. The regions' adjacency graph (two
 * regions touch when a cell of one is orthogonally next to a cell of the other) is coloured
 * greedily in region order, each region taking the smallest colour its already-coloured
 * neighbours leave free; a layout drawn on a grid is a planar map, and on real layouts greedy
 * order needs 4 or 5 colours. Should it need more than the palette holds, DSatur (most
 * constrained region first) recolours the whole map, which stays within 5 on every layout seen
 * (test/ui/colours.test.ts checks random layouts of every size).
 *
 * Stable while a setter edits: region numbers follow reading order, so a wall that splits one
 * region renumbers every region after it, and greedy order alone then recoloured half the map.
 * So each region first tries the colour most of its cells had in the last colouring of that
 * size (regionHues remembers it per cell), when no neighbour coloured before it holds it.
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

/**
 * A colour (0-based palette index) per region such that touching regions differ. `before`,
 * when given, is a colour per cell from an earlier colouring (-1: none): each region then
 * keeps the colour most of its cells had, where its neighbours allow.
 */
export function colourRegions(
  size: number,
  regionOf: ArrayLike<number>,
  paletteSize: number = PALETTE_SIZE,
  before?: ArrayLike<number>,
): number[] {
  const neighbours = regionNeighbours(size, regionOf);
  const colours: number[] = new Array(neighbours.length).fill(-1);
  if (before) {
    // The regions with most cells of their old colour keep it first: of a region split in
    // two, the bigger part.
    const wanted = preferredColours(size, regionOf, neighbours.length, before);
    const order = [...wanted.keys()].sort((a, b) => wanted[b].cells - wanted[a].cells);
    for (const region of order) {
      const { colour } = wanted[region];
      if (colour < 0 || colour >= paletteSize) continue;
      if (![...neighbours[region]].some((other) => colours[other] === colour)) {
        colours[region] = colour;
      }
    }
  }
  neighbours.forEach((near, region) => {
    if (colours[region] === -1) {
      colours[region] = smallestFree([...near].map((other) => colours[other]));
    }
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

/**
 * For each region, the colour most of its cells had in `before` (-1 when none had one) and
 * how many cells had it.
 */
function preferredColours(
  size: number,
  regionOf: ArrayLike<number>,
  count: number,
  before: ArrayLike<number>,
): { colour: number; cells: number }[] {
  const votes = Array.from({ length: count }, () => new Map<number, number>());
  for (let cell = 0; cell < size * size; cell++) {
    const colour = before[cell];
    if (colour < 0) continue;
    const tally = votes[regionOf[cell]];
    tally.set(colour, (tally.get(colour) ?? 0) + 1);
  }
  return votes.map((tally) => {
    let colour = -1;
    let cells = 0;
    for (const [candidate, n] of tally) if (n > cells) [colour, cells] = [candidate, n];
    return { colour, cells };
  });
}

const coloursCache = new WeakMap<ArrayLike<number>, number[]>();
/** The colour of each cell in the last layout coloured, per grid size. */
const lastColours = new Map<number, Int8Array>();

/**
 * The hue of each region of a layout view, computed once per layout (the derived view's
 * `regionOf` is a new array after each edit): the grid and the layout panel share it. Each
 * new layout starts from the colours of the last one of its size (see the file header).
 */
export function regionHues(size: number, regionOf: Uint8Array): number[] {
  let hues = coloursCache.get(regionOf);
  if (!hues) {
    const colours = colourRegions(size, regionOf, PALETTE_SIZE, lastColours.get(size));
    const byCell = new Int8Array(size * size);
    for (let cell = 0; cell < size * size; cell++) byCell[cell] = colours[regionOf[cell]];
    lastColours.set(size, byCell);
    hues = colours.map(hueOfColour);
    coloursCache.set(regionOf, hues);
  }
  return hues;
}
