import { expect, type Locator, type Page } from '@playwright/test';

/** The options of combobox "Auth scheme". */
type AuthScheme = 'Access token' | 'OAuth bearer' | 'Sudo';

/** What a user enters in the panel before pressing Connect. */
export interface Credentials {
  baseUrl: string;
  scheme?: AuthScheme;
  token: string;
  sudoUser?: string;
}

/**
 * The connection panel (region "Connection", src/features/connection/components/connection-panel.tsx):
 * Instance URL, auth scheme and token, Transport, Connect, Use sandbox, Remember, profiles and the
 * status line ("Signed in as …" or what went wrong); and the chip in the top bar (button
 * "Connection: …") that shows who you are and opens the panel. The panel is open by itself while
 * not signed in and closes on a successful check: the steps below open it when they need it.
 */
export class ConnectPanel {
  readonly region: Locator;
  /** The status line: "Signed in as alice", "401 Unauthorized: …", a redirect notice, … */
  readonly status: Locator;
  readonly instanceUrl: Locator;
  readonly authScheme: Locator;
  readonly token: Locator;
  readonly sudoUser: Locator;
  readonly transport: Locator;
  readonly connectButton: Locator;
  readonly useSandboxButton: Locator;
  readonly remember: Locator;
  readonly profile: Locator;
  /** The top bar's chip: its name says profile, host, who you are, token time, transport. */
  readonly chip: Locator;

  constructor(readonly page: Page) {
    this.chip = page.getByRole('button', { name: /^Connection: / });
    this.region = page.getByRole('region', { name: 'Connection' });
    this.status = this.region.getByRole('status');
    this.instanceUrl = page.getByRole('textbox', { name: 'Instance URL' });
    this.authScheme = page.getByRole('combobox', { name: 'Auth scheme' });
    this.token = page.getByRole('textbox', { name: 'Access token' });
    this.sudoUser = page.getByRole('textbox', { name: 'Sudo user' });
    this.transport = page.getByRole('combobox', { name: 'Transport' });
    // "Connect", or "Connecting…" while a check runs (a press then replaces it).
    this.connectButton = page.getByRole('button', { name: /^Connect(ing…)?$/ });
    this.useSandboxButton = page.getByRole('button', { name: 'Use sandbox' });
    this.remember = page.getByRole('checkbox', { name: 'Remember on this device' });
    this.profile = page.getByRole('combobox', { name: 'Connection profile' });
  }

  /** Opens the panel with the chip unless it is open already. */
  async open(): Promise<void> {
    await expect(this.chip).toBeVisible();
    if ((await this.chip.getAttribute('aria-expanded')) !== 'true') await this.chip.click();
    await expect(this.region).toBeVisible();
  }

  /** Fills URL, scheme, token (and sudo user) and presses Connect; does not wait for the answer. */
  async connect(c: Credentials): Promise<void> {
    await this.open();
    await this.instanceUrl.fill(c.baseUrl);
    await this.authScheme.selectOption({ label: c.scheme ?? 'Access token' });
    await this.token.fill(c.token);
    if (c.sudoUser !== undefined) await this.sudoUser.fill(c.sudoUser);
    await this.connectButton.click();
  }

  /** Connects and waits until the status line says who the token belongs to. */
  async connectAs(c: Credentials, username: string): Promise<void> {
    await this.connect(c);
    await this.expectSignedInAs(username);
  }

  /** Presses "Use sandbox" and waits until the sandbox's user token is signed in (alice). */
  async useSandbox(): Promise<void> {
    await this.open();
    await this.useSandboxButton.click();
    await this.expectSignedInAs('alice');
  }

  /** Types a token into the (empty) token field and commits it with Enter, as a paste-and-go. */
  async enterToken(token: string): Promise<void> {
    await this.open();
    await this.token.fill(token);
    await this.token.press('Enter');
  }

  /** Types an Instance URL and commits it with Enter. */
  async enterInstanceUrl(url: string): Promise<void> {
    await this.open();
    await this.instanceUrl.fill(url);
    await this.instanceUrl.press('Enter');
  }

  /** Waits until the chip says who the token belongs to ("Signed in as alice", "Acting as bob (sudo)"). */
  async expectIdentity(identity: string): Promise<void> {
    await expect(this.chip).toHaveAccessibleName(new RegExp(` · ${escape(identity)} · `));
  }

  async expectSignedInAs(username: string): Promise<void> {
    await this.expectIdentity(`Signed in as ${username}`);
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
