/** Checks for the judge formats that only hold standard box layouts of one size. */
import { standardRegions, type Board } from '../engine/board.ts';

/**
 * Why `board` cannot be written in a format that holds standard `size`x`size` puzzles
 * only, or null when it can: the size differs, or the regions are not the standard boxes
 * (whatever their ids: a layout is a partition, and ids are only names).
 */
export function standardLayoutProblem(format: string, board: Board, size: number): string | null {
  if (board.size !== size) {
    return `${format} holds ${size}x${size} puzzles only; this one is ${board.size}x${board.size}`;
  }
  const standard = standardRegions(size);
  const boxOfRegion = new Int16Array(256).fill(-1);
  for (let cell = 0; cell < standard.length; cell++) {
    const region = board.regions[cell];
    if (boxOfRegion[region] < 0) boxOfRegion[region] = standard[cell];
    else if (boxOfRegion[region] !== standard[cell]) {
      return `${format} holds the standard box layout only; this puzzle has a jigsaw layout`;
    }
  }
  return null;
}

/** Whether a board's regions are the standard boxes of its size (under any region ids). */
export function isStandardLayout(board: Board): boolean {
  return standardLayoutProblem('', board, board.size) === null;
}
