/**
 * The pointer tools, headless: a vanilla store (no React, no DOM events), points in grid units.
 * Each tool: a path changes the puzzle as one undo step, undo and redo take it back and forth,
 * and cancel (Escape) leaves no trace.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { WALL_DOWN, WALL_RIGHT } from '../../src/engine/layout.ts';
import { layoutOf } from '../../src/store/derived.ts';
import { edgeId, hasWall, type EdgeId } from '../../src/store/puzzle.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import type { GridPoint } from '../../src/ui/geometry.ts';
import { createPaintTool } from '../../src/ui/tools/paintTool.ts';
import { createPlaySelectTool } from '../../src/ui/tools/playSelectTool.ts';
import type { GridTool } from '../../src/ui/tools/tool.ts';
import { createWallTool } from '../../src/ui/tools/wallTool.ts';
import {
  CORNER_LAYOUT,
  CORNER_STROKES,
  JIGSAW_LAYOUTS,
  planRowPainting,
  standardBoxes,
} from '../fixtures/gestures.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

let client: ChannelClient;
afterEach(() => client?.dispose());

async function makeStore(size: number, start: 'empty' | 'standard'): Promise<SquigglyStore> {
  client = createChannelClient();
  const store = createSquigglyStore({ solver: client, storage: null });
  await store.getState().newPuzzle(size, start);
  store.temporal.getState().clear();
  return store;
}

const at = (x: number, y: number): GridPoint => ({ x, y }) as GridPoint;

/** Down at the first point, through the others, and up (unless `release` is false). */
function drag(tool: GridTool, points: [number, number][], release = true): void {
  const [first, ...rest] = points;
  tool.pointerDown(at(...first), 1);
  for (const point of rest) tool.pointerMove(at(...point), 1);
  if (release) tool.pointerUp(1);
}

const steps = (store: SquigglyStore): number => store.temporal.getState().pastStates.length;
const wallsOn = (store: SquigglyStore, edges: EdgeId[]): boolean[] =>
  edges.map((edge) => hasWall(store.getState().walls, edge, store.getState().size));

