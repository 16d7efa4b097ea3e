import { expect, type Locator, type Page } from '@playwright/test';

/** The analytics demo tokens (checked by connectToSandbox). */
const ANALYTICS_ROLES = [
  'analytics',
  'analytics_limited',
  'analytics_revoked',
  'analytics_expired',
] as const;

/** What `/sandbox.json` says about the sandbox analytics service. */
export interface AnalyticsSandbox {
  analytics_url: string;
  tokens: Record<string, string> & Record<(typeof ANALYTICS_ROLES)[number], string>;
  /** Never empty (checked by connectToSandbox). */
  instances: [string, ...string[]];
}

/** The report form's fields; unset ones are left alone (dates: cleared, see submitReport). */
export interface ReportInput {
  host?: string;
  granularity?: string;
  start?: string;
  end?: string;
}

/**
 * The Analytics page (`/analytics`, src/features/analytics/): one bar (button "Analytics service
 * <host>" once connected, Instance host, Granularity, dates, Load report, Download CSV); the
 * service form (group "Analytics service": Analytics URL and token, Use sandbox), open while not
 * connected and folded into the bar's button after; region "Key figures" with its tiles (a group
 * each, "Credits left" holding Load credits); the report table and its status line; the credits
 * chart. Locators go by role and accessible name.
 */
export class AnalyticsPage {
  /** The navigation link to this page (on every page of the app). */
  readonly navLink: Locator;
  /** The bar's button naming the analytics service; it opens and folds the service form. */
  readonly serviceButton: Locator;
  /** Group "Analytics service": URL, token, Use sandbox (shown while open). */
  readonly serviceForm: Locator;
  readonly analyticsUrl: Locator;
  readonly analyticsToken: Locator;
  readonly useSandboxButton: Locator;
  /** What "Use sandbox" says once the fields are filled. */
  readonly connectedToSandbox: Locator;
  readonly instanceHost: Locator;
  readonly granularity: Locator;
  readonly startDate: Locator;
  readonly endDate: Locator;
  readonly loadReportButton: Locator;
  readonly stopButton: Locator;
  readonly downloadCsv: Locator;
  /** Region "Report rows": the table and its status line. */
  readonly rows: Locator;
  /** The status line of the rows ("… rows", progress, what went wrong). */
  readonly rowsStatus: Locator;
  /** The scrolling (focusable) part of the rows, where the keys scroll. */
  readonly rowsScroller: Locator;
  /** Table "Report preview" (windowed: only the visible rows are in the DOM). */
  readonly table: Locator;
  readonly loadCreditsButton: Locator;
  /** Figure "Credit consumption". */
  readonly creditsChart: Locator;
  /** Region "Key figures": the tiles. */
  readonly keyFigures: Locator;
  /** Figure "Report chart: …". */
  readonly chart: Locator;
  /** Region "Summary" and its table "Summary". */
  readonly summary: Locator;
  readonly summaryTable: Locator;
  /** Region "Retention": combobox "Cohorts by", the cohorts' table and chart. */
  readonly retention: Locator;
  readonly cohortsBy: Locator;
  /** Group "Views": combobox "Saved views", Save view, Copy view link, Delete view. */
  readonly views: Locator;
  readonly savedViews: Locator;
  readonly saveViewButton: Locator;
  readonly copyViewLinkButton: Locator;
  readonly deleteViewButton: Locator;
  /** Textbox "View link" (shown once "Copy view link" was pressed). */
  readonly viewLink: Locator;

  constructor(readonly page: Page) {
    this.navLink = page.getByRole('link', { name: 'Analytics' });
    this.serviceButton = page.getByRole('button', { name: /^Analytics service/ });
    this.serviceForm = page.getByRole('group', { name: 'Analytics service' });
    this.analyticsUrl = page.getByRole('textbox', { name: 'Analytics URL' });
    this.analyticsToken = page.getByLabel('Analytics token', { exact: true });
    this.useSandboxButton = page.getByRole('button', { name: 'Use sandbox' });
    this.connectedToSandbox = page.getByText('Connected to the sandbox analytics service.');
    this.instanceHost = page.getByRole('textbox', { name: 'Instance host' });
    this.granularity = page.getByRole('combobox', { name: 'Granularity' });
    this.startDate = page.getByLabel('Start date');
    this.endDate = page.getByLabel('End date');
    this.loadReportButton = page.getByRole('button', { name: 'Load report' });
    this.stopButton = page.getByRole('button', { name: 'Stop' });
    this.downloadCsv = page.getByRole('button', { name: 'Download CSV' });
    this.rows = page.getByRole('region', { name: 'Report rows' });
    this.rowsStatus = this.rows.getByRole('status');
    this.rowsScroller = this.rows.getByLabel('Report preview rows');
    this.table = page.getByRole('table', { name: 'Report preview' });
    this.loadCreditsButton = page.getByRole('button', { name: 'Load credits' });
    this.creditsChart = page.getByRole('figure', { name: 'Credit consumption' });
    this.keyFigures = page.getByRole('region', { name: 'Key figures' });
    this.chart = page.getByRole('figure', { name: /^Report chart/ });
    this.summary = page.getByRole('region', { name: 'Summary' });
    this.summaryTable = this.summary.getByRole('table', { name: 'Summary' });
    this.retention = page.getByRole('region', { name: 'Retention' });
    this.cohortsBy = this.retention.getByRole('combobox', { name: 'Cohorts by' });
    this.views = page.getByRole('group', { name: 'Views' });
    this.savedViews = this.views.getByRole('combobox', { name: 'Saved views' });
    this.saveViewButton = this.views.getByRole('button', { name: 'Save view' });
    this.copyViewLinkButton = this.views.getByRole('button', { name: 'Copy view link' });
    this.deleteViewButton = this.views.getByRole('button', { name: 'Delete view' });
    this.viewLink = this.views.getByRole('textbox', { name: 'View link' });
  }

