/**
 * Title, author and rules in the store: set by setPuzzleInfo (one undo step), saved and
 * restored, cleared by a new puzzle, carried by loadPuzzle; and a loaded half-drawn layout
 * keeps its stray walls.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { standardRegions } from '../../src/engine/board.ts';
import { wallsFromRegions, WALL_LEFT, WALL_RIGHT } from '../../src/engine/layout.ts';
import { EMPTY_INFO } from '../../src/formats/link.ts';
import { memoryStorage } from '../../src/store/persistence.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import type { KeyValueStorage } from '../../src/store/persistence.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

let client: ChannelClient;
afterEach(() => client?.dispose());

function makeStore(storage: KeyValueStorage | null = null): SquigglyStore {
  client = createChannelClient();
  return createSquigglyStore({ solver: client, storage });
}

describe('puzzle info', () => {
  it('starts empty; setPuzzleInfo changes one field as one undo step', () => {
    const store = makeStore();
    expect(store.getState().info).toEqual(EMPTY_INFO);
    store.getState().setPuzzleInfo({ title: 'Wiggles' });
    store.getState().setPuzzleInfo({ author: 'Ann' });
    expect(store.getState().info).toEqual({ title: 'Wiggles', author: 'Ann', rules: '' });
    store.getState().undo();
    expect(store.getState().info).toEqual({ title: 'Wiggles', author: '', rules: '' });
    store.getState().undo();
    expect(store.getState().info).toEqual(EMPTY_INFO);
  });

  it('is saved with the puzzle and restored', () => {
    const storage = memoryStorage();
    makeStore(storage).getState().setPuzzleInfo({ rules: 'Jigsaw rules.' });
    expect(makeStore(storage).getState().info.rules).toBe('Jigsaw rules.');
  });

  it('a new puzzle clears it; a loaded one brings its own', async () => {
    const store = makeStore();
    store.getState().setPuzzleInfo({ title: 'Old' });
    await store.getState().newPuzzle(4, 'standard');
    expect(store.getState().info).toEqual(EMPTY_INFO);
    const info = { title: 'T', author: 'A', rules: 'R' };
    store.getState().loadPuzzle(4, standardRegions(4), new Array(16).fill(0), { info });
    expect(store.getState().info).toEqual(info);
  });

  it('a loaded layout keeps the stray walls it was given', () => {
    const store = makeStore();
    const regions = standardRegions(4);
    const walls = Array.from(wallsFromRegions(4, regions));
    walls[0] |= WALL_RIGHT; // between r1c1 and r1c2, both in box 1
    walls[1] |= WALL_LEFT;
    store.getState().loadPuzzle(4, regions, new Array(16).fill(0), { walls });
    expect(store.getState().walls).toEqual(walls);
    expect(store.getState().regions).toEqual(Array.from(regions));
  });

  it('refuses text longer than a link can carry', () => {
    const store = makeStore();
    store.getState().setPuzzleInfo({ title: 'x'.repeat(5000) });
    expect(store.getState().info).toEqual(EMPTY_INFO);
  });
});
