/**
 * The replay of a solve: the moves of the log (the play slice's `playLog`) shown on the grid
 * one by one, each with the play time it was made at, without touching the player's board.
 * It takes the pad's place under the grid while it is open (App.tsx), so on a phone it is
 * where the player's thumb was: a line saying which move and when ("Move 12 of 80, at 03:12:
 * digit 4 in R1C3"), a slider over the moves, and buttons Start, Back, Play / Pause (a move
 * every REPLAY_STEP_MS), Next, End and Close. Escape closes it from here or from the grid
 * (playKeys.ts), and the focus goes back to the grid; Left, Right, Home and End step, here
 * as in the grid. Buttons that cannot act (Back at the
 * start) say so with aria-disabled and stay focusable, as the panel's do: a disabled button
 * would drop the focus to the page just as the player reaches the end.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { cellName, digitChar } from '../../engine/index.ts';
import { maskDigits } from '../../store/store.ts';
import type { PlayBoard } from '../../store/playProgress.ts';
import { mediaMatches, ONE_COLUMN } from '../mediaQuery.ts';
import { useSquiggly, useSquigglyStore } from '../StoreContext.tsx';
import { colourNames } from './playColours.ts';
import { formatClock } from './PlayPanel.tsx';

/** The pace of Play: a move every this many milliseconds. */
export const REPLAY_STEP_MS = 600;

/** What one move changed, in words: its cell and what it put there, or how many cells. */
export function describeMove(before: PlayBoard, after: PlayBoard, size: number): string {
  const changed: number[] = [];
  for (let cell = 0; cell < after.digits.length; cell++) {
    if (
      before.digits[cell] !== after.digits[cell] ||
      before.centre[cell] !== after.centre[cell] ||
      before.corner[cell] !== after.corner[cell] ||
      before.colour[cell] !== after.colour[cell]
    ) {
      changed.push(cell);
    }
  }
  if (changed.length === 0) return 'nothing changed';
  const where = changed.length === 1 ? cellName(changed[0], size) : `${changed.length} cells`;
  const cell = changed[0];
  const same = (layer: keyof PlayBoard): boolean =>
    changed.every(
      (at) => before[layer][at] === before[layer][cell] && after[layer][at] === after[layer][cell],
    );
  const marks = (mask: number): string => maskDigits(mask, size).map(digitChar).join(' ');
  if (before.digits[cell] !== after.digits[cell] && same('digits')) {
    return after.digits[cell] === 0
      ? `digit cleared in ${where}`
      : `digit ${digitChar(after.digits[cell])} in ${where}`;
  }
  if (before.colour[cell] !== after.colour[cell] && same('colour')) {
    return after.colour[cell] === 0
      ? `colours cleared in ${where}`
      : `${colourNames(after.colour[cell])} in ${where}`;
  }
  for (const layer of ['centre', 'corner'] as const) {
    if (before[layer][cell] !== after[layer][cell] && same(layer)) {
      return after[layer][cell] === 0
        ? `${layer} marks cleared in ${where}`
        : `${layer} marks ${marks(after[layer][cell])} in ${where}`;
    }
  }
  return `${where} changed`;
}

export function PlayReplay() {
  const store = useSquigglyStore();
  const at = useSquiggly((s) => s.playReplay);
  const log = useSquiggly((s) => s.playLog);
  const size = useSquiggly((s) => s.size);
  const [playing, setPlaying] = useState(false);
  const section = useRef<HTMLElement>(null);
  const last = log.length - 1;
  const open = at !== null;
  const here = Math.max(0, Math.min(last, at ?? 0));
  const atEnd = here >= last;

  // Opened: the focus comes here, so the keys below work at once; on a phone, where Replay
  // was pressed in the panel below, the grid comes into view too (this bar is right under it).
  useEffect(() => {
    if (!open) return;
    if (mediaMatches(ONE_COLUMN)) {
      document.querySelector('.grid-mode-play')?.scrollIntoView?.({ block: 'start' });
    }
    section.current
      ?.querySelector<HTMLElement>('[data-replay-first]')
      ?.focus({ preventScroll: mediaMatches(ONE_COLUMN) });
  }, [open]);

  // Play: a move every REPLAY_STEP_MS, stopping at the end.
  const playingNow = playing && open && !atEnd;
  useEffect(() => {
    if (!playingNow) return;
    const timer = setTimeout(() => store.getState().replayTo(here + 1), REPLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [playingNow, here, store]);

  if (!open) return null;
  const frame = log[here];
  const close = (): void => {
    setPlaying(false);
    store.getState().closeReplay();
    // Back to the grid, on the cursor's cell.
    document
      .querySelector<HTMLElement>(`.grid-mode-play [data-cell="${store.getState().cursor}"]`)
      ?.focus();
  };
  const go = (to: number): void => {
    setPlaying(false);
    store.getState().replayTo(to);
  };
  // Escape closes; Left, Right, Home and End step as in the grid (the slider has its own).
  const steps: Record<string, number> = {
    ArrowLeft: here - 1,
    ArrowRight: here + 1,
    Home: 0,
    End: last,
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>): void => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key in steps && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      go(steps[event.key]);
    }
  };
  const what = here === 0 ? 'the start' : describeMove(log[here - 1].board, frame.board, size);
  return (
    <section ref={section} className="play-replay" aria-label="Replay" onKeyDown={onKeyDown}>
      <p className="play-replay-line" role="status" aria-label="Replay move">
        {here === 0 ? 'Start' : `Move ${here} of ${last}`}, at{' '}
        <span className="play-clock">{formatClock(frame.ms)}</span>
        {here === 0 ? '' : `: ${what}`}
      </p>
      <input
        type="range"
        className="play-replay-slider"
        min={0}
        max={last}
        value={here}
        aria-label="Move"
        aria-valuetext={here === 0 ? 'Start' : `Move ${here} of ${last}`}
        onChange={(event) => go(Number(event.target.value))}
      />
      <div className="play-replay-buttons">
        <StepButton label="Start" off={here === 0} onPress={() => go(0)} />
        <StepButton label="Back" off={here === 0} onPress={() => go(here - 1)} />
        <button
          type="button"
          data-replay-first=""
          className="play-replay-play"
          aria-disabled={last === 0 || undefined}
          onClick={() => {
            if (last === 0) return;
            if (playingNow) return setPlaying(false);
            // From the end, Play starts again from the start.
            if (atEnd) store.getState().replayTo(0);
            setPlaying(true);
          }}
        >
          {playingNow ? 'Pause' : 'Play'}
        </button>
        <StepButton label="Next" off={atEnd} onPress={() => go(here + 1)} />
        <StepButton label="End" off={atEnd} onPress={() => go(last)} />
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </section>
  );
}

/** A step of the replay: unavailable (aria-disabled, still focusable) where it cannot go. */
function StepButton(props: { label: string; off: boolean; onPress(): void }) {
  return (
    <button
      type="button"
      aria-disabled={props.off || undefined}
      onClick={() => !props.off && props.onPress()}
    >
      {props.label}
    </button>
  );
}
