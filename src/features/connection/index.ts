/**
 * The connection feature's public entry: transport, connection state, tokens and the connection
 * panel. Other features and src/app import connection only through this file.
 */
export { buildAuthorization, normalizeBaseUrl } from './auth-header.ts';
export { ConnectionChip } from './components/connection-chip.tsx';
export { ConnectionPanel } from './components/connection-panel.tsx';
export { activeProfileIsProduction, activeProfileName } from './profile-store.ts';
export {
  getConnection,
  onConnectionSaveFailure,
  updateConnection,
  useConnection,
  type ConnectionSettings,
} from './connection-store.ts';
export { tokenFingerprint } from './fingerprint.ts';
export { switchProfile, useProfiles } from './profile-store.ts';
export type { ProfilesState } from './profiles.ts';
export {
  ensureUsableToken,
  TokenExpiredError,
  tokenUsableNow,
  usableConnection,
} from './oauth-refresh.ts';
export { loadSandboxInfo, onSandboxCommit } from './sandbox-fill.ts';
export { useSandboxPrefetch } from './use-sandbox-prefetch.ts';
export { loadServerDefaults } from './server-defaults.ts';
export { ConnectionError, sendAnalytics, sendGraphQL } from './transport.ts';
