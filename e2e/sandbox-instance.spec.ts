import { expect, test, type Page } from '@playwright/test';

interface SandboxInfo {
  base_url: string;
  tokens: Record<string, string>;
  oauth: { access_token: string; refresh_token: string; client_id: string };
}

async function relayGraphQL(page: Page, base: string, authorization: string, query: string) {
  return page.evaluate(
    async ({ base, authorization, query }) => {
      const res = await fetch('/relay/graphql', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Relay-Target': base,
          'X-Debug-Console': '1',
          Authorization: authorization,
        },
        body: JSON.stringify({ query }),
      });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    },
    { base, authorization, query },
  );
}

test.describe('sandbox instance through the relay', () => {
  let info: SandboxInfo;

  test.beforeEach(async ({ page, request }) => {
    info = (await (await request.get('/sandbox.json')).json()) as SandboxInfo;
    await page.goto('/debug/console');
  });

  test('a query sent through the relay returns the demo user', async ({ page }) => {
    const r = await relayGraphQL(
      page,
      info.base_url,
      `token ${info.tokens.user}`,
      '{ currentUser { username } }',
    );
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ data: { currentUser: { username: 'alice' } } });
  });

  test('token-sudo and Bearer reach the right users', async ({ page }) => {
    const sudo = await relayGraphQL(
      page,
      info.base_url,
      `token-sudo user="carol",token="${info.tokens.admin}"`,
      '{ currentUser { username } }',
    );
    expect(JSON.parse(sudo.text).data.currentUser.username).toBe('carol');
    const bearer = await relayGraphQL(
      page,
      info.base_url,
      `Bearer ${info.tokens.oauth}`,
      '{ currentUser { username } }',
    );
    expect(JSON.parse(bearer.text).data.currentUser.username).toBe('bob');
  });

  test("the instance's plain-text 401 and cost-limit 400 pass through unchanged", async ({
    page,
  }) => {
    const revoked = await relayGraphQL(
      page,
      info.base_url,
      `token ${info.tokens.revoked}`,
      '{ currentUser { username } }',
    );
    expect(revoked.status).toBe(401);
    expect(revoked.text).toBe('Invalid access token.\n');
    expect(revoked.type).toBe('text/plain; charset=utf-8');
    const costly = await relayGraphQL(
      page,
      info.base_url,
      `token ${info.tokens.user}`,
      '{repositories(first:1000){nodes{name commit(rev:"HEAD"){ancestors(first:1000){nodes{oid}}}}}}',
    );
    expect(costly.status).toBe(400);
    expect(JSON.parse(costly.text).errors[0]).toMatchObject({
      message: 'Query exceeds maximum field count limit',
      extensions: { actual: 1003001, limit: 500000, code: 'ErrQueryComplexityLimitExceeded' },
    });
  });

  test('the sandbox answers a cross-origin browser request directly (CORS like a real instance)', async ({
    page,
  }) => {
    const r = await page.evaluate(
      async ({ base, token }) => {
        const res = await fetch(`${base}/.api/graphql`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `token ${token}` },
          body: JSON.stringify({ query: '{ currentUser { username } }' }),
        });
        return res.json();
      },
      { base: info.base_url, token: info.tokens.user },
    );
    expect(r).toEqual({ data: { currentUser: { username: 'alice' } } });
  });
});
