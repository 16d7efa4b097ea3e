import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';
import { ConsolePage } from './pages/console-page.ts';
import { startExtraServer, type ExtraServer } from './server.ts';

// Issue 7, "Secrets" and CSP, end to end: a full flow (Use sandbox, connect, run a query, open
// Docs, load a report, copy exports) against a real server whose sandbox records what it
// receives.

interface Info {
  base_url: string;
  analytics_url: string;
  tokens: Record<string, string> & { admin: string };
  oauth?: { access_token: string; refresh_token: string };
  instances: [string, ...string[]];
}

/** Installed before any page script: records CSP violations and history API calls. */
const INIT = () => {
  const w = window as unknown as { __csp: string[]; __history: string[] };
  w.__csp = [];
  w.__history = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
  );
  for (const k of ['pushState', 'replaceState'] as const) {
    const orig = history[k].bind(history);
    history[k] = (state: unknown, unused: string, url?: string | URL | null) => {
      w.__history.push(JSON.stringify([k, state, url ? String(url) : null]));
      return orig(state, unused, url);
    };
  }
};

/** Everything the page keeps: Web Storage, every IndexedDB record, cookies, URL, history. */
async function everythingStored(page: Page, context: BrowserContext) {
  const inPage = await page.evaluate(async () => {
    const dump = (s: Storage) =>
      Object.fromEntries(
        Array.from({ length: s.length }, (_, i) => s.key(i)!).map((k) => [k, s.getItem(k)]),
      );
    const idb: Record<string, unknown> = {};
    for (const d of await indexedDB.databases()) {
      if (!d.name) continue;
      const db = await new Promise<IDBDatabase>((ok, fail) => {
        const r = indexedDB.open(d.name!);
        r.onsuccess = () => ok(r.result);
        r.onerror = () => fail(r.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const tx = db.transaction(store, 'readonly');
        const os = tx.objectStore(store);
        const get = <T>(r: IDBRequest<T>) =>
          new Promise<T>((ok, fail) => {
            r.onsuccess = () => ok(r.result);
            r.onerror = () => fail(r.error);
          });
        idb[`${d.name}/${store}`] = {
          keys: await get(os.getAllKeys()),
          values: await get(os.getAll()),
        };
      }
      db.close();
    }
    const w = window as unknown as { __history: string[]; __csp: string[] };
    return {
      local: dump(localStorage),
      session: dump(sessionStorage),
      idb,
      url: location.href,
      historyLength: history.length,
      historyState: JSON.stringify(history.state),
      historyCalls: w.__history,
    };
  });
  return { ...inPage, cookies: await context.cookies() };
}

/** Where, in a JSON-able value, any of the secrets appears (paths of the leaves). */
function findSecrets(value: unknown, secrets: string[], path = '$'): string[] {
  if (typeof value === 'string') {
    const hits = secrets
      .filter((s) => value.includes(s))
      .map((s) => `${path} has ${s.slice(0, 8)}…`);
    // A leaf that is JSON text (storage values) is searched as a whole string: enough.
    return hits;
  }
  if (Array.isArray(value))
    return value.flatMap((v, i) => findSecrets(v, secrets, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => [
      ...findSecrets(k, secrets, `${path}.<key>`),
      ...findSecrets(v, secrets, `${path}.${k}`),
    ]);
  return [];
}

let server: ExtraServer;
let tmp: string;
let requestLog: string;
let info: Info;

test.beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'hardening-e2e-'));
  requestLog = join(tmp, 'requests.jsonl');
  server = await startExtraServer({ SANDBOX_REQUEST_LOG: requestLog, RELAY_LOG: '1' });
  info = server.info as Info;
});

