import { expect, type APIRequestContext } from '@playwright/test';

/** What the server's `/sandbox.json` says about its sandbox instance and analytics service. */
export interface SandboxInfo {
  base_url: string;
  analytics_url: string;
  /** Demo tokens by role: user, admin, revoked, analytics, … */
  tokens: Record<string, string>;
  oauth: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
  /** Instance hosts the analytics sandbox has reports for. */
  instances: string[];
}

/** Reads `/sandbox.json` from the server `request` talks to (the test's base URL by default). */
export async function sandboxInfo(request: APIRequestContext, origin = ''): Promise<SandboxInfo> {
  const res = await request.get(`${origin}/sandbox.json`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SandboxInfo;
}
