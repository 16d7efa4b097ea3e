/**
 * `POST /.api/graphql` after authentication: body decoding, the cost check (before validation
 * and execution, as a real instance), then parse, validate, execute; `errors` before `data`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { GraphQLError } from 'graphql';
import {
  Kind,
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import {
  MAX_NESTING,
  MAX_TOKENS,
  checkCostLimits,
  estimateQueryCost,
  nestingDepth,
  type CostLimits,
  type LimitViolation,
} from '../../../src/shared/contracts/cost-estimate.ts';
import type { RequestContext } from './resolvers.ts';
import { BoundedCache } from '../bounded-cache.ts';
import { stringifyWithSplices, type Splice } from './fast-results.ts';
import { NO_TRACE } from './tracing.ts';

const gunzipAsync = promisify(gunzip);

/** Largest request body accepted (after gzip decompression). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Bodies up to this size are drained before the 413, so the client sees the answer. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

export interface GraphQLEndpoint {
  schema: GraphQLSchema;
  rootValue: unknown;
  fieldResolver?: GraphQLFieldResolver<unknown, unknown>;
  limits: CostLimits;
  baseUrl: string;
}

type Body = Buffer | 'too-large' | 'bad-gzip';

function readLimited(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) {
        resolve('too-large');
        req.destroy();
      }
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function readRequestBody(req: IncomingMessage): Promise<Body> {
  const raw = await readLimited(req);
  if (raw === 'too-large') return raw;
  if ((req.headers['content-encoding'] ?? '').toLowerCase() !== 'gzip') return raw;
  try {
    return await gunzipAsync(raw, { maxOutputLength: MAX_BODY_BYTES });
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
      err instanceof RangeError
      ? 'too-large'
      : 'bad-gzip';
  }
}

function writeJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

function writePlain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(message.endsWith('\n') ? message : message + '\n');
}

/** The 400 body for exceeded cost limits: Go's sorted keys, encoder's trailing newline. */
export function costLimitBody(violations: LimitViolation[], baseUrl: string): string {
  const errors = violations.map((v) => ({
    message: v.message,
    extensions: {
      actual: v.actual,
      code: 'ErrQueryComplexityLimitExceeded',
      docs_url: `${baseUrl}/help/api/graphql#cost-limits`,
      limit: v.limit,
      type: v.kind,
    },
  }));
  return JSON.stringify({ errors }) + '\n';
}

/** graph-gophers-style text for a graphql-js syntax error. */
export function syntaxMessage(err: GraphQLError, query: string): string {
  const m = err.message.replace(/^Syntax Error: /, '');
  const found = (s: string) =>
    s === '<EOF>'
      ? ''
      : s.replace(/^(Name|Int|Float|String|BlockString) /, '').replace(/^"(.*)"$/, '$1');
  let mm = /^Unexpected (.*)\.$/.exec(m);
  if (mm) {
    const pos = err.positions?.[0] ?? 0;
    const atDefinitionStart = balanced(query.slice(0, pos));
    const expecting = atDefinitionStart ? ', expecting "fragment"' : '';
    return `syntax error: unexpected ${JSON.stringify(found(mm[1]))}${expecting}`;
  }
  mm = /^Expected (.*), found (.*)\.$/.exec(m);
  if (mm) {
    const expected = mm[1] === 'Name' ? 'Ident' : mm[1];
    return `syntax error: unexpected ${JSON.stringify(found(mm[2]))}, expecting ${expected}`;
  }
  return `syntax error: ${m}`;
}

function balanced(prefix: string): boolean {
  let depth = 0;
  for (const ch of prefix.replace(/"(?:[^"\\\n]|\\.)*"|#[^\n]*/g, '')) {
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
  }
  return depth === 0;
}

function errorsOnly(errors: readonly { message: string }[]): string {
  return JSON.stringify({ errors });
}

function operationProblem(
  doc: DocumentNode,
  operationName: string | undefined,
): string | undefined {
  const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (ops.length === 0) return 'no operations in query document';
  if (operationName) {
    if (!ops.some((o) => o.name?.value === operationName))
      return `no operation with name ${JSON.stringify(operationName)}`;
    return undefined;
  }
  if (ops.length > 1)
    return 'more than one operation in query document and no operation name given';
  return undefined;
}

const MISSING_VARIABLE = [
  /^Variable "\$(\w+)" of required type "(.+)" was not provided\.$/,
  /^Variable "\$(\w+)" of non-null type "(.+)" must not be null\.$/,
];

