import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fmt } from './cost-meter.tsx';

describe('cost meter number format', () => {
  it('writes every safe integer as en-US does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (n) => {
          expect(fmt(n)).toBe(n.toLocaleString('en-US'));
        },
      ),
    );
    for (const n of [0, 7, 999, 1000, 500000, 1234567, -1000])
      expect(fmt(n)).toBe(n.toLocaleString('en-US'));
  });
  it('leaves fractions to the locale formatter', () => {
    expect(fmt(1234.5)).toBe('1,234.5');
  });
});
