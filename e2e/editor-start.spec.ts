import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { firstSeenAt, recordFirstSeen } from './pages/first-seen.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';
import { holdRequests } from './pages/hold-requests.ts';

// Cold start: the query editor accepts text before the GraphQL language stack is requested;
// the language arrives after, through a compartment, without touching what was typed.

/** A string only the GraphQL language service's code holds (one of its parser's rule kinds). */
const LANGUAGE_MARK = 'AliasedField';
const LANGUAGE_CHUNK = /\/query-language-[\w-]+\.js$/;
/** A string only graphql-js's lexer holds: the console's document tools load after the editor. */
const GRAPHQL_JS_MARK = 'Unterminated string.';

const QUERY_EDITOR = '[aria-label="Query editor"]';

test('the first load shows an editor that accepts text before the GraphQL language is requested', async ({
  page,
}) => {
  await recordFirstSeen(page, QUERY_EDITOR);
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    const text = res.text();
    // A script that arrives as the test ends is never read; its body then rejects ("Test
    // ended"), which must not fail the test. One that is read still fails on it.
    text.catch(() => undefined);
    scripts.set(res.url(), text);
  });
  const app = new ConsolePage(page);
  await app.open('/');
  await app.editor('Query editor').click();
  await page.keyboard.type('{ a }');
  await expect.poll(() => app.editorText('Query editor')).toContain('{ a }');

  // The language chunk is requested once the editor is there.
  await expect
    .poll(() =>
      page.evaluate((pattern) => {
        const re = new RegExp(pattern);
        return performance
          .getEntriesByType('resource')
          .some((e) => re.test(new URL(e.name).pathname));
      }, LANGUAGE_CHUNK.source),
    )
    .toBe(true);
  const timing = {
    editorAt: await firstSeenAt(page, QUERY_EDITOR),
    scripts: await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .map((e) => ({ url: e.name, start: e.startTime, end: e.responseEnd })),
    ),
  };
  expect(timing.editorAt).toBeGreaterThan(0);
  const language = timing.scripts.filter((s) => LANGUAGE_CHUNK.test(new URL(s.url).pathname));
  expect(language, 'the GraphQL language chunk').toHaveLength(1);
  // An order, not a duration: requested after the textbox existed.
  expect(language[0]!.start).toBeGreaterThan(timing.editorAt);

  // And none of what had loaded by then carries the language service.
  const before = timing.scripts.filter((s) => s.end <= timing.editorAt);
  expect(before.length).toBeGreaterThan(0);
  expect(before.some((s) => !s.url.includes('.worker-'))).toBe(true);
  for (const s of before) {
    // Workers (the schema worker starts before React mounts) are not the page's first load, and
    // the schema worker ends once the schema is read, which discards its script's body.
    if (s.url.includes('.worker-')) continue;
    const text = await scripts.get(s.url);
    expect(text, s.url).toBeDefined();
    expect(text!.includes(LANGUAGE_MARK), `${s.url} holds the language service`).toBe(false);
    expect(text!.includes(GRAPHQL_JS_MARK), `${s.url} holds graphql-js`).toBe(false);
  }
});

test('text typed right after load stays in order; completion comes with the language', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  const app = new ConsolePage(page);
  await app.open();
  // Type at once, while the language and the Variables/Headers editors are still on their way.
  await app.editor('Query editor').click();
  await page.keyboard.press('ControlOrMeta+a');
  // No brackets or line breaks: what is typed is exactly what the editor must hold.
  const typed = 'query First ';
  await page.keyboard.type(typed);
  await expect.poll(() => app.editorText('Query editor')).toBe(typed);

  await app.connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  await app.editor('Query editor').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('{ curr');
  await expect(app.completion(/currentUser/)).toBeVisible();
  await page.keyboard.press('Escape');
  // `}` closed by the editor as `{` was typed.
  await expect.poll(() => app.editorText('Query editor')).toBe(`${typed}{ curr}`);
  // The Variables and Headers editors arrived after the first paint and work.
  await app.showEditor('Variables editor');
  await app.editor('Variables editor').click();
  await page.keyboard.type('{"a": 1}');
  await expect.poll(() => app.editorText('Variables editor')).toBe('{"a": 1}');
  await expect(page.locator('.cm-host.headers-editor .cm-editor')).toBeAttached();
});

