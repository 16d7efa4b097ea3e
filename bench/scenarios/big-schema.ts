import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import {
  armClickTime,
  heapAfterGcMb,
  LONGTASK_INIT,
  longestTask,
  readClickTime,
  waitInPage,
} from '../lib/browser.ts';
import { summarize } from '../lib/stats.ts';
import type { BenchServer } from '../lib/servers.ts';
import { SkipScenario, type BenchContext, type Scenario } from '../lib/types.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** GitHub's public schema (~1,600 types), as the npm package `@octokit/graphql-schema` ships it. */
const GITHUB_SDL = 'node_modules/@octokit/graphql-schema/schema.graphql';
export const GITHUB_ENV = { SANDBOX_SCHEMA: GITHUB_SDL };

interface Markers {
  query: string;
  repository: string;
  /** Letters that start at least one field of Repository (each keystroke must have a list). */
  letters: string;
}
let firstFields: Markers | undefined;

/**
 * The first field each Docs page lists (non-deprecated, SDL order): the text to wait for, read
 * from the same SDL the sandbox serves rather than written down here.
 */
function markers(): Markers {
  if (firstFields) return firstFields;
  const schema = buildSchema(readFileSync(join(ROOT, GITHUB_SDL), 'utf8'), {
    assumeValidSDL: true,
  });
  const first = (type: string) => {
    const fields = Object.values((schema.getType(type) as GraphQLObjectType).getFields());
    const f = fields.find((x) => x.deprecationReason == null);
    if (!f) throw new Error(`GitHub's ${type} has no field`);
    return f.name;
  };
  const initials = new Set(
    Object.keys((schema.getType('Repository') as GraphQLObjectType).getFields()).map((n) =>
      n.charAt(0),
    ),
  );
  firstFields = {
    query: first('Query'),
    repository: first('Repository'),
    letters: [...initials].filter((c) => /[a-z]/.test(c)).join(''),
  };
  return firstFields;
}

/** The GitHub-schema server, or a skip when the package or SANDBOX_SCHEMA is missing. */
async function githubServer(ctx: BenchContext): Promise<BenchServer> {
  try {
    readFileSync(join(ROOT, GITHUB_SDL));
  } catch {
    throw new SkipScenario(`${GITHUB_SDL} is missing: run npm install.`);
  }
  const server = await ctx.serverWith(GITHUB_ENV);
  if (!server.sandbox?.tokens.user) throw new SkipScenario('the sandbox has no demo user token.');
  return server;
}

const BUTTON = (name: string) =>
  `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(name)} && !b.disabled)`;

/** Clicks a button as soon as it is in the page (a MutationObserver, not Playwright's back-off). */
async function clickButtonWhenThere(page: Page, name: string, timeoutMs = 30_000): Promise<void> {
  if (!(await waitInPage(page, `!!${BUTTON(name)}`, timeoutMs)))
    throw new SkipScenario(`no button "${name}" within ${timeoutMs} ms`);
  await page.getByRole('button', { name, exact: true }).first().click();
}

/**
 * Opens the console on the GitHub-schema server in a fresh profile, connects with "Use sandbox"
 * and opens Docs, each as soon as its button exists; resolves with the times (ms since
 * navigation start) of the "Use sandbox" click and of Query's fields being visible in Docs.
 */
export async function openDocsOnGithub(
  page: Page,
  server: BenchServer,
): Promise<{ connectAt: number; queryVisibleAt: number }> {
  await page.addInitScript(LONGTASK_INIT);
  await page.goto(`${server.url}/debug/console`, { waitUntil: 'commit' });
  const queryFields = `[aria-label="Fields of Query"]`;
  const visible = waitInPage(
    page,
    `[...document.querySelectorAll('${queryFields}')].some((el) => el.textContent.includes(${JSON.stringify(markers().query)}))`,
    120_000,
    true,
  );
  visible.catch(() => {});
  await armClickTime(page, '__benchConnect');
  await clickButtonWhenThere(page, 'Use sandbox');
  await clickButtonWhenThere(page, 'Docs');
  const queryVisibleAt = await visible;
  if (typeof queryVisibleAt !== 'number')
    throw new Error('Docs did not list the fields of Query within 120 s');
  return { connectAt: await readClickTime(page, '__benchConnect'), queryVisibleAt };
}

