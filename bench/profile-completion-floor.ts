/**
 * The floor under the completion row: the bench's keys and timer (`scenarios/big-schema.ts`) on a
 * bare CodeMirror 6 editor holding only `autocompletion` and a static source of Repository's
 * field names (`bench/floor/`), with and without the console's `eagerAutocompletion`. What the
 * console adds on top (the GraphQL language, its source, lint, React, the workbench) is the
 * difference from the bench's row. Not part of `npm run bench`.
 *
 *   node --import tsx bench/profile-completion-floor.ts [rounds]
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join, resolve, extname } from 'node:path';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { build } from 'vite';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium-path.mjs';
import { quantile, summarize } from './lib/stats.ts';
import { COMPLETION_TIMER_SRC } from './scenarios/big-schema.ts';

const ROUNDS = Number(process.argv[2] ?? 3);
const KEYS = 20;
const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist-floor');
const PREFIX = '{ repository(owner:"a", name:"b") { ';

const sdl = readFileSync(join(ROOT, 'node_modules/@octokit/graphql-schema/schema.graphql'), 'utf8');
const schema = buildSchema(sdl, { assumeValidSDL: true });
const fields = Object.values((schema.getType('Repository') as GraphQLObjectType).getFields());
const labels = fields.filter((f) => f.deprecationReason == null).map((f) => f.name);
const letters = [...new Set(labels.map((l) => l.charAt(0)))].filter((c) => /[a-z]/.test(c));

await build({
  root: join(ROOT, 'bench/floor'),
  configFile: false,
  logLevel: 'warn',
  build: { outDir: OUT, emptyOutDir: true },
});
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  readFile(join(OUT, path === '/' ? 'index.html' : path)).then(
    (body) =>
      res.writeHead(200, { 'content-type': types[extname(path) || '.html'] ?? '' }).end(body),
    () => res.writeHead(404).end(),
  );
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

interface KeyTimes {
  dom: number;
  task: number;
  painted: number;
}

async function typeKeys(page: Page): Promise<KeyTimes[]> {
  const keys: KeyTimes[] = [];
  for (let i = 0; i < KEYS; i++) {
    await page.evaluate(`(${COMPLETION_TIMER_SRC})(10000)`);
    await page.keyboard.press(letters[i % letters.length]!);
    keys.push((await page.evaluate('window.__benchCompletion')) as KeyTimes);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() => !document.querySelector('.cm-tooltip-autocomplete'));
    await page.waitForTimeout(50);
  }
  return keys;
}

const browser = await chromium.launch({
  executablePath: await findChromium(),
  args: CHROMIUM_ARGS,
});
const VARIANTS = (process.env.VARIANTS ?? '?,?eager').split(',');
const results: Record<string, number[][]> = Object.fromEntries(VARIANTS.map((v) => [v, []]));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of VARIANTS) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(base + variant);
      await page.evaluate(
        ([l, d, sdl]) => window.startEditor(l as string[], d as string, sdl as string),
        [labels, PREFIX + '\n}', sdl],
      );
      await page.keyboard.press('ControlOrMeta+Home');
      await page.keyboard.press('End');
      await page.waitForTimeout(300);
      const keys = await typeKeys(page);
      results[variant]!.push([
        summarize(keys.map((k) => k.task)).median,
        quantile(
          keys.map((k) => k.task),
          0.9,
        ),
        summarize(keys.map((k) => k.dom)).median,
        summarize(keys.map((k) => k.painted)).median,
      ]);
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
for (const [variant, rows] of Object.entries(results)) {
  console.log(`${variant}: (task median, task p90, in DOM median, painted median) per round`);
  for (const r of rows) console.log('  ' + r.map((x) => x.toFixed(1)).join('  '));
}
