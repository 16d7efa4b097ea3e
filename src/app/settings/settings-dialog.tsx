import { useEffect, useRef } from 'react';
import { FONT_SIZES, THEMES, type Theme } from './settings.ts';
import { updateSettings, useSettings } from './settings-store.ts';
import { ClearStoredData } from './clear-stored-data-section.tsx';
import './settings.css';

/**
 * Settings: theme, editor font size (both applied at once and kept), and clearing stored data.
 * Mounted while open, so each opening starts with the confirmation closed.
 */
export function SettingsDialog({ onClose }: { onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const settings = useSettings();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className="settings-dialog"
      aria-labelledby="settings-title"
      onClose={onClose}
    >
      <h2 id="settings-title">Settings</h2>
      <div className="settings-fields">
        <label className="field">
          <span>Theme</span>
          <select
            value={settings.theme}
            onChange={(e) => updateSettings({ theme: e.target.value as Theme })}
          >
            {THEMES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Editor font size</span>
          <select
            value={settings.editorFontSize}
            onChange={(e) => updateSettings({ editorFontSize: Number(e.target.value) })}
          >
            {FONT_SIZES.map((s) => (
              <option key={s} value={s}>
                {s} px
              </option>
            ))}
          </select>
        </label>
      </div>
      <ClearStoredData />
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