/** graph-gophers' text for a missing non-null variable; others unchanged. */
function gophersMessage(message: string): string {
  for (const re of MISSING_VARIABLE) {
    const m = re.exec(message);
    if (m)
      return `Variable "${m[1]}" has invalid value null.\nExpected type "${m[2]}", found null.`;
  }
  return message;
}

/** Serializes an execution result with `errors` before `data` (graph-gophers' field order). */
export function serializeResult(
  result: ExecutionResult,
  splices: Splice[] = [],
): string | (string | Splice)[] {
  const out: Record<string, unknown> = {};
  if (result.errors?.length)
    out.errors = result.errors.map((e) => ({ ...e.toJSON(), message: gophersMessage(e.message) }));
  // Execution ran: `data` is present, null when a non-null field's error propagated to the top.
  if (result.data !== undefined) out.data = result.data;
  if (splices.length && result.data) {
    return stringifyWithSplices(
      out,
      splices.map((sp) => ({ ...sp, path: ['data', ...sp.path] })),
    );
  }
  return JSON.stringify(out);
}

const INTROSPECTION_FIELDS = new Set(['__schema', '__type', '__typename']);
const INTROSPECTION_CACHE_ENTRIES = 16;
/** Size budget of the cache (GitHub's schema introspects to ~2.9 MB; variables count too). */
const INTROSPECTION_CACHE_BYTES = 32 * 1024 * 1024;
const caches = new WeakMap<GraphQLSchema, BoundedCache>();

function introspectionCache(schema: GraphQLSchema): BoundedCache {
  let cache = caches.get(schema);
  if (!cache)
    caches.set(
      schema,
      (cache = new BoundedCache(INTROSPECTION_CACHE_ENTRIES, INTROSPECTION_CACHE_BYTES)),
    );
  return cache;
}

/**
 * The cache key of an operation whose top-level selections are all `__schema`, `__type` or
 * `__typename` (its answer depends on the schema and the variables only, never on the user or
 * the data), or null. GitHub's ~1,600-type schema takes the sandbox ~200 ms to introspect and
 * serialize (2.9 MB); consoles ask for it on every connect.
 */
export function introspectionCacheKey(
  doc: DocumentNode,
  query: string,
  operationName: string | undefined,
  variables: Record<string, unknown>,
): string | null {
  const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops[0];
  if (!op || op.operation !== 'query') return null;
  const onlyIntrospection = op.selectionSet.selections.every(
    (sel) => sel.kind === Kind.FIELD && INTROSPECTION_FIELDS.has(sel.name.value),
  );
  if (!onlyIntrospection) return null;
  return JSON.stringify([query, operationName ?? null, variables]);
}

