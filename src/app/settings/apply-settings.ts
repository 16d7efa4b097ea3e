import { readJson } from '../../shared/lib/storage.ts';
import { sanitizeSettings, themeAttribute, type Settings } from './settings.ts';

/** Where the settings are stored. */
export const SETTINGS_KEY = 'settings';

/** The stored settings, checked. */
export function storedSettings(): Settings {
  return sanitizeSettings(readJson<unknown>(SETTINGS_KEY, undefined));
}

/**
 * Puts the settings on the root element: `data-theme` and `--editor-font-size`. Without React:
 * the entry (src/main.tsx) runs it before the first paint and must stay free of React, or React
 * becomes a chunk of its own that the first screen waits for.
 */
export function applySettings(s: Settings = storedSettings()): void {
  const root = document.documentElement;
  const attr = themeAttribute(s.theme);
  if (attr) root.dataset.theme = attr;
  else delete root.dataset.theme;
  root.style.setProperty('--editor-font-size', `${s.editorFontSize}px`);
}
