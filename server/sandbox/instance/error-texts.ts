/** The error bodies and texts of the GraphQL endpoint, worded like graph-gophers on a real instance. */
import type { GraphQLError } from 'graphql';
import { Kind, type DocumentNode } from 'graphql';
import type { LimitViolation } from '../../../src/shared/contracts/cost-limits.ts';

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
    return `syntax error: unexpected ${JSON.stringify(found(mm[1] ?? ''))}${expecting}`;
  }
  mm = /^Expected (.*), found (.*)\.$/.exec(m);
  if (mm) {
    const expected = mm[1] === 'Name' ? 'Ident' : mm[1];
    return `syntax error: unexpected ${JSON.stringify(found(mm[2] ?? ''))}, expecting ${expected}`;
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

export function errorsOnly(errors: readonly { message: string }[]): string {
  return JSON.stringify({ errors });
}

export function operationProblem(
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
export function gophersMessage(message: string): string {
  for (const re of MISSING_VARIABLE) {
    const m = re.exec(message);
    if (m)
      return `Variable "${m[1]}" has invalid value null.\nExpected type "${m[2]}", found null.`;
  }
  return message;
}
