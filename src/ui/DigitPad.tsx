/**
 * The on-screen digit pad: one button per digit (named by its digit, 1–9 then A–G on 16x16)
 * and Clear, entering into the selected cell in any mode, as typing does (moving on after a
 * digit when asked: gridKeys.enterClue). It is what makes clues possible on a phone, where
 * there is no keyboard to type on; CSS shows it on touch and narrow screens only, and it
 * works with a mouse there too. A mouse press on a button does not take focus from the grid,
 * so the keyboard keeps working on the selected cell.
 */
import type { CSSProperties, MouseEvent } from 'react';
import { digitChar } from '../engine/index.ts';
import { enterClue } from './gridKeys.ts';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

const keepFocus = (event: MouseEvent): void => event.preventDefault();

/**
 * The style of a pad's Clear (this pad's and Play's): an even size leaves a free slot in the
 * last row, and Clear takes it too, so that its word fits the narrow columns of a 16x16 pad
 * on a phone.
 */
export const clearSlotStyle = (size: number): CSSProperties | undefined =>
  size % 2 === 0 ? { gridColumn: 'span 2' } : undefined;

export function DigitPad() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const enter = (digit: number): void => {
    enterClue(store.getState(), digit);
  };
  return (
    <div
      role="group"
      aria-label="Digit pad"
      className="digit-pad"
      style={{ '--pad-columns': Math.ceil((size + 1) / 2) } as CSSProperties}
    >
      {Array.from({ length: size }, (_, i) => i + 1).map((digit) => (
        <button key={digit} type="button" onMouseDown={keepFocus} onClick={() => enter(digit)}>
          {digitChar(digit)}
        </button>
      ))}
      <button
        type="button"
        className="digit-pad-clear"
        style={clearSlotStyle(size)}
        onMouseDown={keepFocus}
        onClick={() => enter(0)}
      >
        Clear
      </button>
    </div>
  );
}
