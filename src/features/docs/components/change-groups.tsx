import { isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import type { ChangeSeverity, SchemaChange } from '../lib/schema-changes.ts';
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
  const t = change.type ? schema.getType(change.type) : undefined;
  // The Docs browse the current schema: a field page only where the field is there.
  const hasField =
    change.field !== undefined &&
    (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) &&
    change.field in t.getFields();
  return (
    <li className={`docs-change docs-change-${change.severity}`}>
      <span>{change.description}</span>{' '}
      {t && (
        <button
          type="button"
          className="docs-link"
          onClick={() =>
            go(
              hasField
                ? { kind: 'field', type: t.name, field: change.field! }
                : { kind: 'type', type: t.name },
            )
          }
        >
          Open {t.name}
        </button>
      )}
    </li>
  );
}

/** Schema changes in regions "Breaking changes", "Dangerous changes", "Safe changes". */
export function ChangeGroups({ changes }: { changes: readonly SchemaChange[] }) {
  return GROUPS.map((g) => {
    const items = changes.filter((c) => c.severity === g.severity);
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
  });
}
