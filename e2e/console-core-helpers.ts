import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo tokens every spec may rely on (checked by sandboxInfo). */
const ROLES = ['user', 'admin', 'revoked'] as const;

/** The sandbox's `/sandbox.json`. */
export interface SandboxInfo {
  base_url: string;
  analytics_url: string;
  tokens: Record<string, string> & Record<(typeof ROLES)[number], string>;
  oauth: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
}

export async function sandboxInfo(request: APIRequestContext): Promise<SandboxInfo> {
  const res = await request.get('/sandbox.json');
  expect(res.status()).toBe(200);
  const info = (await res.json()) as SandboxInfo;
  for (const role of ROLES) expect(info.tokens[role], `/sandbox.json: ${role} token`).toBeTruthy();
  return info;
}

/** Fills the connection panel and presses Connect. */
export async function connect(
  page: Page,
  opts: {
    baseUrl: string;
    scheme?: 'Access token' | 'OAuth bearer' | 'Sudo';
    token: string;
    sudoUser?: string;
  },
): Promise<void> {
  await page.getByRole('textbox', { name: 'Instance URL' }).fill(opts.baseUrl);
  await page
    .getByRole('combobox', { name: 'Auth scheme' })
    .selectOption({ label: opts.scheme ?? 'Access token' });
  await page.getByRole('textbox', { name: 'Access token' }).fill(opts.token);
  if (opts.sudoUser !== undefined)
    await page.getByRole('textbox', { name: 'Sudo user' }).fill(opts.sudoUser);
  await page.getByRole('button', { name: 'Connect' }).click();
}

/** Replaces the whole text of an editor (CodeMirror or a plain textarea). */
export async function setEditor(page: Page, name: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name });
  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  if (text) await page.keyboard.insertText(text);
  else await page.keyboard.press('Delete');
}

/** The editor's text (CodeMirror lines or textarea value). */
export async function editorText(page: Page, name: string): Promise<string> {
  const box = page.getByRole('textbox', { name });
  return box.evaluate((el) =>
    el instanceof HTMLTextAreaElement
      ? el.value
      : [...el.querySelectorAll('.cm-line')].map((l) => l.textContent ?? '').join('\n'),
  );
}

export function responseRegion(page: Page) {
  return page.getByRole('region', { name: 'Response', exact: true });
}
