import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import {
  armClickTime,
  LONGTASK_INIT,
  longestTask,
  readClickTime,
  waitInPage,
} from '../lib/browser.ts';
import { heapAfterGcMb, largestRendererMemory, workerHeapsAfterGcMb } from '../lib/memory.ts';
import { quantile, summarize } from '../lib/stats.ts';
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
  /**
   * Per letter, the list a complete completion holds: the non-deprecated fields of Repository
   * whose name starts with it. The language service offers the fields whose name holds the letter
   * (non-deprecated ones first), and CodeMirror keeps, for a one-character word, those that start
   * with it (its FuzzyMatcher; case folded).
   */
  matching: Map<string, string[]>;
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
  const repoFields = Object.values((schema.getType('Repository') as GraphQLObjectType).getFields());
  const letters = [...new Set(repoFields.map((f) => f.name.charAt(0)))]
    .filter((c) => /[a-z]/.test(c))
    .join('');
  const live = repoFields.filter((f) => f.deprecationReason == null).map((f) => f.name);
  firstFields = {
    query: first('Query'),
    repository: first('Repository'),
    letters,
    matching: new Map(
      [...letters].map((c) => [c, live.filter((n) => n.toLowerCase().startsWith(c)).sort()]),
    ),
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
  `[...document.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent.trim()) === ${JSON.stringify(name)} && !b.disabled)`;

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
 * With Docs open on Query: waits for the Docs worker's index (a user reads the Query page first,
 * so the search time is the search's and not the index build's), types `Repository` in "Search
 * schema" and presses Enter; resolves with the times from typing to the first hit and to the
 * fields of Repository listed.
 */
export async function showRepositoryInDocs(
  page: Page,
): Promise<{ searchHitMs: number; repositoryMs: number }> {
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
  return { searchHitMs: hitAt - t0, repositoryMs: repoAt - t0 };
}

/**
 * Scenario 3: GitHub's public schema served by the sandbox. A first visit (its own browser) loads
 * the console, connects ("Use sandbox") and opens Docs as early as the buttons allow; we time
 * navigation start → the fields of Query listed in Docs (the task that rendered them finished),
 * and the part of it from the "Use sandbox" click (introspection of ~1.3 MB, building the schema,
 * rendering). Then "Search schema" → `Repository`: typing the name, the first result showing,
 * Enter, and the fields of Repository listed. Then memory with Docs on Repository: the page's JS
 * heap and each worker's after GC, and the renderer process (RSS, PSS, private; its dedicated
 * workers are threads of it).
 */
