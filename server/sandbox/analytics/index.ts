import type { Handler } from '../../http-util.ts';
import { sendText } from '../../http-util.ts';
import type { SandboxOptions } from '../types.ts';

export interface AnalyticsOptions extends SandboxOptions {
  analyticsUrl: string;
  /** Host of the sandbox instance, one of the instances the analytics service has data for. */
  instanceHost: string;
}

export interface SandboxAnalytics {
  handler: Handler;
  /** Demo tokens by role: analytics, analytics_expired, analytics_revoked. */
  tokens: Record<string, string>;
  instances: string[];
}

/** PLACEHOLDER: replaced by the sandbox analytics implementation. */
export async function createAnalyticsHandler(opts: AnalyticsOptions): Promise<SandboxAnalytics> {
  return {
    handler: (_req, res) => sendText(res, 501, 'Sandbox analytics not implemented yet.'),
    tokens: {},
    instances: [opts.instanceHost],
  };
}
