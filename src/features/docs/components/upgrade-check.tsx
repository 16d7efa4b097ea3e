import { useRef } from 'react';
import { useUpgradeCheck } from '../hooks/use-upgrade-check.ts';
import type { OperationFailure, OperationProblem } from '../lib/operation-check.ts';
import type { UpgradeOperation, UpgradeSources } from '../upgrade-props.ts';
import { ChangeGroups } from './change-groups.tsx';

const SOURCE: Record<UpgradeOperation['source'], string> = {
  saved: 'Saved operation',
  recipe: 'Diagnostics recipe',
  tab: 'Open tab',
};

function Problem({ problem }: { problem: OperationProblem }) {
  const { field, location, message } = problem;
  return (
    <li>
      {field && <code className="docs-upgrade-field">{field}</code>} {message}
      {location && (
        <span className="docs-muted">
          {' '}
          (line {location.line}, column {location.column})
        </span>
      )}
    </li>
  );
}

function Failure({ failure, sources }: { failure: OperationFailure; sources: UpgradeSources }) {
  const { id, name, problems, source, failedBefore } = failure;
  return (
    <li className="docs-upgrade-failure">
      <div className="docs-upgrade-head">
        <strong>{name}</strong> <span className="docs-kind">{SOURCE[source]}</span>
        <button type="button" onClick={() => sources.onOpen(id, problems[0]?.location)}>
          Open {name}
        </button>
      </div>
      <ul>
        {problems.map((p, i) => (
          <Problem key={i} problem={p} />
        ))}
      </ul>
      {failedBefore && <p className="docs-muted">It fails against the current schema too.</p>}
    </li>
  );
}

/**
 * "Upgrade check": every saved operation, Diagnostics recipe and open tab validated against a
 * schema file loaded to compare with (a release not connected to yet), with the changes from the
 * current schema to it; without a file, against the current schema.
 */
export function UpgradeCheck(props: {
  sources: UpgradeSources;
  /** The current schema's introspection response (undefined until it is in). */
  schemaJson: Blob | undefined;
}) {
  const { sources, schemaJson } = props;
  const ready = schemaJson !== undefined;
  const check = useUpgradeCheck(sources.operations, schemaJson);
  const fileRef = useRef<HTMLInputElement>(null);
  const { result, file } = check;
  const target = file ? `the schema file ${file}` : 'the current schema';
  const shown = result && result.against === (file ?? null) ? result : undefined;

  return (
    <section className="docs-upgrade" aria-label="Upgrade check">
      <h3>Upgrade check</h3>
      <p className="docs-muted">
        Every saved operation, Diagnostics recipe and open tab, validated against {target}
        {file
          ? ', with what changes from the current schema to it.'
          : '. Load the schema of the release you plan to upgrade to (SDL or introspection JSON) to check against it.'}
      </p>
      <div className="docs-actions" role="group" aria-label="Upgrade check actions">
        <button type="button" onClick={() => fileRef.current?.click()} disabled={check.readingFile}>
          Load schema file to compare
        </button>
        <input
          ref={fileRef}
          type="file"
          accept=".graphql,.graphqls,.gql,.json,application/json,text/plain"
          aria-label="Schema file to compare"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void check.loadFile(f);
          }}
        />
        {file && (
          <button type="button" onClick={check.forgetFile}>
            Compare with the current schema
          </button>
        )}
        <button type="button" onClick={check.recheck} disabled={!ready || check.checking}>
          Check again
        </button>
      </div>
      <div aria-live="polite" className="docs-status">
        {check.readingFile && <p className="docs-muted">Reading the schema file…</p>}
        {(check.checking || !ready) && <p className="docs-muted">Checking the operations…</p>}
      </div>
      {check.fileError && (
        <p role="alert" className="docs-error">
          {check.fileError}
        </p>
      )}
      {check.error && (
        <p role="alert" className="docs-error">
          {check.error}
        </p>
      )}
      {shown?.changes &&
        (shown.changes.length ? (
          <section aria-label={`Changes in ${file}`}>
            <h4>Changes from the current schema to {file}</h4>
            <ChangeGroups changes={shown.changes} />
          </section>
        ) : (
          <p>{file} has the same schema as the current one.</p>
        ))}
      {shown && (
        <section aria-label="Failing operations">
          <h4>
            Failing operations ({shown.failures.length} of {shown.checked})
          </h4>
          {shown.failures.length === 0 ? (
            <p>
              {shown.checked
                ? `All ${shown.checked} operations validate against ${target}.`
                : 'There are no operations to check.'}
            </p>
          ) : (
            <ul className="docs-upgrade-failures">
              {shown.failures.map((f) => (
                <Failure key={f.id} failure={f} sources={sources} />
              ))}
            </ul>
          )}
        </section>
      )}
    </section>
  );
}