/**
 * Scenario 3: GitHub's public schema served by the sandbox. A fresh profile loads the console,
 * connects ("Use sandbox") and opens Docs as early as the buttons allow; we time navigation
 * start → the fields of Query listed in Docs (the task that rendered them finished), and the
 * part of it from the "Use sandbox" click (introspection of ~1.3 MB, building the schema,
 * rendering). Then "Search schema" → `Repository`: typing the name, the first result showing,
 * Enter, and the fields of Repository listed. JS heap after GC at the end.
 */
export const bigSchema: Scenario = {
  name: 'big-schema',
  title: '3. Big schema (GitHub) ready',
  metrics: {
    docsQueryMs: { label: 'Docs lists Query (from navigation)', unit: 'ms', target: 600 },
    fromConnectMs: { label: 'Docs lists Query (from "Use sandbox")', unit: 'ms' },
    loadTaskMs: { label: 'longest task while loading', unit: 'ms' },
    searchHitMs: { label: 'Search "Repository" → first hit', unit: 'ms' },
    repositoryMs: { label: 'Search → Repository fields', unit: 'ms', target: 100 },
    heapMb: { label: 'JS heap after GC', unit: 'MB' },
  },
  async run(ctx) {
    const server = await githubServer(ctx);
    const { context, page } = await ctx.freshPage();
    try {
      const { connectAt, queryVisibleAt } = await openDocsOnGithub(page, server);
      const loadTaskMs = await longestTask(page, 0);

      // Let the Docs worker finish indexing (a user reads the Query page first), so the search
      // time is the search's and not the index build's; the build is in the figures above.
      const box = page.getByRole('searchbox', { name: 'Search schema' });
      await box.waitFor({ timeout: 10_000 });
      await page.waitForTimeout(1500);
      const hitSrc = `[...document.querySelectorAll('[role="listbox"][aria-label="Search results"] [role="option"]')][0]?.textContent.startsWith('Repository')`;
      const repoSrc = `[...document.querySelectorAll('[aria-label="Fields of Repository"]')].some((el) => el.textContent.includes(${JSON.stringify(markers().repository)}))`;
      await box.focus();
      const t0 = await page.evaluate(() => performance.now());
      await box.fill('Repository');
      const hitAt = await waitInPage(page, hitSrc, 30_000, true);
      if (typeof hitAt !== 'number') throw new Error('no search hit "Repository" within 30 s');
      const fieldsShown = waitInPage(page, repoSrc, 30_000, true);
      fieldsShown.catch(() => {});
      await box.press('Enter');
      const repoAt = await fieldsShown;
      if (typeof repoAt !== 'number') throw new Error('Repository fields not listed within 30 s');
      return {
        docsQueryMs: queryVisibleAt,
        fromConnectMs: queryVisibleAt - connectAt,
        loadTaskMs,
        searchHitMs: hitAt - t0,
        repositoryMs: repoAt - t0,
        heapMb: await heapAfterGcMb(await context.newCDPSession(page)),
      };
    } finally {
      await context.close();
    }
  },
};

/** Prefix typed before each measured letter (from issue 6). */
const PREFIX = '{ repository(owner:"a", name:"b") { ';

/**
 * Puts `PREFIX` alone in the query editor, closes what auto-closing brackets may have opened
 * (the cursor stays right after the prefix) and waits until the editor's whole schema is built:
 * Docs list Query before that (src/features/schema/schema-completion.ts marks
 * `schema:build` when the last slice is in), and a keystroke before it would time a list
 * without the schema.
 */
