/**
 * The relay's wire contract, shared by the server (`server/relay.ts`) and the app
 * (`src/features/connection/transport.ts`). Header names are case-insensitive on the wire; Node
 * lower-cases incoming ones, so the server compares with `.toLowerCase()`.
 */

/** Request: the upstream base URL (`https://code.example.com`) the relay forwards to. */
export const RELAY_TARGET_HEADER = 'X-Relay-Target';

/** Request: `1`, proves the caller is the app (other sites' pages cannot set it without CORS). */
export const RELAY_MARKER_HEADER = 'X-Debug-Console';

/**
 * Request: the comma-separated, lower-case names of the headers the user set in the Headers
 * editor. The relay forwards these besides the ones the app itself sets (never hop-by-hop
 * headers, `Host`, `Cookie` or the relay's own).
 */
export const RELAY_HEADERS_HEADER = 'X-Relay-Headers';

/** Response: `1` on every response the relay writes itself (not the upstream's). */
export const RELAY_ERROR_HEADER = 'X-Relay-Error';

/**
 * Response: on the relay's 502 for an upstream redirect, the absolute URL the upstream's
 * `Location` points to. The relay never passes a 3xx to the browser.
 */
export const RELAY_REDIRECT_HEADER = 'X-Relay-Redirect';
