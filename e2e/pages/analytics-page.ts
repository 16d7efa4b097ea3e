import { expect, type Page } from '@playwright/test';

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

/** The Analytics page (`/analytics`): its connection, report form and results. */
export class AnalyticsPage {
  constructor(readonly page: Page) {}

  /** Opens the page and connects it with "Use sandbox"; waits until URL and token are filled. */
  async connectToSandbox(): Promise<AnalyticsSandbox> {
    const res = await this.page.request.get('/sandbox.json');
    expect(res.status()).toBe(200);
    const info = (await res.json()) as AnalyticsSandbox;
    expect(info.instances.length, '/sandbox.json lists no analytics instance').toBeGreaterThan(0);
    for (const role of ANALYTICS_ROLES)
      expect(info.tokens[role], `/sandbox.json: ${role} token`).toBeTruthy();
    await this.page.goto('/analytics');
    await this.page.getByRole('button', { name: 'Use sandbox' }).click();
    await expect(this.page.getByRole('textbox', { name: 'Analytics URL' })).toHaveValue(
      info.analytics_url,
    );
    await expect(this.page.getByLabel('Analytics token', { exact: true })).toHaveValue(
      info.tokens.analytics,
    );
    return info;
  }

  /** Fills the report form (dates are cleared unless given) and presses Load report. */
  async submitReport(input: ReportInput): Promise<void> {
    if (input.host !== undefined)
      await this.page.getByRole('textbox', { name: 'Instance host' }).fill(input.host);
    if (input.granularity)
      await this.page
        .getByRole('combobox', { name: 'Granularity' })
        .selectOption(input.granularity);
    await this.page.getByLabel('Start date').fill(input.start ?? '');
    await this.page.getByLabel('End date').fill(input.end ?? '');
    await this.page.getByRole('button', { name: 'Load report' }).click();
  }

  /** Loads a report for a host and granularity (dates as they are) and waits until it is in. */
  async loadReport(host: string, granularity: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Instance host' }).fill(host);
    await this.page.getByRole('combobox', { name: 'Granularity' }).selectOption(granularity);
    await this.page.getByRole('button', { name: 'Load report' }).click();
    await expect(this.downloadCsv).toBeEnabled();
  }

  get downloadCsv() {
    return this.page.getByRole('button', { name: 'Download CSV' });
  }
}
