import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { cleanViewName } from '../lib/saved-view.ts';

interface Props {
  /** Suggested name (the view opened last, so saving again replaces it). */
  defaultName: string;
  /** Names already saved, to say before replacing one. */
  names: readonly string[];
  onSave(name: string): void;
  onClose(): void;
}

/**
 * Dialog "Save view": asks the view's name (textbox "View name"); a name already saved is
 * replaced, and the button says so. Mounted while open; a chunk of its own.
 */
export default function SaveViewDialog({ defaultName, names, onSave, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const clean = cleanViewName(name);
  const replaces = names.includes(clean);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!clean) return setError('Give the view a name.');
    onSave(clean);
  }

  return (
    <dialog ref={ref} className="an-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={submit}>
        <h2 id={`${id}-title`} className="an-h2">
          Save view
        </h2>
        <p className="an-hint">
          Keeps the report&apos;s parameters, the filters and sort of the rows, the summary, the
          chart, Compare periods and retention, in this browser. Never a token.
        </p>
        <label className="an-field">
          <span className="an-label">View name</span>
          <input
            value={name}
            maxLength={100}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
          />
        </label>
        {replaces && <p className="an-hint">Replaces the view saved as “{clean}”.</p>}
        {error && (
          <p id={`${id}-error`} className="an-error" role="alert">
            {error}
          </p>
        )}
        <div className="an-row">
          <button type="submit" className="primary">
            {replaces ? 'Replace' : 'Save'}
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
