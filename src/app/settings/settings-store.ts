import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../shared/lib/storage.ts';
import { sanitizeSettings, themeAttribute, type Settings } from './settings.ts';

const SETTINGS_KEY = 'settings';

let current: Settings | undefined;
const listeners = new Set<() => void>();

function getSettings(): Settings {
  current ??= sanitizeSettings(readJson<unknown>(SETTINGS_KEY, undefined));
  return current;
}

/** Puts the settings on the root element: `data-theme` and `--editor-font-size`. */
export function applySettings(s: Settings = getSettings()): void {
  const root = document.documentElement;
  const attr = themeAttribute(s.theme);
  if (attr) root.dataset.theme = attr;
  else delete root.dataset.theme;
  root.style.setProperty('--editor-font-size', `${s.editorFontSize}px`);
}

/** Changes, applies at once and stores the settings. */
export function updateSettings(patch: Partial<Settings>): void {
  current = { ...getSettings(), ...patch };
  applySettings(current);
  writeJson(SETTINGS_KEY, current);
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSettings(): Settings {
  return useSyncExternalStore(subscribe, getSettings, getSettings);
}
