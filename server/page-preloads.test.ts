import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, SHELL_MODULE } from '../src/shared/contracts/routes.ts';
import { preloadsFor, withPreloads } from './page-preloads.ts';

const ROOT = join(import.meta.dirname, '..');

describe('page preloads', () => {
  it('names modules that exist (a renamed page would silently lose its preloads)', () => {
    for (const module of [SHELL_MODULE, ...Object.values(PAGE_MODULES)])
      expect(existsSync(join(ROOT, module)), module).toBe(true);
  });

  it('follows static imports only, each chunk and stylesheet once', () => {
    const manifest = {
      [PAGE_MODULES.console]: {
        file: 'assets/page.js',
        imports: ['_a.js', '_b.js'],
        dynamicImports: ['src/later.ts'],
        css: ['assets/page.css'],
      },
      '_a.js': { file: 'assets/a.js', imports: ['_b.js'], css: ['assets/page.css'] },
      '_b.js': { file: 'assets/b.js', imports: ['_a.js'] },
      'src/later.ts': { file: 'assets/later.js' },
      [SHELL_MODULE]: { file: 'assets/start.js', imports: ['_b.js'] },
    };
    expect(preloadsFor(manifest, 'console')).toEqual({
      scripts: ['/assets/page.js', '/assets/a.js', '/assets/b.js', '/assets/start.js'],
      styles: ['/assets/page.css'],
    });
    expect(preloadsFor({}, 'analytics')).toEqual({ scripts: [], styles: [] });
  });

  it('finds a page merged with its first chunks by its name among the entry’s imports', () => {
    // As the build writes it (scripts/first-screen-chunks.ts): the page module is inside a
    // chunk named after it, so the manifest keys that chunk by its file.
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        dynamicImports: ['_console-page-X.js', '_analytics-page-Y.js', '_start-Z.js'],
        css: ['assets/index.css'],
      },
      '_console-page-X.js': {
        file: 'assets/console-page-X.js',
        name: 'console-page',
        imports: ['index.html', '_start-Z.js', '_console-page-common-W.js'],
        css: ['assets/console-page.css'],
      },
      '_console-page-common-W.js': {
        file: 'assets/console-page-common-W.js',
        name: 'console-page-common',
      },
      '_analytics-page-Y.js': { file: 'assets/analytics-page-Y.js', name: 'analytics-page' },
      '_start-Z.js': { file: 'assets/start-Z.js', name: 'start', imports: ['index.html'] },
      // Not the entry's import: never taken for the page, whatever its name.
      '_start-lazy.js': { file: 'assets/start-lazy.js', name: 'start' },
    };
    expect(preloadsFor(manifest, 'console')).toEqual({
      scripts: [
        '/assets/console-page-X.js',
        '/assets/index.js',
        '/assets/start-Z.js',
        '/assets/console-page-common-W.js',
      ],
      styles: ['/assets/console-page.css', '/assets/index.css'],
    });
    expect(preloadsFor(manifest, 'analytics').scripts).toEqual([
      '/assets/analytics-page-Y.js',
      '/assets/start-Z.js',
      '/assets/index.js',
    ]);
  });

  it('puts the links in the head, skips what the page has and anything not a plain path', () => {
    const html =
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body></body></html>';
    const out = withPreloads(html, {
      scripts: ['/assets/index.js', '/assets/x.js', '/assets/"><script>alert(1)</script>.js'],
      styles: ['/assets/x.css', 'javascript:alert(1)'],
    });
    expect(out).toBe(
      '<html><head><script type="module" crossorigin src="/assets/index.js"></script>' +
        '<link rel="stylesheet" crossorigin href="/assets/x.css">' +
        '<link rel="modulepreload" crossorigin href="/assets/x.js"></head><body></body></html>',
    );
  });
});
