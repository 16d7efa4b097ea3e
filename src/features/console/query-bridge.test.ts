import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { createQueryBridge, mergeVariablesText } from './query-bridge.ts';

describe('query bridge', () => {
  it('merges variables into the JSON object', () => {
    expect(mergeVariablesText('{"a": 1}', { b: 'x' })).toBe('{\n  "a": 1,\n  "b": "x"\n}');
    expect(mergeVariablesText('', { n: 2 })).toBe('{\n  "n": 2\n}');
  });

  it('leaves broken variables alone so nothing typed is lost', () => {
    expect(mergeVariablesText('{"a": ', { b: 1 })).toBeUndefined();
  });

  it('falls back to the stored tab text when no editor is mounted', () => {
    let stored = { query: '{ a }', variables: '' };
    const bridge = createQueryBridge({
      query: () => null,
      variables: () => null,
      stored: () => stored,
      store: (p) => (stored = { ...stored, ...p }),
      undoable: () => Promise.resolve(),
    });
    expect(bridge.getQuery()).toBe('{ a }');
    bridge.replaceQuery('{ b }');
    bridge.mergeVariables({ x: 1 });
    expect(stored).toEqual({ query: '{ b }', variables: '{\n  "x": 1\n}' });
  });

  it('reads the live editor text first', () => {
    const state = EditorState.create({ doc: 'live' });
    const bridge = createQueryBridge({
      query: () => ({
        view: null,
        getValue: () => state.doc.toString(),
        setValue: () => {},
        focus: () => {},
      }),
      variables: () => null,
      stored: () => ({ query: 'stale', variables: '' }),
      store: () => {},
      undoable: () => Promise.resolve(),
    });
    expect(bridge.getQuery()).toBe('live');
  });

  it('gives an editor whose view is not created yet the text through its handle', () => {
    // The Variables editor's view comes with its chunk: until then its handle keeps the text
    // the view will start from (use-code-mirror.ts), and a write that skipped it was lost.
    let pending = '';
    const handle = {
      view: null,
      getValue: () => pending,
      setValue: (t: string) => (pending = t),
      focus: () => {},
    };
    const bridge = createQueryBridge({
      query: () => handle,
      variables: () => handle,
      stored: () => ({ query: '', variables: '' }),
      store: () => {},
      undoable: () => Promise.resolve(),
    });
    bridge.mergeVariables({ id: '' });
    expect(pending).toBe('{\n  "id": ""\n}');
    bridge.replaceQuery('{ node(id: $id) { id } }');
    expect(pending).toBe('{ node(id: $id) { id } }');
  });

  it('makes an edit once it can be undone (after the language arrives), or without it if it fails', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((r) => (arrive = r));
    const bridge = createQueryBridge({
      query: () => null,
      variables: () => null,
      stored: () => ({ query: '', variables: '' }),
      store: () => {},
      undoable: () => arrived,
    });
    const made: string[] = [];
    bridge.whenUndoable(() => made.push('add'));
    await Promise.resolve();
    expect(made).toEqual([]);
    arrive();
    await arrived;
    await Promise.resolve();
    expect(made).toEqual(['add']);

    const failing = createQueryBridge({
      query: () => null,
      variables: () => null,
      stored: () => ({ query: '', variables: '' }),
      store: () => {},
      undoable: () => Promise.reject(new Error('chunk failed')),
    });
    const done = new Promise<void>((r) => failing.whenUndoable(r));
    await expect(done).resolves.toBeUndefined();
  });
});
