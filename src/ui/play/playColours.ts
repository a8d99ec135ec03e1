/**
 * Play's colours (the Colour entry, SudokuPad's): nine, named, keys 1-9. The colours
 * themselves are CSS (`--colour-1` to `--colour-9` in app.css, for light and dark), chosen
 * to stay apart from every region tint and from each other, with the digits and marks drawn
 * in a coloured cell at 4.5:1 or more on each of them (test/ui/playColours.test.ts measures
 * both from app.css). A cell with several colours is split as SudokuPad splits it: into equal
 * wedges round its centre, the first from the top-right corner, so two colours split it on
 * the diagonal.
 */
import { PLAY_COLOURS } from '../../store/store.ts';

export const PLAY_COLOUR_NAMES = [
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
  'pink',
  'grey',
] as const;

if (PLAY_COLOUR_NAMES.length !== PLAY_COLOURS) throw new Error('a name for each play colour');

/** "Colour 1: red": a pad button's name. */
export const colourLabel = (colour: number): string =>
  `Colour ${colour}: ${PLAY_COLOUR_NAMES[colour - 1]}`;

/** The colours of a mask, in order (bit c for colour c). */
export function coloursOf(mask: number): number[] {
  const colours: number[] = [];
  for (let colour = 1; colour <= PLAY_COLOURS; colour++) {
    if (mask & (1 << colour)) colours.push(colour);
  }
  return colours;
}

/** The colours' names, for a cell's accessible name: "red", "red and blue", "red, teal and blue". */
export function colourNames(mask: number): string {
  const names = coloursOf(mask).map((colour) => PLAY_COLOUR_NAMES[colour - 1]);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The cell's background for its colours: one fill, or equal wedges (see the header). */
export function colourFill(mask: number): string | null {
  const colours = coloursOf(mask);
  if (colours.length === 0) return null;
  if (colours.length === 1)
    return `linear-gradient(var(--colour-${colours[0]}), var(--colour-${colours[0]}))`;
  const share = 100 / colours.length;
  const stops = colours.map((colour, index) => {
    const from = (index * share).toFixed(2);
    const to = ((index + 1) * share).toFixed(2);
    return `var(--colour-${colour}) ${from}% ${to}%`;
  });
  return `conic-gradient(from 45deg, ${stops.join(', ')})`;
}
