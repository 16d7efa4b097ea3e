import { readJson, writeJson } from '../../shared/lib/storage.ts';
import { createStore, useStore } from '../../shared/lib/store.ts';
import { sanitizeSettings, themeAttribute, type Settings } from './settings.ts';

const SETTINGS_KEY = 'settings';

const settings = createStore<Settings>(() =>
  sanitizeSettings(readJson<unknown>(SETTINGS_KEY, undefined)),
);

/** Puts the settings on the root element: `data-theme` and `--editor-font-size`. */
export function applySettings(s: Settings = settings.get()): void {
  const root = document.documentElement;
  const attr = themeAttribute(s.theme);
  if (attr) root.dataset.theme = attr;
  else delete root.dataset.theme;
  root.style.setProperty('--editor-font-size', `${s.editorFontSize}px`);
}

/** Changes, applies at once and stores the settings. */
export function updateSettings(patch: Partial<Settings>): void {
  const next = { ...settings.get(), ...patch };
  applySettings(next);
  writeJson(SETTINGS_KEY, next);
  settings.set(next);
}

export function useSettings(): Settings {
  return useStore(settings);
}
