import { expect, test } from '@playwright/test';

interface SandboxJson {
  base_url: string;
  analytics_url: string;
  tokens: Record<string, string>;
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
  const auth = info.tokens.user ? `token ${info.tokens.user}` : '';
  await page.goto('/debug/console');
  const viaRelay = await page.evaluate(
    async ({ target, auth, body }) => {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'X-Relay-Target': target,
        'X-Debug-Console': '1',
      };
      if (auth) headers.Authorization = auth;
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
    headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
    data: QUERY,
  });
  expect(viaRelay.relayError).toBeNull();
  expect(viaRelay.status).toBe(direct.status());
  expect(viaRelay.type).toBe(direct.headers()['content-type']);
  expect(viaRelay.body).toBe(await direct.text());
  if (info.tokens.user) {
    // The sandbox instance has landed: the relay returns the demo user.
    expect(viaRelay.status).toBe(200);
    const json = JSON.parse(viaRelay.body) as { data: { currentUser: { username: string } } };
    expect(json.data.currentUser.username).toMatch(/\S/);
  } else {
    expect(viaRelay.status).toBe(501);
  }
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
