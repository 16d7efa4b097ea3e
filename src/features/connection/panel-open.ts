import { createStore, useStore } from '../../shared/lib/store.ts';
import { getConnection } from './connection-store.ts';

/**
 * Whether the connection panel is open. It opens by itself while the console is not signed in
 * (no token yet, or the last check failed: the user has something to do there) and closes on a
 * successful check, so that signed in, the workbench has the screen; the chip opens it on demand.
 * The panel stays mounted while closed, so nothing typed in it is lost. A check that was already
 * under way when the user opened the panel does not close it: its answer is not to anything they
 * did there (`openedByUserSince`).
 */
const open = createStore<boolean>(() => !getConnection().token.trim());

export function setConnectionPanelOpen(next: boolean): void {
  open.set(next);
}

let userOpenedAt = -Infinity;

export function toggleConnectionPanel(): void {
  open.set((v) => {
    if (!v) userOpenedAt = performance.now();
    return !v;
  });
}

/** Whether the user opened the panel (with the chip) after `time` (performance.now()). */
export function openedByUserSince(time: number): boolean {
  return userOpenedAt > time;
}

export function useConnectionPanelOpen(): boolean {
  return useStore(open);
}
