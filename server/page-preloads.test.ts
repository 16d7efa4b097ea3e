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
