import { buildSchema, introspectionFromSchema, printSchema } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browseSchema } from './schema-build.ts';
import { pendingCompletion } from './schema-completion.ts';
import { toSchemaPayload } from './schema-payload.ts';

const SDL = 'type Query { a: String b: B } type B { c(x: Int): [B!] } enum E { X Y }';

async function typesOf(sdl: string) {
  const data = introspectionFromSchema(buildSchema(sdl));
  return browseSchema(toSchemaPayload(JSON.stringify({ data }), data));
}

/**
 * Runs everything that can run: every promise reaction and every (fake) timer, until none is
 * left. Only after `vi.useFakeTimers()`.
 */
const settle = () => vi.runAllTimersAsync();

afterEach(() => {
  vi.useRealTimers();
});

describe('pendingCompletion', () => {
  it('builds nothing of the whole schema until started (the types are shown first)', async () => {
    const types = await typesOf(SDL);
    const complete = vi.spyOn(types, 'complete');
    vi.useFakeTimers();
    const pending = pendingCompletion(types, (e) => e.message);
    await settle();
    expect(complete).not.toHaveBeenCalled();
    expect(pending.completion.get()).toEqual({});
  });

  it('builds the whole schema once started, once however often started', async () => {
    const types = await typesOf(SDL);
    const complete = vi.spyOn(types, 'complete');
    const pending = pendingCompletion(types, (e) => e.message);
    const heard = vi.fn();
    pending.completion.subscribe(heard);
    pending.start();
    pending.start();
    await vi.waitFor(() => expect(pending.completion.get().schema).toBeDefined());
    expect(complete).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(printSchema(pending.completion.get().schema!)).toBe(printSchema(buildSchema(SDL)));
  });

  it("says why the worker's check of the whole answer failed as soon as it did, unstarted", async () => {
    const types = await typesOf(SDL);
    const complete = vi.spyOn(types, 'complete');
    let fail!: (err: Error) => void;
    const checked = new Promise<void>((_, reject) => (fail = reject));
    vi.useFakeTimers();
    const pending = pendingCompletion(types, (e) => `Could not build: ${e.message}.`, checked);
    fail(new Error('unknown type: B'));
    await vi.waitFor(() =>
      expect(pending.completion.get()).toEqual({ error: 'Could not build: unknown type: B.' }),
    );
    pending.start();
    await settle();
    expect(complete).not.toHaveBeenCalled();
  });

  it("builds the whole schema only once the worker's check has passed", async () => {
    const types = await typesOf(SDL);
    const complete = vi.spyOn(types, 'complete');
    let pass!: () => void;
    const checked = new Promise<void>((resolve) => (pass = resolve));
    vi.useFakeTimers();
    const pending = pendingCompletion(types, (e) => e.message, checked);
    pending.start();
    await settle();
    expect(complete).not.toHaveBeenCalled();
    vi.useRealTimers();
    pass();
    await vi.waitFor(() => expect(pending.completion.get().schema).toBeDefined());
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('words a failed build for the user', async () => {
    const types = await typesOf(SDL);
    vi.spyOn(types, 'complete').mockRejectedValue(new Error('bad directive'));
    const pending = pendingCompletion(types, (e) => `Could not build: ${e.message}.`);
    pending.start();
    await vi.waitFor(() =>
      expect(pending.completion.get()).toEqual({ error: 'Could not build: bad directive.' }),
    );
  });
});
