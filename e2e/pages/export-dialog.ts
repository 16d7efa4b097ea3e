import { expect, type Download, type Locator, type Page } from '@playwright/test';

/**
 * Dialog "Export all pages" (src/features/bulk-export/): combobox "List to export", radio group
 * "Format" (CSV, NDJSON), buttons "Start export", "Stop", "Resume", "Save rows so far", "Close",
 * progressbar "Export progress" and the status line.
 */
export class ExportDialog {
  readonly dialog: Locator;
  readonly list: Locator;
  readonly startButton: Locator;
  readonly stopButton: Locator;
  readonly resumeButton: Locator;
  readonly progress: Locator;
  /** The status line (pages, rows, waits, the outcome). */
  readonly status: Locator;
  /** A failure, as an alert. */
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Export all pages' });
    this.list = this.dialog.getByRole('combobox', { name: 'List to export' });
    this.startButton = this.dialog.getByRole('button', { name: 'Start export' });
    this.stopButton = this.dialog.getByRole('button', { name: 'Stop' });
    this.resumeButton = this.dialog.getByRole('button', { name: 'Resume' });
    this.progress = this.dialog.getByRole('progressbar', { name: 'Export progress' });
    this.status = this.dialog.getByRole('status');
    this.alert = this.dialog.getByRole('alert');
  }

  format(name: 'CSV' | 'NDJSON'): Locator {
    return this.dialog.getByRole('group', { name: 'Format' }).getByRole('radio', { name });
  }

  /** Clicks `button` and resolves with the download the export ends with. */
  async download(button: Locator, timeout = 120_000): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download', { timeout }),
      button.click(),
    ]);
    await expect(this.status).toHaveText(/^Done: /);
    return download;
  }
}
