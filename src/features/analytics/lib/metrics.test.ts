import { describe, expect, it } from 'vitest';
import { columnRoles } from './column-roles.ts';
import {
  metricFromId,
  metricId,
  metricLabel,
  metricMeasure,
  metricOptions,
  pickMetric,
} from './metrics.ts';

const cols = columnRoles(
  ['Instance user ID', 'Timestamp Date (or Month)', 'Searches', 'Chat Events', 'Weighted CAR'],
  ['number', 'date', 'number', 'number', 'number'],
);

describe('metrics', () => {
  it('round-trips option ids and falls back to the first option', () => {
    for (const o of metricOptions(cols)) expect(metricId(metricFromId(o.id))).toBe(o.id);
    expect(pickMetric(metricOptions(cols), 'col:nope')?.id).toBe('active-users');
    expect(pickMetric([], undefined)).toBeUndefined();
  });

  it('computes each metric from the right columns, and nothing from an ID or a missing column', () => {
    expect(metricMeasure({ kind: 'active-users' }, cols)).toEqual({ op: 'distinct', column: 0 });
    expect(metricMeasure({ kind: 'events' }, cols)).toEqual({ op: 'sum', columns: [2, 3] });
    expect(metricMeasure({ kind: 'column', name: 'Weighted CAR' }, cols)).toEqual({
      op: 'mean',
      columns: [4],
    });
    expect(metricMeasure({ kind: 'column', name: 'Instance user ID' }, cols)).toBeUndefined();
    expect(metricMeasure({ kind: 'column', name: 'Missing' }, cols)).toBeUndefined();
    expect(metricMeasure({ kind: 'active-users' }, cols.slice(1))).toBeUndefined();
    expect(metricLabel({ kind: 'column', name: 'Weighted CAR' }, cols)).toBe(
      'Weighted CAR (mean of rows)',
    );
  });
});
