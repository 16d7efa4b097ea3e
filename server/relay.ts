import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendText } from './http-util.ts';

export interface RelayOptions {
  /** host:port values this server is reached by (Host header check against DNS rebinding). */
  allowedHosts: string[];
}

/** PLACEHOLDER: replaced by the relay implementation. */
export function createRelay(_opts: RelayOptions) {
  return function relay(_req: IncomingMessage, res: ServerResponse): void {
    sendText(res, 501, 'Relay not implemented yet.');
  };
}
