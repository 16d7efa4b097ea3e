import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { searchIndex } from '../hooks/use-docs-index.ts';
import type { DocsLocation } from '../lib/locations.ts';
import type { SearchHit } from '../lib/search-index.ts';

const KIND_LABEL: Record<SearchHit['kind'], string> = {
  type: 'type',
  field: 'field',
  'input-field': 'input field',
  argument: 'argument',
  'enum-value': 'enum value',
};

/** Where a hit opens in the panel. */
function hitLocation(h: SearchHit): DocsLocation {
  if (h.kind === 'type' || h.kind === 'enum-value') return { kind: 'type', type: h.type };
  return { kind: 'field', type: h.type, field: h.field!, arg: h.arg };
}

function hitLabel(h: SearchHit): string {
  if (h.kind === 'type') return h.name;
  if (h.kind === 'argument') return `${h.type}.${h.field}(${h.name}:)`;
  return `${h.type}.${h.name}`;
}

/** "Search schema": results as you type from the worker's index, keyboard navigable. */
export function DocsSearch(props: {
  query: string;
  onQuery(q: string): void;
  ready: boolean;
  /** Why search cannot work (worker failure), shown instead of results. */
  error?: string;
  onPick(loc: DocsLocation): void;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { query, onQuery, ready, error, onPick, inputRef } = props;
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [active, setActive] = useState(0);
  const latest = useRef(0);
  const listId = useId();

  useEffect(() => {
    const ticket = ++latest.current;
    if (!query.trim() || !ready) return;
    void searchIndex(query, 50).then((r) => {
      if (ticket !== latest.current) return; // a newer keystroke won
      setHits(r.hits);
      setActive(0);
    });
  }, [query, ready]);

  const shown = query.trim() ? hits : [];
  const pick = (h: SearchHit | undefined) => h && onPick(hitLocation(h));
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'ArrowDown' && shown.length) {
      e.preventDefault();
      setActive((a) => Math.min(a + 1, shown.length - 1));
    } else if (e.key === 'ArrowUp' && shown.length) {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(shown[active]);
    } else if (e.key === 'Escape' && query) {
      e.preventDefault();
      onQuery('');
    }
  };

  return (
    <div className="docs-search">
      <input
        ref={inputRef}
        type="search"
        aria-label="Search schema"
        placeholder="Search schema (Shift-Ctrl-D)"
        value={query}
        aria-controls={query.trim() ? listId : undefined}
        aria-activedescendant={shown.length ? `${listId}-${active}` : undefined}
        onChange={(e) => onQuery(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {query.trim() && (
        <div className="docs-results">
          {error ? (
            <p role="alert" className="docs-error">
              {error}
            </p>
          ) : (
            !ready && <p className="docs-muted">Indexing the schema…</p>
          )}
          {ready && shown.length === 0 && (
            <p className="docs-muted">No match for “{query.trim()}”.</p>
          )}
          <ul
            role="listbox"
            id={listId}
            aria-label="Search results"
            tabIndex={shown.length ? 0 : -1}
            aria-activedescendant={shown.length ? `${listId}-${active}` : undefined}
            onKeyDown={onKeyDown}
          >
            {shown.map((h, i) => (
              <li
                key={`${h.kind}:${h.type}.${h.field ?? ''}.${h.arg ?? ''}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? 'docs-hit docs-hit-active' : 'docs-hit'}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(h)}
                ref={
                  i === active
                    ? (el) => {
                        el?.scrollIntoView({ block: 'nearest' });
                      }
                    : undefined
                }
              >
                <span className="docs-hit-name">{hitLabel(h)}</span>{' '}
                <span className="docs-kind">{KIND_LABEL[h.kind]}</span>
                {h.deprecated && <span className="docs-kind"> deprecated</span>}
                {h.summary && <span className="docs-hit-summary">{h.summary}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
