import { ACCESS_PARAM } from './access-gate.ts';
import type { ServerConfig } from './config.ts';
import type { SandboxInfo } from './sandbox/types.ts';

/** The start banner: where the console is, and how to connect to the sandbox. */
export function formatBanner(
  url: string,
  sandbox: SandboxInfo | undefined,
  config: ServerConfig,
  secret?: string,
): string {
  const auth = secret ? `?${ACCESS_PARAM}=${secret}` : '';
  const lines = [
    `Debug console:  ${url}/debug/console${auth}`,
    `Analytics:      ${url}/analytics${auth}`,
  ];
  if (secret)
    lines.push(
      `HOST=${config.host} reaches beyond this machine, so the console answers only browsers that`,
      `opened one of the links above (from another machine: the same link with this machine's`,
      `address). A new secret is made on every start.`,
    );
  if (sandbox) {
    lines.push(
      `Sandbox instance (base_url):       ${sandbox.base_url}`,
      `Sandbox analytics (analytics_url): ${sandbox.analytics_url}`,
      `Demo tokens (also at ${url}/sandbox.json):`,
    );
    for (const [role, token] of Object.entries(sandbox.tokens))
      lines.push(`  ${role.padEnd(18)} ${token}`);
    lines.push(
      `  oauth refresh      ${sandbox.oauth.refresh_token} (client_id ${sandbox.oauth.client_id}, expires in ${sandbox.oauth.expires_in}s)`,
    );
  } else {
    lines.push('Sandbox: off');
    if (config.baseUrl) lines.push(`Instance (base_url): ${config.baseUrl}`);
    if (config.analyticsUrl) lines.push(`Analytics (analytics_url): ${config.analyticsUrl}`);
  }
  return lines.join('\n');
}
