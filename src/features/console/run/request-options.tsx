import { useId } from 'react';
import { requestOptionHeaders } from './request-options.ts';
import { setRequestOptions, useRequestOptions } from './request-options-store.ts';
import './request-extras.css';

/**
 * Checkbox "Trace" (sends `X-Sourcegraph-Should-Trace: true`) and textbox "Feature flags" (one
 * `X-Sourcegraph-Override-Feature` per flag), started from the page URL's `?trace=1` / `?feat=`.
 * A word that cannot be sent is pointed out here; the run refuses with the same message.
 */
export function RequestOptions() {
  const o = useRequestOptions();
  const hintId = useId();
  const check = requestOptionHeaders({ trace: false, flags: o.flags });
  const problem = check.ok ? undefined : check.message;
  return (
    <div className="request-options" role="group" aria-label="Request options">
      <label title="Ask the instance to trace this request (X-Sourcegraph-Should-Trace: true)">
        <input
          type="checkbox"
          checked={o.trace}
          onChange={(e) => setRequestOptions({ trace: e.target.checked })}
        />
        Trace
      </label>
      <label className="request-options-flags">
        <span>Flags</span>
        <input
          type="text"
          aria-label="Feature flags"
          aria-describedby={hintId}
          aria-invalid={problem ? true : undefined}
          spellCheck={false}
          autoComplete="off"
          placeholder="flag, -flag-off"
          value={o.flags}
          onChange={(e) => setRequestOptions({ flags: e.target.value })}
        />
      </label>
      <span id={hintId} className={problem ? 'status-error' : 'visually-hidden'}>
        {problem ??
          'Feature flag overrides for each request, space or comma separated; -flag turns one off.'}
      </span>
    </div>
  );
}
