import { useMemo, type CSSProperties } from 'react';
import { layoutOf } from '../store/derived.ts';
import { hueOf } from './colours.ts';
import { useSquiggly } from './StoreContext.tsx';

const sentence = (text: string): string => `${text[0].toUpperCase()}${text.slice(1)}.`;

/**
 * Live feedback on the layout while it is drawn: every region with its cell count, and each
 * problem in words. A half-drawn layout is a normal state, so this informs and never blocks.
 */
export function LayoutPanel() {
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const layout = useMemo(() => layoutOf({ size, walls, givens: [] }), [size, walls]);
  const blocking = layout.problems.filter((p) => p.code !== 'wall-open');
  const open = layout.problems.filter((p) => p.code === 'wall-open');
  // Long lists (a 16x16 grid cut into single cells) stay readable: show the first ones.
  const shown = layout.areas.slice(0, 32);

  return (
    <section className="panel layout-panel" aria-labelledby="layout-title">
      <h2 id="layout-title">Layout</h2>
      <p className="layout-summary">
        {layout.valid
          ? `Complete: ${size} regions of ${size} cells.`
          : `Not ready to solve yet: ${layout.areas.length} region${layout.areas.length === 1 ? '' : 's'}, ${size} needed, each of ${size} cells.`}
      </p>
      <ul className="region-list" aria-label="Regions">
        {shown.map((area, index) => {
          const ok = area.length === size;
          return (
            <li
              key={index}
              className={ok ? 'region-ok' : 'region-bad'}
              style={{ '--hue': hueOf(index) } as CSSProperties}
            >
              <span className="swatch" aria-hidden="true" />
              Region {index + 1}: {area.length} cell{area.length === 1 ? '' : 's'}
              {ok ? '' : area.length > size ? ' (too many)' : ' (too few)'}
            </li>
          );
        })}
        {layout.areas.length > shown.length && (
          <li>…and {layout.areas.length - shown.length} more</li>
        )}
      </ul>
      {blocking.length + open.length > 0 && (
        <>
          <h3>Problems</h3>
          <ul className="problem-list" aria-label="Layout problems">
            {blocking.slice(0, 20).map((problem, i) => (
              <li key={i}>{sentence(problem.message)}</li>
            ))}
            {blocking.length > 20 && <li>…and {blocking.length - 20} more.</li>}
            {open.map((problem, i) => (
              <li key={`open-${i}`} className="problem-open">
                {sentence(problem.message)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
