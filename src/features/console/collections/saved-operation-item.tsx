import { useState } from 'react';
import type { SavedOperation } from './collections.ts';

interface Props {
  operation: SavedOperation;
  onOpen(): void;
  onRename(name: string): void;
  onDelete(): void;
}

/** One saved operation: opens in a new tab; Rename and Delete (asks first) beside it. */
export function SavedOperationItem({ operation, onOpen, onRename, onDelete }: Props) {
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const [draft, setDraft] = useState(operation.name);

  if (mode === 'rename')
    return (
      <li className="saved-item">
        <form
          className="saved-rename"
          onSubmit={(e) => {
            e.preventDefault();
            if (draft.trim()) onRename(draft);
            setMode('idle');
          }}
        >
          <input
            aria-label={`New name for ${operation.name}`}
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                setMode('idle');
              }
            }}
          />
          <button type="submit" disabled={!draft.trim()}>
            Rename
          </button>
          <button type="button" onClick={() => setMode('idle')}>
            Cancel
          </button>
        </form>
      </li>
    );

  return (
    <li className="saved-item">
      <button type="button" className="saved-open" onClick={onOpen} title="Open in a new tab">
        {operation.name}
      </button>
      {mode === 'delete' ? (
        <span role="group" aria-label="Confirm delete" className="saved-confirm">
          <span>Delete?</span>
          <button type="button" className="danger" onClick={onDelete}>
            Delete
          </button>
          <button type="button" onClick={() => setMode('idle')} autoFocus>
            Keep
          </button>
        </span>
      ) : (
        <span className="saved-item-actions">
          <button
            type="button"
            onClick={() => {
              setDraft(operation.name);
              setMode('rename');
            }}
            title={`Rename “${operation.name}”`}
          >
            Rename
          </button>
          <button
            type="button"
            onClick={() => setMode('delete')}
            title={`Delete “${operation.name}”`}
          >
            Delete
          </button>
        </span>
      )}
    </li>
  );
}
