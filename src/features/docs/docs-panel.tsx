import { useEffect, useRef, useState } from 'react';
import { useSchema } from '../connection/schema.ts';
import { onDocsSearch, onDocsTarget, type DocsRef } from './docs-nav.ts';

/** The console's query bridge (contract §3); structurally the same as console/query-bridge.ts. */
export interface DocsQueryBridge {
  getQuery(): string;
  replaceQuery(text: string): void;
  mergeVariables(vars: Record<string, unknown>): void;
  focusQuery(): void;
}

/** The schema Docs panel (minimal first version). */
export function DocsPanel(_props: { bridge: DocsQueryBridge }) {
  const { schema, status, error } = useSchema();
  const [ref, setRef] = useState<DocsRef | undefined>();
  const [q, setQ] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => onDocsTarget(setRef), []);
  useEffect(() => onDocsSearch(() => searchRef.current?.focus()), []);
  const typeName = ref?.type ?? schema?.getQueryType()?.name;
  return (
    <aside aria-label="Docs" className="docs-panel">
      <input
        ref={searchRef}
        type="search"
        aria-label="Search schema"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {status === 'loading' && <p>Loading schema…</p>}
      {error && <p role="alert">{error}</p>}
      {schema && typeName && <h2>{typeName}</h2>}
    </aside>
  );
}

export default DocsPanel;
