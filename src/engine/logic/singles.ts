/**
 * Singles: the placements every solver makes first.
 *
 * A hidden single is a digit with one place left in a unit; the solver looks in regions
 * first, then rows, then columns, the order in which people scan a jigsaw (regions are the
 * shapes the eye follows). A naked single is a cell with one candidate left. Both scans are
 * linear in the cells: a unit's digits that occur once among its candidates are found with
 * two accumulated masks (seen once, seen twice), not a count per digit.
 *
 * This file absorbs the former src/engine/singles.ts (propagateSingles), which applied both
 * to a fixed point; that is now solveByLogic limited to these two techniques.
 */
import { cellName, digitChar } from '../board.ts';
import { digitOfBit, fullMask, popcount, type UnitKind } from '../units.ts';
import type { LogicState } from './state.ts';
import { unitName } from './state.ts';
import type { Step } from './step.ts';

/** A digit with one place left in a unit of `kind` (the first in unit and digit order). */
export function hiddenSingleIn(state: LogicState, kind: UnitKind): Step | null {
  const { geometry } = state;
  for (const unit of geometry.units) {
    if (unit.kind !== kind) continue;
    const step = hiddenSingleAmong(state, unit.cells, unitName(unit));
    if (step) return step;
  }
  return null;
}

/**
 * A digit with one place left in a constraint's group of N cells (a diagonal, an extra
 * region, a cage of N cells): such a group holds every digit, as a unit does.
 */
export function hiddenSingleInGroups(state: LogicState): Step | null {
  const { geometry, variants } = state;
  const { size } = geometry;
  if (variants === undefined) return null;
  for (const group of variants.groups) {
    if (group.cells.length !== size) continue;
    const step = hiddenSingleAmong(state, group.cells, group.name);
    if (step) return step;
  }
  return null;
}

/**
 * A digit with one place left in a region, else in a row, else in a column, else in a
 * constraint's group of N cells.
 */
export function hiddenSingle(state: LogicState): Step | null {
  return (
    hiddenSingleIn(state, 'region') ??
    hiddenSingleIn(state, 'row') ??
    hiddenSingleIn(state, 'column') ??
    hiddenSingleInGroups(state)
  );
}

/** A cell with one candidate left. */
export function nakedSingle(state: LogicState): Step | null {
  const { geometry, grid, candidates } = state;
  const { size, units, unitsOfCell } = geometry;
  for (let cell = 0; cell < size * size; cell++) {
    const mask = candidates[cell];
    if (grid[cell] !== 0 || popcount(mask) !== 1) continue;
    const digit = digitOfBit(mask);
    // Say "already in its row, column or region" only when that alone leaves one digit.
    let used = 0;
    for (let slot = 0; slot < 3; slot++) {
      for (const peer of units[unitsOfCell[3 * cell + slot]].cells) used |= 1 << grid[peer];
    }
    let usedWithPeers = used;
    if (state.variants !== undefined) {
      for (const peer of state.variants.compiled.peers[cell]) usedWithPeers |= 1 << grid[peer];
    }
    const why =
      (fullMask(size) & ~used) === mask
        ? 'every other digit is already in its row, column or region'
        : (fullMask(size) & ~usedWithPeers) === mask
          ? 'every other digit is already in its row, column, region or a cell its constraints make it differ from'
          : 'every other digit has been ruled out';
    return {
      technique: 'naked single',
      cells: [cell],
      candidates: [{ cell, digit }],
      placements: [{ cell, digit }],
      eliminations: [],
      explanation: `${cellName(cell, size)} can only be ${digitChar(digit)}: ${why}`,
    };
  }
  return null;
}

/** A digit with one place left among `cells`, which hold every digit (`name` says where). */
function hiddenSingleAmong(state: LogicState, cells: readonly number[], name: string): Step | null {
  const { grid, candidates } = state;
  let once = 0;
  let twice = 0;
  let placed = 0;
  for (const cell of cells) {
    const mask = candidates[cell];
    twice |= once & mask;
    once |= mask;
    placed |= 1 << grid[cell];
  }
  const single = once & ~twice & ~placed;
  if (single === 0) return null;
  const digit = digitOfBit(single & -single);
  const bit = 1 << digit;
  const cell = cells.find((member) => (candidates[member] & bit) !== 0) as number;
  return {
    technique: 'hidden single',
    cells: [cell],
    candidates: [{ cell, digit }],
    placements: [{ cell, digit }],
    eliminations: [],
    explanation: `${cellName(cell, state.geometry.size)} is the only place for ${digitChar(digit)} in ${name}`,
  };
}
