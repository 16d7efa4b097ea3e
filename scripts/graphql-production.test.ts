import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphqlProductionInstanceOf } from './graphql-production.ts';

describe('graphqlProductionInstanceOf', () => {
  it('makes the installed graphql-js pick its production instanceOf in a build', () => {
    const require = createRequire(import.meta.url);
    const file = join(dirname(require.resolve('graphql/package.json')), 'jsutils/instanceOf.mjs');
    const code = readFileSync(file, 'utf8');
    const plugin = graphqlProductionInstanceOf();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const out = transform(code, file);
    // If graphql-js changed how it decides, this fails and the plugin needs a look.
    expect(out, 'the check was not found').not.toBeNull();
    expect(out!.code).toMatch(/const isProduction =\s*true &&/);
    expect(transform(code, '/x/node_modules/other/instanceOf.mjs')).toBeNull();
  });
});
