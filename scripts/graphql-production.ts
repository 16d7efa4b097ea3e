import type { Plugin } from 'vite';

/** graphql-js's `instanceOf` (jsutils/instanceOf), where it decides between its two versions. */
const INSTANCE_OF = /[\\/]node_modules[\\/]graphql[\\/]jsutils[\\/]instanceOf\.m?js$/;
const NODE_CHECK = /globalThis\.process\s*&&/;

/**
 * graphql-js picks its fast `instanceOf` (a plain `instanceof`) only where `globalThis.process`
 * exists, so in a browser or a worker every `isObjectType`-style check that answers "no" takes
 * its development path (it compares constructor names to warn about two copies of graphql-js),
 * a cost on every Docs render of a big schema. A production build has one copy, so this
 * plugin makes the check true there, for the page and the workers alike.
 */
export function graphqlProductionInstanceOf(): Plugin {
  return {
    name: 'graphql-production-instanceof',
    apply: 'build',
    transform(code, id) {
      if (!INSTANCE_OF.test(id) || !NODE_CHECK.test(code)) return null;
      return { code: code.replace(NODE_CHECK, 'true &&'), map: null };
    },
  };
}
