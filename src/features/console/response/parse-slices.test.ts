import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('boundParseSlices', () => {
  it('answers "input pending" once a task has asked for 8 ms, and starts over in the next task', async () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    let input = false;
    const scheduling = { isInputPending: () => input };
    vi.stubGlobal('navigator', { scheduling });
    const { boundParseSlices } = await import('./parse-slices.ts');
    boundParseSlices();
    boundParseSlices();

    expect(scheduling.isInputPending()).toBe(false);
    now += 5;
    expect(scheduling.isInputPending()).toBe(false);
    now += 4;
    expect(scheduling.isInputPending()).toBe(true);
    // The task is over: a new slice begins.
    await Promise.resolve();
    expect(scheduling.isInputPending()).toBe(false);
    // Real input still counts at once.
    input = true;
    expect(scheduling.isInputPending()).toBe(true);
  });
});
