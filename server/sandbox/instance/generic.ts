/**
 * Serving any SDL (`SANDBOX_SCHEMA`): builds the schema tolerantly (real-world files such as
 * GitHub's define a field twice) and fabricates deterministic values by type for every field.
 */
import {
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  buildSchema,
  isAbstractType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { hash, prng } from './data.ts';

/** Largest list the generic resolver fabricates, whatever `first`/`last` asks for. */
const MAX_LIST = 100;
const DEFAULT_LIST = 3;

/** Builds a schema from SDL without rejecting duplicate definitions or other SDL quirks. */
export function buildTolerantSchema(sdl: string): GraphQLSchema {
  const schema = buildSchema(sdl, { assumeValidSDL: true, assumeValid: true });
  if (!schema.getQueryType())
    throw new Error('the SDL defines no Query type (schema { query: … })');
  return schema;
}

interface Fabricated {
  __typename?: string;
  __seed: string;
  /** `first`/`last` of the field that produced this object: its list fields (`nodes`) honour it. */
  __limit?: number;
}

function scalarValue(
  type: GraphQLScalarType | GraphQLEnumType,
  seed: string,
  field: string,
): unknown {
  const rand = prng(hash(seed));
  if (type instanceof GraphQLEnumType) {
    const values = type.getValues();
    const picked = values[Math.floor(rand() * values.length)];
    return picked ? picked.value : null;
  }
  const name = type.name;
  const n = Math.floor(rand() * 1000);
  switch (name) {
    case 'ID':
      return Buffer.from(`${field}:${hash(seed)}`).toString('base64');
    case 'Int':
      return n;
    case 'Float':
      return Math.round(rand() * 100000) / 100;
    case 'Boolean':
      return rand() < 0.5;
    case 'String':
      return `${field} ${n}`;
  }
  const lower = name.toLowerCase();
  if (lower.includes('date') || lower.includes('time'))
    return new Date(Date.UTC(2020, 0, 1) + Math.floor(rand() * 5 * 365) * 86_400_000).toISOString();
  if (lower.includes('uri') || lower.includes('url')) return `https://example.com/${field}/${n}`;
  if (lower.includes('html')) return `<p>${field} ${n}</p>`;
  if (lower.includes('objectid') || lower.includes('oid') || lower.includes('sha'))
    return Array.from({ length: 40 }, () => Math.floor(rand() * 16).toString(16)).join('');
  if (lower.includes('json')) return {};
  if (lower.includes('int') || lower.includes('count')) return n;
  return `${name} ${n}`;
}

function fabricate(
  type: GraphQLOutputType,
  seed: string,
  field: string,
  limit: number | undefined,
  schema: GraphQLSchema,
): unknown {
  if (type instanceof GraphQLNonNull) return fabricate(type.ofType, seed, field, limit, schema);
  if (type instanceof GraphQLList) {
    const n = Math.max(0, Math.min(MAX_LIST, limit ?? DEFAULT_LIST));
    return Array.from({ length: n }, (_, i) =>
      fabricate(type.ofType, `${seed}.${i}`, field, undefined, schema),
    );
  }
  if (type instanceof GraphQLScalarType || type instanceof GraphQLEnumType)
    return scalarValue(type, seed, field);
  if (isAbstractType(type)) {
    const possible = schema.getPossibleTypes(type);
    const pickType = possible[hash(seed) % possible.length];
    if (!pickType) return null;
    return { __typename: pickType.name, __seed: seed, __limit: limit } satisfies Fabricated;
  }
  if (isObjectType(type)) return { __seed: seed, __limit: limit } satisfies Fabricated;
  return null;
}

/** The field resolver for generic schemas: deterministic values from the field's path. */
export function createGenericResolver(
  schema: GraphQLSchema,
): GraphQLFieldResolver<unknown, unknown> {
  return (source, args, _ctx, info) => {
    const parent = (source ?? { __seed: '' }) as Fabricated;
    const seed = `${parent.__seed}/${info.fieldName}:${JSON.stringify(args)}`;
    const own =
      typeof args.first === 'number'
        ? args.first
        : typeof args.last === 'number'
          ? args.last
          : undefined;
    // A list field without first/last (a connection's `nodes`) takes its parent's.
    return fabricate(info.returnType, seed, info.fieldName, own ?? parent.__limit, schema);
  };
}
