import type { ConnectStatus } from '../connect-check.ts';
import { useConnection, type ConnectionSettings } from '../connection-store.ts';
import { formatTimeLeft } from '../oauth.ts';
import { toggleConnectionPanel, useConnectionPanelOpen } from '../panel-open.ts';
import { useProfiles } from '../profile-store.ts';
import { useNow } from '../use-oauth-refresh.ts';
import { connectionKey, useLatestCheck } from '../use-connect-check.ts';

/** The panel's element id (the chip's `aria-controls`). */
export const CONNECTION_PANEL_ID = 'connection-panel';

function hostOf(url: string): string {
  try {
    return new URL(url.trim()).host;
  } catch {
    return url.trim() || 'no instance';
  }
}

/** The latest Connect check's result about the connection now in the fields, and whether one runs. */
function useCheckFor(c: ConnectionSettings): { status?: ConnectStatus; pending: boolean } {
  const last = useLatestCheck();
  return {
    status: last.key === connectionKey(c) ? last.status : undefined,
    pending: last.pending,
  };
}

function identity(c: ConnectionSettings, check: ReturnType<typeof useCheckFor>): string {
  if (check.pending) return 'Connecting…';
  const s = check.status;
  if (s?.state === 'ok') return s.message;
  if (s?.state === 'anonymous') return 'Not signed in (anonymous)';
  if (s?.state === 'error') return 'Not connected';
  return c.token.trim() ? 'Token entered' : 'Not signed in';
}

/**
 * The connection as one button in the top bar (GraphiQL 6's endpoint, Apollo's connection
 * chip): profile (its colour and a production mark), instance host, who you are, the token's
 * time left and the transport. Pressing it opens or closes the connection panel.
 */
export function ConnectionChip() {
  const c = useConnection();
  const { profiles, activeId } = useProfiles();
  const profile = profiles.find((p) => p.id === activeId);
  const check = useCheckFor(c);
  const expiresAt = c.scheme === 'bearer' ? c.oauth.expiresAt : undefined;
  const now = useNow(expiresAt !== undefined, 30_000);
  const open = useConnectionPanelOpen();
  const who = identity(c, check);
  const parts = [
    profile?.name ?? 'Default',
    ...(profile?.production ? ['production'] : []),
    hostOf(c.baseUrl),
    who,
    ...(expiresAt !== undefined ? [`token ${formatTimeLeft(expiresAt, now)}`] : []),
    c.transport === 'direct' ? 'direct' : 'relay',
  ];
  const tone =
    check.status?.state === 'ok' ? 'ok' : check.status?.state === 'error' ? 'error' : 'idle';
  return (
    <button
      type="button"
      className={`connection-chip tone-${tone}${profile?.production ? ' is-production' : ''}`}
      style={profile?.color ? { ['--profile-colour' as string]: profile.color } : undefined}
      aria-label={`Connection: ${parts.join(' · ')}`}
      aria-expanded={open}
      aria-controls={CONNECTION_PANEL_ID}
      title="Connection: profile, instance, token, transport"
      onClick={toggleConnectionPanel}
    >
      <span className="chip-dot" aria-hidden="true" />
      <span className="chip-profile">{profile?.name ?? 'Default'}</span>
      {profile?.production && <span className="chip-production">production</span>}
      <span className="chip-host">{hostOf(c.baseUrl)}</span>
      <span className="chip-who">{who}</span>
      {expiresAt !== undefined && (
        <span className="chip-expiry">{formatTimeLeft(expiresAt, now)}</span>
      )}
    </button>
  );
}
