/**
 * The library's pending area (src/store/library/pending.ts) on its own, over a map storage:
 * one copy per entry, confirmation by stamp only, the bound, and storage that is damaged,
 * full or blocked. How the slice uses it is in library.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { blockedStorage, quotaStorage } from '../fixtures/quotaStorage.ts';
import { EMPTY_INFO } from '../../src/formats/link.ts';
import {
  PENDING_KEY,
  PENDING_LIMIT,
  pendingArea,
  type PendingCopy,
} from '../../src/store/library/pending.ts';
import { memoryStorage } from '../../src/store/persistence.ts';
import { standardPuzzle } from '../../src/store/puzzle.ts';

function copy(id: string, changed: number, stamp = `s${changed}`): PendingCopy {
  const puzzle = standardPuzzle(4);
  return {
    stamp,
    changed,
    board: { id, ...puzzle, givens: [1, ...puzzle.givens.slice(1)], info: EMPTY_INFO },
    verdict: null,
    rating: null,
  };
}

const ids = (copies: PendingCopy[]) => copies.map((kept) => `${kept.board.id}@${kept.changed}`);

describe('the pending area', () => {
  it('holds one copy per entry, the later one', () => {
    const area = pendingArea(memoryStorage())!;
    expect(area.add(copy('a', 10))).toBe(true);
    expect(area.add(copy('b', 20))).toBe(true);
    expect(area.add(copy('a', 30))).toBe(true);
    expect(ids(area.list())).toEqual(['b@20', 'a@30']);
    expect(area.list()[1]).toEqual(copy('a', 30));
  });

  it('a confirmation removes only the copy it was given', () => {
    const storage = memoryStorage();
    const area = pendingArea(storage)!;
    area.add(copy('a', 10));
    area.add(copy('a', 30));
    // The write of the earlier copy is confirmed: the later one still waits.
    area.confirm('a', 's10');
    expect(ids(area.list())).toEqual(['a@30']);
    area.confirm('a', 's30');
    expect(area.list()).toEqual([]);
    expect(storage.getItem(PENDING_KEY)).toBeNull();
  });

  it('drops every copy of a deleted entry', () => {
    const area = pendingArea(memoryStorage())!;
    area.add(copy('a', 10));
    area.add(copy('b', 20));
    area.drop('a');
    expect(ids(area.list())).toEqual(['b@20']);
  });

  it(`keeps at most ${PENDING_LIMIT} copies, the latest changes`, () => {
    const area = pendingArea(memoryStorage())!;
    for (let n = 0; n < PENDING_LIMIT + 3; n++) area.add(copy(`id${n}`, 1000 + n));
    const kept = area.list();
    expect(kept).toHaveLength(PENDING_LIMIT);
    expect(kept[0].board.id).toBe('id3');
    expect(kept[PENDING_LIMIT - 1].board.id).toBe(`id${PENDING_LIMIT + 2}`);
  });

  it('reads a damaged area or copy as nothing, and the next copy replaces it', () => {
    const storage = memoryStorage({ [PENDING_KEY]: '{"version":1,"copies":[' });
    const area = pendingArea(storage)!;
    expect(area.list()).toEqual([]);
    const badBoard = { ...copy('x', 5), board: { ...copy('x', 5).board, givens: [9] } };
    storage.setItem(
      PENDING_KEY,
      JSON.stringify({ version: 1, copies: [badBoard, copy('b', 7), { stamp: 's' }] }),
    );
    expect(ids(area.list())).toEqual(['b@7']);
    storage.setItem(PENDING_KEY, JSON.stringify({ version: 99, copies: [copy('b', 7)] }));
    expect(area.list()).toEqual([]);
    expect(area.add(copy('c', 8))).toBe(true);
    expect(ids(area.list())).toEqual(['c@8']);
  });

  it('storage that is full or blocked is reported, never thrown', () => {
    const area = pendingArea(quotaStorage(0))!;
    expect(area.add(copy('a', 1))).toBe(false);
    expect(area.list()).toEqual([]);
    const none = pendingArea(blockedStorage())!;
    expect(none.add(copy('a', 1))).toBe(false);
    expect(() => none.confirm('a', 's1')).not.toThrow();
    expect(() => none.drop('a')).not.toThrow();
    expect(none.list()).toEqual([]);
    expect(pendingArea(null)).toBeNull();
  });
});
