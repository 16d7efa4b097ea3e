import type { ChangeSeverity, SchemaChange } from '../lib/schema-changes.ts';
import type { StoredChanges } from '../workers/protocol.ts';
import { useDocs } from './docs-context.ts';

const GROUPS: { severity: ChangeSeverity; title: string; hint: string }[] = [
  { severity: 'breaking', title: 'Breaking', hint: 'Queries using these may now fail.' },
  {
    severity: 'dangerous',
    title: 'Dangerous',
    hint: 'Queries keep working but results may differ.',
  },
  { severity: 'safe', title: 'Safe', hint: 'Additions and new deprecations.' },
];

function ChangeItem({ change }: { change: SchemaChange }) {
  const { go, schema } = useDocs();
  const exists = change.type ? Boolean(schema.getType(change.type)) : false;
  return (
    <li className={`docs-change docs-change-${change.severity}`}>
      <span>{change.description}</span>{' '}
      {change.type && exists && (
        <button
          type="button"
          className="docs-link"
          onClick={() =>
            go(
              change.field && change.kind !== 'FIELD_REMOVED'
                ? { kind: 'field', type: change.type!, field: change.field }
                : { kind: 'type', type: change.type! },
            )
          }
        >
          Open {change.type}
        </button>
      )}
    </li>
  );
}

/** "What changed" since the last schema seen for this instance: breaking, dangerous, safe. */
export function ChangesView({ stored, onDismiss }: { stored: StoredChanges; onDismiss(): void }) {
  const when = new Date(stored.at).toLocaleString();
  return (
    <section className="docs-changes" aria-label="What changed">
      <h3>What changed</h3>
      <p className="docs-muted">
        Compared with the schema this browser last saw for this instance (found {when}).
      </p>
      {GROUPS.map((g) => {
        const items = stored.changes.filter((c) => c.severity === g.severity);
        if (!items.length) return null;
        return (
          <section key={g.severity} aria-label={`${g.title} changes`}>
            <h4>
              {g.title} ({items.length})
            </h4>
            <p className="docs-muted">{g.hint}</p>
            <ul>
              {items.map((c, i) => (
                <ChangeItem key={i} change={c} />
              ))}
            </ul>
          </section>
        );
      })}
      <button type="button" onClick={onDismiss}>
        Dismiss changes
      </button>
    </section>
  );
}
