import { httpRequest } from '../../shared/api/http.ts';
import { APP_CONFIG_ELEMENT_ID, type AppConfigJson } from '../../shared/contracts/app-config.ts';
import { applyDefaults } from './connection-store.ts';

/** The configuration our server inlined into the page (server/index-html.ts), read once. */
let inlined: { config: AppConfigJson | undefined } | undefined;
function inlinedConfig(): AppConfigJson | undefined {
  inlined ??= { config: readInlinedConfig() };
  return inlined.config;
}

function readInlinedConfig(): AppConfigJson | undefined {
  const text = document.getElementById(APP_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as AppConfigJson;
  } catch {
    return undefined;
  }
}

/** Asks our server for `/config.json` (absent on a static host). */
async function fetchConfig(): Promise<AppConfigJson | undefined> {
  try {
    const res = (await httpRequest('/config.json', { headers: { Accept: 'application/json' } }))
      .response;
    return res.ok ? ((await res.json()) as AppConfigJson) : undefined;
  } catch {
    return undefined;
  }
}

function apply(cfg: AppConfigJson | undefined): AppConfigJson | undefined {
  if (cfg) applyDefaults({ baseUrl: cfg.base_url ?? '', analyticsUrl: cfg.analytics_url ?? '' });
  return cfg;
}

/**
 * Fills empty connection fields with our server's defaults: at once from the configuration
 * inlined into the page (`npm start`), else from `/config.json` (the Vite dev server).
 */
export function loadServerDefaults(): Promise<AppConfigJson | undefined> {
  const inline = inlinedConfig();
  if (inline) return Promise.resolve(apply(inline));
  return fetchConfig().then(apply);
}

/**
 * True when the server that served this page said it runs the sandbox (the configuration it
 * inlined); false on a static host or the Vite dev server, where nothing is fetched ahead.
 */
export function serverRunsSandbox(): boolean {
  return inlinedConfig()?.sandbox === true;
}
