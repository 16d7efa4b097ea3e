import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  chunkNameOf,
  PAGE_MODULES,
  SHELL_MODULE,
  type Route,
} from '../src/shared/contracts/routes.ts';

/** One module of Vite's build manifest (`dist/.vite/manifest.json`), the fields used here. */
interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The manifest's key for the chunk that runs `module`, loaded by the entry's `import()`: the
 * module itself, or a chunk the build merged it into, found by its name (`chunkNameOf`).
 */
function chunkKeyOf(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  return entry?.dynamicImports?.find((key) => manifest[key]?.name === chunkNameOf(module));
}

/** The files a route runs first: its scripts (in load order) and stylesheets, as URL paths. */
export interface PagePreloads {
  scripts: string[];
  styles: string[];
}

/**
 * What a route runs before its page can render: the app shell's and the page's chunks with
 * every chunk they import statically (not their dynamic imports, which load later), and their
 * stylesheets. Without these in the HTML the browser learns of them only once the entry script
 * has arrived and run: one round trip more on every cold start. Pure.
 */
export function preloadsFor(manifest: Manifest, route: Route): PagePreloads {
  const scripts: string[] = [];
  const styles: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of [PAGE_MODULES[route], SHELL_MODULE]) {
    const key = chunkKeyOf(manifest, module);
    if (key) visit(key);
  }
  return { scripts, styles };
}

/** Attribute-safe: the manifest's file names are Vite's own (`assets/name-hash.js`). */
const SAFE_PATH = /^\/[\w./-]+$/;

/**
 * The page with `<link>`s for `preloads` before `</head>`: module preloads (`crossorigin`, as
 * Vite's own, so the later `import()` finds them in the cache) and the stylesheets. The entry's
 * own script and stylesheet, already in the page, are left as they are. Pure.
 */
export function withPreloads(html: string, preloads: PagePreloads): string {
  const links = [
    ...preloads.styles
      .filter((href) => SAFE_PATH.test(href) && !html.includes(`href="${href}"`))
      .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...preloads.scripts
      .filter((src) => SAFE_PATH.test(src) && !html.includes(`src="${src}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('');
  const at = html.search(/<\/head>/i);
  return at < 0 ? `${links}${html}` : `${html.slice(0, at)}${links}${html.slice(at)}`;
}

/**
 * The build's manifest next to its index.html, or undefined when there is none (a build
 * without `build.manifest`, or none at all): the page is then served without preloads.
 */
export async function readManifest(distDir: string): Promise<Manifest | undefined> {
  try {
    const parsed: unknown = JSON.parse(
      await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'),
    );
    return parsed && typeof parsed === 'object' ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}