test.afterAll(async () => {
  await server?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

function allSecrets(): string[] {
  return [
    ...Object.values(info.tokens),
    ...(info.oauth ? [info.oauth.access_token, info.oauth.refresh_token] : []),
  ].filter((t) => t && t.length >= 8);
}

/** The full flow; returns what the app put in the clipboard for each export. */
async function fullFlow(page: Page, remember: boolean) {
  const app = new ConsolePage(page);
  await app.openWithSandbox(`${server.url}/debug/console`);
  const rememberBox = app.connection.remember;
  await app.connection.open();
  if (remember) await rememberBox.check();
  else await expect(rememberBox).not.toBeChecked();
  await app.runQuery('query Me { currentUser { username } }');
  await expect(app.responseBody).toContainText('"alice"');
  await app.docs.open();
  await app.docs.search.fill('User');
  await expect(app.docs.options.first()).toBeVisible();

  const clips: string[] = [];
  for (const [name, copied] of [
    ['Copy as curl', 'Copied curl command'],
    ['Copy as src command', 'Copied src command'],
    ['Copy as fetch (JavaScript)', 'Copied fetch snippet (JavaScript)'],
    ['Copy as Python requests', 'Copied Python requests script'],
    ['Copy as Go net/http', 'Copied Go net/http program'],
  ] as const) {
    await app.copyAs(name);
    await expect(app.notice(copied)).toBeVisible();
    clips.push(await app.clipboardText());
  }

  const analytics = new AnalyticsPage(page);
  await analytics.navLink.click();
  await analytics.useSandbox();
  await analytics.instanceHost.fill(info.instances[0]);
  await analytics.loadReportButton.click();
  await expect(analytics.downloadCsv).toBeEnabled();
  await expect(analytics.table).toBeVisible();
  // Back to the console through the browser's history, as a user would.
  await page.goBack();
  await expect(app.editor('Query editor')).toBeVisible();
  return clips;
}

for (const remember of [false, true]) {
  test(`after a full flow with "Remember on this device" ${remember ? 'ON' : 'OFF'}, tokens are only where the user chose; exports redact; CSP holds`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await context.addInitScript(INIT);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text()))
        consoleErrors.push(m.text());
    });
    const urls: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && urls.push(f.url()));
    const logStart = server.output().length;
    const requestsBefore = existsSync(requestLog) ? readFileSync(requestLog, 'utf8').length : 0;
    try {
      const clips = await fullFlow(page, remember);
      const secrets = allSecrets();
      const userToken = info.tokens.user;
      const analyticsToken = info.tokens.analytics;
      expect(userToken).toBeTruthy();
      expect(analyticsToken).toBeTruthy();

      // Exports redact the token by default.
      expect(clips[0]).toContain('Authorization: token REDACTED');
      expect(clips[1]).toContain('SRC_ACCESS_TOKEN=REDACTED');
      for (const c of clips) expect(findSecrets(c, secrets)).toEqual([]);

      // Storage, IndexedDB, cookies, URL, history.
      const stored = await everythingStored(page, context);
      expect(stored.cookies).toEqual([]);
      expect(findSecrets(urls, secrets)).toEqual([]);
      const hits = findSecrets(stored, secrets);
      if (!remember) expect(hits).toEqual([]);
      else {
        // Only in the one key the app documents, and both tokens are there.
        expect(hits.length).toBeGreaterThan(0);
        for (const h of hits)
          expect(h).toMatch(/^\$\.local\.debug-console:connection-secrets has /);
        const kept = stored.local['debug-console:connection-secrets'] ?? '';
        expect(kept).toContain(userToken);
        expect(kept).toContain(analyticsToken);
      }

      // The server's output while serving the flow (the banner printed demo tokens at start on
      // purpose; nothing after it may).
      const served = server.output().slice(logStart);
      expect(served).toMatch(/relay (GET|POST) \/relay\//);
      expect(findSecrets(served, secrets)).toEqual([]);

      // Each sandbox service received only its own token.
      const received = readFileSync(requestLog, 'utf8')
        .slice(requestsBefore)
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { service: string; headers: Record<string, string> });
      const instanceReqs = received.filter((r) => r.service === 'instance');
      const analyticsReqs = received.filter((r) => r.service === 'analytics');
      expect(instanceReqs.length).toBeGreaterThan(0);
      expect(analyticsReqs.length).toBeGreaterThan(0);
      for (const r of instanceReqs) expect(JSON.stringify(r)).not.toContain(analyticsToken);
      for (const r of analyticsReqs) {
        const seen = JSON.stringify(r);
        for (const [role, t] of Object.entries(info.tokens))
          if (!role.startsWith('analytics')) expect(seen, role).not.toContain(t);
      }
      expect(instanceReqs.some((r) => r.headers.authorization === `token ${userToken}`)).toBe(true);
      expect(
        analyticsReqs.some((r) => r.headers.authorization === `Bearer ${analyticsToken}`),
      ).toBe(true);

      // The app ran under the strict CSP without a single violation.
      const doc = await page.request.get(`${server.url}/debug/console`);
      expect(doc.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual(
        [],
      );
      expect(consoleErrors.filter((e) => /Content.Security.Policy|Refused to/i.test(e))).toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });
}

test('a token typed into the Headers editor stays out of localStorage, IndexedDB, cookies and URLs, and exports redact it', async ({
  browser,
}) => {
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  await context.addInitScript(INIT);
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('framenavigated', (f) => f === page.mainFrame() && urls.push(f.url()));
  try {
    const secret = info.tokens.admin;
    expect(secret).toBeTruthy();
    const app = new ConsolePage(page);
    await app.openWithSandbox(`${server.url}/debug/console`);
    await app.setEditor('Headers editor', JSON.stringify({ Authorization: `token ${secret}` }));
    await app.run();
    await expect(app.responseBody).toContainText('"data"');
    await app.copyAs('Copy as curl');
    await expect(app.notice('Copied curl command')).toBeVisible();
    const curl = await app.clipboardText();
    expect(curl).not.toContain(secret);
    // Reload, so anything the app persisted is what is left.
    await page.reload();
    await expect(app.editor('Query editor')).toBeVisible();
    const stored = await everythingStored(page, context);
    expect(
      findSecrets({ local: stored.local, idb: stored.idb, cookies: stored.cookies }, [secret]),
    ).toEqual([]);
    expect(
      findSecrets([urls, stored.url, stored.historyState, stored.historyCalls], [secret]),
    ).toEqual([]);
  } finally {
    await context.close();
  }
});
