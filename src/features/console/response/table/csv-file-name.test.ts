import { describe, expect, it } from 'vitest';
import { tableCsvName } from './csv-file-name.ts';

describe('tableCsvName', () => {
  it.each([
    ['data.repositories.nodes', 'Repos', 'Repos-repositories.nodes.csv'],
    ['data.search.edges[].node', undefined, 'response-search.edges.node.csv'],
    ['data.users', 'My op!', 'My_op_-users.csv'],
  ])('%s (operation %s) → %s', (path, op, name) => expect(tableCsvName(path, op)).toBe(name));
});