describe('wall tool', () => {
  // The horizontal line y=2 of a 4x4 grid: the edges below cells 4..7.
  const line = [4, 5, 6, 7].map((cell) => edgeId(cell, WALL_DOWN));

  it('a drag along a line draws it as one undo step; undo and redo', async () => {
    const store = await makeStore(4, 'empty');
    const tool = createWallTool(store);
    drag(tool, [
      [0.5, 2],
      [2, 2],
      [3.5, 2],
    ]);
    expect(tool.phase).toBe('idle');
    expect(wallsOn(store, line)).toEqual([true, true, true, true]);
    expect(layoutOf(store.getState()).areas).toHaveLength(2);
    expect(steps(store)).toBe(1);
    store.getState().undo();
    expect(wallsOn(store, line)).toEqual([false, false, false, false]);
    store.getState().redo();
    expect(wallsOn(store, line)).toEqual([true, true, true, true]);
  });

  it('re-tracing a line with a gap fills the gap and keeps its walls', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createWallTool(store);
    // The standard 4x4 boxes have a wall along y=2; open one segment of it.
    store.getState().toggleWall(line[1]);
    store.temporal.getState().clear();
    expect(wallsOn(store, line)).toEqual([true, false, true, true]);
    // The re-trace starts on a wall (the first segment), as a hand mending a gap does.
    drag(tool, [
      [0.5, 2],
      [3.5, 2],
    ]);
    expect(wallsOn(store, line)).toEqual([true, true, true, true]);
    expect(steps(store)).toBe(1);
  });

  it('with Erase on, a drag takes the walls off its path, one undo step', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createWallTool(store);
    store.getState().setWallStroke('erase');
    drag(tool, [
      [0.5, 2],
      [1.5, 2],
    ]);
    expect(wallsOn(store, line)).toEqual([false, false, true, true]);
    expect(steps(store)).toBe(1);
    // A drag along open lines erases nothing and adds no step.
    drag(tool, [
      [0.5, 1],
      [3.5, 1],
    ]);
    expect(steps(store)).toBe(1);
  });

  it('an erasing press (right button, Alt) erases for that stroke only', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createWallTool(store);
    tool.pointerDown(at(0.5, 2), 1, { erase: true });
    tool.pointerMove(at(1.5, 2), 1);
    tool.pointerUp(1);
    expect(wallsOn(store, line)).toEqual([false, false, true, true]);
    expect(store.getState().wallStroke).toBe('draw');
    // The next plain drag draws again.
    drag(tool, [
      [0.5, 2],
      [1.5, 2],
    ]);
    expect(wallsOn(store, line)).toEqual([true, true, true, true]);
  });

  it('with Erase on, a click clears a wall and never draws one', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createWallTool(store);
    store.getState().setWallStroke('erase');
    drag(tool, [[0.5, 2.05]]);
    expect(wallsOn(store, line)).toEqual([false, true, true, true]);
    drag(tool, [[0.5, 2.05]]);
    expect(wallsOn(store, line)).toEqual([false, true, true, true]);
    const open = edgeId(0, WALL_DOWN);
    drag(tool, [[0.5, 1.05]]);
    expect(wallsOn(store, [open])).toEqual([false]);
  });

  it.each([
    ['left, on the outer half of the border', [-0.04, 2.02], [3.5, 1.98]],
    ['left, a third of a cell outside', [-0.33, 1.97], [3.5, 2.03]],
    ['right, outside', [4.3, 2.02], [0.5, 1.98]],
  ] as [string, [number, number], [number, number]][])(
    'a stroke that starts %s draws the whole line',
    async (_where, from, to) => {
      const store = await makeStore(4, 'empty');
      const tool = createWallTool(store);
      const middle: [number, number] = [(from[0] + to[0]) / 2, 2.01];
      drag(tool, [from, middle, to]);
      expect(wallsOn(store, line)).toEqual([true, true, true, true]);
      expect(steps(store)).toBe(1);
    },
  );

  it('a stroke down from just above the top border draws its column line', async () => {
    const store = await makeStore(4, 'empty');
    const tool = createWallTool(store);
    drag(tool, [
      [2.02, -0.3],
      [1.98, 2],
      [2.01, 3.6],
    ]);
    const column = [0, 4, 8, 12].map((cell) => edgeId(cell + 1, WALL_RIGHT));
    expect(wallsOn(store, column)).toEqual([true, true, true, true]);
  });

  it('a click in the margin outside the grid selects nothing and toggles nothing', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createWallTool(store);
    store.getState().setCursor(5);
    const walls = store.getState().walls;
    drag(tool, [[-0.2, 0.5]]);
    drag(tool, [[2.02, 4.2]]);
    expect(store.getState().cursor).toBe(5);
    expect(store.getState().walls).toBe(walls);
  });

  it('cancel takes the whole drag back and leaves no undo step', async () => {
    const store = await makeStore(4, 'empty');
    const tool = createWallTool(store);
    const before = store.getState().walls;
    drag(
      tool,
      [
        [0.5, 2],
        [3.5, 2],
      ],
      false,
    );
    expect(tool.phase).toBe('dragging');
    expect(wallsOn(store, line)).toEqual([true, true, true, true]);
    tool.cancel();
    expect(tool.phase).toBe('idle');
    expect(store.getState().walls).toBe(before);
    expect(steps(store)).toBe(0);
    // The release after a cancel does nothing.
    tool.pointerUp(1);
    expect(steps(store)).toBe(0);
  });

  it('follows one pointer: a second finger neither starts nor moves the gesture', async () => {
    const store = await makeStore(4, 'empty');
    const tool = createWallTool(store);
    tool.pointerDown(at(1, 0.5), 1);
    expect(tool.pointerDown(at(3, 2.5), 2)).toBe(false);
    tool.pointerMove(at(3, 3.5), 2);
    tool.pointerUp(2);
    expect(tool.phase).not.toBe('idle');
    tool.pointerUp(1);
    expect(wallsOn(store, [edgeId(0, WALL_RIGHT), edgeId(14, WALL_RIGHT)])).toEqual([true, false]);
  });
});

describe('paint tool', () => {
  it('a path carves a region out of an empty grid as one undo step; undo and redo', async () => {
    const store = await makeStore(4, 'empty');
    const marked: number[][] = [];
    const tool = createPaintTool(store, (cells) => marked.push([...cells]));
    // Row 1, left to right.
    drag(tool, [
      [0.5, 0.5],
      [1.5, 0.5],
      [2.5, 0.5],
      [3.5, 0.5],
    ]);
    expect(marked.at(-2)).toEqual([0, 1, 2, 3]);
    expect(marked.at(-1)).toEqual([]);
    const regions = store.getState().regions;
    expect(new Set(regions.slice(0, 4)).size).toBe(1);
    expect(regions[4]).not.toBe(regions[0]);
    expect(steps(store)).toBe(1);
    store.getState().undo();
    expect(new Set(store.getState().regions)).toEqual(new Set([0]));
    store.getState().redo();
    expect(store.getState().regions).toEqual(regions);
  });

  it('paints as it goes; cancel (Escape) restores the puzzle before the drag', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createPaintTool(store);
    const before = store.getState().regions;
    // From r1c2 (box 1) right into r1c3 (box 2): r1c3 joins box 1 while the drag goes on.
    drag(
      tool,
      [
        [1.5, 0.5],
        [2.5, 0.5],
      ],
      false,
    );
    expect(store.getState().regions[2]).toBe(store.getState().regions[1]);
    tool.cancel();
    expect(store.getState().regions).toBe(before);
    expect(steps(store)).toBe(0);
  });

  it('a click alone moves the cursor and paints nothing', async () => {
    const store = await makeStore(4, 'empty');
    const tool = createPaintTool(store);
    drag(tool, [[2.5, 3.5]]);
    expect(store.getState().cursor).toBe(14);
    expect(steps(store)).toBe(0);
  });
});

