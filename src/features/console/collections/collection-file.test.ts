import { redactHeaderValues } from './redact-headers.ts';
import { describe, expect, it } from 'vitest';
import {
  COLLECTION_FILE_FORMAT,
  exportCollection,
  importCollection,
  parseCollectionFile,
} from './collection-file.ts';
import { emptySavedState, saveOperation, type SavedState } from './collections.ts';

function stateWith(): SavedState {
  let s = emptySavedState();
  s = saveOperation(s, {
    collection: 'Team',
    name: 'Me',
    query: '{ currentUser { username } }',
    variables: '{"a": 1}',
    headers: '{"X-Custom": "secret-value", "X-Other": "2"}',
    operationName: undefined,
    now: 1,
  });
  s = saveOperation(s, {
    collection: 'Team',
    name: 'Repos',
    query: 'query Repos { repositories(first: 1) { nodes { name } } }',
    variables: '',
    headers: '',
    operationName: 'Repos',
    now: 2,
  });
  return s;
}

/** The one collection of a state made by stateWith. */
function team(s = stateWith()) {
  const [c] = s.collections;
  if (!c) throw new Error('expected the Team collection');
  return c;
}

describe('exportCollection', () => {
  it('writes the format marker, the name and every operation', () => {
    const text = exportCollection(team(), { includeHeaderValues: false });
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: COLLECTION_FILE_FORMAT, version: 1, name: 'Team' });
    expect(file.operations.map((o: { name: string }) => o.name)).toEqual(['Me', 'Repos']);
  });

  it('leaves header values out unless asked, keeping the names', () => {
    const text = exportCollection(team(), { includeHeaderValues: false });
    expect(text).not.toContain('secret-value');
    expect(JSON.parse(JSON.parse(text).operations[0].headers)).toEqual({
      'X-Custom': '',
      'X-Other': '',
    });
    const withValues = exportCollection(team(), { includeHeaderValues: true });
    expect(withValues).toContain('secret-value');
  });

  it('round-trips through parseCollectionFile', () => {
    const text = exportCollection(team(), { includeHeaderValues: true });
    const parsed = parseCollectionFile(text);
    expect(parsed.ok && parsed.value.operations).toEqual([
      expect.objectContaining({ name: 'Me', variables: '{"a": 1}', headers: expect.any(String) }),
      expect.objectContaining({ name: 'Repos', operationName: 'Repos' }),
    ]);
  });
});

describe('redactHeaderValues', () => {
  it.each([
    ['', ''],
    ['  ', ''],
    ['{"A":"x","B":"y"}', '{\n  "A": "",\n  "B": ""\n}'],
    ['not json {', ''],
    ['["a"]', ''],
  ])('%j → %j', (input, out) => {
    expect(redactHeaderValues(input)).toBe(out);
  });
});

describe('parseCollectionFile: bad files get a message saying what is wrong', () => {
  const valid = {
    format: COLLECTION_FILE_FORMAT,
    version: 1,
    name: 'X',
    operations: [{ name: 'a', query: '{ a }' }],
  };
  it.each([
    ['', /empty/i],
    ['{ nope', /not valid JSON/i],
    ['[]', /not a collection file/i],
    [JSON.stringify({ name: 'x', operations: [] }), /not a collection file/i],
    [JSON.stringify({ ...valid, version: 9 }), /version 9/],
    [JSON.stringify({ ...valid, name: '' }), /name/i],
    [JSON.stringify({ ...valid, operations: 'x' }), /operations/i],
    [JSON.stringify({ ...valid, operations: [{ name: 'a' }] }), /operation 1.*query/i],
    [JSON.stringify({ ...valid, operations: [{ query: '{a}' }] }), /operation 1.*name/i],
    [
      JSON.stringify({
        ...valid,
        operations: [
          { name: 'a', query: '{a}' },
          { name: 'b', query: 3 },
        ],
      }),
      /operation 2/i,
    ],
    [
      JSON.stringify({ ...valid, operations: [{ name: 'a', query: '{a}', variables: 5 }] }),
      /variables/i,
    ],
  ])('%s', (text, message) => {
    const r = parseCollectionFile(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });

  it('accepts variables given as a JSON object and an operation without optional fields', () => {
    const r = parseCollectionFile(
      JSON.stringify({ ...valid, operations: [{ name: 'a', query: '{a}', variables: { n: 1 } }] }),
    );
    expect(r.ok && r.value.operations[0]).toEqual({
      name: 'a',
      query: '{a}',
      variables: '{\n  "n": 1\n}',
      headers: '',
      operationName: undefined,
    });
  });

  it('refuses a file over the size limit without parsing it', () => {
    const r = parseCollectionFile('x'.repeat(6 * 1024 * 1024));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/too large/i);
  });
});

describe('importCollection: nothing is lost', () => {
  it('adds a new collection', () => {
    const parsed = parseCollectionFile(exportCollection(team(), { includeHeaderValues: false }));
    if (!parsed.ok) throw new Error(parsed.error);
    const r = importCollection(emptySavedState(), parsed.value, 10);
    expect(r.collection).toBe('Team');
    expect(r.added).toBe(2);
    expect(r.state.collections[0]?.operations.map((o) => o.name)).toEqual(['Me', 'Repos']);
  });

  it('into an existing collection, keeps existing operations and renames clashing imports', () => {
    const s = stateWith();
    const parsed = parseCollectionFile(exportCollection(team(s), { includeHeaderValues: false }));
    if (!parsed.ok) throw new Error(parsed.error);
    const r = importCollection(s, parsed.value, 10);
    const ops = r.state.collections[0]?.operations ?? [];
    expect(ops.map((o) => o.name)).toEqual(['Me', 'Repos', 'Me (imported)', 'Repos (imported)']);
    expect(ops[0]?.headers).toContain('secret-value');
    expect(r.renamed).toBe(2);
  });

  it('never imports into the built-in Diagnostics collection', () => {
    const r = importCollection(
      emptySavedState(),
      {
        name: 'Diagnostics',
        operations: [{ name: 'a', query: '{a}', variables: '', headers: '' }],
      },
      1,
    );
    expect(r.collection).toBe('Diagnostics (imported)');
  });
});
