import { applyDefaults } from './connection-store.ts';

export interface ServerConfigJson {
  base_url: string | null;
  analytics_url: string | null;
  sandbox: boolean;
  relay: boolean;
}

/** Reads /config.json from our server (absent on a static host) and fills empty connection fields. */
export async function loadServerDefaults(): Promise<ServerConfigJson | undefined> {
  try {
    const res = await fetch('/config.json', { headers: { Accept: 'application/json' } });
    if (!res.ok) return undefined;
    const cfg = (await res.json()) as ServerConfigJson;
    applyDefaults({ baseUrl: cfg.base_url ?? '', analyticsUrl: cfg.analytics_url ?? '' });
    return cfg;
  } catch {
    return undefined;
  }
}
