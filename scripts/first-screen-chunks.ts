import { resolve } from 'node:path';
import { build, type Plugin, type UserConfig } from 'vite';
import { chunkNameOf } from '../src/shared/contracts/routes.ts';

/** One chunk of a build, the fields read here (rolldown's `OutputChunk`). */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: readonly string[];
  /** Files this chunk imports statically. */
  imports: readonly string[];
  /** Files this chunk imports with `import()`. */
  dynamicImports: readonly string[];
}

/** The modules each route's first screen starts from, as absolute paths. */
export interface FirstScreenRoots {
  /** The app shell every route mounts (src/app/start.tsx). */
  shell: string;
  /** Each route's page module. */
  pages: readonly string[];
}

/** Added to a page's chunk name for its modules that other routes may load later. */
const COMMON_SUFFIX = '-common';

function closure(from: readonly string[], next: (file: string) => readonly string[]) {
  const seen = new Set<string>();
  const todo = [...from];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...next(file));
  }
  return seen;
}

/**
 * Which chunk each module of a route's first screen goes in, given the chunks the bundler makes
 * on its own (`chunks`), so that a cold start requests few files, all at once: a browser opens
 * at most six connections per host over HTTP/1.1, and more files come in waves. The bundler's
 * chunks are kept whole (tree-shaken as they were) and merged, each named after a root module
 * (`chunkNameOf`):
 * - what the shell runs, and what more than one page runs, into the shell's chunk (`start`:
 *   React, TanStack Query, the connection's stores);
 * - what only one page runs into that page's chunk (`console-page`: the page, CodeMirror's view
 *   and state), except what other routes can load too (through a lazy chunk, such as Settings'
 *   "Clear stored data"): that goes in one more chunk of the page's (`console-page-common`), so
 *   that no route loads another page's code and no chunk imports one that imports it.
 * The entry's chunk and what it imports statically stay as they are (the entry is small and
 * runs at once), and so does every chunk no first screen runs (lazy chunks). Pure.
 */
export function planFirstScreenChunks(
  chunks: readonly BuiltChunk[],
  roots: FirstScreenRoots,
): Map<string, string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const facade = (module: string) => chunks.find((c) => c.facadeModuleId === module)?.fileName;
  const entry = chunks.find((c) => c.isEntry);
  const shell = facade(roots.shell);
  const plan = new Map<string, string>();
  if (!entry || !shell) return plan;
  const imports = (file: string) => byFile.get(file)?.imports ?? [];
  const entryStatic = closure([entry.fileName], imports);
  const pages = roots.pages.flatMap((module) => {
    const file = facade(module);
    if (!file) return [];
    const first = [...closure([file, shell], imports)].filter((f) => !entryStatic.has(f));
    // Everything the app can load without entering this page's chunk.
    const elsewhere = closure([entry.fileName], (f) =>
      [...imports(f), ...(byFile.get(f)?.dynamicImports ?? [])].filter((n) => n !== file),
    );
    return [{ name: chunkNameOf(module), first, elsewhere }];
  });
  const shared = chunkNameOf(roots.shell);
  const chunkOf = new Map<string, string>();
  for (const file of closure([shell], imports))
    if (!entryStatic.has(file)) chunkOf.set(file, shared);
  for (const page of pages)
    for (const file of page.first) {
      if (chunkOf.has(file)) continue;
      if (pages.some((p) => p !== page && p.first.includes(file))) chunkOf.set(file, shared);
      else if (!page.elsewhere.has(file)) chunkOf.set(file, page.name);
      else chunkOf.set(file, `${page.name}${COMMON_SUFFIX}`);
    }
  for (const [file, name] of chunkOf)
    for (const id of byFile.get(file)?.moduleIds ?? []) plan.set(id, name);
  return plan;
}

/** Marks the first pass's own build, so that it builds as the bundler would on its own. */
const FIRST_PASS = 'FIRST_SCREEN_CHUNKS_FIRST_PASS';

/**
 * Vite plugin: builds once as the bundler splits on its own (in memory, unminified), plans the
 * first screens' chunks from that (`planFirstScreenChunks`) and has the real build group the
 * modules so. Build only; the dev server serves modules one by one anyway.
 */
export function firstScreenChunks(roots: {
  root: string;
  shell: string;
  pages: readonly string[];
}): Plugin {
  const absolute: FirstScreenRoots = {
    shell: resolve(roots.root, roots.shell),
    pages: roots.pages.map((p) => resolve(roots.root, p)),
  };
  let plan = new Map<string, string>();
  let configFile: string | undefined;
  let mode = 'production';
  return {
    name: 'first-screen-chunks',
    apply: (_config, env) => env.command === 'build' && !process.env[FIRST_PASS],
    config(): UserConfig {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string) => plan.get(id) ?? null,
                    // The plan holds whole chunks of the first pass: nothing to add.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
    configResolved(config) {
      configFile = config.configFile;
      mode = config.mode;
    },
    async buildStart() {
      // Without a config file (an inline config) there is nothing to build the first pass from:
      // the bundler splits on its own.
      if (!configFile) return;
      process.env[FIRST_PASS] = '1';
      try {
        const output = await build({
          configFile,
          mode,
          logLevel: 'silent',
          build: { write: false, minify: false, sourcemap: false, manifest: false },
        });
        const outputs = Array.isArray(output) ? output : [output];
        const chunks = outputs.flatMap((o) =>
          'output' in o ? o.output.filter((c) => c.type === 'chunk') : [],
        );
        plan = planFirstScreenChunks(chunks, absolute);
      } finally {
        delete process.env[FIRST_PASS];
      }
    },
  };
}
