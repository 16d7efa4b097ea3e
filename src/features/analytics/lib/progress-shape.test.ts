import { describe, expect, it } from 'vitest';
import type { Progress } from '../worker/protocol.ts';
import { sameShape, stableProgress } from './progress-shape.ts';

function progress(rows: number, patch: Partial<Progress> = {}): Progress {
  return {
    bytes: rows * 100,
    rows,
    header: ['User', 'Date', 'Searches'],
    types: ['text', 'date', 'number'],
    viewLength: rows,
    ragged: { count: 0 },
    quotes: { InvalidQuotes: { count: 0 }, MissingQuotes: { count: 0 } },
    columns: [
      { index: 0, name: 'User', type: 'text', role: 'user', event: false },
      { index: 1, name: 'Date', type: 'date', role: 'date', event: false },
      { index: 2, name: 'Searches', type: 'number', role: 'measure', event: true },
    ],
    periods: ['day', 'week', 'month'],
    filterKey: '[{},""]',
    ...patch,
  };
}

describe('stableProgress', () => {
  it('keeps the previous objects when a new progress only moves the counters', () => {
    const a = progress(1000);
    const b = stableProgress(a, progress(5000));
    expect(b.rows).toBe(5000);
    expect(b.header).toBe(a.header);
    expect(b.columns).toBe(a.columns);
    expect(b.periods).toBe(a.periods);
    expect(b.quotes).toBe(a.quotes);
    expect(sameShape(a, b)).toBe(true);
  });

  it('takes what changed: a column role, periods, ragged rows', () => {
    const a = progress(1000);
    const next = progress(2000, { periods: ['month'], ragged: { count: 1, firstLine: 7 } });
    const b = stableProgress(a, next);
    expect(b.periods).toEqual(['month']);
    expect(b.ragged).toBe(next.ragged);
    expect(b.header).toBe(a.header);
    expect(sameShape(a, b)).toBe(false);
  });

  it('sees a new filter and the view becoming filtered', () => {
    const a = progress(1000);
    expect(sameShape(a, stableProgress(a, progress(1000, { filterKey: '[{"0":"x"},""]' })))).toBe(
      false,
    );
    expect(sameShape(a, stableProgress(a, progress(1000, { viewLength: 10 })))).toBe(false);
  });

  it('without stabilizing, equal but new arrays count as a change', () => {
    expect(sameShape(progress(1), progress(2))).toBe(false);
  });
});
