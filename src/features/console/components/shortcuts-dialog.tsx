import { useEffect, useRef } from 'react';
import { COMMANDS, EDITOR_KEYS } from '../commands/command-table.ts';
import { displayKeys } from '../commands/keys.ts';

const ROWS = [
  ...COMMANDS.map((c) => ({ keys: displayKeys(c.keys), label: c.label })),
  ...EDITOR_KEYS,
];

/** The keyboard shortcuts (the command table, then the editors' own keys), in a modal dialog (Escape closes it, focus returns to the opener). */
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
      <table>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map((s) => (
            <tr key={s.keys}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose} autoFocus>
        Close
      </button>
    </dialog>
  );
}
