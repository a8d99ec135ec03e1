/**
 * The on-screen digit pad: one button per digit (named by its digit, 1–9 then A–G on 16x16)
 * and Clear, entering into the selected cell in any mode, as typing does (moving on after a
 * digit when asked: gridKeys.enterClue). It is what makes clues possible on a phone, where
 * there is no keyboard to type on; CSS shows it on touch and narrow screens only, and it
 * works with a mouse there too. A mouse press on a button does not take focus from the grid,
 * so the keyboard keeps working on the selected cell.
 *
 * In Constraints, with a cage (little killer, sandwich) selected, the pad is its Sum pad: 0–9
 * and Back type the sum as the keyboard does on the grid (store/constraintSum.ts), whatever
 * the size, since a sum is written in tens; a finger that drew a cage then taps its sum.
 */
import type { CSSProperties, MouseEvent } from 'react';
import { digitChar } from '../engine/index.ts';
import { sumOf, type SquigglyState } from '../store/store.ts';
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

/** Whether the pad types the selected constraint's sum (Constraints mode, a sum to type). */
const typesSum = (s: SquigglyState): boolean => {
  if (s.mode !== 'constraints' || s.selectedConstraint === null) return false;
  const constraint = s.constraints[s.selectedConstraint];
  return constraint !== undefined && sumOf(constraint) !== null;
};

const SUM_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'];

function SumPad() {
  const store = useSquigglyStore();
  const type = (key: string): void => {
    store.getState().typeConstraintSumKey(key);
  };
  return (
    <div
      role="group"
      aria-label="Sum pad"
      className="digit-pad"
      style={{ '--pad-columns': 6 } as CSSProperties}
    >
      {SUM_DIGITS.map((key) => (
        <button key={key} type="button" onMouseDown={keepFocus} onClick={() => type(key)}>
          {key}
        </button>
      ))}
      <button
        type="button"
        className="digit-pad-clear"
        style={{ gridColumn: 'span 2' }}
        aria-label="Back: take off the last digit"
        onMouseDown={keepFocus}
        onClick={() => type('Backspace')}
      >
        Back
      </button>
    </div>
  );
}

export function DigitPad() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const sum = useSquiggly(typesSum);
  const enter = (digit: number): void => {
    enterClue(store.getState(), digit);
  };
  if (sum) return <SumPad />;
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
