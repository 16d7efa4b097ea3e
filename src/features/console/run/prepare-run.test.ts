import { describe, expect, it } from 'vitest';
import { DEFAULT_COST_LIMITS } from '../../../shared/contracts/cost-limits.ts';
import { prepareRun, type PrepareInput } from './prepare-run.ts';

function input(p: Partial<PrepareInput>): PrepareInput {
  return {
    query: '{ currentUser { username } }',
    variablesText: '',
    headersText: '',
    limits: DEFAULT_COST_LIMITS,
    ...p,
  };
}

describe('prepareRun', () => {
  it('sends a single operation with its name and parsed variables/headers', () => {
    const r = prepareRun(
      input({
        query: 'query Q($q: String!) { search(query: $q) { results { matchCount } } }',
        variablesText: '{"q":"x"}',
        headersText: '{"X-A":"1"}',
      }),
    );
    expect(r).toEqual({
      ok: true,
      operationName: 'Q',
      variables: { q: 'x' },
      headers: { 'X-A': '1' },
      costWarning: undefined,
    });
  });

  it('blocks broken variables JSON and points at the spot', () => {
    const r = prepareRun(input({ variablesText: '{\n  "q": "x",\n}' }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.target).toBe('variables');
    expect(r.line).toBe(3);
    expect(r.message).toMatch(/^Variables are not valid JSON \(line 3, column \d+\)/);
  });

  it('blocks broken headers', () => {
    const r = prepareRun(input({ headersText: '{"X": ' }));
    expect(r.ok === false && r.target).toBe('headers');
  });

  it('does not block a query with a syntax error', () => {
    const r = prepareRun(input({ query: '{ currentUser { username ' }));
    expect(r.ok).toBe(true);
  });

  it('runs the picked operation, else the one under the cursor', () => {
    const query = 'query A { a }\nquery B { b }';
    expect(prepareRun(input({ query, cursorOffset: 16 }))).toMatchObject({
      ok: true,
      operationName: 'B',
    });
    expect(prepareRun(input({ query, cursorOffset: 16, pickedOperation: 'A' }))).toMatchObject({
      operationName: 'A',
    });
    expect(prepareRun(input({ query, cursorOffset: 16, pickedOperation: 'Gone' }))).toMatchObject({
      operationName: 'B',
    });
  });

  it('asks before sending a query over a cost limit', () => {
    const aliases = Array.from({ length: 501 }, (_, i) => `a${i}: currentUser { username }`).join(
      ' ',
    );
    const r = prepareRun(input({ query: `{ ${aliases} }` }));
    expect(r.ok && r.costWarning?.violations[0]).toMatchObject({
      kind: 'alias count',
      actual: 501,
      limit: 500,
    });
  });
});
