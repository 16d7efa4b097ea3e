// graphql-language-service runs as Node's CommonJS graphql in tests; build the schema with the
// same copy so its instanceof checks hold (in the browser bundle there is only one copy).
import { buildSchema } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { graphqlDiagnostics } from './graphql-diagnostics';

const schema = buildSchema('type Query { user(id: ID!): User } type User { name: String }');

describe('graphqlDiagnostics', () => {
  it('reports a syntax error at its place, with or without a schema', () => {
    for (const s of [schema, undefined]) {
      const d = graphqlDiagnostics(s, '{\n  user(id: 1) {\n    name\n  }\n');
      expect(d).toHaveLength(1);
      expect(d[0]).toMatchObject({
        severity: 'error',
        message: expect.stringMatching(/Syntax Error/),
      });
    }
  });

  it('reports unknown fields and missing arguments at the field', () => {
    const text = '{ user { nme } }';
    const d = graphqlDiagnostics(schema, text);
    const messages = d.map((x) => [text.slice(x.from, x.to), x.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['nme', expect.stringMatching(/Cannot query field "nme" on type "User"/)],
        ['user', expect.stringMatching(/argument "id" of type "ID!" is required/)],
      ]),
    );
  });

  it('is silent for a valid query', () => {
    expect(graphqlDiagnostics(schema, 'query ($id: ID!) { user(id: $id) { name } }')).toEqual([]);
  });
});
