/**
 * The setter's commands: layout-check, candidates, explain and count --estimate. Each
 * answers case by case with the engine's setter tools (no counting job: the tools run
 * their own searches), as text by default or, with --json, one JSON object per case per
 * line, each with "case": k. Cells are [row, column], 1-based, as in every other message.
 *
 * candidates and explain answer a case with variant constraints about the whole puzzle (the
 * engine's tools take the constraints and count with them); layout-check is about the
 * layout alone by definition, and count --estimate knows the jigsaw alone, so both still
 * refuse such a case (variantsUnused.ts) rather than answer about another puzzle.
 */
import {
  cellName,
  checkLayout,
  describeConstraint,
  describeRedundantConstraint,
  countSolutionsBest,
  digitsOfMask,
  digitChar,
  estimateSolutions,
  explainPuzzle,
  toRows,
  trueCandidates,
  type Board,
  type Constraint,
} from '../../src/engine/index.ts';
import type { CaseSlot } from '../../src/formats/index.ts';
import type { CaseAnswerer } from './commands.ts';
import { constraintsUnused } from './variantsUnused.ts';

/** One case's answer: the JSON fields (besides "case") and the text after "Case k: ". */
interface Answer {
  json: Record<string, unknown>;
  text: string;
}

/** A tool on one case: its board and its variant constraints (none: a classic jigsaw). */
type Tool = (board: Board, constraints: readonly Constraint[]) => Answer;

const rowCol = (cell: number, size: number): [number, number] => [
  Math.floor(cell / size) + 1,
  (cell % size) + 1,
];

const gridText = (grid: ArrayLike<number>, size: number): string =>
  toRows(grid, size)
    .map((row) => row.map(digitChar).join(size > 9 ? ' ' : ''))
    .join('\n');

const listCells = (cells: readonly number[], size: number): string =>
  cells.map((cell) => cellName(cell, size)).join(', ');

/**
 * A case answerer running one tool per case; a tool that does not `useConstraints` refuses
 * a case that has some.
 */
