import { createStore, useStore } from '../../shared/lib/store.ts';
import { getConnection } from './connection-store.ts';

/**
 * Whether the connection panel is open. It opens by itself while the console is not signed in
 * (no token yet, or the last check failed: the user has something to do there) and closes on a
 * successful check, so that signed in, the workbench has the screen; the chip opens it on demand.
 * The panel stays mounted while closed, so nothing typed in it is lost.
 */
const open = createStore<boolean>(() => !getConnection().token.trim());

export function setConnectionPanelOpen(next: boolean): void {
  open.set(next);
}

export function toggleConnectionPanel(): void {
  open.set((v) => !v);
}

export function useConnectionPanelOpen(): boolean {
  return useStore(open);
}
