/** Checks for the judge formats that only hold standard box layouts of one size. */
import { hasStandardBoxes, type Board } from '../engine/index.ts';

/**
 * Why `board` cannot be written in a format that holds standard `size`x`size` puzzles
 * only, or null when it can: the size differs, or the regions are not the standard boxes
 * (whatever their ids: a layout is a partition, and ids are only names).
 */
export function standardLayoutProblem(format: string, board: Board, size: number): string | null {
  if (board.size !== size) {
    return `${format} holds ${size}x${size} puzzles only; this one is ${board.size}x${board.size}`;
  }
  if (!hasStandardBoxes(board)) {
    return `${format} holds the standard box layout only; this puzzle has a jigsaw layout`;
  }
  return null;
}