/** Handles one GraphQL request; auth, CORS and security headers are already done. */
export async function serveGraphQL(
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: GraphQLEndpoint,
  ctx: RequestContext,
): Promise<void> {
  const body = await readRequestBody(req);
  if (body === 'too-large') {
    writePlain(
      res,
      413,
      `Request body too large: the limit is ${MAX_BODY_BYTES / 1024 / 1024} MiB.`,
    );
    return;
  }
  let payload: unknown;
  try {
    if (body === 'bad-gzip') throw new Error('bad gzip');
    payload = JSON.parse(body.toString('utf8'));
  } catch {
    // Like the real handler: "failed to decode request" → 500 with a bare newline.
    writePlain(res, 500, '\n');
    return;
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    writePlain(res, 500, '\n');
    return;
  }
  const {
    query: rawQuery,
    variables: rawVars,
    operationName: rawOp,
  } = payload as Record<string, unknown>;
  if (rawQuery !== undefined && rawQuery !== null && typeof rawQuery !== 'string') {
    writeJson(res, 200, errorsOnly([{ message: 'query must be a string' }]));
    return;
  }
  if (
    rawVars !== undefined &&
    rawVars !== null &&
    (typeof rawVars !== 'object' || Array.isArray(rawVars))
  ) {
    const got = Array.isArray(rawVars) ? 'an array' : typeof rawVars;
    writeJson(res, 200, errorsOnly([{ message: `variables must be a JSON object, got ${got}` }]));
    return;
  }
  const query = (rawQuery as string | undefined) ?? '';
  const variables = (rawVars as Record<string, unknown> | undefined) ?? {};
  const operationName = typeof rawOp === 'string' && rawOp !== '' ? rawOp : undefined;
  const trace = ctx.tracer ?? NO_TRACE;
  if (ctx.tracer) ctx.tracer.record.operationName = operationName;

  // 1. Cost, before anything recursive (parser, validation, execution).
  const endCost = trace.begin('cost estimate');
  const nesting = nestingDepth(query);
  if (nesting > MAX_NESTING) {
    endCost('refused: nesting');
    if (nesting > endpoint.limits.graphQLMaxDepth) {
      const v: LimitViolation = {
        kind: 'query depth',
        actual: nesting,
        limit: endpoint.limits.graphQLMaxDepth,
        message: 'Query exceeds maximum query depth limit',
      };
      writeJson(res, 400, costLimitBody([v], endpoint.baseUrl));
    } else {
      writeJson(
        res,
        200,
        errorsOnly([
          {
            message: `query is nested ${nesting} levels deep; the sandbox refuses more than ${MAX_NESTING}`,
          },
        ]),
      );
    }
    return;
  }
  const estimate = estimateQueryCost(query, variables);
  if (estimate.ok) {
    const violations = checkCostLimits(estimate.cost, endpoint.limits);
    if (violations.length) {
      endCost(`over ${violations.map((v) => v.kind).join(', ')} limit`);
      writeJson(res, 400, costLimitBody(violations, endpoint.baseUrl));
      return;
    }
  }

  endCost(estimate.ok ? `${estimate.cost.fieldCount} fields` : 'not estimated');

  // 2. Parse. A document without definitions is valid for graph-gophers.
  const endValidation = trace.begin('validation');
  if (query.replace(/#[^\n\r]*/g, '').replace(/[\s,\ufeff]/g, '') === '') {
    endValidation('no operations');
    writeJson(res, 200, errorsOnly([{ message: 'no operations in query document' }]));
    return;
  }
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: MAX_TOKENS });
  } catch (err) {
    const e = err as GraphQLError;
    endValidation('syntax error');
    writeJson(
      res,
      200,
      errorsOnly([
        { message: syntaxMessage(e, query), locations: e.locations } as { message: string },
      ]),
    );
    return;
  }

  // 3. Validate, then pick the operation.
  const validationErrors = validate(endpoint.schema, doc, specifiedRules, { maxErrors: 50 });
  if (validationErrors.length) {
    endValidation(`${validationErrors.length} errors`);
    writeJson(res, 200, errorsOnly(validationErrors.map((e) => e.toJSON())));
    return;
  }
  const problem = operationProblem(doc, operationName);
  endValidation(problem);
  if (problem) {
    writeJson(res, 200, errorsOnly([{ message: problem }]));
    return;
  }

  // 4. Execute (an introspection-only operation answers from the cache after the first time).
  const cacheKey = introspectionCacheKey(doc, query, operationName, variables);
  const cached = cacheKey === null ? undefined : introspectionCache(endpoint.schema).get(cacheKey);
  if (cached !== undefined) {
    trace.begin('execution')('cached');
    writeJson(res, 200, cached);
    return;
  }
  const splices: Splice[] = [];
  ctx.splices = splices;
  const endExecution = trace.begin('execution');
  const result = await execute({
    schema: endpoint.schema,
    document: doc,
    rootValue: endpoint.rootValue,
    contextValue: ctx,
    variableValues: variables,
    operationName,
    fieldResolver: endpoint.fieldResolver,
  });
  endExecution(result.errors?.length ? `${result.errors.length} errors` : undefined);
  const endSerialisation = trace.begin('serialisation');
  const out = serializeResult(result, splices);
  if (typeof out === 'string') {
    endSerialisation(`${out.length} characters`);
    if (cacheKey !== null) introspectionCache(endpoint.schema).set(cacheKey, out);
    writeJson(res, 200, out);
    return;
  }
  // A big search result: streamed in chunks, with backpressure, instead of one huge string.
  res.writeHead(200, { 'Content-Type': 'application/json' });
  try {
    for (const part of out) {
      if (typeof part === 'string') await emit(res, part);
      else await part.render((chunk) => emit(res, chunk));
    }
  } catch (err) {
    if (err instanceof ClientGone) return;
    throw err;
  }
  endSerialisation('streamed');
  res.end();
}

/** Thrown by {@link emit} once the client has gone: stops rendering the rest. */
class ClientGone extends Error {}

/**
 * Writes a chunk and waits for the socket to take it. A client that goes away never drains:
 * `close` ends the wait too, so the handler (and the result it holds) is released.
 */
async function emit(res: ServerResponse, chunk: string): Promise<void> {
  if (res.destroyed) throw new ClientGone();
  if (res.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  if (res.destroyed) throw new ClientGone();
}
