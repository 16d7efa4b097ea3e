import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_CONFIG_ELEMENT_ID, type AppConfigJson } from '../src/shared/contracts/app-config.ts';
import { createAppRoutes } from './app-routes.ts';
import { closeServer, listen, sendText } from './http-util.ts';
import { withAppConfig } from './index-html.ts';

const PAGE =
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

/** The configuration the page carries, read back the way the app reads it. */
function inlined(html: string): unknown {
  const m = new RegExp(
    `<script type="application/json" id="${APP_CONFIG_ELEMENT_ID}">([^<]*)</script>`,
  ).exec(html);
  if (!m?.[1]) throw new Error('no configuration in the page');
  return JSON.parse(m[1]);
}

describe('withAppConfig', () => {
  it('puts the configuration in the head as a JSON data block, markup in values inert', () => {
    const config: AppConfigJson = {
      base_url: 'https://a.example/</script><script>alert(1)</script><!--',
      analytics_url: null,
      sandbox: false,
      relay: true,
    };
    const html = withAppConfig(PAGE, config);
    expect(inlined(html)).toEqual(config);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.indexOf(APP_CONFIG_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
  });
});

describe('app pages under npm start', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0)) await c();
  });

  async function serve(indexHtml: string | undefined): Promise<string> {
    const routes = createAppRoutes({
      allowedHosts: null,
      defaults: { base_url: 'https://sg.example.com', analytics_url: 'https://a.example.com' },
      indexHtml,
    });
    const server: Server = await listen(
      async (req, res) => {
        if (!(await routes(req, res))) sendText(res, 404, 'Not found.');
      },
      '127.0.0.1',
      0,
    );
    cleanups.push(() => closeServer(server));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('serves index.html with the /config.json answer inlined on the app routes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'index-html-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'index.html');
    writeFileSync(file, PAGE);
    const url = await serve(file);
    const config = await (await fetch(`${url}/config.json`)).json();
    for (const path of ['/debug/console', '/analytics/', '/index.html']) {
      const res = await fetch(url + path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(inlined(await res.text())).toEqual(config);
    }
    // A rebuild is picked up.
    writeFileSync(file, PAGE.replace('<title>x</title>', '<title>rebuilt</title>'));
    expect(await (await fetch(`${url}/debug/console`)).text()).toContain('rebuilt');
    expect((await fetch(`${url}/debug/console`, { method: 'POST' })).status).toBe(404);
  });

  it('leaves the page to Vite when there is no built index.html', async () => {
    const url = await serve(undefined);
    expect((await fetch(`${url}/debug/console`)).status).toBe(404);
  });
});
