import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The Docs panel (complementary "Docs", src/features/docs/): opened with the console's button
 * "Docs", searchbox "Search schema", one article per type ("Type Query") or field
 * ("Field Query.currentUser"), field lists ("Fields of Repository"), Back and Forward.
 */
export class DocsPanel {
  readonly root: Locator;
  /** The console's toolbar button that opens and closes the panel. */
  readonly toggle: Locator;
  readonly search: Locator;
  /** Search results (and only those while a search is typed). */
  readonly options: Locator;
  readonly rootTypes: Locator;
  /** The first article shown: the type or field the panel is on. */
  readonly article: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('complementary', { name: 'Docs' });
    this.toggle = page.getByRole('button', { name: 'Docs', exact: true });
    this.search = this.root.getByRole('searchbox', { name: 'Search schema' });
    this.options = this.root.getByRole('option');
    this.rootTypes = this.root.getByRole('region', { name: 'Root types' });
    this.article = this.root.getByRole('article').first();
  }

  /** Opens the panel with the Docs button; waits until it is there. */
  async open(): Promise<void> {
    await this.toggle.click();
    await expect(this.root).toBeVisible();
  }

  /** Opens the panel and waits until the schema is in (the root types are listed). */
  async openSchema(): Promise<void> {
    await this.open();
    await expect(this.rootTypes).toBeVisible();
  }

  /** Searches the schema and opens the first result; waits for its page. */
  async openFirstResult(term: string): Promise<void> {
    await this.search.fill(term);
    await this.options.first().click();
    await expect(this.article).toBeVisible();
  }

  /** The page of a type, e.g. `typePage('Query')` is article "Type Query". */
  typePage(name: string): Locator {
    return this.root.getByRole('article', { name: `Type ${name}` });
  }

  /** The page of a field, e.g. `fieldPage('Query.currentUser')`. */
  fieldPage(name: string): Locator {
    return this.root.getByRole('article', { name: `Field ${name}` });
  }

  /** A link to a type or field in the panel (rendered as a button named after it). */
  link(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true });
  }

  button(name: string | RegExp): Locator {
    return this.root.getByRole('button', { name });
  }
}