  /** "Save view": names the view in dialog "Save view" and saves it. */
  async saveView(name: string): Promise<void> {
    await this.saveViewButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('textbox', { name: 'View name' }).fill(name);
    await dialog.getByRole('button', { name: /^(Save|Replace)$/ }).click();
    await expect(dialog).toBeHidden();
  }

  /** Tile `name` of "Key figures" (e.g. "Active users, last 7 days", "Credits left"). */
  tile(name: string): Locator {
    return this.keyFigures.getByRole('group', { name, exact: true });
  }

  /** The large figure of a tile (a tile without its data has none; its text says why). */
  tileValue(name: string): Locator {
    // No role fits a figure's text: the tile's value element (components/tile.tsx).
    return this.tile(name).locator('.an-tile-value');
  }

  /** Opens the service form when it is folded into the bar's button. */
  async openServiceForm(): Promise<void> {
    // The bar first: the page is a chunk of its own, and the button shows only once connected.
    await expect(this.loadReportButton).toBeVisible();
    if (
      (await this.serviceButton.isVisible()) &&
      (await this.serviceButton.getAttribute('aria-expanded')) === 'false'
    )
      await this.serviceButton.click();
    await expect(this.serviceForm).toBeVisible();
  }

  /** Types the analytics URL (opening the service form first when folded). */
  async setAnalyticsUrl(url: string): Promise<void> {
    await this.openServiceForm();
    await this.analyticsUrl.fill(url);
  }

  /** Types the analytics token (opening the service form first when folded). */
  async setAnalyticsToken(token: string): Promise<void> {
    await this.openServiceForm();
    await this.analyticsToken.fill(token);
  }

  /** "Use sandbox" (opening the service form first when folded, e.g. after the console's). */
  async useSandbox(): Promise<void> {
    await this.openServiceForm();
    await this.useSandboxButton.click();
  }

  /** Opens the page (a path on the test's server, or a full URL of another one). */
  async open(url = '/analytics'): Promise<void> {
    await this.page.goto(url);
  }

  /** A table's cells as text, header row first (sort arrows left out). */
  async tableCells(table: Locator): Promise<string[][]> {
    await expect(table).toBeVisible();
    return table.evaluate((t: HTMLTableElement) =>
      [...t.rows].map((r) =>
        [...r.cells].map((c) => (c.textContent ?? '').replace(/[▲▼]/g, '').trim()),
      ),
    );
  }

  /** The row of the table with this `aria-rowindex` (1 is the header row, 2 the first data row). */
  row(ariaRowIndex: number): Locator {
    return this.table.locator(`tbody tr[aria-rowindex="${ariaRowIndex}"]`);
  }

  /**
   * Opens the page and connects it with "Use sandbox"; waits until the service form has folded
   * into the bar's button, which names the sandbox's analytics service.
   */
  async connectToSandbox(): Promise<AnalyticsSandbox> {
    const res = await this.page.request.get('/sandbox.json');
    expect(res.status()).toBe(200);
    const info = (await res.json()) as AnalyticsSandbox;
    expect(info.instances.length, '/sandbox.json lists no analytics instance').toBeGreaterThan(0);
    for (const role of ANALYTICS_ROLES)
      expect(info.tokens[role], `/sandbox.json: ${role} token`).toBeTruthy();
    await this.open();
    await this.useSandbox();
    await expect(this.connectedToSandbox).toBeVisible();
    await expect(this.serviceButton).toHaveAccessibleName(
      `Analytics service ${new URL(info.analytics_url).host}`,
    );
    return info;
  }

  /** Fills the report form (dates are cleared unless given) and presses Load report. */
  async submitReport(input: ReportInput): Promise<void> {
    if (input.host !== undefined) await this.instanceHost.fill(input.host);
    if (input.granularity) await this.granularity.selectOption(input.granularity);
    await this.startDate.fill(input.start ?? '');
    await this.endDate.fill(input.end ?? '');
    await this.loadReportButton.click();
  }

  /** Loads a report for a host and granularity (dates as they are) and waits until it is in. */
  async loadReport(host: string, granularity: string): Promise<void> {
    await this.instanceHost.fill(host);
    await this.granularity.selectOption(granularity);
    await this.loadReportButton.click();
    await expect(this.downloadCsv).toBeEnabled();
  }
}
