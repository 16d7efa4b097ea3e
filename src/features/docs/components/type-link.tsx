import type { GraphQLType } from 'graphql';
import { typeParts } from '../lib/type-ref.ts';
import { useDocs } from './docs-context.ts';

/** A type reference with its wrappers (`[Repository!]!`); the named type is a link to its page. */
export function TypeLink({
  type,
  via,
}: {
  type: GraphQLType;
  via?: { type: string; field: string };
}) {
  const { go } = useDocs();
  const { prefix, name, suffix } = typeParts(type);
  return (
    <span className="docs-typeref">
      {prefix}
      <button
        type="button"
        className="docs-link docs-type"
        onClick={() => go({ kind: 'type', type: name, via })}
      >
        {name}
      </button>
      {suffix}
    </span>
  );
}

/** A link to a named type's page. */
export function NamedTypeLink({ name }: { name: string }) {
  const { go } = useDocs();
  return (
    <button
      type="button"
      className="docs-link docs-type"
      onClick={() => go({ kind: 'type', type: name })}
    >
      {name}
    </button>
  );
}
