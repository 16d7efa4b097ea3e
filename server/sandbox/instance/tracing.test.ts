import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, renderTracePage, TraceStore } from './tracing.ts';
import { startTestInstance, type TestInstance } from './instance.test-helpers.ts';

const ME = '{ currentUser { username } }';
const TRACE = { 'X-Sourcegraph-Should-Trace': 'true' };

describe('sandbox tracing over HTTP', () => {
  let inst: TestInstance;
  let auth: Record<string, string>;
  beforeAll(async () => {
    inst = await startTestInstance();
    auth = { Authorization: `token ${inst.tokens.user}` };
  });
  afterAll(() => inst.close());

  it('an untraced request gets no trace headers', async () => {
    const r = await inst.gql(ME, { headers: auth });
    expect(r.headers.get('x-trace')).toBeNull();
    expect(r.headers.get('x-trace-url')).toBeNull();
  });

  it('a traced request gets X-Trace, X-Trace-Span and an X-Trace-URL that shows its phases', async () => {
    const r = await inst.gql(ME, { headers: { ...auth, ...TRACE }, path: '/.api/graphql?Me' });
    expect(r.status).toBe(200);
    const id = r.headers.get('x-trace');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(r.headers.get('x-trace-span')).toMatch(/^[0-9a-f]{16}$/);
    const url = r.headers.get('x-trace-url');
    expect(url).toBe(`${inst.base}/-/debug/jaeger/trace/${id}`);
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain(id);
    expect(html).toContain('Me');
    for (const phase of ['auth', 'cost estimate', 'validation', 'execution', 'serialisation'])
      expect(html).toContain(`<td>${phase}</td>`);
    expect(html).toMatch(/<td>200<\/td>|status 200/);
  });

  it('?trace=1 on the API URL traces too, and a refused request is traced with its status', async () => {
    const r = await inst.gql(ME, {
      headers: { Authorization: 'token nope' },
      path: '/.api/graphql?trace=1',
    });
    expect(r.status).toBe(401);
    const page = await (await fetch(r.headers.get('x-trace-url')!)).text();
    expect(page).toContain('<td>auth</td>');
    expect(page).toContain('401');
    expect(page).not.toContain('<td>execution</td>');
  });

  it('a cost-limit refusal is traced up to the cost estimate', async () => {
    const deep = '{' + 'a{'.repeat(40) + 'b' + '}'.repeat(41);
    const r = await inst.gql(deep, { headers: { ...auth, ...TRACE } });
    expect(r.status).toBe(400);
    const page = await (await fetch(r.headers.get('x-trace-url')!)).text();
    expect(page).toContain('<td>cost estimate</td>');
    expect(page).not.toContain('<td>validation</td>');
  });

  it('an unknown trace id is a 404 page; the id is escaped', async () => {
    const r = await fetch(`${inst.base}/-/debug/jaeger/trace/%3Cscript%3E`);
    expect(r.status).toBe(404);
    const html = await r.text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });
});

describe('TraceStore', () => {
  it('keeps only the most recent traces', () => {
    const store = new TraceStore(3);
    const ids = Array.from({ length: 5 }, () => store.start('unknown').record.traceId);
    expect(store.get(ids[0]!)).toBeUndefined();
    expect(store.get(ids[1]!)).toBeUndefined();
    expect(ids.slice(2).every((id) => store.get(id))).toBe(true);
  });
  it('records phases in order with non-negative durations', () => {
    const store = new TraceStore(3);
    const t = store.start('Me');
    const end = t.begin('auth');
    end();
    t.begin('execution')('cached');
    t.finish(200);
    expect(t.record.phases.map((p) => [p.name, p.note])).toEqual([
      ['auth', undefined],
      ['execution', 'cached'],
    ]);
    expect(t.record.phases.every((p) => p.durationMs >= 0 && p.startMs >= 0)).toBe(true);
    expect(t.record.status).toBe(200);
  });
});

describe('renderTracePage escapes everything it shows', () => {
  it('request and operation names', () => {
    const store = new TraceStore(1);
    const t = store.start('<img src=x onerror=alert(1)>');
    t.record.operationName = '"&\'<>';
    t.begin('<b>')();
    const html = renderTracePage(t.record);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain(escapeHtml('"&\'<>'));
  });
  it('escapeHtml', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
