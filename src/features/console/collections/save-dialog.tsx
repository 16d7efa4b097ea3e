import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DEFAULT_COLLECTION, isBuiltInCollection } from './collections.ts';
import { DIAGNOSTICS_COLLECTION } from '../../../shared/contracts/diagnostics-collection.ts';
import './saved.css';

export interface SaveRequest {
  name: string;
  collection: string;
  keepHeaderValues: boolean;
}

/** Mounted while open: each opening starts from the tab's current title. */
interface Props {
  /** Suggested name (the tab's title). */
  defaultName: string;
  /** Existing collections and the names saved in each, to warn before replacing. */
  collections: { name: string; operations: { name: string }[] }[];
  /** The tab has header text: offer to keep its values. */
  hasHeaders: boolean;
  onSave(request: SaveRequest): void;
  onClose(): void;
}

/** Asks a name and a collection for the current tab (Save operation, Ctrl/Cmd-S). */
export function SaveDialog(p: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const listId = useId();
  const [name, setName] = useState(p.defaultName);
  const [collection, setCollection] = useState(DEFAULT_COLLECTION);
  const [keepHeaders, setKeepHeaders] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  const target = collection.trim() || DEFAULT_COLLECTION;
  const replaces = p.collections
    .find((c) => c.name === target)
    ?.operations.some((o) => o.name === name.trim());

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError('Give the operation a name.');
    if (isBuiltInCollection(target))
      return setError(
        `"${DIAGNOSTICS_COLLECTION}" is built in and read-only: choose another collection.`,
      );
    p.onSave({ name: name.trim(), collection: target, keepHeaderValues: keepHeaders });
  }

  return (
    <dialog
      ref={ref}
      className="shortcuts-dialog save-dialog"
      aria-labelledby={`${listId}-title`}
      onClose={p.onClose}
    >
      <form onSubmit={submit}>
        <h2 id={`${listId}-title`}>Save operation</h2>
        <label className="field">
          <span>Name</span>
          <input
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            autoFocus
            aria-invalid={error ? true : undefined}
          />
        </label>
        <label className="field">
          <span>Collection</span>
          <input
            value={collection}
            list={listId}
            onChange={(e) => {
              setCollection(e.target.value);
              setError(undefined);
            }}
          />
          <datalist id={listId}>
            {p.collections.map((c) => (
              <option key={c.name} value={c.name} />
            ))}
          </datalist>
        </label>
        {p.hasHeaders && (
          <label className="checkbox">
            <input
              type="checkbox"
              checked={keepHeaders}
              onChange={(e) => setKeepHeaders(e.target.checked)}
            />
            Save header values (they may hold secrets; kept in this browser). Otherwise only the
            header names are saved.
          </label>
        )}
        {replaces && (
          <p className="status-muted">
            Replaces the operation saved as “{name.trim()}” in “{target}”.
          </p>
        )}
        {error && (
          <p role="alert" className="status-error">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="submit" className="primary">
            {replaces ? 'Replace' : 'Save'}
          </button>
          <button type="button" onClick={p.onClose}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
