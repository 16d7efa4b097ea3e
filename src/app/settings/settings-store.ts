import { writeJson } from '../../shared/lib/storage.ts';
import { createStore, useStore } from '../../shared/lib/store.ts';
import { applySettings, SETTINGS_KEY, storedSettings } from './apply-settings.ts';
import type { Settings } from './settings.ts';

const settings = createStore<Settings>(storedSettings);

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