function toolAnswerer(
  command: string,
  tool: Tool,
  useConstraints: boolean,
  json: boolean,
  write: (text: string) => void,
): CaseAnswerer {
  return {
    answer(slots: readonly CaseSlot[]) {
      const lines: string[] = [];
      for (const slot of slots) {
        if (slot.puzzle === undefined) {
          lines.push(
            json
              ? JSON.stringify({ case: slot.case, status: 'invalid' })
              : `Case ${slot.case}: invalid input`,
          );
          continue;
        }
        const { constraints = [] } = slot.puzzle;
        const unused = useConstraints ? null : constraintsUnused(command, constraints);
        if (unused !== null) {
          lines.push(
            json
              ? JSON.stringify({ case: slot.case, status: 'invalid', error: unused })
              : `Case ${slot.case}: invalid input: ${unused}`,
          );
          continue;
        }
        const answer = tool(slot.puzzle.board, constraints);
        lines.push(
          json
            ? JSON.stringify({ case: slot.case, ...answer.json })
            : `Case ${slot.case}: ${answer.text}`,
        );
      }
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    finish: () => ({ complaints: [], failed: false }),
  };
}

/** layout-check: the layout alone (clues ignored). */
const layoutTool: Tool = (board) => {
  const { verdict, grid } = checkLayout(board.size, board.regions);
  if (verdict === 'fillable' && grid) {
    return {
      json: { layout: 'fillable', grid: toRows(grid, board.size) },
      text: `the layout is fillable, for example:\n${gridText(grid, board.size)}`,
    };
  }
  return { json: { layout: 'cannot be filled' }, text: 'this layout cannot be filled' };
};

/** candidates: the true candidates of every cell. */
const candidatesTool: Tool = (board, constraints) => {
  const { status, masks, singles, complete } = trueCandidates(board, { constraints });
  const digits = Array.from(masks, (mask) => digitsOfMask(mask));
  const rows = toRows(
    digits.map((_, cell) => cell),
    board.size,
  ).map((row) => row.map((cell) => digits[cell]));
  const json: Record<string, unknown> = { status, candidates: rows };
  if (!complete) json.complete = false;
  const width = Math.max(1, ...digits.map((list) => list.length));
  const table = rows
    .map((row) =>
      row
        .map((list) => (list.length === 0 ? '-' : list.map(digitChar).join('')).padEnd(width))
        .join(' '),
    )
    .join('\n');
  const note = complete ? '' : ' (stopped at its limit: not every candidate was tested)';
  const single =
    singles.length === 0
      ? ''
      : `; ${singles.length} cell${singles.length === 1 ? ' has' : 's have'} a single true candidate: ${listCells(singles, board.size)}`;
  // In words, as explain and count say it; the JSON keeps the status word.
  const said =
    status === 'none' ? 'no solution' : status === 'multiple' ? 'multiple solutions' : status;
  return { json, text: `${said}${single}${note}\n${table}` };
};

/**
 * explain's conflict core: its clues, and its constraints (indices into the case's list, in
 * the JSON counted from 1 as the cells are; in the text named as every message names them).
 * The JSON has "constraints" only when the core has some, as before constraints existed.
 */
function coreAnswer(
  cells: readonly number[],
  indices: readonly number[],
  size: number,
  constraints: readonly Constraint[],
): Answer {
  const json: Record<string, unknown> = {
    status: 'none',
    conflict: cells.map((cell) => rowCol(cell, size)),
  };
  if (indices.length === 0) {
    return {
      json,
      text: `no solution: these ${cells.length} clues cannot all hold: ${listCells(cells, size)}`,
    };
  }
  json.constraints = indices.map((index) => index + 1);
  const named = indices.map((index) => describeConstraint(constraints[index], size)).join(', ');
  const what =
    cells.length > 0
      ? `these clues and constraints cannot all hold: ${listCells(cells, size)}, ${named}`
      : indices.length === 1
        ? `${named} cannot hold on this layout, whatever the clues`
        : `these constraints cannot all hold on this layout, whatever the clues: ${named}`;
  return { json, text: `no solution: ${what}` };
}

/** explain: the next step for a setter, by verdict (the engine's explainPuzzle decides). */
const explainTool: Tool = (board, constraints) => {
  const { size } = board;
  const answer = explainPuzzle(board, { constraints });
  switch (answer.verdict) {
    case 'multiple': {
      const { fix } = answer;
      const clues = fix.clues.map(
        ({ cell, digit }) => `${cellName(cell, size)} = ${digitChar(digit)}`,
      );
      const how = fix.proven ? `fewest: ${clues.length}` : `${clues.length}, not proven fewest`;
      return {
        json: {
          status: 'multiple',
          fix: fix.clues.map(({ cell, digit }) => ({ cell: rowCol(cell, size), digit })),
          proven: fix.proven,
        },
        text: `multiple solutions; make it unique: add ${clues.join(' and ')} (${how})`,
      };
    }
    case 'none':
      if ('layout' in answer) {
        return {
          json: { status: 'none', layout: 'cannot be filled' },
          text: 'no solution: this layout cannot be filled, whatever the clues',
        };
      }
      return coreAnswer(answer.core, answer.constraints, size, constraints);
    case 'unique': {
      const { cells, symmetry } = answer.redundant;
      const redundant = cells.map((cell) => rowCol(cell, size));
      let json: Record<string, unknown>;
      let text: string;
      if (symmetry !== 'none') {
        // Symmetric clues are tested with their mirror images (redundantClues.ts).
        const kept = `with its mirror image, keeping the ${symmetry === '180' ? '180° rotation' : 'diagonal mirror'} symmetry`;
        json = { status: 'unique', redundant, symmetry };
        text =
          cells.length === 0
            ? `unique; no clue is redundant ${kept}`
            : `unique; ${cells.length} clue${cells.length === 1 ? ' is' : 's are'} redundant (each removable ${kept}): ${listCells(cells, size)}`;
      } else {
        json = { status: 'unique', redundant };
        text =
          cells.length === 0
            ? 'unique; no clue is redundant'
            : `unique; ${cells.length} clue${cells.length === 1 ? ' is' : 's are'} redundant (each removable alone): ${listCells(cells, size)}`;
      }
      if (constraints.length === 0) return { json, text };
      // The constraints each removable alone, counted from 1 as in the conflict core.
      const { items } = answer.redundantConstraints;
      json.redundantConstraints = items.map(({ index, part }) => ({ constraint: index + 1, part }));
      const named = items.map(({ index, part }) =>
        describeRedundantConstraint(constraints[index], part, size),
      );
      text +=
        items.length === 0
          ? '; no constraint is redundant'
          : `; ${items.length} constraint${items.length === 1 ? ' is' : 's are'} redundant (each removable alone): ${named.join(', ')}`;
      return { json, text };
    }
    case 'unknown':
      throw new Error('explain: the count stopped before it settled anything');
  }
};

/** A count for people: exact below a million, else three significant digits (6.48e+21). */
const shortNumber = (value: number): string => (value < 1e6 ? String(value) : value.toPrecision(3));

/** Solutions counted exactly before estimating: below this, the count is the answer. */
const EXACT_BELOW = 10_000;

/** count --estimate: the exact count when small, else Knuth's estimate with its error bar. */
const estimateTool: Tool = (board) => {
  const exact = countSolutionsBest(board, EXACT_BELOW, { keepSolutions: 0 });
  if (exact.complete) {
    const { count } = exact;
    return {
      json: { estimate: count, low: count, high: count, exact: true },
      text: `exactly ${count} solution${count === 1 ? '' : 's'} (few enough to count)`,
    };
  }
  const { estimate, low, high, paths, reliable } = estimateSolutions(board);
  const round = (value: number): number => Math.round(value);
  const json: Record<string, unknown> = {
    estimate: Math.max(round(estimate), EXACT_BELOW),
    low: Math.max(round(low), EXACT_BELOW),
    high: Math.max(round(high), EXACT_BELOW),
  };
  if (!reliable) json.reliable = false;
  const caution = reliable ? '' : '; too few paths reached a solution, so the bar is unreliable';
  return {
    json,
    text: `about ${shortNumber(json.estimate as number)} solutions (an estimate from ${paths} random paths: likely between ${shortNumber(json.low as number)} and ${shortNumber(json.high as number)}${caution})`,
  };
};

export const layoutCheckAnswerer = (json: boolean, write: (text: string) => void) =>
  toolAnswerer('layout-check', layoutTool, false, json, write);
export const candidatesAnswerer = (json: boolean, write: (text: string) => void) =>
  toolAnswerer('candidates', candidatesTool, true, json, write);
export const explainAnswerer = (json: boolean, write: (text: string) => void) =>
  toolAnswerer('explain', explainTool, true, json, write);
export const estimateAnswerer = (json: boolean, write: (text: string) => void) =>
  toolAnswerer('estimate', estimateTool, false, json, write);
