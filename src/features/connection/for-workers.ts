/**
 * The connection feature's entry for Web Workers: the transport and the settings' types, without
 * the panel, stores or React (index.ts has those, and a worker type-checks without the DOM).
 */
export type { ConnectionSettings } from './connection-settings.ts';
export { ConnectionError, sendAnalytics } from './transport.ts';
