import { useId, useState, type Ref } from 'react';
import {
  loadSandboxInfo,
  updateConnection,
  useConnection,
  useSandboxPrefetch,
} from '../../connection/index.ts';

interface Props {
  /** The fieldset's id (the service button controls it). */
  id: string;
  /** Instances the sandbox has data for (after "Use sandbox"). */
  hosts: string[];
  onHost(host: string): void;
  /** "Use sandbox" filled URL and token; `hosts` are the sandbox's instances. */
  onSandbox(hosts: string[]): void;
}

/**
 * The analytics service's own URL and token (never the instance token: a different service),
 * "Use sandbox", which fills both from this server's /sandbox.json, and the sandbox's instances.
 * Open while the page is not connected; folded into the service button of the bar after.
 */
export function AnalyticsConnection({ id, hosts, onHost, onSandbox }: Props) {
  const conn = useConnection();
  const [showToken, setShowToken] = useState(false);
  const [message, setMessage] = useState<string>();
  const fieldId = useId();
  // Without an analytics token, "Use sandbox" is the likely next click.
  const sandboxPrefetch = useSandboxPrefetch(!conn.analyticsToken);

  async function handleUseSandbox() {
    setMessage(undefined);
    try {
      const info = await loadSandboxInfo();
      updateConnection({
        analyticsUrl: info.analytics_url,
        analyticsToken: info.tokens.analytics ?? '',
      });
      onSandbox(info.instances ?? []);
    } catch (err) {
      setMessage((err as Error).message);
    }
  }

  return (
    <fieldset className="an-card an-service" id={id}>
      <legend>Analytics service</legend>
      <div className="an-row">
        <label className="an-field an-grow">
          <span>Analytics URL</span>
          <input
            type="url"
            value={conn.analyticsUrl}
            placeholder="https://analytics.sourcegraph.com"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => updateConnection({ analyticsUrl: e.target.value })}
          />
        </label>
        <div className="an-field an-grow">
          <label htmlFor={`${fieldId}-token`}>Analytics token</label>
          <span className="an-inline">
            <input
              id={`${fieldId}-token`}
              type={showToken ? 'text' : 'password'}
              value={conn.analyticsToken}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => updateConnection({ analyticsToken: e.target.value })}
            />
            <button
              type="button"
              aria-pressed={showToken}
              aria-label="Show analytics token"
              onClick={() => setShowToken((v) => !v)}
            >
              {showToken ? 'Hide' : 'Show'}
            </button>
          </span>
        </div>
        <button type="button" onClick={() => void handleUseSandbox()} {...sandboxPrefetch}>
          Use sandbox
        </button>
      </div>
      {!conn.analyticsToken && (
        <p className="an-hint">
          Paste the analytics service&apos;s URL and an access token (made on its access-tokens
          page), or try the built-in sandbox.
        </p>
      )}
      {hosts.length > 0 && (
        <div className="an-row an-hint" role="group" aria-label="Instances in the sandbox">
          Instances the sandbox has data for:
          {hosts.map((h) => (
            <button key={h} type="button" onClick={() => onHost(h)}>
              {h}
            </button>
          ))}
        </div>
      )}
      {message && (
        <p className="an-error" role="alert">
          {message}
        </p>
      )}
    </fieldset>
  );
}

/** The host of the analytics URL (`analytics.sourcegraph.com`), or what was typed. */
function serviceHost(url: string): string {
  try {
    return new URL(url.trim()).host || url.trim();
  } catch {
    return url.trim();
  }
}

/**
 * The bar's service button ("Analytics service <host>"): shows which service the page talks to
 * and opens or folds the service form.
 */
export function ServiceButton({
  open,
  controls,
  onToggle,
  ref,
}: {
  open: boolean;
  controls: string;
  onToggle(): void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const conn = useConnection();
  const id = useId();
  return (
    <div className="an-field">
      <span id={`${id}-label`} className="an-label">
        Analytics service
      </span>
      <button
        ref={ref}
        id={`${id}-button`}
        type="button"
        className="an-chip"
        aria-labelledby={`${id}-label ${id}-button`}
        aria-expanded={open}
        aria-controls={controls}
        onClick={onToggle}
      >
        <span className="an-chip-dot" aria-hidden="true" />
        {serviceHost(conn.analyticsUrl)}
        <span className="an-chip-caret" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
    </div>
  );
}
