import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { DocsRef } from '../../../docs/index.ts';
import { docsItems } from './docs-items.ts';

const schema = buildSchema(`
  "A repository."
  type Repository implements Node { id: ID! name: String! }
  interface Node { id: ID! }
  union Result = Repository
  enum Order { ASC DESC }
  input Filter { name: String, order: Order }
  scalar DateTime
  type Query { repository(name: String!): Repository, search(filter: Filter): [Result!]! }
`);

describe('docsItems', () => {
  it('lists every named type with its kind, and the fields of object, interface and input types', () => {
    const items = docsItems(schema, () => {});
    const rows = items.map((i) => `${i.title} (${i.detail})`);
    expect(rows).toEqual(
      expect.arrayContaining([
        'Repository (type)',
        'Repository.id (ID!)',
        'Repository.name (String!)',
        'Node (interface)',
        'Node.id (ID!)',
        'Result (union)',
        'Order (enum)',
        'Filter (input)',
        'Filter.order (Order)',
        'DateTime (scalar)',
        'String (scalar)',
        'Query (type)',
        'Query.search ([Result!]!)',
      ]),
    );
    // Enum values and union members are not fields; introspection types are left out, as in Docs.
    expect(rows.some((r) => r.startsWith('Order.') || r.startsWith('Result.'))).toBe(false);
    expect(rows.some((r) => r.startsWith('__'))).toBe(false);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.every((i) => i.kind === 'docs')).toBe(true);
  });

  it('opens Docs at the type, or at the field', () => {
    const shown: DocsRef[] = [];
    const items = docsItems(schema, (ref) => shown.push(ref));
    items.find((i) => i.title === 'Repository')!.run();
    items.find((i) => i.title === 'Query.repository')!.run();
    expect(shown).toEqual([{ type: 'Repository' }, { type: 'Query', field: 'repository' }]);
  });
});
