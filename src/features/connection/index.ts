/**
 * The connection feature's public entry: transport, connection state, schema loading and the
 * connection panel. Other features and src/app import connection only through this file.
 */
export { buildAuthorization, normalizeBaseUrl } from './auth-header.ts';
export { ConnectionChip } from './components/connection-chip.tsx';
export { ConnectionPanel } from './components/connection-panel.tsx';
export { activeProfileIsProduction } from './profile-store.ts';
export {
  getConnection,
  onConnectionSaveFailure,
  updateConnection,
  useConnection,
  type ConnectionSettings,
} from './connection-store.ts';
export { ensureUsableToken, TokenExpiredError } from './oauth-refresh.ts';
export { switchProfile, useProfiles } from './profile-store.ts';
export type { ProfilesState } from './profiles.ts';
export { loadSandboxInfo } from './sandbox-fill.ts';
export { useSandboxPrefetch } from './use-sandbox-prefetch.ts';
export {
  onSchemaText,
  prefetchSchema,
  useSchema,
  type BrowsableSchema,
  type SchemaState,
} from './schema.ts';
export { loadServerDefaults } from './server-defaults.ts';
export { ConnectionError, sendAnalytics, sendGraphQL } from './transport.ts';
