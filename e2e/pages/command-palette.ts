import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Dialog "Command palette" (src/features/console/palette/): opened with Ctrl/Cmd-K or F1, a
 * combobox over a grouped listbox (commands, saved operations, Diagnostics, history, Docs,
 * connection profiles); the active option is the combobox's aria-activedescendant.
 */
export class CommandPalette {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly options: Locator;
  /** The option Enter runs (aria-selected). */
  readonly activeOption: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Command palette' });
    this.input = this.dialog.getByRole('combobox');
    this.options = this.dialog.getByRole('option');
    this.activeOption = this.dialog.getByRole('option', { selected: true });
  }

  /** Presses the key (Ctrl/Cmd-K by default, or F1) where focus is; waits for the dialog. */
  async open(key: 'ControlOrMeta+k' | 'F1' = 'ControlOrMeta+k'): Promise<void> {
    await this.page.keyboard.press(key);
    await expect(this.input).toBeFocused();
  }

  /** An option by its name (its title: a command's button or label, an operation's name, …). */
  option(name: string | RegExp): Locator {
    return this.dialog.getByRole('option', { name, exact: typeof name === 'string' });
  }

  /** A group of options by its heading ("Commands", "Diagnostics", "Docs", …). */
  group(name: string): Locator {
    return this.dialog.getByRole('group', { name, exact: true });
  }

  /**
   * Opens the palette, types `text` and presses Enter once the option named `name` (default:
   * the text) is the active one: what a user reads before pressing Enter.
   */
  async run(text: string, name: string = text): Promise<void> {
    await this.open();
    await this.input.fill(text);
    await expect(this.activeOption).toHaveAccessibleName(name);
    await this.input.press('Enter');
    await expect(this.dialog).toBeHidden();
  }
}
