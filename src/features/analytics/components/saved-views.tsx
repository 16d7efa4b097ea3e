import { useEffect, useRef, useState } from 'react';
import { loadable } from '../../../shared/ui/loadable.tsx';
import { useSavedViews } from '../hooks/use-saved-views.ts';
import { encodeViewLink, type ViewState } from '../lib/saved-view.ts';

const SaveViewDialog = loadable(() =>
  import('./save-view-dialog.tsx').then((m) => m.default),
).Component;

interface Props {
  /** The page's view as it is now. */
  current(): ViewState;
  /** Shows a view: its report (loaded when it is not the one shown) and every choice. */
  onOpen(view: ViewState): void;
}

/** The link of a view: this page's address with the view in its fragment. */
function viewLink(view: ViewState): string {
  return window.location.origin + window.location.pathname + encodeViewLink(view);
}

/**
 * Group "Views": combobox "Saved views" (choosing one opens it), buttons "Save view" (dialog
 * "Save view"), "Copy view link" (the view shown now as a link; its text in textbox "View
 * link" too) and "Delete view" (the view chosen). Views live in this browser
 * (`hooks/use-saved-views.ts`).
 */
export function SavedViews({ current, onOpen }: Props) {
  const { views, save, remove, error } = useSavedViews();
  const [chosen, setChosen] = useState('');
  const [saving, setSaving] = useState(false);
  const [link, setLink] = useState<string>();
  const [status, setStatus] = useState('');
  const selected = views.some((v) => v.name === chosen) ? chosen : '';
  const saveButton = useRef<HTMLButtonElement>(null);
  // Focus goes back to "Save view" once its dialog has gone (a modal dialog makes the page inert).
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (!refocus || saving) return;
    setRefocus(false);
    saveButton.current?.focus();
  }, [refocus, saving]);
  const closeDialog = () => {
    setSaving(false);
    setRefocus(true);
  };

  function open(name: string) {
    setChosen(name);
    const v = views.find((x) => x.name === name);
    if (!v) return;
    setLink(undefined);
    setStatus(`Opened view “${name}”.`);
    onOpen(v.view);
  }

  async function copyLink() {
    const url = viewLink(current());
    setLink(url);
    try {
      await navigator.clipboard.writeText(url);
      setStatus('Link copied. It holds the view, never a token.');
    } catch {
      setStatus('Copy the link below. It holds the view, never a token.');
    }
  }

  return (
    <div className="an-row an-views" role="group" aria-label="Views">
      <label>
        Saved views{' '}
        <select value={selected} onChange={(e) => open(e.target.value)}>
          <option value="">{views.length ? 'Choose a view…' : 'No saved views'}</option>
          {views.map((v) => (
            <option key={v.name} value={v.name}>
              {v.name}
            </option>
          ))}
        </select>
      </label>
      <button ref={saveButton} type="button" aria-haspopup="dialog" onClick={() => setSaving(true)}>
        Save view
      </button>
      <button type="button" onClick={() => void copyLink()}>
        Copy view link
      </button>
      <button
        type="button"
        disabled={!selected}
        title={selected ? undefined : 'Choose a saved view first.'}
        onClick={() => {
          if (remove(selected)) setStatus(`Deleted view “${selected}”.`);
          setChosen('');
        }}
      >
        Delete view
      </button>
      {link && (
        <input
          className="an-view-link"
          readOnly
          aria-label="View link"
          value={link}
          onFocus={(e) => e.target.select()}
        />
      )}
      <span className="an-hint" role="status">
        {status}
      </span>
      {error && (
        <p className="an-error" role="alert">
          {error}
        </p>
      )}
      {saving && (
        <SaveViewDialog
          defaultName={selected}
          names={views.map((v) => v.name)}
          onClose={closeDialog}
          onSave={(name) => {
            closeDialog();
            if (save(name, current())) {
              setChosen(name);
              setStatus(`Saved view “${name}”.`);
            }
          }}
        />
      )}
    </div>
  );
}
