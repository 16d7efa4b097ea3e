import { useState } from 'react';
import { normalizeBaseUrl } from '../auth-header.ts';
import { commitConnection, useConnection, type AuthScheme } from '../connection-store.ts';
import { parseTokenInput } from '../oauth.ts';
import { DraftInput } from './draft-input.tsx';

const SCHEMES: { value: AuthScheme; label: string }[] = [
  { value: 'token', label: 'Access token' },
  { value: 'bearer', label: 'OAuth bearer' },
  { value: 'sudo', label: 'Sudo' },
];

/** Auth scheme, token (masked, with a show toggle), sudo user and OAuth client id. */
export function AuthFields({
  tokenError,
  setTokenError,
}: {
  tokenError?: string;
  setTokenError(message: string | undefined): void;
}) {
  const c = useConnection();
  const [show, setShow] = useState(false);

  function commitToken(text: string) {
    setTokenError(undefined);
    if (c.scheme !== 'bearer' || !text.trim().startsWith('{')) {
      commitConnection({
        token: text.trim(),
        oauth: c.scheme === 'bearer' ? { clientId: c.oauth.clientId } : {},
      });
      return;
    }
    const r = parseTokenInput(text, Date.now());
    if (!r.ok) return setTokenError(r.message);
    commitConnection({
      token: r.value.accessToken,
      oauth: {
        expiresAt: r.value.expiresAt,
        refreshToken: r.value.refreshToken,
        clientId: r.value.clientId ?? c.oauth.clientId,
        // The refresh data belongs to the instance it was entered for.
        baseUrl: normalizeBaseUrl(c.baseUrl) ?? '',
      },
    });
  }

  return (
    <>
      <label className="field">
        <span>Auth scheme</span>
        <select
          value={c.scheme}
          onChange={(e) => commitConnection({ scheme: e.target.value as AuthScheme })}
        >
          {SCHEMES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <div className="field token-field">
        <label htmlFor="conn-token">Access token</label>
        <div className="input-with-button">
          <DraftInput
            id="conn-token"
            type={show ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            placeholder={
              c.scheme === 'bearer' ? 'token, or the whole token response JSON' : 'sgp_…'
            }
            value={c.token}
            onCommit={commitToken}
            aria-describedby="conn-token-hint"
            aria-invalid={tokenError ? true : undefined}
          />
          <button type="button" aria-pressed={show} onClick={() => setShow(!show)}>
            {show ? 'Hide token' : 'Show token'}
          </button>
        </div>
        <small id="conn-token-hint" className="hint">
          Scripts and CI should use a service-account token, not a personal one.
        </small>
      </div>
      {c.scheme === 'sudo' && (
        <label className="field">
          <span>Sudo user</span>
          <DraftInput
            value={c.sudoUser}
            autoComplete="off"
            spellCheck={false}
            placeholder="username to act as"
            onCommit={(v) => commitConnection({ sudoUser: v.trim() })}
          />
        </label>
      )}
      {c.scheme === 'bearer' && (
        <label className="field">
          <span>Client ID</span>
          <DraftInput
            value={c.oauth.clientId ?? ''}
            autoComplete="off"
            spellCheck={false}
            placeholder="for refreshing"
            onCommit={(v) =>
              commitConnection({ oauth: { ...c.oauth, clientId: v.trim() || undefined } })
            }
          />
        </label>
      )}
    </>
  );
}
