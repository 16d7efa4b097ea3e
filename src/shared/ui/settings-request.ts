import { createStore, useStore } from '../lib/store.ts';

/**
 * Whether the Settings dialog is open. The app shell renders the dialog; the console's activity
 * rail and the analytics page's top bar open it, so the state lives here, below both.
 */
const settingsOpen = createStore(false);

export function openSettings(): void {
  settingsOpen.set(true);
}

export function closeSettings(): void {
  settingsOpen.set(false);
}

export function useSettingsOpen(): boolean {
  return useStore(settingsOpen);
}