/** Whether two region maps cut the grid the same way (region numbers may differ). */
function samePartition(a: readonly number[], b: readonly number[]): boolean {
  const ab = new Map<number, number>();
  const ba = new Map<number, number>();
  return (
    a.length === b.length &&
    a.every((x, i) => {
      if ((ab.get(x) ?? b[i]) !== b[i] || (ba.get(b[i]) ?? x) !== x) return false;
      ab.set(x, b[i]);
      ba.set(b[i], x);
      return true;
    })
  );
}

/** A stroke of grid points replayed as a person moves: small steps between the points. */
function stroke(tool: GridTool, points: [number, number][], step = 0.25): void {
  const [first, ...rest] = points;
  let [x, y] = first;
  tool.pointerDown(at(x, y), 1);
  for (const [tx, ty] of rest) {
    const n = Math.max(1, Math.ceil(Math.hypot(tx - x, ty - y) / step));
    for (let i = 1; i <= n; i++)
      tool.pointerMove(at(x + ((tx - x) * i) / n, y + ((ty - y) * i) / n), 1);
    [x, y] = [tx, ty];
  }
  tool.pointerUp(1);
}

describe('wall tool: clicks select, lines toggle (issue 12, item 1)', () => {
  it('a click inside a cell selects it and changes nothing', async () => {
    const store = await makeStore(9, 'standard');
    const tool = createWallTool(store);
    const before = store.getState().walls;
    // r2c3, a quarter cell from its right-hand line (a box border).
    drag(tool, [[2.75, 1.5]]);
    expect(store.getState().cursor).toBe(11);
    expect(store.getState().walls).toBe(before);
    expect(steps(store)).toBe(0);
  });

  it('a click within a fifth of a cell of a line toggles that wall', async () => {
    const store = await makeStore(9, 'standard');
    const tool = createWallTool(store);
    drag(tool, [[1.15, 0.5]]);
    expect(wallsOn(store, [edgeId(0, WALL_RIGHT)])).toEqual([true]);
    drag(tool, [[0.9, 0.6]]);
    expect(wallsOn(store, [edgeId(0, WALL_RIGHT)])).toEqual([false]);
    expect(steps(store)).toBe(2);
  });

  it('only a click inside a cell moves the selection, not a wall click or a stroke', async () => {
    const store = await makeStore(9, 'empty');
    const tool = createWallTool(store);
    drag(tool, [[4.5, 4.5]]);
    expect(store.getState().cursor).toBe(40);
    // A click on the line right of r1c1, and a stroke down the line x = 2 from its top.
    drag(tool, [[1.05, 0.5]]);
    stroke(tool, [
      [2, 0.3],
      [2, 2.7],
    ]);
    expect(wallsOn(store, [edgeId(0, WALL_RIGHT), edgeId(19, WALL_RIGHT)])).toEqual([true, true]);
    expect(store.getState().cursor).toBe(40);
  });
});

describe('wall tool: a drag is decided by its path (issue 12, item 2)', () => {
  it('a drag from a corner takes the line it moves along, not the wall behind it', async () => {
    const store = await makeStore(9, 'empty');
    const tool = createWallTool(store);
    stroke(tool, [
      [3, 0],
      [3, 9],
    ]);
    // From the corner (3, 4) of that wall, to the left along y = 4.
    stroke(tool, [
      [3, 4],
      [1, 4],
    ]);
    const line = [edgeId(3 * 9 + 1, WALL_DOWN), edgeId(3 * 9 + 2, WALL_DOWN)];
    expect(wallsOn(store, line)).toEqual([true, true]);
    // The wall x = 3 is whole: nothing erased at the corner.
    expect(wallsOn(store, [edgeId(3 * 9 + 2, WALL_RIGHT), edgeId(4 * 9 + 2, WALL_RIGHT)])).toEqual([
      true,
      true,
    ]);
  });

  it('8 strokes started on corners draw a full 9x9 layout exactly', async () => {
    const store = await makeStore(9, 'empty');
    const tool = createWallTool(store);
    for (const points of CORNER_STROKES) stroke(tool, points);
    const layout = layoutOf(store.getState());
    expect(layout.valid).toBe(true);
    expect(layout.openEdges.size).toBe(0);
    expect(samePartition(Array.from(layout.regionOf), CORNER_LAYOUT)).toBe(true);
    expect(steps(store)).toBe(8);
  });
});

