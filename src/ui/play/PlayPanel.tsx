/**
 * The side panel in Play: the puzzle's title, author, the timer and the rules; the
 * difficulty, once the player has finished (or before, if they choose); a warning when the
 * live verdict says the puzzle has no single solution; the player's tools (Auto-candidates,
 * Hint, Check, Reveal cell, Reveal all after asking, Replay, conflict marking, highlighting);
 * and their result in a status region. On one column (a phone) Hint and Check are in the
 * row beside the pad instead (PlayControls.tsx), in reach of the thumb, and the panel keeps
 * the rest. The timer counts only while Play is on screen, the tab is visible and the
 * puzzle is not solved; it adds whole elapsed intervals to the play slice, which saves them
 * with the progress, so a reload resumes the time too. The timer comes before the rules,
 * which may be long, so that at 1280x800 it is in sight; on a phone, where the panel is
 * below the pad, PlayClock shows the time again above the grid.
 *
 * The difficulty waits for the end by default: a solver who opens a link came to solve it,
 * and "Needs search" or "Rated hard" says what the puzzle takes before they find out (the
 * setter knows it from the Logic panel already). "Show the difficulty before I finish" brings
 * it back for every puzzle, and is remembered with the page's other settings.
 */
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { currentRating, currentVerdict, playRunning } from '../../store/store.ts';
import { RatingBadge } from '../LogicPanel.tsx';
import { ONE_COLUMN, useMediaQuery } from '../mediaQuery.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useSquiggly, useSquigglyStore } from '../StoreContext.tsx';
import { CheckButton, HintButton } from './PlayControls.tsx';
import { keepGridFocus } from './PlayPad.tsx';

const TICK_MS = 1000;

