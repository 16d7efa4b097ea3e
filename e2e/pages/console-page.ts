import { expect, type Locator, type Page } from '@playwright/test';
import { CommandPalette } from './command-palette.ts';
import { ConnectPanel } from './connect-panel.ts';
import { DocsPanel } from './docs-panel.ts';

/** The console's three editors, by accessible name. */
export type EditorName = 'Query editor' | 'Variables editor' | 'Headers editor';

/**
 * The console page (`/debug/console`, src/features/console/console-page.tsx): its connection
 * panel, editors, toolbar, tabs, response and Docs. Locators go by role and accessible name.
 */
export class ConsolePage {
  readonly connection: ConnectPanel;
  readonly docs: DocsPanel;
  readonly palette: CommandPalette;
  /** Region "Response" (exact: region "Response headers" exists too). */
  readonly response: Locator;
  readonly responseBody: Locator;
  /** The status bar's values: the first is the HTTP status ("200 OK"), then time and size. */
  readonly statusBar: Locator;
  readonly responseHeaders: Locator;
  readonly runButton: Locator;
  readonly stopButton: Locator;
  readonly tabs: Locator;
  readonly selectedTab: Locator;
  readonly newTabButton: Locator;
  readonly historyButton: Locator;
  readonly history: Locator;
  readonly savedOperationsButton: Locator;
  readonly savedOperations: Locator;
  readonly saveOperationButton: Locator;
  readonly saveDialog: Locator;
  readonly shortcutsButton: Locator;
  readonly shortcutsDialog: Locator;
  /** The completion list an editor shows while typing. */
  readonly completions: Locator;

  constructor(readonly page: Page) {
    this.connection = new ConnectPanel(page);
    this.docs = new DocsPanel(page);
    this.palette = new CommandPalette(page);
    this.response = page.getByRole('region', { name: 'Response', exact: true });
    this.responseBody = this.response.getByRole('textbox', { name: 'Response body' });
    this.statusBar = this.response.getByRole('definition');
    this.responseHeaders = page.getByRole('region', { name: 'Response headers' });
    this.runButton = page.getByRole('button', { name: 'Run query' });
    this.stopButton = page.getByRole('button', { name: 'Stop' });
    const queryTabs = page.getByRole('tablist', { name: 'Query tabs' });
    this.tabs = queryTabs.getByRole('tab');
    this.selectedTab = queryTabs.getByRole('tab', { selected: true });
    this.newTabButton = page.getByRole('button', { name: 'New tab' });
    this.historyButton = page.getByRole('button', { name: 'History', exact: true });
    this.history = page.getByRole('complementary', { name: 'History' });
    this.savedOperationsButton = page.getByRole('button', {
      name: 'Saved operations',
      exact: true,
    });
    this.savedOperations = page.getByRole('region', { name: 'Saved operations' });
    this.saveOperationButton = page.getByRole('button', { name: 'Save operation' });
    this.saveDialog = page.getByRole('dialog', { name: 'Save operation' });
    this.shortcutsButton = page.getByRole('button', { name: 'Shortcuts' });
    this.shortcutsDialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.completions = page.getByRole('listbox');
  }

  /** Sets one of the instance's cost limits the console holds (the cost meter's "Limits"). */
  async setCostLimit(label: 'Max field count' | 'Max depth', value: number): Promise<void> {
    const input = this.page.getByRole('spinbutton', { name: label });
    if (!(await input.isVisible())) await this.page.getByText('Limits', { exact: true }).click();
    await input.fill(String(value));
    await expect(input).toHaveValue(String(value));
  }

  /** Opens the console (a path on the test's server, or a full URL of another one). */
  async open(url = '/debug/console'): Promise<void> {
    await this.page.goto(url);
  }

  /** Opens the console and connects it with "Use sandbox" (signed in as alice). */
  async openWithSandbox(url = '/debug/console'): Promise<void> {
    await this.open(url);
    await this.connection.useSandbox();
  }

  editor(name: EditorName): Locator {
    return this.page.getByRole('textbox', { name });
  }

  /** A tab of the bottom pane under the query editor: "Variables", "Headers", "Request options". */
  bottomTab(name: 'Variables' | 'Headers' | 'Request options'): Locator {
    return this.page.getByRole('tablist', { name: 'Request editors' }).getByRole('tab', { name });
  }

  /** Shows an editor: the Variables and Headers editors are tabs of the bottom pane. */
  async showEditor(name: EditorName): Promise<void> {
    if (name === 'Query editor') return;
    const tab = this.bottomTab(name === 'Variables editor' ? 'Variables' : 'Headers');
    // A press on the tab shown folds the pane: press only when its panel is not showing.
    const shown = await tab.evaluate(
      (t) =>
        t.getAttribute('aria-selected') === 'true' &&
        !document.getElementById(t.getAttribute('aria-controls') ?? '')?.hidden,
    );
    if (!shown) await tab.click();
    await expect(this.editor(name)).toBeVisible();
  }

  /** Shows the Request options tab (checkbox "Trace", textbox "Feature flags"). */
  async showRequestOptions(): Promise<void> {
    const tab = this.bottomTab('Request options');
    const shown = await tab.evaluate(
      (t) =>
        t.getAttribute('aria-selected') === 'true' &&
        !document.getElementById(t.getAttribute('aria-controls') ?? '')?.hidden,
    );
    if (!shown) await tab.click();
    await expect(this.page.getByRole('checkbox', { name: 'Trace' })).toBeVisible();
  }

  /** Runs an item of the editor toolbar's "Copy as…" menu ("Copy as curl", "Copy as src command"). */
  async copyAs(item: string): Promise<void> {
    const menu = this.button('Copy as…');
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    const role = item === 'Include token' ? 'menuitemcheckbox' : 'menuitem';
    await this.page.getByRole(role, { name: item, exact: true }).click();
  }

