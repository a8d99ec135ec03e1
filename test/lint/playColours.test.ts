/**
 * Play's colours as app.css defines them, in light and dark: each apart from every region
 * tint (the regions' hues at --region-s and --region-l) and from every other colour (CIE76
 * colour difference), and the text drawn in a coloured cell (clues, the player's digits and
 * marks, revealed and wrong digits) at 4.5:1 or more on each. Plus the palette's names and
 * wedges (playColours.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hueOfColour, PALETTE_SIZE } from '../../src/ui/colours.ts';
import {
  colourFill,
  colourLabel,
  colourNames,
  PLAY_COLOUR_NAMES,
} from '../../src/ui/play/playColours.ts';

const css = readFileSync(new URL('../../src/ui/app.css', import.meta.url), 'utf8');
const darkAt = css.indexOf('@media (prefers-color-scheme: dark)');
const schemes = {
  light: css.slice(0, darkAt),
  dark: css.slice(darkAt, css.indexOf('}\n}', darkAt)),
};

const variable = (block: string, name: string): string => {
  const found = new RegExp(`--${name}:\\s*([^;]+);`).exec(block);
  if (!found) throw new Error(`--${name} is not set`);
  return found[1].trim();
};

type Rgb = [number, number, number];
const hex = (text: string): Rgb => {
  expect(text).toMatch(/^#[0-9a-f]{6}$/i);
  return [1, 3, 5].map((at) => parseInt(text.slice(at, at + 2), 16) / 255) as Rgb;
};
const hsl = (h: number, s: number, l: number): Rgb => {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
};
const linear = (c: number): number => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map(linear);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: Rgb, b: Rgb): number => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};
const lab = (rgb: Rgb): Rgb => {
  const [r, g, b] = rgb.map(linear);
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
};
const difference = (a: Rgb, b: Rgb): number => {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};

describe('the play colours in app.css', () => {
  for (const [scheme, block] of Object.entries(schemes)) {
    it(`${scheme}: apart from the region tints and each other; text legible on each`, () => {
      const colours = PLAY_COLOUR_NAMES.map((_, at) => hex(variable(block, `colour-${at + 1}`)));
      const percent = (name: string) => parseFloat(variable(block, name)) / 100;
      const tints = Array.from({ length: PALETTE_SIZE }, (_, at) =>
        hsl(hueOfColour(at), percent('region-s'), percent('region-l')),
      );
      const texts = ['clue', 'colour-solved', 'colour-revealed', 'colour-conflict'].map((name) =>
        hex(variable(block, name)),
      );
      colours.forEach((colour, at) => {
        const name = PLAY_COLOUR_NAMES[at];
        for (const tint of tints) expect(difference(colour, tint), name).toBeGreaterThan(18);
        colours.forEach((other, there) => {
          if (there !== at) expect(difference(colour, other), name).toBeGreaterThan(18);
        });
        for (const text of texts) expect(contrast(colour, text), name).toBeGreaterThanOrEqual(4.5);
      });
    });
  }
});

describe('playColours.ts', () => {
  it('names the colours and splits a cell into wedges', () => {
    expect(colourLabel(1)).toBe('Colour 1: red');
    expect(colourLabel(9)).toBe('Colour 9: grey');
    expect(colourNames((1 << 1) | (1 << 5) | (1 << 6))).toBe('red, teal and blue');
    expect(colourFill(0)).toBeNull();
    expect(colourFill(1 << 4)).toBe('linear-gradient(var(--colour-4), var(--colour-4))');
    expect(colourFill((1 << 1) | (1 << 2) | (1 << 3))).toBe(
      'conic-gradient(from 45deg, var(--colour-1) 0.00% 33.33%, var(--colour-2) 33.33% 66.67%, var(--colour-3) 66.67% 100.00%)',
    );
  });
});