export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/** Runs the clock while the tab is visible; paused by a hidden tab. */
function useTimer(running: boolean): void {
  const store = useSquigglyStore();
  useEffect(() => {
    if (!running) return;
    let last = Date.now();
    const tick = (): void => {
      const now = Date.now();
      if (!document.hidden) store.getState().tickPlay(now - last);
      last = now;
    };
    const timer = setInterval(tick, TICK_MS);
    const onVisibility = (): void => {
      // Time while hidden is not counted: restart the interval's origin.
      if (document.hidden) tick();
      last = Date.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store, running]);
}

export function PlayPanel() {
  const store = useSquigglyStore();
  const info = useSquiggly((s) => s.info);
  const elapsed = useSquiggly((s) => s.playElapsedMs);
  const running = useSquiggly(playRunning);
  const showConflicts = useSquiggly((s) => s.showConflicts);
  const check = useSquiggly((s) => s.playCheck);
  const checking = useSquiggly((s) => s.playChecking);
  const size = useSquiggly((s) => s.size);
  const highlight = useSquiggly((s) => s.playHighlight);
  const moves = useSquiggly((s) => s.playLog.length - 1);
  const replaying = useSquiggly((s) => s.playReplay !== null);
  // How hard (the rating a unique verdict brings): once solved, or before if asked for.
  const rated = useSquiggly(currentRating) !== null;
  const ratingEarly = useSquiggly((s) => s.ratingBeforeSolving);
  const oneColumn = useMediaQuery(ONE_COLUMN);
  const [confirmReveal, setConfirmReveal] = useState(false);
  // Said before the player starts, not only when Check or Reveal is pressed.
  const status = useSquiggly(currentVerdict)?.outcome.status;
  const warning =
    status === 'multiple'
      ? 'This puzzle has more than one solution: Check and Reveal cannot say which digits are right.'
      : status === 'none'
        ? 'This puzzle has no solution: its clues cannot all hold.'
        : status === 'invalid'
          ? `Layout not ready: Check and Reveal need ${size} regions of ${size} cells.`
          : null;
  useTimer(running);

  const title = info?.title.trim() || 'Untitled puzzle';
  return (
    <section className="panel play-panel" aria-labelledby="play-heading">
      <h2 id="play-heading">{title}</h2>
      {info?.author.trim() && <p className="play-author">by {info.author.trim()}</p>}
      <p className="play-time">
        <span id="play-time-label">Time</span>{' '}
        <span role="timer" aria-labelledby="play-time-label" className="play-clock">
          {formatClock(elapsed)}
        </span>
        {!running && ' (stopped: solved)'}
      </p>
      {rated &&
        (ratingEarly || !running ? (
          <p className="play-rating">
            <RatingBadge />
          </p>
        ) : (
          <p className="play-rating play-rating-later">Difficulty: shown when you finish.</p>
        ))}
      {info?.rules.trim() ? (
        <div className="play-rules">
          <h3>Rules</h3>
          <p>{info.rules.trim()}</p>
        </div>
      ) : (
        <p className="play-rules">
          Place each digit once in every row, column and region (the shapes outlined by thick
          walls).
        </p>
      )}
      {warning && <p className="warning play-warning">{warning}</p>}
      {/* A mouse press on these keeps the focus on the grid (keepGridFocus), so digits typed
          next go on into the cells, as after the pad's buttons. While the worker answers,
          Hint, Check and the reveals say they are unavailable (aria-disabled) and ignore
          presses, but stay focusable: a disabled button loses the focus to the page body,
          and a keyboard user would start again from the top. */}
      <div className="play-actions">
        <button
          type="button"
          onMouseDown={keepGridFocus}
          onClick={() => store.getState().autoCandidates()}
        >
          Auto-candidates
        </button>
        {!oneColumn && (
          <>
            <HintButton />
            <CheckButton />
          </>
        )}
        <button
          type="button"
          aria-disabled={checking || undefined}
          onMouseDown={keepGridFocus}
          onClick={() => !checking && void store.getState().revealPlay('cells')}
        >
          Reveal cell
        </button>
        <button
          type="button"
          aria-disabled={checking || undefined}
          onClick={() => !checking && setConfirmReveal(true)}
        >
          Reveal all…
        </button>
        {/* The moves so far, on the grid one by one (PlayReplay, in the pad's place). */}
        <button
          type="button"
          aria-disabled={moves === 0 || replaying || undefined}
          onMouseDown={keepGridFocus}
          onClick={() => moves > 0 && !replaying && store.getState().openReplay()}
        >
          Replay
        </button>
      </div>
      {confirmReveal && (
        <ConfirmDialog
          title="Show the whole solution?"
          message="Every empty or wrong cell gets its digit from the solution, and your pencil marks stay underneath. Undo takes it back."
          confirmLabel="Reveal all"
          onConfirm={() => void store.getState().revealPlay('all')}
          onClose={() => setConfirmReveal(false)}
        />
      )}
      <div className="play-options">
        <label className="option">
          <input
            type="checkbox"
            checked={showConflicts}
            onChange={(event) => store.getState().setShowConflicts(event.target.checked)}
          />
          <span>Mark conflicts</span>
        </label>
        <label className="option">
          <input
            type="checkbox"
            checked={highlight}
            onChange={(event) => store.getState().setPlayHighlight(event.target.checked)}
          />
          <span>Highlight the selected digit and the cells it sees</span>
        </label>
        <label className="option">
          <input
            type="checkbox"
            checked={ratingEarly}
            onChange={(event) => store.getState().setRatingBeforeSolving(event.target.checked)}
          />
          <span>Show the difficulty before I finish</span>
        </label>
      </div>
      <p role="status" aria-label="Play result" className="play-status">
        {checking ? 'Checking…' : (check?.message ?? '')}
      </p>
    </section>
  );
}

/**
 * The play result again, right under the grid on a narrow screen, where the panel that says
 * it lies below the pad, off screen (not on a wide screen, where the panel is beside the grid;
 * the panel's line stays the live region). It sits between the grid and the row of Undo,
 * Redo, Hint and Check, so it must not move them under a finger: it takes the room the first
 * screen has left below the grid (app.css: the pad sits at the screen's foot), two lines at
 * least, and keeps the tallest text it has held, so a message that goes (the next tap clears
 * it) leaves its room and only a message longer than all before moves the buttons down.
 */
export function PlayCaption() {
  const check = useSquiggly((s) => s.playCheck);
  const oneColumn = useMediaQuery(ONE_COLUMN);
  const text = useRef<HTMLSpanElement>(null);
  const [tallest, setTallest] = useState(0);
  const message = oneColumn ? (check?.message ?? '') : '';
  useLayoutEffect(() => {
    const height = text.current?.offsetHeight ?? 0;
    if (height > tallest) setTallest(height);
  }, [message, tallest]);
  if (!oneColumn) return null;
  return (
    <p className="play-caption" style={{ '--tallest': `${tallest}px` } as CSSProperties}>
      <span ref={text} className="play-caption-text">
        {message}
      </span>
    </p>
  );
}

/**
 * The time again, above the grid on a narrow screen (app.css hides it on a wide one), where
 * the panel's timer lies below the pad, out of sight while playing. Hidden from assistive
 * technology: the panel's timer is the one with a name.
 */
export function PlayClock() {
  const elapsed = useSquiggly((s) => s.playElapsedMs);
  const running = useSquiggly(playRunning);
  return (
    <span className="play-tip-clock" aria-hidden="true" data-testid="play-tip-clock">
      {formatClock(elapsed)}
      {!running && ' ✓'}
    </span>
  );
}
