import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import {
  APP_CONFIG_ELEMENT_ID,
  jsonForHtml,
  type AppConfigJson,
} from '../src/shared/contracts/app-config.ts';
import type { Route } from '../src/shared/contracts/routes.ts';
import { preloadsFor, readManifest, withPreloads } from './page-preloads.ts';

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
 * Reads the built index.html (again after a rebuild), inlines the configuration and announces
 * the route's first chunks (server/page-preloads.ts, from the build's manifest beside it);
 * resolves undefined when there is no build.
 */
export function indexHtmlReader(file: string, config: AppConfigJson) {
  let cached: { key: string; pages: Map<Route, Promise<IndexPage>> } | undefined;
  let build: Promise<{ raw: string; manifest: Awaited<ReturnType<typeof readManifest>> }>;
  return async function read(route: Route): Promise<IndexPage | undefined> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}`;
    } catch {
      return undefined;
    }
    if (cached?.key !== key) {
      cached = { key, pages: new Map() };
      build = Promise.all([readFile(file, 'utf8'), readManifest(dirname(file))]).then(
        ([raw, manifest]) => ({ raw, manifest }),
      );
    }
    const { pages } = cached;
    let page = pages.get(route);
    if (!page) {
      page = build.then(({ raw, manifest }) => {
        const withConfig = withAppConfig(raw, config);
        const html = manifest ? withPreloads(withConfig, preloadsFor(manifest, route)) : withConfig;
        return { html, etag: `"${createHash('sha1').update(html).digest('base64url')}"` };
      });
      pages.set(route, page);
      page.catch(() => {
        if (cached?.pages === pages) cached = undefined;
      });
    }
    return page.catch(() => undefined);
  };
}
