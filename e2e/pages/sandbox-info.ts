import { expect, type APIRequestContext } from '@playwright/test';

const ROLES = ['user', 'admin', 'revoked', 'analytics'] as const;

/** What the server's `/sandbox.json` says about its sandbox instance and analytics service. */
export interface SandboxInfo {
  base_url: string;
  analytics_url: string;
  /** Demo tokens by role: user, admin, revoked, analytics, … */
  tokens: Record<string, string> & Record<(typeof ROLES)[number], string>;
  oauth: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
  /** Instance hosts the analytics sandbox has reports for. */
  instances: [string, ...string[]];
}

/** Reads `/sandbox.json` from the server `request` talks to (the test's base URL by default). */
export async function sandboxInfo(request: APIRequestContext, origin = ''): Promise<SandboxInfo> {
  const res = await request.get(`${origin}/sandbox.json`);
  expect(res.status()).toBe(200);
  const info = (await res.json()) as SandboxInfo;
  for (const role of ROLES) expect(info.tokens[role], `/sandbox.json: ${role} token`).toBeTruthy();
  expect(info.instances.length, '/sandbox.json: instances').toBeGreaterThan(0);
  return info;
}