export async function holdCompletionPrefix(page: Page): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Query editor' });
  await editor.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(PREFIX);
  await page.keyboard.press('Escape');
  const built = await waitInPage(
    page,
    `performance.getEntriesByName('schema:build').length > 0`,
    120_000,
  );
  if (!built) throw new Error('the editor’s schema was not built within 120 s');
}
const KEYSTROKES = 20;

/**
 * In the page: arms `window.__benchCompletion`, a promise of the time from the next keydown
 * until the completion list is painted. Armed (and awaited) before the key is pressed, so the
 * listener is surely in place.
 */
const COMPLETION_TIMER_SRC = `(timeoutMs) => { window.__benchCompletion = new Promise((resolve, reject) => {
  let keyAt = NaN;
  document.addEventListener('keydown', (e) => { keyAt = e.timeStamp; }, { capture: true, once: true });
  const shown = () => !!document.querySelector('.cm-tooltip-autocomplete li[role="option"]');
  const done = () => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - keyAt), 0));
  const mo = new MutationObserver(() => {
    if (Number.isNaN(keyAt) || !shown()) return;
    mo.disconnect();
    clearTimeout(timer);
    window.__benchCompletionDom = performance.now() - keyAt;
    done();
  });
  const timer = setTimeout(() => { mo.disconnect(); reject(new Error('no completion list within ' + timeoutMs + ' ms')); }, timeoutMs);
  mo.observe(document, { subtree: true, childList: true });
}); window.__benchCompletion.catch(() => {}); }`;

/**
 * Scenario 4: with GitHub's schema loaded in the editor, the query editor holds
 * `{ repository(owner:"a", name:"b") { `; each keystroke types one letter and we time its
 * keydown event → the completion list painted (one animation frame and a task after it is in
 * the DOM). Between keystrokes: Escape, Backspace, and no list on screen. Median of 20 per
 * repetition, the first keystroke (cold) and the slowest beside it.
 */
export const completion: Scenario = {
  name: 'completion',
  title: '4. Completion latency (GitHub schema)',
  metrics: {
    completionMs: { label: 'completion list after a key (median of 20)', unit: 'ms', target: 16 },
    inDomMs: { label: 'list in the DOM, before paint (median of 20)', unit: 'ms' },
    firstMs: { label: 'first keystroke', unit: 'ms' },
    slowestMs: { label: 'slowest of 20', unit: 'ms' },
    longTaskMs: { label: 'longest task while typing', unit: 'ms' },
  },
  async run(ctx) {
    const server = await githubServer(ctx);
    const { context, page } = await ctx.freshPage();
    try {
      await openDocsOnGithub(page, server);
      await holdCompletionPrefix(page);
      await page.waitForTimeout(300);
      const typingFrom = await page.evaluate(() => performance.now());
      const { letters } = markers();
      const times: number[] = [];
      const inDom: number[] = [];
      for (let i = 0; i < KEYSTROKES; i++) {
        await page.evaluate(`(${COMPLETION_TIMER_SRC})(10000)`);
        await page.keyboard.press(letters.charAt(i % letters.length));
        times.push((await page.evaluate('window.__benchCompletion')) as number);
        inDom.push((await page.evaluate('window.__benchCompletionDom')) as number);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Backspace');
        if (!(await waitInPage(page, `!document.querySelector('.cm-tooltip-autocomplete')`, 5000)))
          throw new Error('the completion list did not close after Escape');
        await page.waitForTimeout(50);
      }
      const text = await page.getByRole('textbox', { name: 'Query editor' }).textContent();
      if (!text?.includes('repository(owner:"a", name:"b")'))
        throw new Error(`the editor lost the prefix: ${text}`);
      const all = summarize(times);
      return {
        completionMs: all.median,
        inDomMs: summarize(inDom).median,
        firstMs: times[0] ?? NaN,
        slowestMs: all.max,
        longTaskMs: await longestTask(page, typingFrom),
      };
    } finally {
      await context.close();
    }
  },
};
