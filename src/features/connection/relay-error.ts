/** Header our relay sets on responses it writes itself (server/relay.ts), as the browser sees it. */
export const RELAY_ERROR_HEADER = 'X-Relay-Error';
