import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { readJson, writeJson } from '../../shared/lib/storage.ts';
import { whenIdle } from '../../shared/lib/schedule.ts';
import { useSchema } from '../schema/index.ts';
import type { DocsPanelProps } from './docs-props.ts';
import { ChangesView } from './components/changes-view.tsx';
import { DocsContext, type DocsContextValue } from './components/docs-context.ts';
import { DocsNavBar } from './components/docs-nav-bar.tsx';
import { DocsSearch } from './components/docs-search.tsx';
import { FieldPage } from './components/field-page.tsx';
import { HomePage } from './components/home-page.tsx';
import { SchemaBar } from './components/schema-bar.tsx';
import { TypePage } from './components/type-page.tsx';
import { UpgradeCheck } from './components/upgrade-check.tsx';
import { dismissChanges, useDocsIndex } from './hooks/use-docs-index.ts';
import { useDocsHistory } from './hooks/use-docs-history.ts';
import { useDocsRequest } from './hooks/use-docs-request.ts';
import { addFieldToQuery } from './lib/add-field.ts';
import { warmMarkdown } from './lib/markdown.ts';
import { pathForField, type DocsLocation } from './lib/locations.ts';
import './docs.css';

const DEPRECATED_KEY = 'docs-show-deprecated';

/** The schema Docs panel: search, type pages, "What changed", the upgrade check, "Add to query". */
function DocsPanel({ bridge, request, onRequestDone, onClose, upgrade }: DocsPanelProps) {
  const state = useSchema();
  // The types are there before the whole schema is built (the editor waits for that, not Docs).
  const schema = state.types;
  const index = useDocsIndex(
    state.json,
    state.source === 'file' ? undefined : state.baseUrl || undefined,
  );
  const nav = useDocsHistory();
  const { push, trail } = nav;
  const [query, setQuery] = useState('');
  const [showDeprecated, setShowDeprecated] = useState(() => readJson(DEPRECATED_KEY, false));
  const [message, setMessage] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);

  const go = useCallback(
    (loc: DocsLocation) => {
      setQuery('');
      setMessage(undefined);
      push(loc);
    },
    [push],
  );
  useDocsRequest(request, onRequestDone, {
    show: (ref) =>
      go(
        ref.field
          ? { kind: 'field', type: ref.type, field: ref.field, arg: ref.arg }
          : { kind: 'type', type: ref.type },
      ),
    focusSearch: () => {
      inputRef.current?.focus();
      inputRef.current?.select();
    },
  });
  useEffect(() => {
    // While the schema loads, in idle time: its first Markdown description then renders sooner.
    return whenIdle(warmMarkdown, 1000);
  }, []);
  const cur = nav.current;
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [cur]);
  useEffect(() => {
    if (schema) performance.mark('docs:rendered');
  }, [schema]);

  const addField = useCallback(
    (type: string, field: string) => {
      if (!schema) return;
      const path = pathForField(schema, trail, type, field);
      if (!path)
        return setMessage(
          `${type}.${field} cannot be reached from a root type, so it cannot be added.`,
        );
      // Read and rewritten when the rewrite can be undone (in the first moments, a little later).
      bridge.whenUndoable(() => {
        const r = addFieldToQuery(schema, bridge.getQuery(), path);
        if (!r.ok) return setMessage(r.message);
        if (r.changed) bridge.replaceQuery(r.query);
        const vars = Object.keys(r.variables);
        if (vars.length) bridge.mergeVariables(r.variables);
        setMessage(
          vars.length
            ? `${r.message} Variables to fill in: ${vars.map((v) => `$${v}`).join(', ')}.`
            : r.message,
        );
      });
    },
    [schema, trail, bridge],
  );

  const ctx = useMemo<DocsContextValue | null>(
    () => (schema ? { schema, showDeprecated, go, addField } : null),
    [schema, showDeprecated, go, addField],
  );
  const changes = index.changes && index.baseUrl === state.baseUrl ? index.changes : null;

  return (
    <aside aria-label="Docs" className="docs-panel">
      <div className="docs-head">
        <DocsSearch
          query={query}
          onQuery={setQuery}
          ready={index.ready}
          error={index.error}
          onPick={go}
          inputRef={inputRef}
        />
        <button type="button" className="docs-close" aria-label="Close Docs" onClick={onClose}>
          ×
        </button>
      </div>
      <DocsNavBar
        trail={trail}
        canForward={nav.canForward}
        onBack={nav.back}
        onForward={nav.goForward}
        onGoTo={nav.goTo}
      />
      <SchemaBar state={state} />
      <div className="docs-options">
        <label>
          <input
            type="checkbox"
            checked={showDeprecated}
            onChange={(e) => {
              setShowDeprecated(e.target.checked);
              writeJson(DEPRECATED_KEY, e.target.checked);
            }}
          />{' '}
          Show deprecated
        </label>
        {changes && changes.changes.length > 0 && (
          <button
            type="button"
            className="docs-changes-button"
            onClick={() => go({ kind: 'changes' })}
          >
            What changed ({changes.changes.length})
          </button>
        )}
        {schema && (
          <button
            type="button"
            className="docs-changes-button"
            onClick={() => go({ kind: 'changes' })}
          >
            Upgrade check
          </button>
        )}
      </div>
      {message && (
        <p className="docs-message" role="status">
          {message}
        </p>
      )}
      <div className="docs-body" ref={scrollRef}>
        {ctx && (
          <DocsContext.Provider value={ctx}>
            {query.trim() ? null : cur.kind === 'type' ? (
              <TypePage key={cur.type} name={cur.type} scrollRef={scrollRef} />
            ) : cur.kind === 'field' ? (
              <FieldPage type={cur.type} field={cur.field} arg={cur.arg} />
            ) : cur.kind === 'changes' ? (
              <>
                {changes ? (
                  <ChangesView
                    stored={changes}
                    onDismiss={() => (dismissChanges(state.baseUrl), nav.back())}
                  />
                ) : (
                  <p className="docs-muted">
                    No changes since the last schema seen for this instance.
                  </p>
                )}
                <UpgradeCheck sources={upgrade} schemaJson={state.json} />
              </>
            ) : (
              <HomePage scrollRef={scrollRef} />
            )}
          </DocsContext.Provider>
        )}
      </div>
    </aside>
  );
}

export default DocsPanel;
