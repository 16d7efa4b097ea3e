import { readFile, stat } from 'node:fs/promises';
import {
  APP_CONFIG_ELEMENT_ID,
  jsonForHtml,
  type AppConfigJson,
} from '../src/shared/contracts/app-config.ts';

/**
 * The app's page with the server's configuration inlined as a JSON data block before
 * `</head>`: the app reads it at start instead of waiting for `/config.json`. A data block is
 * never executed, so the strict CSP (no inline script) is unchanged. Pure.
 */
export function withAppConfig(html: string, config: AppConfigJson): string {
  const block = `<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">${jsonForHtml(config)}</script>`;
  const at = html.search(/<\/head>/i);
  return at < 0 ? `${block}${html}` : `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/**
 * Reads the built index.html (again after a rebuild) and inlines the configuration; resolves
 * undefined when there is no build.
 */
export function indexHtmlReader(file: string, config: AppConfigJson) {
  let cached: { key: string; html: Promise<string> } | undefined;
  return async function read(): Promise<string | undefined> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}`;
    } catch {
      return undefined;
    }
    if (cached?.key !== key) {
      const html = readFile(file, 'utf8').then((raw) => withAppConfig(raw, config));
      cached = { key, html };
      html.catch(() => (cached = undefined));
    }
    return cached.html.catch(() => undefined);
  };
}
