import type { Handler } from '../../http-util.ts';
import { sendText } from '../../http-util.ts';
import type { SandboxOptions } from '../types.ts';

export interface InstanceOptions extends SandboxOptions {
  baseUrl: string;
}

export interface SandboxInstance {
  handler: Handler;
  /** Demo tokens by role: user, admin, oauth, revoked. */
  tokens: Record<string, string>;
  oauth: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
}

/** PLACEHOLDER: replaced by the sandbox instance implementation. */
export async function createInstanceHandler(_opts: InstanceOptions): Promise<SandboxInstance> {
  return {
    handler: (_req, res) => sendText(res, 501, 'Sandbox instance not implemented yet.'),
    tokens: {},
    oauth: { access_token: '', refresh_token: '', expires_in: 600, client_id: '' },
  };
}
