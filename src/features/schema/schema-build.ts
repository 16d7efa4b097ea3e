/**
 * Builds a `GraphQLSchema` from an introspection result in slices of main-thread time, so that
 * a big schema such as GitHub's (`buildClientSchema` builds every type in one long task) never
 * blocks the page for long. Two stages:
 *
 * 1. `browseSchema`: create every named type from its entry (`SchemaPayload`, cut and checked
 *    by the schema worker) with its fields still unbuilt: a type's definition is parsed from its
 *    span of the answer's text when graphql-js builds its fields on the first `getFields()`.
 *    What Docs needs (`BrowsableSchema`) is usable from here on, having parsed only Query's
 *    definition.
 * 2. `complete`: build every type's fields in slices, then the `GraphQLSchema` itself (whose
 *    constructor then finds everything built) for the editor's completion and lint.
 *
 * The type construction follows graphql-js `src/utilities/buildClientSchema.ts` (MIT licence,
 * Copyright (c) GraphQL Contributors), with the same checks and messages; the unit test proves
 * the result prints the same SDL as `buildClientSchema`.
 */
import {
  GraphQLDirective,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLUnionType,
  assertInterfaceType,
  assertNullableType,
  assertObjectType,
  introspectionTypes,
  isInputType,
  isInterfaceType,
  isObjectType,
  isOutputType,
  isUnionType,
  isInputObjectType,
  isEnumType,
  parseValue,
  specifiedScalarTypes,
  valueFromAST,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLNamedType,
  type GraphQLType,
  type IntrospectionDirective,
  type IntrospectionEnumValue,
  type IntrospectionField,
  type IntrospectionInputValue,
  type IntrospectionNamedTypeRef,
  type IntrospectionSchema,
  type IntrospectionTypeRef,
} from 'graphql';
import {
  definitionJson,
  describeValue as describe,
  INCOMPLETE,
  unknownTypeMessage,
  type SchemaPayload,
  type TypeEntry,
} from './schema-payload.ts';

/**
 * What Docs reads from a schema: types by name, the root types, implementations. A
 * `GraphQLSchema` is one; so is the schema under construction once `browseSchema` resolves.
 */
export type BrowsableSchema = Pick<
  GraphQLSchema,
  | 'description'
  | 'getQueryType'
  | 'getMutationType'
  | 'getSubscriptionType'
  | 'getType'
  | 'getTypeMap'
  | 'getImplementations'
  | 'getPossibleTypes'
>;

/**
 * The schema once its types exist; `complete` builds the rest and the `GraphQLSchema`, giving
 * the page its turns at background priority (rendering and input go first).
 */
export interface SchemaUnderConstruction extends BrowsableSchema {
  complete(pace?: Pace): Promise<GraphQLSchema>;
}

/** Gives the page a turn between slices; resolves when this code may run again. */
export type Pace = () => Promise<void>;

/** Main-thread time one slice may take before the page gets a turn (ms). */
const SLICE_MS = 10;

interface SchemaHead {
  description?: string | null;
  queryType: IntrospectionNamedTypeRef | null;
  mutationType?: IntrospectionNamedTypeRef | null;
  subscriptionType?: IntrospectionNamedTypeRef | null;
  directives?: readonly IntrospectionDirective[];
}

type SchemaHeadJson = Omit<IntrospectionSchema, 'types'>;

/** A type's definition as parsed from its JSON: whichever parts its kind has. */
interface LooseDefinition {
  kind?: string;
  specifiedByURL?: string | null;
  fields?: readonly IntrospectionField[];
  interfaces?: readonly IntrospectionNamedTypeRef[] | null;
  possibleTypes?: readonly IntrospectionNamedTypeRef[];
  enumValues?: readonly IntrospectionEnumValue[];
  inputFields?: readonly IntrospectionInputValue[];
}

interface Scheduler {
  /** Resolves at once while the slice has time left, else after the page's turn. */
  maybeYield(): Promise<void>;
}

function scheduler(pace: Pace): Scheduler {
  let sliceStart = performance.now();
  return {
    async maybeYield() {
      if (performance.now() - sliceStart < SLICE_MS) return;
      await pace();
      sliceStart = performance.now();
    },
  };
}

type SchedulerLike = { yield?: () => Promise<void> };

/**
 * The page's turn, for the types Docs wait for: `scheduler.yield()` where Chromium has it (the
 * continuation keeps its priority), else a message-channel task (no 4 ms clamp as nested
 * `setTimeout`s get).
 */
function yieldToPage(): Promise<void> {
  const s = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof s?.yield === 'function') return s.yield();
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

type PostTask = (task: () => void, options: { priority: 'background' }) => Promise<void>;

/**
 * A turn for everything else first: `scheduler.postTask` at background priority where the
 * browser has it, else a timer.
 */
