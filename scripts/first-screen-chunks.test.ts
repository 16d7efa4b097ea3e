import { describe, expect, it } from 'vitest';
import { planFirstScreenChunks, type BuiltChunk } from './first-screen-chunks.ts';

/** A chunk of the bundler's own split: its file, the modules in it and what it imports. */
function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  dynamicImports: string[] = [],
  facadeModuleId: string | null = null,
): BuiltChunk {
  return { fileName, isEntry: false, facadeModuleId, moduleIds, imports, dynamicImports };
}

const ROOTS = {
  shell: '/app/start.tsx',
  pages: ['/console/console-page.tsx', '/an/analytics-page.tsx'],
};

// The shape of this app's split: an entry that imports the runtime and loads each page, the
// shell, and the console's stores (for Settings) with import(); a lazy language chunk.
const CHUNKS: BuiltChunk[] = [
  {
    ...chunk('index.js', ['/main.tsx', '/settings-store.ts'], ['runtime.js']),
    isEntry: true,
    dynamicImports: ['console.js', 'analytics.js', 'start.js'],
  },
  chunk('runtime.js', ['\0runtime']),
  chunk(
    'start.js',
    ['/app/start.tsx'],
    ['index.js', 'react-dom.js', 'query.js'],
    ['settings.js'],
    '/app/start.tsx',
  ),
  chunk('react-dom.js', ['/react-dom.js'], ['runtime.js']),
  chunk('query.js', ['/tanstack.js', '/connection-store.ts'], ['runtime.js']),
  chunk(
    'console.js',
    ['/console/console-page.tsx', '/console/editor.tsx'],
    ['index.js', 'query.js', 'view.js', 'fragment.js', 'bytes.js'],
    ['language.js'],
    '/console/console-page.tsx',
  ),
  chunk('view.js', ['/cm/view.js'], ['state.js']),
  chunk('state.js', ['/cm/state.js']),
  chunk('fragment.js', ['/console/console-store.ts', '/console/tabs.ts'], ['query.js']),
  chunk(
    'language.js',
    ['/console/query-language.ts'],
    ['view.js', 'lezer.js'],
    [],
    '/console/query-language.ts',
  ),
  chunk('lezer.js', ['/lezer.js']),
  chunk('bytes.js', ['/format-bytes.ts']),
  chunk(
    'analytics.js',
    ['/an/analytics-page.tsx', '/papaparse.js'],
    ['index.js', 'query.js', 'react-dom.js', 'bytes.js'],
    [],
    '/an/analytics-page.tsx',
  ),
  chunk(
    'settings.js',
    ['/app/settings-dialog.tsx'],
    ['query.js'],
    ['stores.js'],
    '/app/settings-dialog.tsx',
  ),
  chunk('stores.js', ['/console/stores.ts'], ['fragment.js'], [], '/console/stores.ts'),
];

describe('planFirstScreenChunks', () => {
  const plan = planFirstScreenChunks(CHUNKS, ROOTS);
  const modulesOf = (name: string) =>
    [...plan]
      .filter(([, n]) => n === name)
      .map(([id]) => id)
      .sort();

  it('merges what the shell and more than one page run first into the shell’s chunk', () => {
    expect(modulesOf('start')).toEqual([
      '/app/start.tsx',
      '/connection-store.ts',
      '/format-bytes.ts',
      '/react-dom.js',
      '/tanstack.js',
    ]);
  });

  it('merges what only one page runs first into that page’s chunk', () => {
    expect(modulesOf('console-page')).toEqual([
      '/cm/state.js',
      '/cm/view.js',
      '/console/console-page.tsx',
      '/console/editor.tsx',
    ]);
    expect(modulesOf('analytics-page')).toEqual(['/an/analytics-page.tsx', '/papaparse.js']);
  });

  it('keeps what another route may load later (Settings → the console’s stores) out of the page’s chunk', () => {
    expect(modulesOf('console-page-common')).toEqual([
      '/console/console-store.ts',
      '/console/tabs.ts',
    ]);
  });

  it('leaves the entry, what it imports and every lazy chunk to the bundler', () => {
    for (const id of [
      '/main.tsx',
      '\0runtime',
      '/console/query-language.ts',
      '/lezer.js',
      '/console/stores.ts',
      '/app/settings-dialog.tsx',
    ])
      expect(plan.has(id), id).toBe(false);
  });

  it('plans nothing without an entry or a shell chunk', () => {
    expect(
      planFirstScreenChunks(
        CHUNKS.filter((c) => !c.isEntry),
        ROOTS,
      ).size,
    ).toBe(0);
    expect(planFirstScreenChunks(CHUNKS, { ...ROOTS, shell: '/elsewhere.tsx' }).size).toBe(0);
  });
});
