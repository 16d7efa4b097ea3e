import type { StoredChanges } from '../workers/protocol.ts';
import { ChangeGroups } from './change-groups.tsx';

/** "What changed" since the last schema seen for this instance: breaking, dangerous, safe. */
export function ChangesView({ stored, onDismiss }: { stored: StoredChanges; onDismiss(): void }) {
  const when = new Date(stored.at).toLocaleString();
  return (
    <section className="docs-changes" aria-label="What changed">
      <h3>What changed</h3>
      <p className="docs-muted">
        Compared with the schema this browser last saw for this instance (found {when}).
      </p>
      <ChangeGroups changes={stored.changes} />
      <button type="button" onClick={onDismiss}>
        Dismiss changes
      </button>
    </section>
  );
}
