import { expect, test } from '@playwright/test';

interface SandboxJson {
  base_url: string;
  analytics_url: string;
  tokens: Record<string, string>;
  oauth: { refresh_token: string; client_id: string };
  instances: [string, ...string[]];
}

interface Relayed {
  status: number;
  type: string | null;
  relayError: string | null;
  body: string;
}

const QUERY = JSON.stringify({ query: '{ currentUser { username } }' });

test('the console page is served with the strict CSP and loads without violations', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto('/debug/console');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('link', { name: 'Analytics' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('the page can query the sandbox through /relay/graphql and gets exactly what the sandbox says', async ({
  page,
  request,
}) => {
  const info = (await (await request.get('/sandbox.json')).json()) as SandboxJson;
  expect(info.tokens.user).toBeTruthy();
  const auth = `token ${info.tokens.user}`;
  await page.goto('/debug/console');
  const viaRelay = await page.evaluate(
    async ({ target, auth, body }) => {
      const headers = {
        Authorization: auth,
        'Content-Type': 'application/json',
        'X-Relay-Target': target,
        'X-Debug-Console': '1',
      };
      const res = await fetch('/relay/graphql?CurrentUser', { method: 'POST', headers, body });
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        relayError: res.headers.get('x-relay-error'),
        body: await res.text(),
      };
    },
    { target: info.base_url, auth, body: QUERY },
  );
  const direct = await request.post(`${info.base_url}/.api/graphql?CurrentUser`, {
    headers: { 'Content-Type': 'application/json', Authorization: auth },
    data: QUERY,
  });
  expect(viaRelay.relayError).toBeNull();
  expect(viaRelay.status).toBe(direct.status());
  expect(viaRelay.type).toBe(direct.headers()['content-type']);
  expect(viaRelay.body).toBe(await direct.text());
  // The demo user of the `user` token.
  expect(viaRelay.status).toBe(200);
  expect(JSON.parse(viaRelay.body)).toEqual({ data: { currentUser: { username: 'alice' } } });
});

test('the OAuth refresh and the analytics report go through the relay unchanged', async ({
  page,
  request,
}) => {
  const info = (await (await request.get('/sandbox.json')).json()) as SandboxJson;
  await page.goto('/debug/console');
  const relay = (
    path: string,
    init: { method: string; target: string; headers: Record<string, string>; body?: string },
  ) =>
    page.evaluate(
      async ({ path, init }) => {
        const res = await fetch(path, {
          method: init.method,
          body: init.body,
          headers: { ...init.headers, 'X-Relay-Target': init.target, 'X-Debug-Console': '1' },
        });
        return {
          status: res.status,
          type: res.headers.get('content-type'),
          relayError: res.headers.get('x-relay-error'),
          body: await res.text(),
        } satisfies Relayed;
      },
      { path, init },
    );

  const form = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: info.oauth.refresh_token,
    client_id: info.oauth.client_id,
  }).toString();
  const refreshed = await relay('/relay/oauth/token', {
    method: 'POST',
    target: info.base_url,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  expect(refreshed.relayError).toBeNull();
  expect(refreshed.status).toBe(200);
  expect(JSON.parse(refreshed.body)).toMatchObject({ access_token: expect.any(String) });

  const query = new URLSearchParams({
    instanceURL: info.instances[0],
    granularity: 'by_user_day',
  }).toString();
  const report = await relay(`/relay/analytics/api/reports/by-user-client-date?${query}`, {
    method: 'GET',
    target: info.analytics_url,
    headers: { Authorization: `Bearer ${info.tokens.analytics}` },
  });
  const direct = await request.get(
    `${info.analytics_url}/api/reports/by-user-client-date?${query}`,
    { headers: { Authorization: `Bearer ${info.tokens.analytics}` } },
  );
  expect(report.relayError).toBeNull();
  expect(report.status).toBe(direct.status());
  expect(report.type).toBe(direct.headers()['content-type']);
  expect(report.body).toBe(await direct.text());
  expect(report.status, report.body).toBe(200);
  expect(report.body.split('\n').length).toBeGreaterThan(2);
});

test("another origin's page cannot use the relay", async ({ page, request, baseURL }) => {
  const info = (await (await request.get('/sandbox.json')).json()) as SandboxJson;
  // Any page on a different origin stands in for a hostile site; the analytics sandbox is one.
  await page.goto(info.analytics_url);
  const outcome = await page.evaluate(
    async ({ relay, target, body }) => {
      try {
        const res = await fetch(relay, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'X-Relay-Target': target,
            'X-Debug-Console': '1',
          },
          body,
        });
        return `answered ${res.status}`;
      } catch {
        return 'blocked';
      }
    },
    { relay: `${baseURL}/relay/graphql`, target: info.base_url, body: QUERY },
  );
  expect(outcome).toBe('blocked');
  // A server-side caller can forge Origin; the relay refuses it too.
  const direct = await request.post('/relay/graphql', {
    headers: {
      Origin: info.analytics_url,
      'X-Debug-Console': '1',
      'X-Relay-Target': info.base_url,
    },
    data: QUERY,
  });
  expect(direct.status()).toBe(403);
  expect(await direct.text()).toContain('is not this server');
});
