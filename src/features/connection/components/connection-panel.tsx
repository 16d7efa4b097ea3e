import { useEffect, useRef, useState } from 'react';
import { normalizeBaseUrl } from '../auth-header.ts';
import {
  getConnection,
  commitConnection,
  onConnectionCommit,
  updateConnection,
  useConnection,
  type TransportMode,
} from '../connection-store.ts';
import { useRedirectNotice } from '../redirect-notice.ts';
import { fillFromSandbox } from '../sandbox-fill.ts';
import { useSandboxPrefetch } from '../use-sandbox-prefetch.ts';
import { readUrlDraft, writeUrlDraft } from '../url-draft.ts';
import { connectionKey, runConnectCheck, useLatestCheck } from '../use-connect-check.ts';
import { AuthFields } from './auth-fields.tsx';
import { DraftInput } from './draft-input.tsx';
import { ProfilePicker } from './profile-picker.tsx';
import { TokenExpiry } from './token-expiry.tsx';
import {
  openedByUserSince,
  setConnectionPanelOpen,
  useConnectionPanelOpen,
} from '../panel-open.ts';
import { CONNECTION_PANEL_ID } from './connection-chip.tsx';

const initialUrlDraft = typeof window === 'undefined' ? undefined : readUrlDraft();

/**
 * Instance URL, auth, transport, "Remember", and the Connect check showing who you are.
 * `onRememberChange` runs after "Remember" is ticked or unticked (the console saves its tabs then).
 */
