import { getNamedType, type GraphQLType } from 'graphql';

/** A type reference split around its named type: `[Repository!]!` → `[`, `Repository`, `!]!`. */
export function typeParts(type: GraphQLType): { prefix: string; name: string; suffix: string } {
  const text = String(type);
  const name = getNamedType(type).name;
  const at = text.indexOf(name); // the prefix holds only '[' characters
  return { prefix: text.slice(0, at), name, suffix: text.slice(at + name.length) };
}
