import { useMemo, useState, type RefObject } from 'react';
import { useDocs } from './docs-context.ts';
import { Markdown } from './markdown.tsx';
import { NamedTypeLink } from './type-link.tsx';
import { kindLabel, TypePage } from './type-page.tsx';

/** The Docs start page: root types first, the Query type's fields, then every type on demand. */
export function HomePage({ scrollRef }: { scrollRef: RefObject<HTMLElement | null> }) {
  const { schema } = useDocs();
  const [allOpen, setAllOpen] = useState(false);
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const;
  const typeMap = schema.getTypeMap();
  const count = useMemo(
    () => Object.keys(typeMap).filter((name) => !name.startsWith('__')).length,
    [typeMap],
  );
  // Sorting ~1,600 names (GitHub) costs tens of ms: only once the list is opened.
  const all = useMemo(
    () =>
      allOpen
        ? Object.values(typeMap)
            .filter((t) => !t.name.startsWith('__'))
            .sort((a, b) => a.name.localeCompare(b.name))
        : [],
    [typeMap, allOpen],
  );
  const query = schema.getQueryType();
  return (
    <div className="docs-home">
      <Markdown text={schema.description} />
      <section className="docs-section" aria-label="Root types">
        <h4>Root types</h4>
        <ul className="docs-roots">
          {roots.map(([op, t]) =>
            t ? (
              <li key={op}>
                <span className="docs-kind">{op}</span>: <NamedTypeLink name={t.name} />
              </li>
            ) : null,
          )}
        </ul>
      </section>
      <details
        className="docs-section"
        onToggle={(e) => setAllOpen((e.target as HTMLDetailsElement).open)}
      >
        <summary>All types ({count})</summary>
        {allOpen && (
          <ul className="docs-all-types">
            {all.map((t) => (
              <li key={t.name}>
                <NamedTypeLink name={t.name} /> <span className="docs-kind">{kindLabel(t)}</span>
              </li>
            ))}
          </ul>
        )}
      </details>
      {query && <TypePage name={query.name} scrollRef={scrollRef} />}
    </div>
  );
}