  /** Runs an item of the tab bar's "Tab actions" menu ("Rename tab", "Close tab", "Reopen closed tab"). */
  async tabAction(item: string): Promise<void> {
    await this.button('Tab actions').click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** Replaces the whole text of an editor as a user does: click, select all, type (or delete). */
  async setEditor(name: EditorName, text: string): Promise<void> {
    await this.showEditor(name);
    await this.editor(name).click();
    await this.page.keyboard.press('ControlOrMeta+a');
    if (text) await this.page.keyboard.insertText(text);
    else await this.page.keyboard.press('Delete');
  }

  /** An editor's text (CodeMirror's lines, or the value of a plain textarea), shown if folded away. */
  async editorText(name: EditorName): Promise<string> {
    await this.showEditor(name);
    return this.editor(name).evaluate((el) =>
      el instanceof HTMLTextAreaElement
        ? el.value
        : [...el.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n'),
    );
  }

  /** Presses Run query (does not wait for the answer). */
  async run(): Promise<void> {
    await this.runButton.click();
  }

  /** Puts `query` in the query editor and presses Run query. */
  async runQuery(query: string): Promise<void> {
    await this.setEditor('Query editor', query);
    await this.run();
  }

  /** A toolbar or panel command by its exact name ("Prettify", "Copy as curl", "Docs", …). */
  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  tab(name: string): Locator {
    return this.page.getByRole('tablist', { name: 'Query tabs' }).getByRole('tab', { name });
  }

  /** Closes a tab from the keyboard (focus on it, Delete). */
  async closeTabWithDelete(name: string): Promise<void> {
    const tab = this.tab(name);
    await tab.focus();
    await tab.press('Delete');
  }

  /**
   * The JSON view's text, line by line as CodeMirror shows it (a short response: a long one
   * has only the lines near the screen in the DOM).
   */
  async responseText(): Promise<string> {
    return this.responseBody.evaluate((el) =>
      [...el.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n'),
    );
  }

  /** A view tab of region "Response": "JSON" (the formatted body) or "Table". */
  responseView(name: 'JSON' | 'Table'): Locator {
    return this.response
      .getByRole('tablist', { name: 'Response view' })
      .getByRole('tab', { name, exact: true });
  }

  /** The Table view's table (windowed: only the rows near the screen are in the DOM). */
  get responseTable(): Locator {
    return this.response.getByRole('table', { name: 'Response table' });
  }

  /** The sort button in the Table view's header of column `name` (`owner.login`, …). */
  tableSortButton(name: string): Locator {
    return this.responseTable.getByRole('columnheader').getByRole('button', { name, exact: true });
  }

  /** The Table view's column names, as its header shows them. */
  async tableColumns(): Promise<string[]> {
    const texts = await this.responseTable.getByRole('columnheader').allInnerTexts();
    return texts.map((t) => t.replace(/[▲▼]$/, '').trim());
  }

  /** The Table view's body rows in the DOM, top to bottom, as the texts of their cells. */
  async tableRows(): Promise<string[][]> {
    return this.responseTable
      .locator('tbody tr[aria-rowindex]')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
  }

  /** A transient notice such as "Copied curl command". */
  notice(text: string | RegExp): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** What the page put in the clipboard (the context needs clipboard-read). */
  clipboardText(): Promise<string> {
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** Options of the open completion list. */
  completion(name: string | RegExp): Locator {
    return this.completions.getByRole('option', { name });
  }

  /**
   * Accepts the first matching completion by clicking it: a click applies at once, while Enter is
   * ignored for CodeMirror's interactionDelay (75 ms) after the list (re)opens.
   */
  async acceptCompletion(name: string | RegExp): Promise<void> {
    await this.completion(name).first().click();
  }

  /**
   * Waits until the query editor's GraphQL language is plugged in (its fold gutter shows): what
   * comes with it (closing brackets, history) is there for the next keys. It loads once the page
   * is quiet or a key or a click in an editor asks for it (after-paint.ts).
   */
  async queryLanguageReady(): Promise<void> {
    await expect(this.page.locator('.query-editor .cm-foldGutter')).toHaveCount(1);
  }

  /**
   * Waits until the open completion list takes its keys. CodeMirror ignores the arrows, PageDown
   * and Enter for its interactionDelay (75 ms) after a list opens (refills keep the opening time),
   * and an arrow it ignores moves the cursor instead, which closes the list. No event marks the
   * end of that delay, so this waits on the clock: until 75 ms (and a margin) have passed since
   * the list was first seen, which is no sooner than CodeMirror stamped its opening.
   */
  async completionKeysReady(): Promise<void> {
    await expect(this.completions).toBeVisible();
    const seenAt = await this.page.evaluate(() => Date.now());
    await this.page.waitForFunction((t) => Date.now() - t > 100, seenAt, { polling: 'raf' });
  }

  /**
   * Rests the pointer on `target` until `tooltip` contains `text`. CodeMirror opens a hover
   * tooltip once the pointer has rested for its hover time; every attempt moves onto the target
   * (a little to the side of the last one, so that each move is a real mousemove) and waits.
   */
  async hover(target: Locator, tooltip: Locator, text: string | RegExp): Promise<void> {
    let attempt = 0;
    await expect(async () => {
      const box = await target.boundingBox();
      if (!box) throw new Error('element has no box');
      await this.page.mouse.move(box.x + 2 + (attempt++ % 3), box.y + box.height / 2);
      await expect(tooltip).toContainText(text, { timeout: 2_000 });
    }).toPass();
  }
}
