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
    this.tabs = page.getByRole('tab');
    this.selectedTab = page.getByRole('tab', { selected: true });
    this.newTabButton = page.getByRole('button', { name: 'New tab' });
    this.historyButton = page.getByRole('button', { name: 'History', exact: true });
    this.history = page.getByRole('complementary', { name: 'History' });
    this.savedOperationsButton = page.getByRole('button', { name: 'Saved operations' });
    this.savedOperations = page.getByRole('region', { name: 'Saved operations' });
    this.saveOperationButton = page.getByRole('button', { name: 'Save operation' });
    this.saveDialog = page.getByRole('dialog', { name: 'Save operation' });
    this.shortcutsButton = page.getByRole('button', { name: 'Shortcuts' });
    this.shortcutsDialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    this.completions = page.getByRole('listbox');
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

  /** Replaces the whole text of an editor as a user does: click, select all, type (or delete). */
  async setEditor(name: EditorName, text: string): Promise<void> {
    await this.editor(name).click();
    await this.page.keyboard.press('ControlOrMeta+a');
    if (text) await this.page.keyboard.insertText(text);
    else await this.page.keyboard.press('Delete');
  }

  /** An editor's text (CodeMirror's lines, or the value of a plain textarea). */
  editorText(name: EditorName): Promise<string> {
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
    return this.page.getByRole('tab', { name });
  }

  /** Closes a tab from the keyboard (focus on it, Delete). */
  async closeTabWithDelete(name: string): Promise<void> {
    const tab = this.tab(name);
    await tab.focus();
    await tab.press('Delete');
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
