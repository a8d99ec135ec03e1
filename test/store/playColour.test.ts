/**
 * The play slice headless: colours (SudokuPad's Colour entry: several per cell, toggled like
 * marks, clues too, in undo and in the saved progress), the log of moves with their play
 * times and its replay (which never touches the board), and old saves (before colours and
 * the log) still loading with their undo steps.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { standardRegions } from '../../src/engine/board.ts';
import { memoryStorage, type KeyValueStorage } from '../../src/store/persistence.ts';
import { LOG_FRAMES, progressStorageKey } from '../../src/store/playProgress.ts';
import { puzzleKey } from '../../src/store/puzzle.ts';
import { createSquigglyStore, type SquigglyStore } from '../../src/store/store.ts';
import { createChannelClient, type ChannelClient } from '../worker/channelClient.ts';

const CLUES = '530070000600195000098000060800060003400803001700020006060000280000419005000080079';

let clients: ChannelClient[] = [];
afterEach(() => {
  for (const client of clients) client.dispose();
  clients = [];
});

function playing(storage: KeyValueStorage | null = memoryStorage()): SquigglyStore {
  const client = createChannelClient();
  clients.push(client);
  const store = createSquigglyStore({ solver: client, storage });
  if (store.getState().size !== 9 || store.getState().givens.join('') !== CLUES) {
    store.getState().loadPuzzle(9, Array.from(standardRegions(9)), Array.from(CLUES, Number));
  }
  store.getState().setMode('play');
  store.getState().openPlay();
  return store;
}

const bit = (colour: number): number => 1 << colour;

describe('colours in play', () => {
  it('toggle into every selected cell, clues too, several per cell, and undo', () => {
    const store = playing();
    const s = () => store.getState();
    s().setPlayEntry('colour');
    // Cell 0 is a clue (5), cells 2 and 3 are empty.
    s().setPlaySelection([0, 2, 3]);
    s().enterPlay(1);
    expect([0, 2, 3].map((cell) => s().playBoard.colour[cell])).toEqual([bit(1), bit(1), bit(1)]);
    s().setPlaySelection([2]);
    s().enterPlay(4);
    expect(s().playBoard.colour[2]).toBe(bit(1) | bit(4));
    // Not every selected cell has colour 4: it goes into all; then out of all.
    s().setPlaySelection([2, 3]);
    s().enterPlay(4);
    expect(s().playBoard.colour[3]).toBe(bit(1) | bit(4));
    s().enterPlay(4);
    expect([2, 3].map((cell) => s().playBoard.colour[cell])).toEqual([bit(1), bit(1)]);
    // Colours are no digits: the board's digits and marks are untouched.
    expect(s().playBoard.digits.every((digit) => digit === 0)).toBe(true);
    // Nine colours whatever the size; nothing past them.
    s().enterPlay(9);
    expect(s().playBoard.colour[2]).toBe(bit(1) | bit(9));
    const before = s().playBoard;
    s().enterPlay(10);
    expect(s().playBoard).toBe(before);
    // Each toggle is an undo step.
    s().playUndo();
    s().playUndo();
    expect(s().playBoard.colour[3]).toBe(bit(1) | bit(4));
    s().playRedo();
    expect(s().playBoard.colour[3]).toBe(bit(1));
  });

  it('clear takes colours only in the Colour entry, and last of all in the others', () => {
    const store = playing();
    const s = () => store.getState();
    s().setPlaySelection([2]);
    s().enterPlay(4, 'digit');
    s().enterPlay(3, 'colour');
    s().setPlayEntry('colour');
    s().clearPlayCells();
    expect(s().playBoard.digits[2]).toBe(4);
    expect(s().playBoard.colour[2]).toBe(0);
    s().enterPlay(3);
    s().setPlayEntry('digit');
    s().enterPlay(4); // the digit goes (toggled off)
    s().enterPlay(7, 'centre');
    s().clearPlayCells();
    expect(s().playBoard.centre[2]).toBe(0);
    expect(s().playBoard.colour[2]).toBe(bit(3));
    s().clearPlayCells();
    expect(s().playBoard.colour[2]).toBe(0);
  });

  it('colours and their undo steps outlast a reload', () => {
    const storage = memoryStorage();
    const first = playing(storage);
    first.getState().setPlaySelection([0, 2]);
    first.getState().enterPlay(2, 'colour');
    first.getState().enterPlay(6, 'colour');
    const second = playing(storage);
    expect(second.getState().playBoard.colour[0]).toBe(bit(2) | bit(6));
    second.getState().playUndo();
    expect(second.getState().playBoard.colour[2]).toBe(bit(2));
  });

  it('an older save (no colours, four-wide undo steps, no log) still loads, Undo too', () => {
    const storage = memoryStorage();
    const store = playing(null);
    const key = puzzleKey(store.getState());
    const digits = new Array(81).fill(0);
    digits[2] = 4;
    digits[3] = 6;
    const zeros = new Array(81).fill(0);
    storage.setItem(
      progressStorageKey(key),
      JSON.stringify({
        version: 1,
        key,
        board: { digits, centre: zeros, corner: zeros },
        elapsedMs: 61_000,
        revealed: false,
        revealedCells: [],
        check: null,
        // Undo: cell 3 back to empty, then cell 2 too.
        past: [
          [3, 0, 0, 0],
          [2, 0, 0, 0],
        ],
        future: [],
      }),
    );
    const loaded = playing(storage);
    const s = () => loaded.getState();
    expect(s().playBoard.digits[3]).toBe(6);
    expect(s().playBoard.colour.every((colour) => colour === 0)).toBe(true);
    expect(s().playElapsedMs).toBe(61_000);
    s().playUndo();
    expect(s().playBoard.digits[3]).toBe(0);
    s().playUndo();
    expect(s().playBoard.digits[2]).toBe(0);
    // The replay starts at the board as it was loaded.
    expect(s().playLog[0]).toMatchObject({ ms: 61_000 });
    expect(s().playLog[0].board.digits[3]).toBe(6);
  });

  it('a damaged colour in a save loses the progress, not the app', () => {
    const storage = memoryStorage();
    const first = playing(storage);
    first.getState().setPlaySelection([2]);
    first.getState().enterPlay(5, 'digit');
    first.getState().enterPlay(1, 'colour');
    const key = progressStorageKey(puzzleKey(first.getState()));
    const saved = JSON.parse(storage.getItem(key) as string) as { board: { colour: number[] } };
    expect(saved.board.colour[2]).toBe(bit(1));
    saved.board.colour[2] = 1; // bit 0 is no colour
    storage.setItem(key, JSON.stringify(saved));
    expect(playing(storage).getState().playBoard.digits[2]).toBe(0);
  });
  it('colouring between two presses of Hint does not start the hint over', async () => {
    const store = playing();
    const s = () => store.getState();
    await s().hintPlay();
    expect(s().playHint?.whole).toBe(false);
    s().setPlaySelection([2]);
    s().enterPlay(3, 'colour');
    await s().hintPlay();
    expect(s().playHint?.whole).toBe(true);
    expect(s().playCheck?.message).toMatch(/^Hint: (?!use )/);
    // A digit is a real move: the next press looks again, from the technique.
    s().setPlaySelection([2]);
    s().enterPlay(1, 'digit');
    s().clearPlayCells();
    await s().hintPlay();
    expect(s().playHint?.whole).toBe(false);
  });
});

describe('the log of moves and its replay', () => {
  it('records each move with its play time, undo and redo too', () => {
    const store = playing();
    const s = () => store.getState();
    s().setPlaySelection([2]);
    s().tickPlay(3_000);
    s().enterPlay(4);
    s().tickPlay(2_000);
    s().enterPlay(1, 'colour');
    s().tickPlay(1_000);
    s().playUndo();
    expect(s().playLog.map((frame) => frame.ms)).toEqual([0, 3_000, 5_000, 6_000]);
    expect(s().playLog.map((frame) => frame.board.digits[2])).toEqual([0, 4, 4, 4]);
    expect(s().playLog.map((frame) => frame.board.colour[2])).toEqual([0, 0, bit(1), 0]);
    expect(s().playLog[3].board).toBe(s().playBoard);
  });

  it('the replay shows frames without changing the board, and ignores moves', () => {
    const store = playing();
    const s = () => store.getState();
    s().setPlaySelection([2]);
    s().enterPlay(4);
    s().enterPlay(2, 'colour');
    const board = s().playBoard;
    s().openReplay();
    expect(s().playReplay).toBe(0);
    s().replayTo(1);
    expect(s().playReplay).toBe(1);
    s().replayTo(99);
    expect(s().playReplay).toBe(2);
    // Moves while the replay is open change nothing.
    s().enterPlay(7);
    s().clearPlayCells();
    s().playUndo();
    s().autoCandidates();
    expect(s().playBoard).toBe(board);
    expect(s().playLog).toHaveLength(3);
    s().closeReplay();
    expect(s().playReplay).toBeNull();
    s().enterPlay(7);
    expect(s().playBoard.digits[2]).toBe(7);
  });

  it('is saved with the progress, and bounded', () => {
    const storage = memoryStorage();
    const first = playing(storage);
    const s = () => first.getState();
    s().setPlaySelection([2]);
    for (let move = 0; move < LOG_FRAMES + 20; move++) {
      s().tickPlay(1_000);
      s().enterPlay((move % 9) + 1, 'corner');
    }
    expect(s().playLog).toHaveLength(LOG_FRAMES);
    const second = playing(storage);
    const log = second.getState().playLog;
    expect(log).toHaveLength(LOG_FRAMES);
    expect(log[log.length - 1].board).toBe(second.getState().playBoard);
    expect(log[log.length - 1].ms).toBe((LOG_FRAMES + 20) * 1_000);
    expect(log[0].ms).toBe(21_000);
    expect(log.map((frame) => frame.board.corner[2])).toEqual(
      s().playLog.map((f) => f.board.corner[2]),
    );
  });

  it('a damaged log starts the replay at the board, and keeps the board', () => {
    const storage = memoryStorage();
    const first = playing(storage);
    first.getState().setPlaySelection([2]);
    first.getState().enterPlay(4);
    first.getState().enterPlay(5, 'colour');
    const key = progressStorageKey(puzzleKey(first.getState()));
    const saved = JSON.parse(storage.getItem(key) as string) as { log: number[][] };
    expect(saved.log).toHaveLength(3);
    saved.log[1].push(500, 1, 0, 0, 0);
    storage.setItem(key, JSON.stringify(saved));
    const second = playing(storage);
    expect(second.getState().playBoard.digits[2]).toBe(4);
    expect(second.getState().playLog).toHaveLength(1);
  });
});
