/**
 * The puzzle grid of the setting modes: cells with clues, solved and deduced digits, with the
 * walls, layout marks and logic steps drawn by overlays. This file chooses and renders: the
 * plumbing shared with Play's grid (rows, pointer to grid points, focus, live region) is
 * GridSurface.tsx, pointer gestures belong to the tools in tools/ (walls and paint, one small
 * state machine each, one undo step per gesture), and keys to gridKeys.ts, with the edge
 * cursor of Draw walls (W) modelled in edgeCursor.ts and drawn by GridSurface.
 */
import { useMemo, useState } from 'react';
import {
  candidatesStale,
  conflictsOf,
  currentExplanation,
  currentResult,
  hasWall,
  layoutOf,
  logicListAtEnd,
  selectConstraints,
  logicOverlay,
  logicPosition,
  shownCandidates,
} from '../store/store.ts';
import { Cell, type CellKind } from './Cell.tsx';
import { regionHues } from './colours.ts';
import { edgeAtPlace, isLinePlace, linePlaceLabel } from './edgeCursor.ts';
import { gridKey } from './gridKeys.ts';
import { GridSurface } from './GridSurface.tsx';
import { useHighlightedCells } from './layoutHighlight.tsx';
import { LayoutMarks } from './LayoutMarks.tsx';
import { LogicOverlay } from './LogicOverlay.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';
import { ConstraintLayer } from './ConstraintLayer.tsx';
import { constraintFromCells, createConstraintTool } from './tools/constraintTool.ts';
import { drawsOutside } from './render/constraintShapes.ts';
import { createPaintTool } from './tools/paintTool.ts';
import { createSelectTool } from './tools/selectTool.ts';
import type { GridTool } from './tools/tool.ts';
import { createWallTool } from './tools/wallTool.ts';
import { WallLayer } from './WallLayer.tsx';