describe('paint tool: reshaping the boxes (issue 12, item 4)', () => {
  it.each(JIGSAW_LAYOUTS.map((layout, i) => [i + 1, layout] as const))(
    'jigsaw %i painted row by row over the standard boxes',
    async (_n, target) => {
      const store = await makeStore(9, 'standard');
      const tool = createPaintTool(store);
      const drags = planRowPainting(9, standardBoxes(9, 3, 3), target);
      for (const cells of drags) {
        stroke(
          tool,
          cells.map((cell): [number, number] => [(cell % 9) + 0.5, Math.floor(cell / 9) + 0.5]),
        );
      }
      const layout = layoutOf(store.getState());
      expect(layout.regions).toHaveLength(9);
      expect(samePartition(Array.from(layout.regionOf), target)).toBe(true);
    },
  );

  it('a drag inside a region that is too big for the moment joins, never carves', async () => {
    const store = await makeStore(9, 'standard');
    const tool = createPaintTool(store);
    // Box 1 takes r1c4 and r1c5: 11 cells.
    stroke(tool, [
      [2.5, 0.5],
      [4.5, 0.5],
    ]);
    const grown = store.getState().regions;
    expect(grown.filter((label) => label === grown[0])).toHaveLength(11);
    // A drag from r1c1 over r1c2..r1c5, all already in it: nothing changes.
    stroke(tool, [
      [0.5, 0.5],
      [4.5, 0.5],
    ]);
    expect(store.getState().regions).toBe(grown);
    expect(steps(store)).toBe(1);
  });

  it('on an empty grid, a drag inside the unpainted rest still carves', async () => {
    const store = await makeStore(4, 'empty');
    const tool = createPaintTool(store);
    stroke(tool, [
      [0.5, 0.5],
      [3.5, 0.5],
    ]);
    expect(layoutOf(store.getState()).regions).toHaveLength(2);
  });
});

describe('play select tool (the selection of Play, shared grid plumbing)', () => {
  it('a press selects one cell; with a modifier it adds the cell', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createPlaySelectTool(store);
    tool.pointerDown(at(1.5, 0.5), 1);
    tool.pointerUp(1);
    expect(store.getState().playSelection).toEqual([1]);
    tool.pointerDown(at(3.5, 2.5), 1, { adding: true });
    tool.pointerUp(1);
    expect(store.getState().playSelection).toEqual([1, 11]);
    expect(store.getState().cursor).toBe(11);
    tool.pointerDown(at(0.5, 0.5), 1);
    expect(store.getState().playSelection).toEqual([0]);
  });

  it('a drag adds the cells whose centres it passes, not those it grazes at a corner', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createPlaySelectTool(store);
    // Along row 2, then straight through the corner between r2c3, r2c4, r3c3 and r3c4.
    drag(tool, [
      [0.5, 1.5],
      [2.5, 1.5],
      [3.5, 2.5],
    ]);
    expect(store.getState().playSelection).toEqual([4, 5, 6, 11]);
    expect(store.getState().cursor).toBe(11);
    // No undo step: selecting is not an edit.
    expect(steps(store)).toBe(0);
  });

  it('a quick drag (one move across the row) still takes every cell on the way', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createPlaySelectTool(store);
    drag(tool, [
      [0.5, 3.5],
      [3.5, 3.5],
    ]);
    expect(store.getState().playSelection).toEqual([12, 13, 14, 15]);
  });

  it('follows one pointer: a second finger does not add cells', async () => {
    const store = await makeStore(4, 'standard');
    const tool = createPlaySelectTool(store);
    tool.pointerDown(at(0.5, 0.5), 1);
    expect(tool.pointerDown(at(3.5, 3.5), 2)).toBe(false);
    tool.pointerMove(at(3.5, 0.5), 2);
    tool.pointerUp(1);
    expect(store.getState().playSelection).toEqual([0]);
  });
});
