/**
 * The grid's contents are sized from `--frame` (the frame's width in px, kept by
 * GridSurface.tsx), never by container queries: with the frame a size container and cell
 * fonts in `cqw`, Chromium restyled and laid out all 256 cells of a 16x16 on every key
 * (13-17 ms a key with true candidates on, against 1.9 ms now: docs/setter-tools.md). A
 * browser test cannot time that reliably on two busy cores, so this guards the stylesheet.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = readFileSync(resolve(__dirname, '../../src/ui/app.css'), 'utf8');

describe('grid sizing', () => {
  it('uses no container query units or containers', () => {
    const uses = CSS.match(/\b\d*\.?\d+cq(w|h|i|b|min|max)\b|container-type|container:/g) ?? [];
    expect(uses).toEqual([]);
  });

  it('sizes the cell contents from --frame', () => {
    const rule = (selector: string): string => {
      const at = CSS.indexOf(`\n${selector} {`);
      expect(at, selector).toBeGreaterThanOrEqual(0);
      return CSS.slice(at, CSS.indexOf('}', at));
    };
    expect(rule('.cell')).toMatch(/font-size: calc\(var\(--frame\) \/ var\(--n\)/);
    expect(rule('.true-candidates')).toMatch(/--slot: calc\(var\(--frame\)/);
    expect(rule('.grid-frame')).toMatch(/--frame: /);
  });
});
