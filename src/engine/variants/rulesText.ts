/**
 * The rules a setter would print above a puzzle, written from the constraints it has: the
 * jigsaw rules first, then one sentence per kind of constraint present, in a fixed order
 * (houses, then the cells' own marks, lines, edge marks, outside clues, global rules), so the
 * same puzzle always reads the same. Pure: the "Write rules from constraints" button of the
 * puzzle details puts this text in the editable rules field, and the setter edits from there.
 *
 * The sentences say what docs/variants.md and constraints.ts say, in the words setters use
 * (SudokuPad and f-puzzles rule sets), and they are size-aware: digits 1 to N, the German
 * whispers difference of that size (or the one the lines give, when they all agree), the N
 * of a sandwich. A kind's sentence appears once however many of it there are; the "all
 * given" rules extend the sentence of their marks, and say so even where no mark is drawn.
 */
import { whisperDifference, type Constraint, type ConstraintKind } from './constraints.ts';

/** A digit as the rules write it: 1 to 9, then the letters the app uses (10 is A). */
const digitWord = (digit: number): string =>
  digit <= 9 ? String(digit) : String.fromCharCode(55 + digit);

export function rulesText(constraints: readonly Constraint[], size: number): string {
  const present = new Set<ConstraintKind>(constraints.map((c) => c.kind));
  const top = digitWord(size);
  const sentences: string[] = [
    `Normal jigsaw sudoku rules apply: place the digits 1 to ${top} once each in every row, column and outlined region.`,
  ];
  const has = (kind: ConstraintKind): boolean => present.has(kind);
  const directions = new Set(
    constraints.flatMap((c) => (c.kind === 'diagonal' ? [c.direction] : [])),
  );
  if (directions.size === 2) {
    sentences.push(`Digits may not repeat along either main diagonal.`);
  } else if (directions.has('down')) {
    sentences.push(`Digits may not repeat along the main diagonal from the top left.`);
  } else if (directions.has('up')) {
    sentences.push(`Digits may not repeat along the main diagonal from the bottom left.`);
  }
  if (has('extraRegion')) {
    sentences.push(`Digits may not repeat within a shaded region.`);
  }
  if (has('cage')) {
    const anySum = constraints.some((c) => c.kind === 'cage' && c.sum !== undefined);
    sentences.push(
      anySum
        ? `Digits in a cage sum to the small number in its corner (where given) and do not repeat.`
        : `Digits in a cage do not repeat.`,
    );
  }
  if (has('even') && has('odd')) {
    sentences.push(`A digit in a grey square is even; a digit in a grey circle is odd.`);
  } else if (has('even')) {
    sentences.push(`A digit in a grey square is even.`);
  } else if (has('odd')) {
    sentences.push(`A digit in a grey circle is odd.`);
  }
  const thermometers = constraints.filter((c) => c.kind === 'thermometer');
  if (thermometers.some((c) => !c.slow)) {
    sentences.push(`Digits along a thermometer strictly increase from the bulb end.`);
  }
  if (thermometers.some((c) => c.slow)) {
    sentences.push(
      `Digits along a thermometer with a hollow bulb never decrease from the bulb end (they may repeat).`,
    );
  }
  const pills = constraints.flatMap((c) =>
    c.kind === 'arrow' && c.circle.length > 1 ? [c.circle] : [],
  );
  if (has('arrow')) {
    // A pill reads in the order its cells are given; in words only when that is reading order.
    const readingOrder = pills.every((pill) =>
      pill.every((cell, k) => k === 0 || cell > pill[k - 1]),
    );
    sentences.push(
      `Digits along an arrow sum to the number in its circle; digits may repeat on an arrow.` +
        (pills.length === 0
          ? ''
          : readingOrder
            ? ' A circle of several cells reads as one number, left to right or top to bottom.'
            : ' A circle of several cells reads as one number.'),
    );
  }
  if (has('whisper')) {
    const differences = new Set(
      constraints.flatMap((c) =>
        c.kind === 'whisper' ? [c.difference ?? whisperDifference(size)] : [],
      ),
    );
    const difference = differences.size === 1 ? [...differences][0] : null;
    sentences.push(
      difference === null
        ? `Neighbouring digits along a green line differ by at least the amount the line gives.`
        : `Neighbouring digits along a green line differ by at least ${difference}.`,
    );
  }
  if (has('renban')) {
    sentences.push(`A purple line holds a set of non-repeating consecutive digits, in any order.`);
  }
  if (has('palindrome')) {
    sentences.push(`A grey line without a bulb reads the same from either end.`);
  }
  if (has('kropki') || has('allDotsGiven')) {
    sentences.push(
      `Digits separated by a white dot are consecutive; digits separated by a black dot are in a 1:2 ratio.` +
        (has('allDotsGiven') ? ' All possible dots are given.' : ''),
    );
  }
  if (has('xv') || has('allXvGiven')) {
    sentences.push(
      `Digits separated by an X sum to 10; digits separated by a V sum to 5.` +
        (has('allXvGiven') ? ' All possible X and V signs are given.' : ''),
    );
  }
  if (has('greaterThan')) {
    sentences.push(`A sign between two cells points to the smaller digit.`);
  }
  if (has('littleKiller')) {
    sentences.push(
      `A number outside the grid with an arrow gives the sum of the digits along that diagonal; digits may repeat on it.`,
    );
  }
  if (has('sandwich')) {
    sentences.push(
      `A number left of a row or above a column gives the sum of the digits between the 1 and the ${top} in it.`,
    );
  }
  if (has('antiKnight')) {
    sentences.push(`Cells a chess knight's move apart cannot hold the same digit.`);
  }
  if (has('antiKing')) {
    sentences.push(
      `Cells a chess king's move apart (diagonally touching) cannot hold the same digit.`,
    );
  }
  if (has('nonConsecutive')) {
    sentences.push(`Orthogonally adjacent cells cannot hold consecutive digits.`);
  }
  return sentences.join(' ');
}
