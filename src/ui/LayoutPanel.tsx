import { useMemo, type CSSProperties } from 'react';
import { layoutOf } from '../store/store.ts';
import { regionHues } from './colours.ts';
import { useHighlightLink } from './layoutHighlight.tsx';
import { LayoutCheck } from './SetterTools.tsx';
import { useSquiggly } from './StoreContext.tsx';

const sentence = (text: string): string => `${text[0].toUpperCase()}${text.slice(1)}.`;

/**
 * What else is wrong: with the right number of regions, which of them are not right (a
 * bare "each of 9 cells" would read as if they all were); else what each one needs.
 */
function notReadyDetail(layout: ReturnType<typeof layoutOf>, size: number): string {
  const split = layout.pieces.filter((parts) => parts.length > 1).length;
  if (layout.regions.length !== size) {
    return `, each of ${size} cells${split > 0 ? ' in one piece' : ''}`;
  }
  const wrongSize = layout.regions.filter((cells) => cells.length !== size).length;
  const them = (count: number, what: string): string =>
    `${count} of them ${count === 1 ? 'is' : 'are'} ${what}`;
  const parts = [
    wrongSize > 0 ? them(wrongSize, `not ${size} cells`) : '',
    split > 0 ? them(split, 'in pieces') : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? `; ${parts.join(', and ')}` : '';
}

/**
 * Live feedback on the layout while it is drawn: every region with its cell count, and each
 * problem in words. A half-drawn layout is a normal state, so this informs and never blocks.
 * Each region and problem in the lists is linked to its cells: hovering or focusing it
 * highlights them on the grid, where LayoutMarks also marks every problem all the time. The
 * problems and the regions that need work are in the tab order; a sound region is not.
 */
export function LayoutPanel() {
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const regions = useSquiggly((s) => s.regions);
  const layout = useMemo(() => layoutOf({ size, walls, regions }), [size, walls, regions]);
  const blocking = layout.problems.filter((p) => p.code !== 'wall-open');
  const open = layout.problems.filter((p) => p.code === 'wall-open');
  // Long lists (a 16x16 grid cut into single cells) stay readable: show the first ones.
  const shown = layout.regions.slice(0, 32);
  const count = layout.regions.length;
  const hues = regionHues(size, layout.regionOf);
  const link = useHighlightLink();

  return (
    <section className="panel layout-panel" aria-labelledby="layout-title">
      <h2 id="layout-title">Layout</h2>
      <p className="layout-summary">
        {layout.valid
          ? `Complete: ${size} regions of ${size} cells.`
          : `Layout not ready: ${count} region${count === 1 ? '' : 's'}, ${size} needed${notReadyDetail(layout, size)}.`}
      </p>
      <LayoutCheck />
      <ul className="region-list" aria-label="Regions">
        {shown.map((cells, index) => {
          const pieces = layout.pieces[index].length;
          const ok = cells.length === size && pieces === 1;
          return (
            <li
              key={index}
              className={ok ? 'region-ok' : 'region-bad'}
              style={{ '--hue': hues[index] } as CSSProperties}
              {...link(cells, !ok)}
            >
              <span className="swatch" aria-hidden="true" />
              Region {index + 1}: {cells.length} cell{cells.length === 1 ? '' : 's'}
              {cells.length > size ? ' (too many)' : cells.length < size ? ' (too few)' : ''}
              {pieces > 1 ? ` in ${pieces} pieces` : ''}
            </li>
          );
        })}
        {count > shown.length && <li>…and {count - shown.length} more</li>}
      </ul>
      {blocking.length + open.length > 0 && (
        <>
          <h3>Problems</h3>
          <ul className="problem-list" aria-label="Layout problems">
            {blocking.slice(0, 20).map((problem, i) => (
              <li key={i} {...(problem.cells.length > 0 ? link(problem.cells) : {})}>
                {sentence(problem.message)}
              </li>
            ))}
            {blocking.length > 20 && <li>…and {blocking.length - 20} more.</li>}
            {open.map((problem, i) => (
              <li key={`open-${i}`} className="problem-open" {...link(problem.cells)}>
                {sentence(problem.message)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
