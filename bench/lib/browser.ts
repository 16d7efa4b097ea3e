import type { Page } from '@playwright/test';

/**
 * Collects `longtask` entries from the moment it is installed (an init script, so it runs
 * before the app). Read them with `longestTask(page, since)`.
 */
export const LONGTASK_INIT = `(() => {
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

/** Longest main-thread task (ms) that ended after `since` (performance.now() time), 0 if none. */
export async function longestTask(page: Page, since = 0): Promise<number> {
  return page.evaluate((t) => {
    const tasks = (window as unknown as { __benchLongTasks?: [number, number][] }).__benchLongTasks;
    let longest = 0;
    for (const [start, duration] of tasks ?? [])
      if (start + duration >= t) longest = Math.max(longest, duration);
    return longest;
  }, since);
}

/**
 * Waits in the page until `text` is inside an element matching `selector`, then one more
 * animation frame and task (so the task that put it there has finished); resolves with that
 * performance.now() time. Rejects after `timeoutMs`.
 */
export function whenTextVisible(
  page: Page,
  selector: string,
  text: string,
  timeoutMs: number,
): Promise<number> {
  // A string, not a function: tsx/esbuild would wrap inner functions in a `__name` helper that
  // does not exist in the page.
  const args = JSON.stringify({ selector, text, timeoutMs });
  return page.evaluate(`(${WHEN_TEXT_VISIBLE_SRC})(${args})`) as Promise<number>;
}

const WHEN_TEXT_VISIBLE_SRC = `({ selector, text, timeoutMs }) =>
  new Promise((resolve, reject) => {
    const has = () =>
      [...document.querySelectorAll(selector)].some(
        (el) =>
          (el.textContent && el.textContent.includes(text)) ||
          (el instanceof HTMLTextAreaElement && el.value.includes(text)),
      );
    const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    if (has()) return done();
    const mo = new MutationObserver(() => {
      if (!has()) return;
      mo.disconnect();
      clearTimeout(timer);
      done();
    });
    const timer = setTimeout(() => {
      mo.disconnect();
      reject(new Error('"' + text + '" did not appear in ' + selector + ' within ' + timeoutMs + ' ms'));
    }, timeoutMs);
    mo.observe(document, { subtree: true, childList: true, characterData: true });
  })`;

/** Where typed text shows up in an editor: CodeMirror's content, a textarea, any textbox. */
const EDITOR_TEXT_SELECTOR = '[role="textbox"], textarea, [contenteditable="true"]';

const WAIT_FOR_SELECTOR_SRC = `({ selector, timeoutMs, focus }) =>
  new Promise((resolve) => {
    const found = () => {
      const el = document.querySelector(selector);
      if (el && focus) el.focus();
      return !!el;
    };
    if (found()) return resolve(true);
    const mo = new MutationObserver(() => {
      if (!found()) return;
      mo.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    const timer = setTimeout(() => {
      mo.disconnect();
      resolve(false);
    }, timeoutMs);
    mo.observe(document, { subtree: true, childList: true, attributes: true });
  })`;

/**
 * Resolves as soon as an element matching `selector` is in the page (a MutationObserver in
 * the page, not Playwright's back-off polling, which would add up to 500 ms); false on timeout.
 * With `focus`, the element is focused in the same task that sees it, as a user clicking it the
 * moment it shows would (Playwright's `locator.focus()` would first inject and compile its own
 * script in the page and take several round trips: time no user spends).
 */
function waitForElement(
  page: Page,
  selector: string,
  timeoutMs: number,
  focus = false,
): Promise<boolean> {
  const args = JSON.stringify({ selector, timeoutMs, focus });
  return page.evaluate(`(${WAIT_FOR_SELECTOR_SRC})(${args})`) as Promise<boolean>;
}

/** The query editor: CodeMirror's content element or a textarea, labelled "Query editor". */
const QUERY_EDITOR_SELECTOR = '[aria-label="Query editor"]';

/**
 * Waits for the query editor, types `marker` into it and resolves with the performance.now()
 * time (ms since navigation start) at which the text was visible; null when there is no
 * textbox "Query editor" within `timeoutMs`.
 */
export async function typeIntoQueryEditor(
  page: Page,
  marker: string,
  timeoutMs = 15_000,
): Promise<number | null> {
  const visible = whenTextVisible(page, EDITOR_TEXT_SELECTOR, marker, timeoutMs);
  visible.catch(() => {});
  const found = await waitForElement(page, QUERY_EDITOR_SELECTOR, timeoutMs, true).catch(
    () => false,
  );
  if (!found) return null;
  await page.keyboard.type(marker);
  return visible;
}

// The predicate is spliced into the source (evaluated over CDP), since the app's CSP forbids
// eval and new Function inside the page.
const waitInPageSrc = (predicate: string) => `({ timeoutMs, painted }) =>
  new Promise((resolve) => {
    const test = () => (${predicate});
    const ok = () => {
      try {
        return !!test();
      } catch {
        return false;
      }
    };
    const done = () =>
      painted
        ? requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0))
        : resolve(true);
    if (ok()) return done();
    const mo = new MutationObserver(() => {
      if (!ok()) return;
      mo.disconnect();
      clearTimeout(timer);
      done();
    });
    const timer = setTimeout(() => {
      mo.disconnect();
      resolve(false);
    }, timeoutMs);
    mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })`;

/**
 * Waits in the page (MutationObserver) until the JS expression `predicate` is truthy. Resolves
 * true, or with `painted` the performance.now() time one animation frame and one task later (the
 * task that changed the page has finished and it was painted); false after `timeoutMs`.
 */
export function waitInPage(
  page: Page,
  predicate: string,
  timeoutMs: number,
  painted = false,
): Promise<number | boolean> {
  const args = JSON.stringify({ timeoutMs, painted });
  return page.evaluate(`(${waitInPageSrc(predicate)})(${args})`) as Promise<number | boolean>;
}

/**
 * Records, under `window[key]`, the performance.now() time of the next click anywhere in the page
 * (capture phase); read it after the click with `readClickTime`.
 */
export async function armClickTime(page: Page, key: string): Promise<void> {
  await page.evaluate((k) => {
    const w = window as unknown as Record<string, number | undefined>;
    w[k] = undefined;
    document.addEventListener(
      'click',
      () => {
        w[k] ??= performance.now();
      },
      { capture: true, once: true },
    );
  }, key);
}

/** The time `armClickTime` recorded under `key`, NaN when no click came. */
export function readClickTime(page: Page, key: string): Promise<number> {
  return page.evaluate((k) => (window as unknown as Record<string, number>)[k] ?? NaN, key);
}

/** The `longtask` entries (LONGTASK_INIT) that began after `since`, as [start − since, ms]. */
export function longTasksSince(page: Page, since: number): Promise<[number, number][]> {
  return page.evaluate(
    (t) =>
      ((window as unknown as { __benchLongTasks?: [number, number][] }).__benchLongTasks ?? [])
        .filter(([s]) => s >= t)
        .map(([s, d]): [number, number] => [Math.round(s - t), Math.round(d)]),
    since,
  );
}
