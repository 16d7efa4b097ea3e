import { expect, test, type Page } from '@playwright/test';
import { ConsolePage } from './pages/console-page.ts';
import { sandboxInfo } from './pages/sandbox-info.ts';

// Editors' flows: completion, hover, diagnostics, prettify, copy as curl.

/**
 * Where the completion list was when a frame began: its inline `top`, whether it sat below the
 * cursor, and whether it was outside the editor's own subtree.
 */
interface ListPlace {
  present: boolean;
  top: string;
  below: boolean;
  outside: boolean;
}
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/**
 * Waits for the editor's whole schema (built after Docs' types are painted:
 * schema/schema-completion.ts marks `schema:build`; a key before it gets its list when the
 * schema comes, not in the keystroke's frame), then leaves `{` and an indented empty line in the
 * query editor with no list open, so that the next letter opens a new one.
 */
async function readyForOneLetter(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('schema:build').length))
    .toBeGreaterThan(0);
  await new ConsolePage(page).setEditor('Query editor', '{\n  ');
  await page.keyboard.press('Escape');
  await expect(page.locator('.cm-tooltip-autocomplete')).toHaveCount(0);
}

test.describe('console editors', () => {
  let baseUrl = '';
  let app: ConsolePage;
  test.beforeEach(async ({ page, request }) => {
    const info = await sandboxInfo(request);
    baseUrl = info.base_url;
    app = new ConsolePage(page);
    await app.open();
    await app.connection.connectAs({ baseUrl, token: info.tokens.user }, 'alice');
  });

  /** CodeMirror's diagnostic tooltip (shown on hovering an underlined range). */
  const lintTooltip = () => app.page.locator('.cm-tooltip-lint');

  test('completion offers a field from the schema after typing', async ({ page }) => {
    await app.setEditor('Query editor', '{\n  ');
    await page.keyboard.type('currentU');
    await expect(app.completion(/currentUser/)).toBeVisible();
    await app.acceptCompletion(/currentUser/);
    // An object field comes with a selection set of its leaf fields (as GraphiQL).
    await expect
      .poll(() => app.editorText('Query editor'))
      .toMatch(/^\{\n {2}currentUser \{\n {4}id\n {4}username\n(?: {4}\w+\n)+ {2}\}$/);
  });

  test('the completion list is in the page by the first frame after the keystroke', async ({
    page,
  }) => {
    await readyForOneLetter(page);
    // Not a timing: an order. The list must be there when the frame that shows the typed
    // letter is drawn, not one frame later (CodeMirror's own start waits for a timer that
    // Chromium runs after that frame).
    await page.evaluate(() => {
      const w = window as unknown as { __listAtFrame?: boolean };
      document.addEventListener(
        'keydown',
        () =>
          requestAnimationFrame(() => {
            w.__listAtFrame = !!document.querySelector('.cm-tooltip-autocomplete [role="option"]');
          }),
        { capture: true, once: true },
      );
    });
    await page.keyboard.press('c');
    await expect(app.completion(/currentUser/)).toBeVisible();
    // The frame's callback may come after the list is seen: wait for it (it runs once).
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { __listAtFrame?: boolean }).__listAtFrame),
      )
      .toBe(true);
  });

  test('the keystroke that opens the list also places it: the frame after it only paints', async ({
    page,
  }) => {
    await readyForOneLetter(page);
    // An order, not a timing. A frame callback registered at the keystroke's keydown runs before
    // any that the editor registers while handling the key (CodeMirror's measure, which places
    // tooltips). At that point the list must already sit under the cursor, not at CodeMirror's
    // parking spot (`top: -10000px`) waiting for that measure.
    await page.evaluate(() => {
      const w = window as unknown as { __listPlaced?: ListPlace };
      document.addEventListener(
        'keydown',
        () =>
          requestAnimationFrame(() => {
            const list = document.querySelector<HTMLElement>('.cm-tooltip-autocomplete');
            const line = window.getSelection()?.getRangeAt(0).getBoundingClientRect();
            w.__listPlaced = {
              present: !!list,
              top: list?.style.top ?? '',
              below: !!list && !!line && list.getBoundingClientRect().top >= line.bottom - 1,
              outside: !!list && !list.closest('.cm-editor'),
            };
          }),
        { capture: true, once: true },
      );
    });
    await page.keyboard.press('c');
    await expect(app.completion(/currentUser/)).toBeVisible();
    // The frame's callback may come after the list is seen: wait for it (it runs once).
    const placed = () =>
      page.evaluate(() => (window as unknown as { __listPlaced?: ListPlace }).__listPlaced);
    await expect.poll(placed).toBeDefined();
    // Outside the editor (in the page's body), so that opening it lays out the list alone
    // (editing-extensions.ts).
    expect(await placed()).toEqual({
      present: true,
      top: expect.not.stringMatching(/^-/),
      below: true,
      outside: true,
    });
  });

  test('a plain letter is typed from its keydown, through the input handlers, and Ctrl-Z takes it back', async ({
    page,
  }) => {
    await readyForOneLetter(page);
    // An order, not a timing: by the time the keydown reaches the document, the editor holds the
    // letter and the browser was told not to insert it (keystroke-insert.ts), so no input event
    // follows: the browser's editing step is not part of the keystroke that opens the list.
    await page.evaluate(() => {
      const w = window as unknown as {
        __typed?: { inDoc: boolean; prevented: boolean; inputs: number };
      };
      const content = document.querySelector('[aria-label="Query editor"]')!;
      w.__typed = { inDoc: false, prevented: false, inputs: 0 };
      content.addEventListener('input', () => w.__typed!.inputs++);
      document.addEventListener(
        'keydown',
        (e) => {
          w.__typed!.inDoc = content.textContent === '{  c';
          w.__typed!.prevented = e.defaultPrevented;
        },
        { once: true },
      );
    });
    await page.keyboard.press('c');
    await expect(app.completion(/currentUser/)).toBeVisible();
    // Read after the list is up, which comes after any input event the key would have caused.
    const typed = await page.evaluate(() => (window as unknown as { __typed?: unknown }).__typed);
    expect(typed).toEqual({ inDoc: true, prevented: true, inputs: 0 });
    // Then it takes a colour of its own, not the plain text's (read on the text's own element,
    // so that a mark around it, such as the validation's underline, does not hide it).
    const coloured = () =>
      page.evaluate(() => {
        const line = document.querySelectorAll('[aria-label="Query editor"] .cm-line')[1];
        const walker = line && document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
        for (let t = walker?.nextNode(); t; t = walker!.nextNode())
          if (t.textContent === 'c' && t.parentElement !== line)
            return getComputedStyle(t.parentElement!).color !== getComputedStyle(line!).color;
        return false;
      });
    await expect.poll(coloured).toBe(true);

    // The input handlers still see it: `(` closes itself, and a capital letter keeps its case.
    await page.keyboard.press('Escape');
    await page.keyboard.type('X(');
    await expect.poll(() => app.editorText('Query editor')).toBe('{\n  cX()');
    // Ctrl-Z takes it back (with what was typed just before it, as one step or more, by age).
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => app.editorText('Query editor')).not.toContain('X');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the selected option's type is readable on the selection (${scheme} theme)`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await readyForOneLetter(page);
      await page.keyboard.press('c');
      await expect(app.completion(/currentUser/)).toBeVisible();
      const detail = page.locator(
        '.cm-tooltip-autocomplete li[aria-selected="true"] .cm-completionDetail',
      );
      await expect(detail).toHaveText(/\w/);
      // WCAG contrast of the type's colour on the selected option's background.
      const ratio = await detail.evaluate((el) => {
        const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const lum = (c: string) => {
          const [r, g, b] = rgb(c).map((v) => {
            const x = v / 255;
            return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const fg = lum(getComputedStyle(el).color);
        const bg = lum(getComputedStyle(el.closest('li')!).backgroundColor);
        return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      });
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    });
  }

  test('a long completion list draws a window of its options, and the keys still reach every one', async ({
    page,
  }) => {
    // A type with 130 fields (GitHub's Repository has as many), each with its documentation.
    const names = Array.from({ length: 130 }, (_, i) => `field${String(i).padStart(3, '0')}`);
    const sdl = `type Query { big: Big }\ntype Big {\n${names.map((n) => `  "About ${n}."\n  ${n}: Int`).join('\n')}\n}\n`;
    await app.docs.open();
    await app.docs.root.getByLabel('Schema file').setInputFiles({
      name: 'big.graphql',
      mimeType: 'text/plain',
      buffer: Buffer.from(sdl),
    });
    await expect(app.docs.root).toContainText('Schema from the file big.graphql');
    // The space after `{` opens the list with all 130 (and `__typename`, first).
    await app.setEditor('Query editor', '{ big { ');
    const selected = app.completions.locator('[role="option"][aria-selected="true"]');
    const info = page.locator('.cm-completionInfo');
    await expect(selected).toHaveAccessibleName(/^__typename/);
    // Drawn: a window around the selected option, not all 130 (nor CodeMirror's default 100).
    expect(await app.completions.getByRole('option').count()).toBeLessThanOrEqual(40);
    await app.completionKeysReady();

    // ArrowUp (from the first to the last), ArrowDown and PageDown move through the whole list;
    // the window follows the selection.
    await page.keyboard.press('ArrowUp');
    await expect(selected).toHaveAccessibleName(/^field129/);
    await expect(selected).toBeInViewport();
    await expect(info).toHaveText('About field129.');
    await page.keyboard.press('ArrowDown');
    await expect(selected).toHaveAccessibleName(/^__typename/);
    // The mouse: scrolled to the end of the window, a click on the `···` below its last option
    // selects the next option, in the next window.
    await app.completions.evaluate((ul) => (ul.scrollTop = ul.scrollHeight));
    const box = await app.completions.boundingBox();
    if (!box) throw new Error('the completion list has no box');
    await page.mouse.click(box.x + 20, box.y + box.height - 3);
    await expect(selected).toHaveAccessibleName(/^field029/);
    await expect(info).toHaveText('About field029.');
    for (let i = 0; i < 16; i++) await page.keyboard.press('ArrowDown');
    await expect(selected).toHaveAccessibleName(/^field045/);
    await expect(selected).toBeInViewport();
    await expect(info).toHaveText('About field045.');
    expect(await app.completions.getByRole('option').count()).toBeLessThanOrEqual(40);
    await page.keyboard.press('PageDown');
    await expect(selected).not.toHaveAccessibleName(/^field045/);
    const paged = Number(/^field(\d+)/.exec((await selected.textContent()) ?? '')?.[1]);
    expect(paged).toBeGreaterThan(45);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => app.editorText('Query editor'))
      .toBe(`{ big { field${String(paged).padStart(3, '0')}`);
  });

  test('the caret blinks from a timer, with no animation running, and is lit while typing', async ({
    page,
  }) => {
    // A running CSS animation makes Chromium draw a frame at every vsync, so a keystroke's frame
    // (its completion list) waited for the next one (caret-blink.ts).
    const root = page.locator('.cm-editor').filter({ has: app.editor('Query editor') });
    await app.setEditor('Query editor', '{ a }');
    const running = () =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (a) =>
                a.playState === 'running' &&
                a.effect instanceof KeyframeEffect &&
                a.effect.target instanceof Element &&
                a.effect.target.closest('.cm-editor'),
            ).length,
      );
    expect(await running()).toBe(0);
    // Not even a zero-length one (`cursorBlinkRate: 0` leaves that, and frames still ticked).
    expect(
      await root.locator('.cm-cursorLayer').evaluate((el) => getComputedStyle(el).animationName),
    ).toBe('none');
    // It blinks: hidden, then shown again.
    await expect(root).toHaveClass(/\bcm-caret-off\b/);
    await expect(root).not.toHaveClass(/\bcm-caret-off\b/);
    await expect(root).toHaveClass(/\bcm-caret-off\b/);
    // A key lights it at once: read right after the key was handled, while hidden before.
    await page.keyboard.press('ArrowLeft');
    expect(await root.evaluate((el) => el.classList.contains('cm-caret-off'))).toBe(false);
    expect(await running()).toBe(0);
  });

  test('hover shows a field with its type and description', async ({ page }) => {
    await app.setEditor('Query editor', '{ currentUser { username } }');
    const tooltip = page.getByRole('tooltip');
    await app.hover(
      app.editor('Query editor').getByText('currentUser'),
      tooltip,
      'Query.currentUser: User',
    );
    await expect(tooltip).toContainText('Query.currentUser: User');
  });

  test('validation marks an unknown field as you type', async () => {
    await app.setEditor('Query editor', '{ currentUser { nme } }');
    const mark = app.editor('Query editor').locator('.cm-lintRange-error');
    await expect(mark).toHaveText('nme');
    const message = 'Cannot query field "nme" on type "User"';
    await app.hover(mark, lintTooltip(), message);
    await expect(lintTooltip()).toContainText(message);
  });

  test('Variables are checked against the operation the cursor is in as soon as it is typed', async () => {
    // The query editor owns the text: the operation under the cursor comes from the live document
    // (not from a copy of it taken a moment earlier, before the second operation existed).
    await app.setEditor(
      'Query editor',
      'query A { currentUser { username } }\nquery B($q: String!) { search(query: $q) { results { matchCount } } }',
    );
    await app.setEditor('Variables editor', '{}');
    const mark = app.editor('Variables editor').locator('.cm-lintRange-error');
    await expect(mark).toBeVisible();
    const message = 'Missing required variable "$q" (String!)';
    await app.hover(mark, lintTooltip(), message);
    await expect(lintTooltip()).toContainText(message);
  });

  test('broken variables JSON shows a diagnostic at the broken spot', async ({ page }) => {
    await app.setEditor(
      'Query editor',
      'query ($q: String!) { search(query: $q) { results { matchCount } } }',
    );
    await app.setEditor('Variables editor', '{\n  "q": "x",\n}');
    const vars = app.editor('Variables editor');
    const mark = vars.locator('.cm-lintRange-error');
    await expect(mark).toHaveText('}');
    await app.hover(mark, lintTooltip(), 'Remove the trailing comma');
    await expect(lintTooltip()).toContainText('Remove the trailing comma');
    // A valid object that misses a required variable is flagged too.
    await page.mouse.move(0, 0); // let the tooltip close so it does not cover the editor
    await expect(lintTooltip()).toHaveCount(0);
    await app.setEditor('Variables editor', '{}');
    const missing = 'Missing required variable "$q" (String!)';
    await app.hover(vars.locator('.cm-lintRange-error'), lintTooltip(), missing);
    await expect(lintTooltip()).toContainText(missing);
  });

  test('Shift-Ctrl-P prettifies and keeps comments; Ctrl-Z undoes it', async ({ page }) => {
    await app.setEditor('Query editor', '# who\n{currentUser{username # name\n}}');
    await page.keyboard.press('Shift+Control+P');
    await expect
      .poll(() => app.editorText('Query editor'))
      .toBe('# who\n{\n  currentUser {\n    username # name\n  }\n}');
    await page.keyboard.press('ControlOrMeta+z');
    await expect
      .poll(() => app.editorText('Query editor'))
      .toBe('# who\n{currentUser{username # name\n}}');
  });

  test('Copy as curl puts the exact src-cli command in the clipboard', async () => {
    await app.setEditor('Query editor', '{ currentUser { username } }');
    await app.setEditor('Variables editor', '');
    await app.copyAs('Copy as curl');
    await expect(app.notice('Copied')).toBeVisible();
    const clip = await app.clipboardText();
    // Written by hand from the -get-curl rules, not by toCurl.
    const expected = [
      'curl \\',
      "   -H 'Authorization: token REDACTED' \\",
      "   -H 'Content-Type: application/json' \\",
      '   -d \'{"query":"{ currentUser { username } }","variables":{}}\' \\',
      `   ${baseUrl.replace(/\/$/, '')}/.api/graphql`,
      '',
    ].join('\n');
    expect(clip).toBe(expected);
  });

  test('Shift-Ctrl-M merges fragments; Mod-f opens search in the editor', async ({ page }) => {
    await app.setEditor(
      'Query editor',
      '{ currentUser { ...U } }\nfragment U on User { username }\nfragment V on Query { currentUser { ...U } }',
    );
    await page.keyboard.press('Shift+Control+M');
    // U is on User, the type of currentUser itself, so its fields go in without a wrapper.
    await expect
      .poll(() => app.editorText('Query editor'))
      .toBe('{\n  currentUser {\n    username\n  }\n}');
    await page.keyboard.press('ControlOrMeta+f');
    await expect(page.getByRole('textbox', { name: 'Find' })).toBeFocused();
  });

  test("completion offers the operation's variable names in the Variables editor", async ({
    page,
  }) => {
    await app.setEditor(
      'Query editor',
      'query ($q: String!) { search(query: $q) { results { matchCount } } }',
    );
    // Wait until the Variables editor knows the query: it flags the missing variable.
    await app.setEditor('Variables editor', '{}');
    const vars = app.editor('Variables editor');
    await expect(vars.locator('.cm-lintRange-error')).toHaveCount(1);
    await app.setEditor('Variables editor', '{\n  ');
    await page.keyboard.type('"');
    await expect(app.completion(/"q"/)).toBeVisible();
    await app.acceptCompletion(/"q"/);
    await expect.poll(() => app.editorText('Variables editor')).toBe('{\n  "q": ');
  });

  test('Include token puts the real token in the copied command, with a warning', async ({
    page,
    request,
  }) => {
    const info = await sandboxInfo(request);
    await app.setEditor('Query editor', '{ currentUser { username } }');
    await app.copyAs('Include token');
    await expect(page.getByText('will contain your token')).toBeVisible();
    await app.copyAs('Copy as src command');
    await expect(app.notice('Copied src command')).toBeVisible();
    const clip = await app.clipboardText();
    expect(clip).toBe(
      `export SRC_ENDPOINT=${baseUrl.replace(/\/$/, '')}\n` +
        `export SRC_ACCESS_TOKEN=${info.tokens.user}\n` +
        "src api -query='{ currentUser { username } }' -vars='{}'\n",
    );
  });
});
