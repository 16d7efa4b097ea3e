import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COST_LIMITS } from '../../../shared/contracts/cost-limits.ts';

const items = new Map<string, string>();
vi.stubGlobal('window', {
  localStorage: {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  },
});
const { limitsFor, saveLimitsFor } = await import('./cost-limits-storage.ts');

const A = 'https://a.example.com';
const B = 'https://b.example.com';

describe('cost limits per instance', () => {
  beforeEach(() => items.clear());

  it('start from the defaults; one instance’s limits leave another’s alone', () => {
    expect(limitsFor(A)).toEqual(DEFAULT_COST_LIMITS);
    saveLimitsFor(A, { ...DEFAULT_COST_LIMITS, graphQLMaxFieldCount: 50 });
    expect(limitsFor(A).graphQLMaxFieldCount).toBe(50);
    expect(limitsFor(B)).toEqual(DEFAULT_COST_LIMITS);
    saveLimitsFor(B, { ...DEFAULT_COST_LIMITS, graphQLMaxDepth: 7 });
    expect(limitsFor(A)).toEqual({ ...DEFAULT_COST_LIMITS, graphQLMaxFieldCount: 50 });
    expect(limitsFor(B)).toEqual({ ...DEFAULT_COST_LIMITS, graphQLMaxDepth: 7 });
  });

  it('the one set an older version kept applies where an instance has none of its own', () => {
    items.set('debug-console:console-cost-limits', JSON.stringify({ graphQLMaxFieldCount: 80 }));
    expect(limitsFor(A).graphQLMaxFieldCount).toBe(80);
    saveLimitsFor(A, { ...DEFAULT_COST_LIMITS, graphQLMaxFieldCount: 50 });
    expect(limitsFor(A).graphQLMaxFieldCount).toBe(50);
    expect(limitsFor(B).graphQLMaxFieldCount).toBe(80);
  });
});
