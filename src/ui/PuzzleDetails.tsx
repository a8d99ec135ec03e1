/**
 * The title, author and rules that travel with a puzzle (links, f-puzzles, JSON, print):
 * their fields, shared by the Export dialog and the Puzzle details dialog, which the header's
 * details button opens from the main screen (a setter names a puzzle long before exporting).
 *
 * The fields are edited here and written to the store on leaving a field, and when the
 * dialog holding them closes, so that typing a title is one undo step, not one per letter
 * (usePuzzleInfoFields). The header button shows the title, or says there is none, so the
 * main screen always shows what the puzzle is called. With variant constraints, "Write rules
 * from constraints" fills the rules field with rulesText's sentences, to edit from there.
 */
import { useEffect, useRef, useState } from 'react';
import { rulesText } from '../engine/index.ts';
import type { PuzzleInfo } from '../formats/index.ts';
import { selectConstraints } from '../store/store.ts';
import { Dialog } from './Dialog.tsx';
import { useSquiggly, useSquigglyStore } from './StoreContext.tsx';

/** The fields' text as typed, the props of each field, and the write to the store. */
export function usePuzzleInfoFields() {
  const store = useSquigglyStore();
  const savedInfo = useSquiggly((s) => s.info);
  const [info, setInfo] = useState<PuzzleInfo>(savedInfo);
  const infoRef = useRef(info);
  useEffect(() => {
    infoRef.current = info;
  });
  const commitInfo = (): void => {
    const current = store.getState().info;
    const next = infoRef.current;
    if (
      next.title !== current.title ||
      next.author !== current.author ||
      next.rules !== current.rules
    ) {
      store.getState().setPuzzleInfo(next);
    }
  };
  // Written when the dialog goes, however it goes (Close, Escape, a click outside).
  const commitRef = useRef(commitInfo);
  useEffect(() => {
    commitRef.current = commitInfo;
  });
  useEffect(() => () => commitRef.current(), []);

  const field = (key: keyof PuzzleInfo) => ({
    value: info[key],
    onChange: (event: { target: { value: string } }) =>
      setInfo((current) => ({ ...current, [key]: event.target.value })),
    onBlur: commitInfo,
  });
  /** Put text in a field and write it to the store at once (one undo step). */
  const setField = (key: keyof PuzzleInfo, value: string): void => {
    const next = { ...infoRef.current, [key]: value };
    infoRef.current = next;
    setInfo(next);
    commitInfo();
  };
  return { info, field, commitInfo, setField };
}

type FieldProps = ReturnType<typeof usePuzzleInfoFields>['field'];

export function PuzzleInfoFields({
  field,
  setField,
}: {
  field: FieldProps;
  /** Given, the rules field offers to write the rules from the puzzle's constraints. */
  setField?: (key: keyof PuzzleInfo, value: string) => void;
}) {
  const store = useSquigglyStore();
  const hasConstraints = useSquiggly((s) => selectConstraints(s).length > 0);
  return (
    <fieldset className="export-section info-fields">
      <legend>Puzzle details</legend>
      <label className="field field-block">
        <span>Title</span>
        <input type="text" maxLength={200} {...field('title')} />
      </label>
      <label className="field field-block">
        <span>Author</span>
        <input type="text" maxLength={200} {...field('author')} />
      </label>
      <label className="field field-block">
        <span>Rules</span>
        <textarea rows={2} maxLength={4000} {...field('rules')} />
      </label>
      {setField && hasConstraints && (
        <button
          type="button"
          onClick={() => {
            const { constraints, size } = store.getState();
            setField('rules', rulesText(constraints, size));
          }}
        >
          Write rules from constraints
        </button>
      )}
    </fieldset>
  );
}

/** The header's button: the puzzle's title, opening its details. */
export function PuzzleDetailsButton({ onOpen }: { onOpen(): void }) {
  const title = useSquiggly((s) => s.info.title);
  const author = useSquiggly((s) => s.info.author);
  const shown = `${title === '' ? 'Untitled puzzle' : title}${author === '' ? '' : ` by ${author}`}`;
  return (
    <button
      type="button"
      className="details-button"
      aria-label={`Puzzle details: ${shown}`}
      title="Title, author and rules"
      onClick={onOpen}
    >
      {title === '' ? 'Untitled puzzle' : title}
      {author !== '' && <span className="details-author"> by {author}</span>}
    </button>
  );
}

export function PuzzleDetailsDialog({ onClose }: { onClose(): void }) {
  const { field, setField } = usePuzzleInfoFields();
  return (
    <Dialog title="Puzzle details" onClose={onClose}>
      <p className="hint">
        They travel with the puzzle: in its link, the f-puzzles string, Squiggly JSON and print.
      </p>
      <PuzzleInfoFields field={field} setField={setField} />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