function yieldInBackground(): Promise<void> {
  const s = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof s?.postTask === 'function') return s.postTask(() => {}, { priority: 'background' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** No definition is read once every type is built (`complete` let go of the text). */
function builtAlready(): never {
  throw new Error('A type definition was read after the schema was built.');
}

/**
 * The `extensions` of every type, field, argument and value built here: an introspection
 * result has none, and graphql-js would give each its own empty map (a dictionary-mode object,
 * one per field and argument: a big schema's largest overhead) unless handed one without a
 * prototype, which it keeps as is. Frozen, as it is shared.
 */
const NO_EXTENSIONS: Readonly<Record<string, never>> = Object.freeze(
  Object.create(null) as Record<string, never>,
);

const STANDARD_TYPES = new Map<string, GraphQLNamedType>(
  [...specifiedScalarTypes, ...introspectionTypes].map((t) => [t.name, t]),
);

/**
 * Stage 1: creates every named type from its entry, a slice at a time. Throws (as
 * `buildClientSchema` does) on an introspection result that names a type it does not define.
 */
export async function browseSchema(
  payload: Pick<SchemaPayload, 'head' | 'types' | 'problem' | 'text' | 'spans' | 'defs'>,
  pace: Pace = yieldToPage,
): Promise<SchemaUnderConstruction> {
  const slices = scheduler(pace);
  if (payload.problem) throw new Error(payload.problem);
  const head = JSON.parse(payload.head) as SchemaHeadJson as SchemaHead;
  /**
   * Where the definitions are read from: the answer's text (3 MB for GitHub's), let go once
   * `complete` has built every type. Closures below use this, never `payload`, which would keep
   * the text as long as the schema lives.
   */
  let definitions: Pick<SchemaPayload, 'text' | 'spans' | 'defs'> | undefined = {
    text: payload.text,
    spans: payload.spans,
    defs: payload.defs,
  };

  const typeMap: Record<string, GraphQLNamedType> = Object.create(null) as Record<
    string,
    GraphQLNamedType
  >;

  function getNamedType(ref: IntrospectionNamedTypeRef): GraphQLNamedType {
    const type = typeMap[ref.name];
    if (!type) throw new Error(unknownTypeMessage(ref.name));
    return type;
  }

  function getType(ref: IntrospectionTypeRef): GraphQLType {
    if (ref.kind === 'LIST') {
      if (!ref.ofType) throw new Error('Decorated type deeper than introspection query.');
      return new GraphQLList(getType(ref.ofType));
    }
    if (ref.kind === 'NON_NULL') {
      if (!ref.ofType) throw new Error('Decorated type deeper than introspection query.');
      return new GraphQLNonNull(assertNullableType(getType(ref.ofType)));
    }
    return getNamedType(ref as IntrospectionNamedTypeRef);
  }

  function inputValues(list: readonly IntrospectionInputValue[]) {
    const map: GraphQLFieldConfigArgumentMap & GraphQLInputFieldConfigMap = {};
    for (const v of list) {
      const type = getType(v.type);
      if (!isInputType(type))
        throw new Error(
          `Introspection must provide input type for arguments, but received: ${String(type)}.`,
        );
      map[v.name] = {
        description: v.description,
        extensions: NO_EXTENSIONS,
        type,
        defaultValue:
          v.defaultValue != null ? valueFromAST(parseValue(v.defaultValue), type) : undefined,
        deprecationReason: v.deprecationReason,
      };
    }
    return map;
  }

  function fieldMap(def: { fields?: readonly IntrospectionField[] }) {
    if (!def.fields) throw new Error(`Introspection result missing fields: ${describe(def)}.`);
    const map: GraphQLFieldConfigMap<unknown, unknown> = {};
    for (const f of def.fields) {
      const type = getType(f.type);
      if (!isOutputType(type))
        throw new Error(
          `Introspection must provide output type for fields, but received: ${String(type)}.`,
        );
      if (!f.args) throw new Error(`Introspection result missing field args: ${describe(f)}.`);
      map[f.name] = {
        description: f.description,
        extensions: NO_EXTENSIONS,
        deprecationReason: f.deprecationReason,
        type,
        args: inputValues(f.args),
      };
    }
    return map;
  }

  function interfacesOf(def: LooseDefinition) {
    if (def.interfaces === null && def.kind === 'INTERFACE') return [];
    if (!def.interfaces)
      throw new Error(`Introspection result missing interfaces: ${describe(def)}.`);
    return def.interfaces.map((r) => assertInterfaceType(getNamedType(r)));
  }

  function buildType(entry: TypeEntry, index: number): GraphQLNamedType {
    const { name, description } = entry;
    let parsed: LooseDefinition | undefined;
    /** The type's whole definition, parsed once, when first needed. */
    const def = (): LooseDefinition =>
      (parsed ??= JSON.parse(
        definitionJson(definitions ?? builtAlready(), index),
      ) as LooseDefinition);
    switch (entry.kind) {
      case 'SCALAR': {
        return new GraphQLScalarType({
          name,
          description,
          extensions: NO_EXTENSIONS,
          specifiedByURL: def().specifiedByURL,
        });
      }
      case 'OBJECT':
        return new GraphQLObjectType({
          name,
          description,
          extensions: NO_EXTENSIONS,
          interfaces: () => interfacesOf(def()),
          fields: () => fieldMap(def()),
        });
      case 'INTERFACE':
        return new GraphQLInterfaceType({
          name,
          description,
          extensions: NO_EXTENSIONS,
          interfaces: () => interfacesOf(def()),
          fields: () => fieldMap(def()),
        });
      case 'UNION': {
        const { possibleTypes } = def();
        if (!possibleTypes)
          throw new Error(`Introspection result missing possibleTypes: ${describe(def())}.`);
        return new GraphQLUnionType({
          name,
          description,
          extensions: NO_EXTENSIONS,
          types: () => possibleTypes.map((r) => assertObjectType(getNamedType(r))),
        });
      }
      case 'ENUM':
        return new GraphQLEnumType({
          name,
          description,
          extensions: NO_EXTENSIONS,
          values: () => {
            const { enumValues } = def();
            if (!enumValues)
              throw new Error(`Introspection result missing enumValues: ${describe(def())}.`);
            const values: Record<
              string,
              {
                description?: string | null;
                deprecationReason?: string | null;
                extensions: typeof NO_EXTENSIONS;
              }
            > = {};
            for (const v of enumValues)
              values[v.name] = {
                description: v.description,
                extensions: NO_EXTENSIONS,
                deprecationReason: v.deprecationReason,
              };
            return values;
          },
        });
      case 'INPUT_OBJECT':
        return new GraphQLInputObjectType({
          name,
          description,
          extensions: NO_EXTENSIONS,
          fields: () => {
            const { inputFields } = def();
            if (!inputFields)
              throw new Error(`Introspection result missing inputFields: ${describe(def())}.`);
            return inputValues(inputFields);
          },
          isOneOf: entry.isOneOf,
        });
      default:
        throw new Error(`${INCOMPLETE}: ${describe(def())}.`);
    }
  }

  for (const [index, entry] of payload.types.entries()) {
    await slices.maybeYield();
    typeMap[entry.name] = STANDARD_TYPES.get(entry.name) ?? buildType(entry, index);
  }

  const root = (ref: IntrospectionNamedTypeRef | null | undefined) =>
    ref ? assertObjectType(getNamedType(ref)) : null;
  const query = root(head.queryType);
  const mutation = root(head.mutationType);
  const subscription = root(head.subscriptionType);
  // The page Docs opens on (Query): built now, so a bad definition there fails the load, not a
  // render.
  query?.getFields();

  let implementations: Map<
    string,
    { objects: GraphQLObjectType[]; interfaces: GraphQLInterfaceType[] }
  >;
  function implementationsOf(t: GraphQLInterfaceType) {
    if (!implementations) {
      implementations = new Map();
      for (const candidate of Object.values(typeMap)) {
        if (!isObjectType(candidate) && !isInterfaceType(candidate)) continue;
        for (const i of candidate.getInterfaces()) {
          let entry = implementations.get(i.name);
          if (!entry) implementations.set(i.name, (entry = { objects: [], interfaces: [] }));
          if (isObjectType(candidate)) entry.objects.push(candidate);
          else entry.interfaces.push(candidate);
        }
      }
    }
    return implementations.get(t.name) ?? { objects: [], interfaces: [] };
  }

  let completed: Promise<GraphQLSchema> | undefined;
  async function complete(pace: Pace): Promise<GraphQLSchema> {
    const turns = scheduler(pace);
    for (const t of Object.values(typeMap)) {
      await turns.maybeYield();
      if (isObjectType(t) || isInterfaceType(t)) {
        t.getFields();
        t.getInterfaces();
      } else if (isUnionType(t)) t.getTypes();
      else if (isInputObjectType(t)) t.getFields();
      else if (isEnumType(t)) t.getValues();
    }
    definitions = undefined;
    await turns.maybeYield();
    const directives = (head.directives ?? []).map((d) => {
      if (!d.args) throw new Error(`Introspection result missing directive args: ${describe(d)}.`);
      if (!d.locations)
        throw new Error(`Introspection result missing directive locations: ${describe(d)}.`);
      return new GraphQLDirective({
        name: d.name,
        description: d.description,
        extensions: NO_EXTENSIONS,
        isRepeatable: d.isRepeatable,
        deprecationReason: d.deprecationReason,
        locations: d.locations.slice(),
        args: inputValues(d.args),
      });
    });
    return new GraphQLSchema({
      description: head.description,
      query,
      mutation,
      subscription,
      types: Object.values(typeMap),
      directives,
      // The server's schema is what it is: queries are checked against it, the schema itself is
      // not judged (graphql-js would validate it on the first lint: a long task for a big
      // schema, and no lint at all for a server whose schema breaks a rule).
      assumeValid: true,
    });
  }

  return {
    description: head.description,
    getQueryType: () => query ?? undefined,
    getMutationType: () => mutation ?? undefined,
    getSubscriptionType: () => subscription ?? undefined,
    getType: (name) => typeMap[name],
    getTypeMap: () => typeMap,
    getImplementations: implementationsOf,
    getPossibleTypes: (t) => (isUnionType(t) ? t.getTypes() : implementationsOf(t).objects),
    complete(pace = yieldInBackground) {
      completed ??= complete(pace);
      return completed;
    },
  };
}