export function ConnectionPanel({ onRememberChange }: { onRememberChange?: () => void } = {}) {
  const c = useConnection();
  const check = useLatestCheck();
  const [sandboxError, setSandboxError] = useState<string>();
  const [tokenError, setTokenError] = useState<string>();
  const redirect = useRedirectNotice();
  // A result about another URL/token than the one now in the fields is not shown.
  const status = check.key === connectionKey(c) ? check.status : undefined;

  // Every deliberate change (Enter, leaving a field, a paste, Use sandbox) runs the check, so a
  // pasted token shows who it belongs to while the schema loads with it. A check already under
  // way for the same connection is not started twice (Enter both commits and submits).
  const checking = useRef<string | undefined>(undefined);
  const runCheck = useRef(() => {});
  /** When the last check started (performance.now()). */
  const checkStartedAt = useRef(0);
  runCheck.current = () => {
    // The store's connection, not this render's: a commit's listener runs before React renders
    // it, and the render's would be the connection before the commit (a pasted token's check
    // was skipped as "already under way" while the URL's own check was). With the token itself:
    // `connectionKey` leaves an OAuth token out (a refresh does not change who you are), and a
    // bearer token given while the check without one was under way was skipped too.
    const s = getConnection();
    const key = `${connectionKey(s)}\u0000${s.token.trim()}`;
    if (check.pending && checking.current === key) return;
    checking.current = key;
    checkStartedAt.current = performance.now();
    void runConnectCheck();
  };
  useEffect(() => onConnectionCommit(() => runCheck.current()), []);
  // A token kept from before (Remember) is checked once at start, so the chip says who you are
  // and the panel opens if the token no longer works.
  useEffect(() => {
    if (getConnection().token.trim()) runCheck.current();
  }, []);

  // Signed in: the panel gives the screen back to the work; anything else: it opens and says why.
  const open = useConnectionPanelOpen();
  const panelRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!check.status || check.key !== connectionKey(getConnection())) return;
    if (check.status.state !== 'ok') return setConnectionPanelOpen(true);
    // Not while the user is in one of its fields: what they type there stays in front of them.
    const focused = document.activeElement;
    const panel = panelRef.current;
    if (panel?.contains(focused) && focused?.matches('input, select, textarea')) return;
    // Opened with the chip while this check was under way: the user came to do something there.
    if (openedByUserSince(checkStartedAt.current)) return;
    setConnectionPanelOpen(false);
    // A press on Connect or Use sandbox leaves the focus on the chip, not on a hidden button.
    if (panel?.contains(focused))
      document.querySelector<HTMLElement>(`[aria-controls="${CONNECTION_PANEL_ID}"]`)?.focus();
  }, [check]);

  // Without a token yet, "Use sandbox" is the likely next click.
  const sandboxPrefetch = useSandboxPrefetch(!c.token);

  async function handleSandbox() {
    setSandboxError(undefined);
    try {
      await fillFromSandbox();
    } catch (err) {
      setSandboxError((err as Error).message);
    }
  }

  const base = normalizeBaseUrl(c.baseUrl);
  const analyticsBase = normalizeBaseUrl(c.analyticsUrl);
  const redirectFor =
    redirect && redirect.from === base
      ? 'baseUrl'
      : redirect && redirect.from === analyticsBase
        ? 'analyticsUrl'
        : undefined;
  const suggested = redirect?.info.suggestedBase;

  return (
    <section
      ref={panelRef}
      aria-label="Connection"
      id={CONNECTION_PANEL_ID}
      className="connection-panel"
      hidden={!open}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && status?.state === 'ok') setConnectionPanelOpen(false);
      }}
    >
      <div className="connection-panel-head">
        <ProfilePicker />
        <button
          type="button"
          className="icon-button connection-close"
          aria-label="Close connection panel"
          title="Close (Escape)"
          onClick={() => setConnectionPanelOpen(false)}
        >
          ×
        </button>
      </div>
      <form
        className="connection-fields"
        onSubmit={(e) => {
          e.preventDefault();
          runCheck.current();
        }}
      >
        <label className="field grow">
          <span>Instance URL</span>
          <DraftInput
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://sourcegraph.example.com"
            value={c.baseUrl}
            initialDraft={initialUrlDraft}
            onDraftChange={writeUrlDraft}
            onCommit={(v) => commitConnection({ baseUrl: v.trim() })}
          />
        </label>
        <AuthFields tokenError={tokenError} setTokenError={setTokenError} />
        <label className="field">
          <span>Transport</span>
          <select
            value={c.transport}
            onChange={(e) => commitConnection({ transport: e.target.value as TransportMode })}
          >
            <option value="relay">Relay (through this server)</option>
            <option value="direct">Direct (browser to instance)</option>
          </select>
        </label>
        <div className="field actions">
          {/* Never disabled: Connect after changing a field replaces a check still under way. */}
          <button type="submit" className="primary" aria-busy={check.pending}>
            {check.pending ? 'Connecting…' : 'Connect'}
          </button>
          <button type="button" onClick={() => void handleSandbox()} {...sandboxPrefetch}>
            Use sandbox
          </button>
        </div>
        <label className="field checkbox" title="Tokens stay in memory unless you tick this">
          <input
            type="checkbox"
            checked={c.remember}
            aria-describedby="conn-remember-hint"
            onChange={(e) => {
              updateConnection({ remember: e.target.checked });
              onRememberChange?.();
            }}
          />
          <span>Remember on this device</span>
        </label>
        <small id="conn-remember-hint" className="hint remember-hint">
          {c.remember
            ? 'Tokens and Headers are saved in this browser profile (localStorage, all its tabs) until you untick this.'
            : 'Off: tokens live in memory only and are gone after a reload.'}
        </small>
      </form>
      <TokenExpiry />
      {tokenError && (
        <p role="alert" className="field-error">
          {tokenError}
        </p>
      )}
      <div className="connection-status" role="status" aria-live="polite">
        {sandboxError && <p className="status-error">{sandboxError}</p>}
        {status?.state === 'ok' && <p className="status-ok">{status.message}</p>}
        {status?.state === 'anonymous' && <p className="status-warn">{status.message}</p>}
        {status?.state === 'error' && !(redirectFor === 'baseUrl') && (
          <p className="status-error">
            {status.message}
            {status.detail && <span className="status-detail"> {status.detail}</span>}
          </p>
        )}
        {redirectFor && redirect && (
          <p className="status-error">
            {redirect.info.location
              ? `The ${redirectFor === 'baseUrl' ? 'instance' : 'analytics service'} redirects to ${redirect.info.location}.`
              : `The ${redirectFor === 'baseUrl' ? 'instance' : 'analytics service'} answers with a redirect (the browser does not show where to).`}{' '}
            Requests are not sent after a redirect.
            {suggested && (
              <>
                {' '}
                <button
                  type="button"
                  onClick={() => commitConnection({ [redirectFor]: suggested })}
                >
                  Use {suggested}
                </button>
              </>
            )}
          </p>
        )}
      </div>
    </section>
  );
}