export function Grid() {
  const store = useSquigglyStore();
  const size = useSquiggly((s) => s.size);
  const walls = useSquiggly((s) => s.walls);
  const givens = useSquiggly((s) => s.givens);
  const regions = useSquiggly((s) => s.regions);
  const mode = useSquiggly((s) => s.mode);
  const cursorRaw = useSquiggly((s) => s.cursor);
  const edgeCursor = useSquiggly((s) => s.edgeCursor);
  const picked = useSquiggly((s) => s.picked);
  const result = useSquiggly(currentResult);
  const highlight = useHighlightedCells();
  const deduced = useSquiggly(logicPosition)?.digits;
  const candidates = useSquiggly(shownCandidates)?.answer.masks;
  const staleCandidates = useSquiggly(candidatesStale);
  const explanation = useSquiggly(currentExplanation)?.answer;
  const markRedundant = useSquiggly((s) => s.markRedundant);
  const markFix = useSquiggly((s) => s.markFix);
  const erasing = useSquiggly((s) => s.mode === 'walls' && s.wallStroke === 'erase');
  const cells = size * size;
  const cursor = cursorRaw < cells ? cursorRaw : 0;

  const layout = useMemo(() => layoutOf({ size, walls, regions }), [size, walls, regions]);
  const conflicts = useMemo(
    () => conflictsOf({ size, walls, givens, regions }),
    [size, walls, givens, regions],
  );
  // Only Solve reveals the answer; Check uniqueness and Count answer without it.
  const outcome = result?.kind === 'solve' ? result.outcome : undefined;
  const solution =
    outcome?.status === 'unique'
      ? outcome.solution
      : outcome?.status === 'multiple'
        ? outcome.solutions[0]
        : null;
  const second = outcome?.status === 'multiple' ? outcome.solutions[1] : null;

  const [painting, setPainting] = useState<ReadonlySet<number>>(() => new Set());
  // What the store refused a drawn constraint for, said in the grid's live region.
  const [constraintProblem, setConstraintProblem] = useState<string | null>(null);
  const constraints = useSquiggly(selectConstraints);
  const constraintTool = useSquiggly((s) => s.constraintTool);
  const draftCells = useSquiggly((s) => s.constraintDraft);
  const selectedConstraint = useSquiggly((s) =>
    s.mode === 'constraints' ? s.selectedConstraint : null,
  );
  const draft = useMemo(
    () => (draftCells ? constraintFromCells(constraintTool, draftCells) : null),
    [constraintTool, draftCells],
  );
  const pressesOutside =
    mode === 'constraints' && (constraintTool === 'littleKiller' || constraintTool === 'sandwich');
  const pickedSet = useMemo(() => new Set(picked), [picked]);
  const tools = useMemo(
    () => ({
      digits: createSelectTool(store),
      walls: createWallTool(store),
      paint: createPaintTool(store, (under) => setPainting(new Set(under))),
      constraints: createConstraintTool(store, setConstraintProblem),
      // Play renders its own grid (play/PlayGrid.tsx); this one only selects meanwhile.
      play: createSelectTool(store),
    }),
    [store],
  );
  const tool: GridTool = tools[mode];

  const edgePlace =
    mode === 'walls' && edgeCursor && isLinePlace(edgeCursor, size) ? edgeCursor : null;
  const edgeUnder = edgePlace ? edgeAtPlace(edgePlace, size) : null;
  const edgeWall = edgeUnder !== null && hasWall(walls, edgeUnder, size);

  // Make it unique's clues where they would go (cell -> digit), on request, until the puzzle
  // changes.
  const proposed = useMemo(() => {
    const clues = new Map<number, number>();
    if (markFix && explanation?.verdict === 'multiple') {
      for (const { cell, digit } of explanation.fix) clues.set(cell, digit);
    }
    return clues;
  }, [explanation, markFix]);

  // The setter's marks on clues: the clues that cannot all hold, or (on request) the redundant.
  const clueMarks = useMemo(() => {
    const marks = new Map<number, 'core' | 'redundant'>();
    if (explanation?.verdict === 'none' && 'core' in explanation) {
      for (const cell of explanation.core) marks.set(cell, 'core');
    }
    if (explanation?.verdict === 'unique' && markRedundant) {
      for (const cell of explanation.redundant) marks.set(cell, 'redundant');
    }
    return marks;
  }, [explanation, markRedundant]);
  // The constraints of the conflict core, drawn in the error tones as its clues are outlined.
  const coreConstraints = useMemo(
    () =>
      explanation?.verdict === 'none' && 'core' in explanation
        ? new Set(explanation.constraints)
        : undefined,
    [explanation],
  );

  // What panels draw here (see GridSurface's "In view"): one value that changes with any of
  // it. The marks go in by what they mark, not as objects: a new next step (after every
  // verdict) rebuilds the maps even when they mark nothing, and must not scroll the page.
  // A Solve by logic list at its end draws its position (deduced digits, stuck cells) but
  // is answered in its panel, which stays in view (logicListAtEnd).
  const hint = useSquiggly(logicOverlay);
  const listAtEnd = useSquiggly(logicListAtEnd);
  const marked = `${[...clueMarks].join()}|${[...proposed].join()}`;
  const shown = useMemo(
    () =>
      listAtEnd
        ? { givens, solution, candidates, marked }
        : { givens, solution, deduced, candidates, marked, hint },
    [givens, solution, deduced, candidates, marked, hint, listAtEnd],
  );

  const hues = regionHues(size, layout.regionOf);
  const renderCell = (cell: number, row: number, col: number) => {
    const given = givens[cell];
    const solved = solution && !given ? solution[cell] : 0;
    const deducedDigit = !given && !solved && deduced ? deduced[cell] : 0;
    const kind: CellKind = given ? 'clue' : solved ? 'solved' : deducedDigit ? 'deduced' : 'empty';
    const area = layout.regionOf[cell];
    return (
      <Cell
        key={cell}
        cell={cell}
        row={row}
        col={col}
        digit={given || solved || deducedDigit}
        kind={kind}
        region={area + 1}
        hue={hues[area]}
        focused={cell === cursor}
        picked={painting.has(cell) || pickedSet.has(cell)}
        conflict={conflicts.cells.has(cell)}
        otherDigit={second && solution && second[cell] !== solution[cell] ? second[cell] : 0}
        showRegionNumber={mode === 'paint'}
        size={size}
        candidates={kind === 'empty' && candidates ? candidates[cell] : 0}
        clueMark={given ? (clueMarks.get(cell) ?? null) : null}
        proposed={given ? 0 : (proposed.get(cell) ?? 0)}
        hatched={layout.regions[area].length !== size}
      />
    );
  };

  return (
    <GridSurface
      size={size}
      mode={mode}
      frameClass={
        [
          staleCandidates && 'candidates-stale',
          erasing && 'wall-erase',
          // Little killer and sandwich sums sit outside the grid: presses reach that far.
          pressesOutside && 'grid-reach-outside',
          (pressesOutside || drawsOutside(constraints)) && 'grid-sums-outside',
        ]
          .filter(Boolean)
          .join(' ') || undefined
      }
      rightButtonErases={mode === 'walls'}
      cursor={cursor}
      tool={tool}
      onKey={(event) => gridKey(store.getState(), event, tool)}
      renderCell={renderCell}
      shown={shown}
      edgeCursor={
        edgePlace
          ? { place: edgePlace, wall: edgeWall, label: linePlaceLabel(edgePlace, edgeWall) }
          : null
      }
      onPress={() => {
        if (store.getState().edgeCursor) store.getState().setEdgeCursor(null);
      }}
    >
      {constraintProblem && mode === 'constraints' && (
        <p className="visually-hidden" role="status">
          {constraintProblem}
        </p>
      )}
      <LogicOverlay
        solutionShown={solution !== null}
        hueOf={(cell) => hues[layout.regionOf[cell]]}
      />
      <WallLayer size={size} walls={walls} openEdges={layout.openEdges} />
      <ConstraintLayer
        size={size}
        constraints={constraints}
        broken={coreConstraints}
        draft={mode === 'constraints' ? draft : null}
        selected={selectedConstraint}
      />
      <LayoutMarks size={size} walls={walls} layout={layout} highlight={highlight} />
    </GridSurface>
  );
}
