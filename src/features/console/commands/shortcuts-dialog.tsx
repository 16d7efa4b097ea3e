import { useEffect, useRef } from 'react';
import './shortcuts-dialog.css';
import { KEY_SCOPES, shortcutRows } from './command-table.ts';

const ROWS = shortcutRows();

/**
 * Every command of the table with its keys (a keyless one with its button), then the editors'
 * own keys, in a modal dialog (Escape closes it, focus returns to the opener): one table per
 * scope of the keys (the console, a focused tab), named by its caption.
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="shortcuts-dialog"
      aria-labelledby="shortcuts-title"
      onClose={onClose}
    >
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      {/* The tables only while open: a third of the page's elements, not built at start-up. */}
      {open && <ShortcutTables />}
      {/* Closing the dialog itself gives the focus back to its opener, then `onClose` runs. */}
      <button type="button" onClick={() => ref.current?.close()} autoFocus>
        Close
      </button>
    </dialog>
  );
}

function ShortcutTables() {
  return (
    <>
      {KEY_SCOPES.map(({ scope, title }) => (
        <table key={scope}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.filter((s) => s.scope === scope).map((s) => (
              <tr key={s.id}>
                <td>
                  <kbd>{s.keys}</kbd>
                </td>
                <td>{s.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </>
  );
}
