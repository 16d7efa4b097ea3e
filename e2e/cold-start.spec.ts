import { expect, test } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';

// Cold start of /debug/console (src/main.tsx, src/app/start.tsx, console-page.tsx): orders, not
// durations (speed is the bench's: bench/scenarios/editor-ready.ts).

const CONSOLE_CHUNK = /\/console-page-[\w-]+\.js$/;

/**
 * Records, in the page's own clock, when React DOM's code has run: its production build calls
 * the DevTools hook's `checkDCE` when it is evaluated. A stand-in hook that does nothing else.
 */
const REACT_DOM_TIMER = () => {
  const w = window as unknown as { __reactDomAt?: number; __REACT_DEVTOOLS_GLOBAL_HOOK__?: object };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: true,
    supportsFiber: true,
    checkDCE() {
      w.__reactDomAt ??= performance.now();
    },
    inject() {
      return 0;
    },
  };
};

test('the console page’s code is requested before React DOM’s has even run (no waterfall)', async ({
  page,
}) => {
  await page.addInitScript(REACT_DOM_TIMER);
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  const order = await page.evaluate((pattern) => {
    const re = new RegExp(pattern);
    const chunk = performance
      .getEntriesByType('resource')
      .find((e) => re.test(new URL(e.name).pathname));
    return {
      chunkRequestedAt: chunk?.startTime ?? NaN,
      reactDomAt: (window as unknown as { __reactDomAt?: number }).__reactDomAt ?? NaN,
    };
  }, CONSOLE_CHUNK.source);
  expect(order.reactDomAt, 'React DOM ran').toBeGreaterThan(0);
  expect(order.chunkRequestedAt, 'the console page chunk was requested').toBeGreaterThan(0);
  expect(order.chunkRequestedAt).toBeLessThan(order.reactDomAt);
});

/**
 * As soon as the textbox "Query editor" exists: focus it (a user clicking it the moment it shows)
 * and note whether the toolbar ("Run query") was already there.
 */
const FOCUS_EDITOR_AT_ONCE = () => {
  const w = window as unknown as { __runButtonWithEditor?: boolean };
  const mo = new MutationObserver(() => {
    const editor = document.querySelector<HTMLElement>('[aria-label="Query editor"]');
    if (!editor) return;
    mo.disconnect();
    w.__runButtonWithEditor = [...document.querySelectorAll('button')].some(
      (b) => b.textContent?.trim() === 'Run query',
    );
    editor.focus();
  });
  mo.observe(document, { subtree: true, childList: true });
};

test('the query editor comes first; what is typed before the rest of the page stays, focused', async ({
  page,
}) => {
  await page.addInitScript(FOCUS_EDITOR_AT_ONCE);
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  // No brackets or line breaks: what is typed is exactly what the editor must hold.
  const typed = 'query Early ';
  await page.keyboard.type(typed);
  // The rest of the page arrived after the editor, without remounting it.
  expect(
    await page.evaluate(
      () => (window as { __runButtonWithEditor?: boolean }).__runButtonWithEditor,
    ),
  ).toBe(false);
  await expect(app.runButton).toBeVisible();
  await expect(app.editor('Variables editor')).toBeVisible();
  await expect(app.editor('Query editor')).toBeFocused();
  await page.keyboard.type('x');
  await expect.poll(() => app.editorText('Query editor')).toBe(`${typed}x`);
});

/** Class names only @codemirror/language's folding and @codemirror/autocomplete's list hold. */
const EDITING_MARKS = ['cm-foldGutter', 'cm-completionLabel'];

test('what loads before the query editor exists holds no folding or completion code', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __editorAt?: number };
    const mo = new MutationObserver(() => {
      if (!document.querySelector('[aria-label="Query editor"]')) return;
      mo.disconnect();
      w.__editorAt = performance.now();
    });
    mo.observe(document, { subtree: true, childList: true });
  });
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.set(res.url(), res.text());
  });
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  const before = await page.evaluate(() => {
    const at = (window as unknown as { __editorAt?: number }).__editorAt ?? NaN;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && e.startTime <= at)
      .map((e) => e.name);
  });
  expect(before.length).toBeGreaterThan(0);
  for (const url of before) {
    const text = await scripts.get(url);
    expect(text, url).toBeDefined();
    for (const mark of EDITING_MARKS) expect(text!.includes(mark), `${url}: ${mark}`).toBe(false);
  }
  // They arrive with the language: the editor gets its fold gutter.
  await expect(page.locator('.query-editor .cm-foldGutter')).toBeAttached();
});

test('a cold load shows the console at once, never the “Loading console…” placeholder', async ({
  page,
}) => {
  // React keeps a Suspense fallback on screen for at least 300 ms once shown: the page's code is
  // in before React first renders (src/app/start.tsx), so there is none to show.
  await page.addInitScript(() => {
    const w = window as unknown as { __placeholderSeen?: boolean };
    w.__placeholderSeen = false;
    const mo = new MutationObserver(() => {
      if (document.body?.textContent?.includes('Loading console')) w.__placeholderSeen = true;
      if (document.querySelector('[aria-label="Query editor"]')) mo.disconnect();
    });
    mo.observe(document, { subtree: true, childList: true, characterData: true });
  });
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { __placeholderSeen?: boolean }).__placeholderSeen,
    ),
  ).toBe(false);
  // Moving to the other tab and back still works through the lazy pages.
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('textbox', { name: 'Analytics URL' })).toBeVisible();
  await page.getByRole('link', { name: 'Console' }).click();
  await expect(app.editor('Query editor')).toBeVisible();
});
