import { useId, useState, type ReactNode } from 'react';

/** A collection (or History) in the Saved operations region: a group named by its heading. */
export function Group({ name, children }: { name: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="saved-group">
      <h3 id={id}>{name}</h3>
      {children}
    </div>
  );
}

/** "Delete collection", asking first. */
export function DeleteCollection({ onDelete }: { onDelete(): void }) {
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)}>
        Delete collection
      </button>
    );
  return (
    <span role="group" aria-label="Confirm delete collection" className="saved-confirm">
      <span>Delete it and all its operations?</span>
      <button type="button" className="danger" onClick={onDelete}>
        Delete
      </button>
      <button type="button" onClick={() => setAsking(false)} autoFocus>
        Keep
      </button>
    </span>
  );
}
