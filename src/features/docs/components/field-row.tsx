import type { GraphQLField, GraphQLInputField } from 'graphql';
import { ArgList } from './arg-list.tsx';
import { useDocs } from './docs-context.ts';
import { Deprecated, Markdown } from './markdown.tsx';
import { TypeLink } from './type-link.tsx';

type AnyField = GraphQLField<unknown, unknown> | GraphQLInputField;

/** One field of a type page: name (link to its page), arguments, type link, description. */
export function FieldRow({
  owner,
  field,
  canAdd,
}: {
  owner: string;
  field: AnyField;
  canAdd: boolean;
}) {
  const { go, showDeprecated, addField } = useDocs();
  const args = 'args' in field ? field.args : [];
  return (
    <div className="docs-field" data-field={field.name}>
      <div className="docs-field-sig">
        <button
          type="button"
          className="docs-link docs-field-name"
          onClick={() => go({ kind: 'field', type: owner, field: field.name })}
        >
          {field.name}
        </button>
        {args.length > 0 && (
          <>
            (<ArgList args={args} showDeprecated={showDeprecated} detailed={false} />)
          </>
        )}
        : <TypeLink type={field.type} via={{ type: owner, field: field.name }} />
        {canAdd && addField && (
          <button
            type="button"
            className="docs-add"
            aria-label={`Add ${owner}.${field.name} to the query`}
            title="Add to the query (required arguments become variables)"
            onClick={() => addField(owner, field.name)}
          >
            +
          </button>
        )}
      </div>
      <Markdown text={field.description} />
      <Deprecated reason={field.deprecationReason} />
    </div>
  );
}
