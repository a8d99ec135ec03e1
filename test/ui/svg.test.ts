/**
 * The SVG renderer (src/ui/render/svg.ts): thick lines exactly on the walls, thin lines
 * between all cells, clues bold, solution digits only where asked, text escaped, region
 * colours on request, and a size that grows with the title and author lines.
 */
import { describe, expect, it } from 'vitest';
import { standardRegions, wallsFromRegions, type Constraint } from '../../src/engine/index.ts';
import { EXPORT_TONES } from '../../src/ui/render/constraintShapes.ts';
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

  it('draws constraints from the shared shapes, under and over the digits', () => {
    const constraints: Constraint[] = [
      { kind: 'thermometer', cells: [0, 1, 2] },
      { kind: 'cage', cells: [5, 6, 9], sum: 7 },
      { kind: 'antiKnight' },
    ];
    const doc = parse(renderPuzzleSvg({ ...base, constraints }));
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const groups = Array.from(doc.getElementsByTagName('g'));
    expect(groups.map((g) => g.getAttribute('class'))).toEqual([
      'constraints-under',
      'constraints-over',
    ]);
    // Scaled to grid units from the grid's corner (margin 16, 40 px cells).
    expect(groups[0].getAttribute('transform')).toBe('translate(16 16) scale(40)');
    const bulb = groups[0].getElementsByTagName('circle')[0];
    expect(bulb.getAttribute('cx')).toBe('0.5');
    const cage = groups[1].getElementsByTagName('path')[0];
    expect(cage.getAttribute('stroke-dasharray')).toBeTruthy();
    const sum = groups[1].getElementsByTagName('text')[0];
    expect(sum.textContent).toBe('7');
    // The under group comes before the digits, the over group after them.
    const all = Array.from(doc.documentElement.children);
    const firstDigit = all.findIndex((el) => el.tagName === 'text' && el.textContent === '1');
    expect(all.indexOf(groups[0])).toBeLessThan(firstDigit);
    expect(all.indexOf(groups[1])).toBeGreaterThan(firstDigit);
  });

  it('makes room outside the grid for little killer and sandwich sums', () => {
    const sandwich: Constraint[] = [{ kind: 'sandwich', line: 'row', index: 1, sum: 3 }];
    const wide = svgDimensions({ ...base, constraints: sandwich });
    expect(wide.width).toBe(svgDimensions(base).width + 2 * 30);
    const thermometer: Constraint[] = [{ kind: 'thermometer', cells: [0, 1] }];
    expect(svgDimensions({ ...base, constraints: thermometer })).toEqual(svgDimensions(base));
  });

  it('draws broken constraints in the error colour', () => {
    const constraints: Constraint[] = [{ kind: 'whisper', cells: [0, 1] }];
    const stroke = (broken?: Set<number>) =>
      parse(renderPuzzleSvg({ ...base, constraints, brokenConstraints: broken }))
        .getElementsByTagName('g')[0]
        .getElementsByTagName('path')[0]
        .getAttribute('stroke');
    expect(stroke()).toBe(EXPORT_TONES.whisper);
    expect(stroke(new Set([0]))).toBe(EXPORT_TONES.error);
  });
});
