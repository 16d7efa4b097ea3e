/** What `GET /sandbox.json` returns (README.md): everything a newcomer needs to connect. */
export interface SandboxInfo {
  base_url: string;
  analytics_url: string;
  /** Demo tokens by role: user, admin (site-admin:sudo), oauth, revoked, analytics, analytics_expired, analytics_revoked. */
  tokens: Record<string, string>;
  oauth: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
  /** Instance hosts the analytics sandbox has data for. */
  instances: string[];
}

export interface SandboxOptions {
  host: string;
  /** Port of the sandbox instance; the analytics sandbox listens on port + 1 (both free ones for 0). */
  port: number;
  schemaPath?: string;
  siteConfigPath?: string;
  reportScale?: number;
  /** Users of the sandbox instance (SANDBOX_USERS); unset = the seeded 320. */
  userCount?: number;
  publicMode?: boolean;
}

export interface RunningSandbox {
  info: SandboxInfo;
  close(): Promise<void>;
}
