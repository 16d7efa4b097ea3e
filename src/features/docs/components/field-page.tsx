import { isInputObjectType, isInterfaceType, isObjectType } from 'graphql';
import { useEffect } from 'react';
import { ArgList } from './arg-list.tsx';
import { useDocs } from './docs-context.ts';
import { Deprecated, Markdown } from './markdown.tsx';
import { NamedTypeLink, TypeLink } from './type-link.tsx';

/** A field's page: signature, description, arguments with defaults, deprecation, "Add to query". */
export function FieldPage({ type, field, arg }: { type: string; field: string; arg?: string }) {
  const { schema, showDeprecated, addField } = useDocs();
  const owner = schema.getType(type);
  const f =
    owner && (isObjectType(owner) || isInterfaceType(owner) || isInputObjectType(owner))
      ? owner.getFields()[field]
      : undefined;
  useEffect(() => {
    if (arg)
      document
        .querySelector(`.docs-page [data-arg="${CSS.escape(arg)}"]`)
        ?.scrollIntoView({ block: 'center' });
  }, [arg]);
  if (!f)
    return (
      <p className="docs-empty">
        “{type}” has no field named “{field}”.
      </p>
    );
  const args = 'args' in f ? f.args : [];
  const canAdd = Boolean(addField) && owner && (isObjectType(owner) || isInterfaceType(owner));
  return (
    <article className="docs-page" aria-label={`Field ${type}.${field}`}>
      <h3>
        <NamedTypeLink name={type} />.{f.name}
      </h3>
      <p className="docs-field-type">
        Type: <TypeLink type={f.type} via={{ type, field }} />
      </p>
      <Markdown text={f.description} />
      <Deprecated reason={f.deprecationReason} />
      {args.length > 0 && (
        <section className="docs-section">
          <h4>Arguments</h4>
          <ArgList
            args={args}
            showDeprecated={showDeprecated || Boolean(arg)}
            detailed
            highlight={arg}
          />
        </section>
      )}
      {canAdd && (
        <button type="button" onClick={() => addField?.(type, field)}>
          Add to query
        </button>
      )}
    </article>
  );
}
