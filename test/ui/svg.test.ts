/**
 * The SVG renderer (src/ui/render/svg.ts): thick lines exactly on the walls, thin lines
 * between all cells, clues bold, solution digits only where asked, text escaped, region
 * colours on request, and a size that grows with the title and author lines.
 */
import { describe, expect, it } from 'vitest';
import { standardRegions, wallsFromRegions } from '../../src/engine/index.ts';
import { renderPuzzleSvg, svgDimensions } from '../../src/ui/render/svg.ts';

const regions = Array.from(standardRegions(4));
const walls = Array.from(wallsFromRegions(4, regions));
const givens = [1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0];
const solution = [1, 2, 4, 3, 4, 3, 1, 2, 2, 1, 3, 4, 3, 4, 2, 1];
const base = { size: 4, walls, regions, givens, cellPx: 40 };

const parse = (svg: string): Document => new DOMParser().parseFromString(svg, 'image/svg+xml');
const segmentsOf = (d: string): number => (d.match(/M/g) ?? []).length;

describe('renderPuzzleSvg', () => {
  it('is well-formed SVG with thin lines between cells and thick ones on the walls', () => {
    const doc = parse(renderPuzzleSvg(base));
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const [thin, thick] = Array.from(doc.getElementsByTagName('path'));
    expect(thin.getAttribute('stroke-width')).toBe('1');
    expect(segmentsOf(thin.getAttribute('d') ?? '')).toBe(6);
    // Standard 2×2 boxes: the middle line each way, two cell edges per box side: 8 edges.
    expect(thick.getAttribute('stroke-width')).toBe('4');
    expect(segmentsOf(thick.getAttribute('d') ?? '')).toBe(8);
  });

  it('writes clues in bold, and the solution only when given', () => {
    const digits = (svg: string) =>
      Array.from(parse(svg).getElementsByTagName('text')).map((t) => [
        t.textContent,
        t.getAttribute('font-weight'),
      ]);
    expect(digits(renderPuzzleSvg(base))).toEqual([
      ['1', 'bold'],
      ['2', 'bold'],
      ['3', 'bold'],
      ['4', 'bold'],
    ]);
    const solved = digits(renderPuzzleSvg({ ...base, solution }));
    expect(solved).toHaveLength(16);
    expect(solved.filter(([, weight]) => weight === 'bold')).toHaveLength(4);
  });

  it('escapes the title and author and makes room for them', () => {
    const info = { title: 'A <b> & "c"', author: "O'Neil", rules: '' };
    const svg = renderPuzzleSvg({ ...base, info });
    const doc = parse(svg);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const texts = Array.from(doc.getElementsByTagName('text')).map((t) => t.textContent);
    expect(texts.slice(0, 2)).toEqual(['A <b> & "c"', "by O'Neil"]);
    expect(svgDimensions({ ...base, info }).height).toBeGreaterThan(svgDimensions(base).height);
  });

  it('colours regions on request, one rectangle per cell', () => {
    const plain = parse(renderPuzzleSvg(base)).getElementsByTagName('rect').length;
    const coloured = parse(renderPuzzleSvg({ ...base, colours: true })).getElementsByTagName(
      'rect',
    );
    expect(coloured.length - plain).toBe(16);
  });
});
