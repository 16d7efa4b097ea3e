import { expect, test, type Response } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { firstSeenAt, recordFirstSeen } from './pages/first-seen.ts';

const QUERY_EDITOR = '[aria-label="Query editor"]';

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
 * From the moment the textbox "Query editor" exists: focus it (a user clicking it the moment it
 * shows) and record every box it has had, on each frame, until the test reads them.
 */
const WATCH_EDITOR_BOX = () => {
  const w = window as unknown as { __editorBoxes?: string[] };
  w.__editorBoxes = [];
  const boxOf = (el: Element) => {
    const r = el.getBoundingClientRect();
    return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
  };
  const watch = (editor: HTMLElement) => {
    const record = () => {
      const box = boxOf(editor);
      if (w.__editorBoxes!.at(-1) !== box) w.__editorBoxes!.push(box);
      requestAnimationFrame(record);
    };
    record();
  };
  const mo = new MutationObserver(() => {
    const editor = document.querySelector<HTMLElement>('[aria-label="Query editor"]');
    if (!editor) return;
    mo.disconnect();
    editor.focus();
    watch(editor.closest('.cm-editor') ?? editor);
  });
  mo.observe(document, { subtree: true, childList: true });
};

test('the query editor never moves once shown, and keeps the focus it got at once', async ({
  page,
}) => {
  await page.addInitScript(WATCH_EDITOR_BOX);
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeFocused();
  // Once the whole page is there (its language, toolbar, Variables, response and the first cost
  // estimate) …
  await expect(app.runButton).toBeVisible();
  await expect(page.locator('.cm-host.variables-editor .cm-editor')).toBeAttached();
  await expect(app.response).toBeVisible();
  await expect(page.locator('.query-editor .cm-foldGutter')).toBeAttached();
  await expect(page.getByRole('region', { name: 'Query cost' })).toContainText('Depth');
  // … the editor has had one box since it first existed: nothing arrived around it.
  const boxes = await page.evaluate(
    () => (window as unknown as { __editorBoxes?: string[] }).__editorBoxes ?? [],
  );
  expect(boxes.length, 'boxes recorded').toBeGreaterThan(0);
  expect(boxes, 'the query editor moved or resized').toHaveLength(1);
  // It kept the focus it got when it first showed.
  await expect(app.editor('Query editor')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('query Early');
  await expect.poll(() => app.editorText('Query editor')).toBe('query Early');
});

/**
 * Records, for the first moment the console's page (`div.console`) is in the document, whether
 * the query editor's editable element is there too: a MutationObserver's callback sees all that
 * one task changed, so "there too" means both came in the same task, and no frame can show
 * the console without a live editor.
 */
const WATCH_FIRST_CONSOLE = () => {
  const w = window as unknown as { __editorWithConsole?: boolean };
  const mo = new MutationObserver(() => {
    if (!document.querySelector('div.console')) return;
    mo.disconnect();
    w.__editorWithConsole = !!document.querySelector('[aria-label="Query editor"]');
  });
  mo.observe(document, { subtree: true, childList: true });
};

test('the query editor comes with the console’s first render, not in a later task', async ({
  page,
}) => {
  await page.addInitScript(WATCH_FIRST_CONSOLE);
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  expect(
    await page.evaluate(
      () => (window as unknown as { __editorWithConsole?: boolean }).__editorWithConsole,
    ),
    'the query editor was in the page as soon as the console was',
  ).toBe(true);
  // And it accepts what is typed at once.
  await app.editor('Query editor').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('query Early');
  await expect.poll(() => app.editorText('Query editor')).toBe('query Early');
});

/** Class names only @codemirror/language's folding and @codemirror/autocomplete's list hold. */
const EDITING_MARKS = ['cm-foldGutter', 'cm-completionLabel'];

test('what loads before the query editor exists holds no folding or completion code', async ({
  page,
}) => {
  await recordFirstSeen(page, QUERY_EDITOR);
  const scripts = new Map<string, Promise<string>>();
  const onResponse = (res: Response) => {
    if (res.request().resourceType() !== 'script') return;
    const text = res.text();
    // A script that is never read must not fail the test if its body rejects; one that is read
    // still fails on it.
    text.catch(() => undefined);
    scripts.set(res.url(), text);
  };
  page.on('response', onResponse);
  const app = new ConsolePage(page);
  await app.open();
  await expect(app.editor('Query editor')).toBeVisible();
  const at = await firstSeenAt(page, QUERY_EDITOR);
  const before = await page.evaluate((at) => {
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.js') && e.startTime <= at)
      .map((e) => e.name);
  }, at);
  expect(before.length).toBeGreaterThan(0);
  for (const url of before) {
    const text = await scripts.get(url);
    expect(text, url).toBeDefined();
    for (const mark of EDITING_MARKS) expect(text!.includes(mark), `${url}: ${mark}`).toBe(false);
  }
  // They arrive with the language: the editor gets its fold gutter.
  await expect(page.locator('.query-editor .cm-foldGutter')).toBeAttached();
  // No body read may still be on its way when the page closes: Playwright fails the test on
  // one that the closing cuts off ("Target page, context or browser has been closed").
  page.off('response', onResponse);
  await Promise.allSettled(scripts.values());
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