export const bigSchema: Scenario = {
  name: 'big-schema',
  title: '3. Big schema (GitHub) ready',
  metrics: {
    docsQueryMs: { label: 'Docs lists Query (from navigation)', unit: 'ms', target: 600 },
    fromConnectMs: { label: 'Docs lists Query (from "Use sandbox")', unit: 'ms' },
    loadTaskMs: { label: 'longest task while loading (Long Tasks API)', unit: 'ms', floor: 50 },
    searchHitMs: { label: 'Search "Repository" → first hit', unit: 'ms' },
    repositoryMs: { label: 'Search → Repository fields', unit: 'ms', target: 100 },
    heapMb: { label: 'after Docs (Query → Repository): JS heap after GC', unit: 'MB', target: 11 },
    workersHeapMb: { label: "after Docs: workers' JS heaps after GC", unit: 'MB' },
    rendererRssMb: {
      label: 'after Docs: whole renderer (RSS, workers included)',
      unit: 'MB',
      target: 190,
    },
    rendererPssMb: { label: 'after Docs: whole renderer (PSS)', unit: 'MB' },
    rendererPrivateMb: { label: 'after Docs: whole renderer (private)', unit: 'MB' },
  },
  async run(ctx) {
    const server = await githubServer(ctx);
    const { context, page } = await ctx.freshPage();
    try {
      const { connectAt, queryVisibleAt } = await openDocsOnGithub(page, server);
      const loadTaskMs = await longestTask(page, 0);

      const { searchHitMs, repositoryMs } = await showRepositoryInDocs(page);
      // Memory with Docs on Repository: the page's heap, each worker's, then the renderer the
      // OS sees (main thread, workers, Blink) once all of them have collected their garbage.
      const cdp = await context.newCDPSession(page);
      const heapMb = await heapAfterGcMb(cdp);
      const workers = await workerHeapsAfterGcMb(cdp);
      if (ctx.rep === 0)
        ctx.log(
          `workers after GC: ${workers.map((w) => `${w.url.split('/').pop()} ${w.mb.toFixed(1)} MB`).join(', ')}`,
        );
      const renderer = await largestRendererMemory(await ctx.browser());
      return {
        docsQueryMs: queryVisibleAt,
        fromConnectMs: queryVisibleAt - connectAt,
        loadTaskMs,
        searchHitMs,
        repositoryMs,
        heapMb,
        workersHeapMb: workers.reduce((n, w) => n + w.mb, 0),
        rendererRssMb: renderer?.rssMb ?? NaN,
        rendererPssMb: renderer?.pssMb ?? NaN,
        rendererPrivateMb: renderer?.privateMb ?? NaN,
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
 * In the page: arms `window.__benchCompletion`, a promise of three times from the next keydown's
 * own `timeStamp` (when the browser created the event, on the page's `performance.now()` clock):
 * until the completion list is in the DOM; until a task posted at that moment runs (the
 * keystroke's task has finished; a list that waits for an animation frame or a debounced update
 * pays that wait); until it is painted (the next animation frame, then a task). With them the
 * labels of every option the editor holds at the moment the list appears (CodeMirror's
 * completion state, found in the view's state by its shape: the list drawn holds only 30), so
 * a list that shows a first slice and fills in later is caught. Armed (and awaited) before the
 * key is pressed, so the listener is surely in place.
 */
export const COMPLETION_TIMER_SRC = `(timeoutMs) => { window.__benchCompletion = new Promise((resolve, reject) => {
  let keyAt = NaN;
  document.addEventListener('keydown', (e) => { keyAt = e.timeStamp; }, { capture: true, once: true });
  const shown = () => !!document.querySelector('.cm-tooltip-autocomplete li[role="option"]');
  const heldOptions = () => {
    const content = document.querySelector('[aria-label="Query editor"]');
    const view = content && content.cmTile && content.cmTile.root && content.cmTile.root.view;
    const open = view && view.state.values.find((v) => v && typeof v === 'object' && Array.isArray(v.active) && 'open' in v);
    return open && open.open ? open.open.options : null;
  };
  const mo = new MutationObserver(() => {
    if (Number.isNaN(keyAt) || !shown()) return;
    mo.disconnect();
    clearTimeout(timer);
    const out = { dom: performance.now() - keyAt, task: NaN, painted: NaN, options: null };
    const held = heldOptions();
    const finish = () => {
      if (Number.isNaN(out.task) || Number.isNaN(out.painted)) return;
      out.options = held ? held.map((o) => o.completion.label) : null;
      resolve(out);
    };
    setTimeout(() => { out.task = performance.now() - keyAt; finish(); }, 0);
    requestAnimationFrame(() => setTimeout(() => { out.painted = performance.now() - keyAt; finish(); }, 0));
  });
  const timer = setTimeout(() => { mo.disconnect(); reject(new Error('no completion list within ' + timeoutMs + ' ms')); }, timeoutMs);
  mo.observe(document, { subtree: true, childList: true });
}); window.__benchCompletion.catch(() => {}); }`;

interface KeyTimes {
  dom: number;
  task: number;
  painted: number;
  /** Labels of every option the editor held when the list appeared; null if not found. */
  options: string[] | null;
}

/** Whether `options` holds exactly the fields expected (order aside). */
function sameFields(options: string[] | null, expected: readonly string[]): boolean {
  if (!options || options.length !== expected.length) return false;
  const sorted = [...options].sort();
  return sorted.every((o, i) => o === expected[i]);
}

/**
 * Scenario 4: with GitHub's schema loaded in the editor, the query editor holds
 * `{ repository(owner:"a", name:"b") { `; each keystroke types one letter that starts a field of
 * Repository, timed from its keydown event's `timeStamp` (COMPLETION_TIMER_SRC): to the list in
 * the DOM and a task after it (issue 30's method: median and p90 of 20), and to the list
 * painted (issue 6's row). Each list is checked complete: the options the editor holds are the
 * non-deprecated fields of Repository that start with the letter (read from the SDL). Between
 * keystrokes: Escape, Backspace, and no list on screen.
 */
export const completion: Scenario = {
  name: 'completion',
  title: '4. Completion latency (GitHub schema)',
  metrics: {
    taskMs: {
      label: 'key → list in the DOM + a task (median of 20)',
      unit: 'ms',
      target: 10,
    },
    taskP90Ms: { label: 'key → list in the DOM + a task (p90 of 20)', unit: 'ms', target: 14 },
    completionMs: { label: 'key → list painted (median of 20)', unit: 'ms', target: 16 },
    inDomMs: { label: 'key → list in the DOM (median of 20)', unit: 'ms' },
    firstMs: { label: 'first keystroke, list painted', unit: 'ms' },
    slowestMs: { label: 'slowest of 20, list painted', unit: 'ms' },
    incomplete: { label: 'lists not holding every matching field', unit: 'count', target: 0 },
    longTaskMs: { label: 'longest task while typing (Long Tasks API)', unit: 'ms', floor: 50 },
  },
  async run(ctx) {
    const server = await githubServer(ctx);
    const { context, page } = await ctx.freshPage();
    try {
      await openDocsOnGithub(page, server);
      await holdCompletionPrefix(page);
      await page.waitForTimeout(300);
      const typingFrom = await page.evaluate(() => performance.now());
      const { letters, matching } = markers();
      const keys: KeyTimes[] = [];
      let incomplete = 0;
      for (let i = 0; i < KEYSTROKES; i++) {
        const letter = letters.charAt(i % letters.length);
        await page.evaluate(`(${COMPLETION_TIMER_SRC})(10000)`);
        await page.keyboard.press(letter);
        const k = (await page.evaluate('window.__benchCompletion')) as KeyTimes;
        keys.push(k);
        if (!sameFields(k.options, matching.get(letter) ?? [])) {
          incomplete++;
          if (incomplete === 1)
            ctx.log(
              `"${letter}": the editor held ${k.options?.length ?? 'no'} options, expected ${matching.get(letter)?.length}`,
            );
        }
        await page.keyboard.press('Escape');
        await page.keyboard.press('Backspace');
        if (!(await waitInPage(page, `!document.querySelector('.cm-tooltip-autocomplete')`, 5000)))
          throw new Error('the completion list did not close after Escape');
        await page.waitForTimeout(50);
      }
      const text = await page.getByRole('textbox', { name: 'Query editor' }).textContent();
      if (!text?.includes('repository(owner:"a", name:"b")'))
        throw new Error(`the editor lost the prefix: ${text}`);
      const painted = keys.map((k) => k.painted);
      const task = keys.map((k) => k.task);
      return {
        taskMs: summarize(task).median,
        taskP90Ms: quantile(task, 0.9),
        completionMs: summarize(painted).median,
        inDomMs: summarize(keys.map((k) => k.dom)).median,
        firstMs: painted[0] ?? NaN,
        slowestMs: summarize(painted).max,
        incomplete,
        longTaskMs: await longestTask(page, typingFrom),
      };
    } finally {
      await context.close();
    }
  },
};
