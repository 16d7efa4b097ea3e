import { normalizeBaseUrl, type ProfilesState } from '../../../connection/index.ts';
import type { PaletteItem } from './palette-item.ts';

/** The host a profile points at ("sourcegraph.example.com"), or its URL as typed if not a URL. */
function hostOf(url: string): string {
  const normal = normalizeBaseUrl(url);
  return normal ? new URL(normal).host : url.trim();
}

/**
 * The connection profiles; running one switches to it (its settings and its own tokens). The
 * active one is listed, disabled, so that the list says which one is in use.
 */
export function profileItems(state: ProfilesState, switchTo: (id: string) => void): PaletteItem[] {
  return state.profiles.map((p) => {
    const active = p.id === state.activeId;
    const host = hostOf(p.baseUrl);
    return {
      id: `profile:${p.id}`,
      kind: 'profile',
      title: p.name,
      detail: active ? `${host} · in use` : host,
      keywords: `${host} profile`,
      disabled: active || undefined,
      run: () => switchTo(p.id),
    };
  });
}
