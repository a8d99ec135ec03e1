/**
 * Draw walls' Draw / Erase switch, beside the mode's tip above the grid. A drag draws unless
 * the user chose to erase: here, for every stroke until switched back, or for one stroke with
 * the right mouse button or Alt (tools/wallTool.ts). An explicit choice, because deciding by
 * the first segment a drag runs along made re-tracing a line to close its gap erase it.
 * Styled as the modes are (a segmented pair of radio buttons), so it reads as a setting of
 * the mode, not an action; not kept across reloads, so a new visit always starts drawing.
 */
import type { WallStroke } from '../store/store.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

const STROKES: [WallStroke, string][] = [
  ['draw', 'Draw'],
  ['erase', 'Erase'],
];

export function WallStrokeSwitch() {
  const store = useSquigglyStore();
  const stroke = useSquiggly((s) => s.wallStroke);
  return (
    <fieldset className="modes wall-stroke">
      <legend className="visually-hidden">A drag along the lines</legend>
      {STROKES.map(([value, label]) => (
        <label key={value} className={`mode ${stroke === value ? 'mode-on' : ''}`}>
          <input
            type="radio"
            name="wall-stroke"
            value={value}
            checked={stroke === value}
            onChange={() => store.getState().setWallStroke(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
