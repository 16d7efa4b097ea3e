import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    pool: 'forks',
    // Transformed like our code, so that its `import 'graphql'` is the same module as ours
    // (Node alone would give it graphql's CommonJS build, and graphql-js refuses two copies).
    server: { deps: { inline: ['@graphql-inspector/core'] } },
  },
});