test('a keystroke’s task updates the editor only; the page re-renders in a task of its own', async ({
  page,
}) => {
  const app = new ConsolePage(page);
  await app.open();
  await app.setEditor('Query editor', 'query Abc { a }');
  const tabs = page.getByRole('tablist', { name: 'Query tabs' });
  await expect(tabs.getByRole('tab', { name: /Abc/ })).toBeVisible();
  // Not a timing: an order. When the editor shows the typed letter, a message is posted: it runs
  // right after the task that typed it. The tab title (derived from the query) must change
  // after that message, not within the keystroke's task.
  await page.evaluate(() => {
    const w = window as unknown as { __taskOver?: boolean; __titleAfterTask?: boolean };
    const channel = new MessageChannel();
    channel.port1.onmessage = () => (w.__taskOver = true);
    const editor = document.querySelector('.query-editor .cm-content')!;
    const list = document.querySelector('[role="tablist"]')!;
    let posted = false;
    const mo = new MutationObserver(() => {
      if (!posted && editor.textContent?.includes('Abcd')) {
        posted = true;
        channel.port2.postMessage(null);
      }
      if (!list.textContent?.includes('Abcd')) return;
      mo.disconnect();
      w.__titleAfterTask = w.__taskOver === true;
    });
    mo.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await app.editor('Query editor').click();
  await page.keyboard.press('Home');
  for (let i = 0; i < 'query Abc'.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('d');
  await expect(tabs.getByRole('tab', { name: /Abcd/ })).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { __titleAfterTask?: boolean }).__titleAfterTask,
    ),
  ).toBe(true);
});

test('a `(` typed before the GraphQL language arrives gets its list when it does', async ({
  page,
  request,
}) => {
  const info = await sandboxInfo(request);
  // The language chunk is held at the door until the `(` has been typed.
  const language = await holdRequests(page, LANGUAGE_CHUNK);
  const app = new ConsolePage(page);
  await app.open();
  await app.connection.connectAs({ baseUrl: info.base_url, token: info.tokens.user }, 'alice');
  await app.setEditor('Query editor', '{ users');
  await page.keyboard.type('(');
  await expect.poll(() => app.editorText('Query editor')).toBe('{ users(');
  await expect.poll(() => language.seen).toBe(true);
  language.release();
  await expect(app.completion(/^first/)).toBeVisible();
  expect(await app.editorText('Query editor')).toBe('{ users(');
});

test('a prettify asked for before the GraphQL language arrives can be undone', async ({ page }) => {
  // The language chunk (which brings the undo history) is held until the prettify was asked for.
  const language = await holdRequests(page, LANGUAGE_CHUNK);
  const app = new ConsolePage(page);
  await app.open();
  const original = '# who\n{currentUser{username # name\n}}';
  await app.setEditor('Query editor', original);
  await page.keyboard.press('Shift+Control+P');
  await expect.poll(() => language.seen).toBe(true);
  language.release();
  // The language is in (its fold gutter shows), and the prettified text.
  await expect(page.locator('.query-editor .cm-foldGutter')).toHaveCount(1);
  await expect
    .poll(() => app.editorText('Query editor'))
    .toBe('# who\n{\n  currentUser {\n    username # name\n  }\n}');
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(() => app.editorText('Query editor')).toBe(original);
});

test('a click into the Variables editor before its view exists puts the caret there', async ({
  page,
}) => {
  // The Variables and Headers editors' chunk is held until the click.
  const jsonEditors = await holdRequests(page, /\/json-editors-[\w-]+\.js$/);
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Variables editor')).toHaveCount(0);
  await app.bottomTab('Variables').click(); // the bottom pane starts folded
  await page.locator('.cm-host.variables-editor').click();
  await expect.poll(() => jsonEditors.seen).toBe(true);
  jsonEditors.release();
  await expect(app.editor('Variables editor')).toBeFocused();
  await page.keyboard.type('{"a": 1');
  await expect.poll(() => app.editorText('Variables editor')).toContain('{"a": 1');
});
