import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLNamedType,
} from 'graphql';
import type { BrowsableSchema } from '../../schema/index.ts';
import { useMemo, type RefObject } from 'react';
import { useDocs } from './docs-context.ts';
import { FieldList } from './field-list.tsx';
import { Deprecated, Markdown } from './markdown.tsx';
import { NamedTypeLink } from './type-link.tsx';

/** Human name of a type's kind. */
export function kindLabel(t: GraphQLNamedType): string {
  if (isObjectType(t)) return 'object';
  if (isInterfaceType(t)) return 'interface';
  if (isUnionType(t)) return 'union';
  if (isEnumType(t)) return 'enum';
  if (isInputObjectType(t)) return 'input';
  return 'scalar';
}

function implementationsOf(schema: BrowsableSchema, t: GraphQLNamedType): string[] {
  if (!isInterfaceType(t)) return [];
  const { objects, interfaces } = schema.getImplementations(t);
  return [...interfaces, ...objects].map((x) => x.name).sort();
}

function TypeList({ label, names }: { label: string; names: string[] }) {
  if (!names.length) return null;
  return (
    <section className="docs-section" aria-label={label}>
      <h4>{label}</h4>
      <ul className="docs-inline-list">
        {names.map((n) => (
          <li key={n}>
            <NamedTypeLink name={n} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A type's page: kind, description, fields (with arguments), interfaces, members, values. */
export function TypePage({
  name,
  scrollRef,
}: {
  name: string;
  scrollRef: RefObject<HTMLElement | null>;
}) {
  const { schema, showDeprecated } = useDocs();
  const t = schema.getType(name);
  const fields = useMemo(() => {
    if (!t || !(isObjectType(t) || isInterfaceType(t) || isInputObjectType(t))) return [];
    return Object.values(t.getFields());
  }, [t]);
  if (!t) return <p className="docs-empty">This schema has no type named “{name}”.</p>;
  const shown = showDeprecated ? fields : fields.filter((f) => f.deprecationReason == null);
  const hidden = fields.length - shown.length;
  const values = isEnumType(t) ? t.getValues() : [];
  const shownValues = showDeprecated ? values : values.filter((v) => v.deprecationReason == null);
  return (
    <article className="docs-page" aria-label={`Type ${t.name}`}>
      <h3>
        <span className="docs-kind">{kindLabel(t)}</span> {t.name}
      </h3>
      <Markdown text={t.description} />
      {isScalarType(t) && t.specifiedByURL && <p>Specified by {t.specifiedByURL}</p>}
      {(isObjectType(t) || isInterfaceType(t)) && (
        <TypeList label="Implements" names={t.getInterfaces().map((i) => i.name)} />
      )}
      <TypeList label="Implementations" names={implementationsOf(schema, t)} />
      {isUnionType(t) && (
        <TypeList label="Possible types" names={t.getTypes().map((x) => x.name)} />
      )}
      {fields.length > 0 && (
        <section className="docs-section">
          <h4>
            {isInputObjectType(t) ? 'Input fields' : 'Fields'} ({shown.length})
            {hidden > 0 && <span className="docs-hidden-count"> · {hidden} deprecated hidden</span>}
          </h4>
          <FieldList
            owner={t.name}
            fields={shown}
            canAdd={isObjectType(t) || isInterfaceType(t)}
            scrollRef={scrollRef}
            label={`Fields of ${t.name}`}
          />
        </section>
      )}
      {values.length > 0 && (
        <section className="docs-section" aria-label="Enum values">
          <h4>
            Values ({shownValues.length})
            {values.length > shownValues.length && (
              <span className="docs-hidden-count">
                {' '}
                · {values.length - shownValues.length} deprecated hidden
              </span>
            )}
          </h4>
          <ul className="docs-values">
            {shownValues.map((v) => (
              <li key={v.name} data-value={v.name}>
                <code>{v.name}</code>
                <Markdown text={v.description} />
                <Deprecated reason={v.deprecationReason} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
