/**
 * The digit pad in Play: what a phone player has instead of a keyboard. A switch chooses
 * what a digit button enters (Digit, Centre mark, Corner mark, Colour, as the popular play
 * apps' pads do), the digit buttons enter into the selected cells, and Clear clears them
 * (digits first, then marks, then colours). In Colour the buttons are the nine colours
 * (playColours.ts), each showing its colour and its key, named "Colour 1: red" and so on,
 * and Clear clears colours. Unlike the setting pad it shows on every screen in Play: a mouse player
 * uses it too. A mouse press on a button or on the switch keeps focus on the grid, so keys go
 * on working (the panel's Hint, Check and the like do the same: keepGridFocus).
 */
import type { CSSProperties, MouseEvent } from 'react';
import { digitChar } from '../../engine/index.ts';
import { PLAY_COLOURS, type PlayEntry } from '../../store/store.ts';
import { clearSlotStyle } from '../DigitPad.tsx';
import { useSquiggly, useSquigglyStore } from '../StoreContext.tsx';
import { colourLabel } from './playColours.ts';

/** On mouse down: the focus stays where it was (the grid), the click still happens. */
export const keepGridFocus = (event: MouseEvent): void => event.preventDefault();

const ENTRIES: [PlayEntry, string][] = [
  ['digit', 'Digit'],
  ['centre', 'Centre'],
  ['corner', 'Corner'],
  ['colour', 'Colour'],
];

export function PlayPad() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const entry = useSquiggly((s) => s.playEntry);
  const colouring = entry === 'colour';
  // The buttons: the digits, or the colours (as many whatever the size).
  const count = colouring ? PLAY_COLOURS : size;
  return (
    <div className="play-pad">
      <fieldset className="play-entry">
        <legend className="visually-hidden">Pad enters</legend>
        {ENTRIES.map(([value, label]) => (
          <label
            key={value}
            className={`mode ${entry === value ? 'mode-on' : ''}`}
            onMouseDown={keepGridFocus}
          >
            <input
              type="radio"
              name="play-entry"
              value={value}
              checked={entry === value}
              onChange={() => store.getState().setPlayEntry(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <div
        role="group"
        aria-label="Digit pad"
        className={`play-digits${colouring ? ' play-colours' : ''}`}
        style={{ '--pad-columns': Math.ceil((count + 1) / 2) } as CSSProperties}
      >
        {Array.from({ length: count }, (_, i) => i + 1).map((digit) =>
          colouring ? (
            <button
              key={`colour-${digit}`}
              type="button"
              className="colour-button"
              aria-label={colourLabel(digit)}
              style={{ '--swatch': `var(--colour-${digit})` } as CSSProperties}
              onMouseDown={keepGridFocus}
              onClick={() => store.getState().enterPlay(digit, 'colour')}
            >
              {digit}
            </button>
          ) : (
            <button
              key={digit}
              type="button"
              onMouseDown={keepGridFocus}
              onClick={() => store.getState().enterPlay(digit)}
            >
              {digitChar(digit)}
            </button>
          ),
        )}
        <button
          type="button"
          className="digit-pad-clear"
          style={clearSlotStyle(count)}
          onMouseDown={keepGridFocus}
          onClick={() => store.getState().clearPlayCells()}
        >
          Clear
        </button>
      </div>
    </div>
  );
}
