import { describe, expect, it } from 'vitest';
import { faultsFromEnv } from './faults.ts';

describe('SANDBOX_FAULTS', () => {
  it('lets `after` matching requests pass, faults the next `times`, then passes again', () => {
    const plan = faultsFromEnv(
      '[{"status":429,"retryAfter":1,"requestName":"AllUsers","after":2,"times":2}]',
    )!;
    const answers = ['AllUsers', 'Other', 'AllUsers', 'AllUsers', 'AllUsers', 'AllUsers'].map(
      (name) => plan.take(name)?.status,
    );
    expect(answers).toEqual([undefined, undefined, undefined, 429, 429, undefined]);
  });

  it('sends Retry-After when asked, with an empty body', () => {
    expect(faultsFromEnv('{"status":429,"retryAfter":7}')!.take('unknown')).toEqual({
      status: 429,
      headers: { 'Content-Length': '0', 'Retry-After': '7' },
    });
    expect(faultsFromEnv('{"status":502}')!.take('x')?.headers).toEqual({ 'Content-Length': '0' });
  });

  it('every rule counts every request it matches; the first due answers', () => {
    const plan = faultsFromEnv('[{"status":429,"after":1},{"status":502,"after":1,"times":2}]')!;
    expect([1, 2, 3].map(() => plan.take('q')?.status)).toEqual([undefined, 429, 502]);
  });

  it('is off without the variable, and refuses a rule that is not an error status', () => {
    expect(faultsFromEnv('')).toBeUndefined();
    expect(() => faultsFromEnv('{"status":200}')).toThrow(/HTTP error status/);
    expect(() => faultsFromEnv('[')).toThrow(/not JSON/);
  });
});
