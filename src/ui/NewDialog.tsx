import { useState } from 'react';
import type { StartLayout } from '../store/store.ts';
import { Dialog } from './Dialog.tsx';

const STARTS: { value: StartLayout; label: string; hint: string }[] = [
  { value: 'standard', label: 'Standard boxes', hint: 'the usual boxes, to reshape' },
  { value: 'empty', label: 'Empty grid', hint: 'no walls inside: draw or paint every region' },
  { value: 'random', label: 'Random jigsaw', hint: 'a fresh valid jigsaw layout' },
  // Named so that "Random jigsaw" still names one choice only.
  {
    value: 'puzzle',
    label: 'Random puzzle',
    hint: 'a fresh jigsaw layout with clues that have exactly one solution; made in the background',
  },
];

/** At this size generating a puzzle takes a few seconds. */
const SLOW_PUZZLE_SIZE = 16;

interface NewDialogProps {
  size: number;
  unsaved: boolean;
  onCreate(start: StartLayout): Promise<void>;
  onClose(): void;
}

/** Start over at the current size; warns before unsaved work is discarded. */
export function NewDialog({ size, unsaved, onCreate, onClose }: NewDialogProps) {
  const [start, setStart] = useState<StartLayout>('standard');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async (): Promise<void> => {
    setBusy(true);
    try {
      await onCreate(start);
      onClose();
    } catch (e) {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <Dialog title={`New ${size}×${size} puzzle`} onClose={onClose}>
      <fieldset className="choices">
        <legend>Start layout</legend>
        {STARTS.map((choice) => (
          <label key={choice.value}>
            <input
              type="radio"
              name="start-layout"
              value={choice.value}
              checked={start === choice.value}
              onChange={() => setStart(choice.value)}
            />
            {choice.label}{' '}
            <small>
              ({choice.hint}
              {choice.value === 'puzzle' && size >= SLOW_PUZZLE_SIZE
                ? `; at ${size}×${size} this takes a few seconds, and Cancel in the Solve panel stops it`
                : ''}
              )
            </small>
          </label>
        ))}
      </fieldset>
      {unsaved && (
        <p className="warning">
          The current puzzle has changes you have not exported. Creating a new one discards them
          (Undo can still bring them back).
        </p>
      )}
      {error && <p className="error">Could not create the puzzle: {error}</p>}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={() => void create()} disabled={busy}>
          {unsaved ? 'Discard and create' : 'Create'}
        </button>
      </div>
    </Dialog>
  );
}

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog title={title} onClose={onClose}>
      <p className="warning">{message}</p>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
