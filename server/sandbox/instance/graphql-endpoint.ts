/**
 * `POST /.api/graphql` after authentication: body decoding, the cost check (before validation
 * and execution, as a real instance), then parse, validate, execute; `errors` before `data`.
 * Body reading, error texts, the introspection cache and result writing live beside it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GraphQLError } from 'graphql';
import {
  execute,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import {
  MAX_NESTING,
  MAX_TOKENS,
  estimateQueryCost,
  nestingDepth,
} from '../../../src/shared/contracts/cost-estimate.ts';
import {
  checkCostLimits,
  type CostLimits,
  type LimitViolation,
} from '../../../src/shared/contracts/cost-limits.ts';
import type { RequestContext } from './resolvers.ts';
import type { Splice } from './fast-results.ts';
import { NO_TRACE } from './tracing.ts';
import { MAX_BODY_BYTES, readRequestBody } from './request-body.ts';
import { costLimitBody, errorsOnly, operationProblem, syntaxMessage } from './error-texts.ts';
import {
  cacheAnswer,
  introspectionCache,
  introspectionCacheKey,
  writeCachedAnswer,
} from './introspection-cache.ts';
import { serializeResult, writeJson, writeParts, writePlain } from './result-writer.ts';

export interface GraphQLEndpoint {
  schema: GraphQLSchema;
  rootValue: unknown;
  fieldResolver?: GraphQLFieldResolver<unknown, unknown>;
  limits: CostLimits;
  baseUrl: string;
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
    writeCachedAnswer(req, res, cached);
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
    if (cacheKey !== null) cacheAnswer(endpoint.schema, cacheKey, out);
    writeJson(res, 200, out);
    return;
  }
  // A big search result: streamed in chunks, with backpressure, instead of one huge string.
  if (!(await writeParts(res, out))) return;
  endSerialisation('streamed');
  res.end();
}
