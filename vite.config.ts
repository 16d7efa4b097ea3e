import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { debugConsoleServer } from './server/vite-plugin.ts';
import { graphqlProductionInstanceOf } from './scripts/graphql-production.ts';
import { firstScreenChunks } from './scripts/first-screen-chunks.ts';
import { PAGE_MODULES, SHELL_MODULE } from './src/shared/contracts/routes.ts';

// The dev server mounts the same server code as `npm start` (relay, /sandbox.json, sandbox
// instance and analytics service on their own ports), so dev and production behave alike.
export default defineConfig({
  plugins: [
    react(),
    debugConsoleServer(),
    graphqlProductionInstanceOf(),
    // Each route's first screen in few chunks, requested in one wave (scripts/first-screen-chunks.ts).
    firstScreenChunks({
      root: import.meta.dirname,
      shell: SHELL_MODULE,
      pages: Object.values(PAGE_MODULES),
    }),
  ],
  base: '/',
  build: {
    outDir: process.env.DIST_DIR ?? 'dist',
    sourcemap: true,
    target: 'es2022',
    // server/page-preloads.ts reads it to announce each route's first chunks in its HTML.
    manifest: true,
    chunkSizeWarningLimit: 1024,
    // ASCII-only chunks: one non-ASCII character (a "…" in a message) makes Chromium keep a
    // script's whole source as UTF-16, twice its size, for as long as the page lives.
    rolldownOptions: { output: { charset: 'ascii' } },
  },
  worker: {
    format: 'es',
    plugins: () => [graphqlProductionInstanceOf()],
    rolldownOptions: { output: { charset: 'ascii' } },
  },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4173), strictPort: true },
});
