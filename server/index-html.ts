import { createHash } from 'node:crypto';
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

/** The page to send and its ETag (of the content, configuration included). */
interface IndexPage {
  html: string;
  etag: string;
}

/**
 * Reads the built index.html (again after a rebuild) and inlines the configuration; resolves
 * undefined when there is no build.
 */
export function indexHtmlReader(file: string, config: AppConfigJson) {
  let cached: { key: string; page: Promise<IndexPage> } | undefined;
  return async function read(): Promise<IndexPage | undefined> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}`;
    } catch {
      return undefined;
    }
    if (cached?.key !== key) {
      const page = readFile(file, 'utf8').then((raw) => {
        const html = withAppConfig(raw, config);
        return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
      });
      cached = { key, page };
      page.catch(() => (cached = undefined));
    }
    return cached.page.catch(() => undefined);
  };
}
