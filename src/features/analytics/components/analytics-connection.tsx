import { useId, useState } from 'react';
import {
  loadSandboxInfo,
  updateConnection,
  useConnection,
  useSandboxPrefetch,
} from '../../connection/index.ts';

/**
 * The analytics service's own URL and token (never the instance token: a different service),
 * and "Use sandbox", which fills both from this server's /sandbox.json and offers its instances.
 */
export function AnalyticsConnection({ onInstances }: { onInstances(hosts: string[]): void }) {
  const conn = useConnection();
  const [showToken, setShowToken] = useState(false);
  const [message, setMessage] = useState<string>();
  const id = useId();
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
      onInstances(info.instances ?? []);
      setMessage('Connected to the sandbox analytics service.');
    } catch (err) {
      setMessage((err as Error).message);
    }
  }

  return (
    <fieldset className="an-fieldset">
      <legend>Analytics service</legend>
      <div className="an-row">
        <label className="an-field">
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
        <div className="an-field">
          <label htmlFor={`${id}-token`}>Analytics token</label>
          <span className="an-inline">
            <input
              id={`${id}-token`}
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
      {message && (
        <p className="an-hint" role="status">
          {message}
        </p>
      )}
    </fieldset>
  );
}
