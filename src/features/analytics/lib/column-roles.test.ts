import { describe, expect, it } from 'vitest';
import { columnRoles, findRole, isQuantity } from './column-roles.ts';
import type { ColumnType } from './csv-types.ts';

const REPORT: [string, ColumnType][] = [
  ['Instance user ID', 'number'],
  ['User Email', 'text'],
  ['Username', 'text'],
  ['Active Sourcegraph User', 'text'],
  ['Client Name', 'text'],
  ['Timestamp Date (or Month)', 'date'],
  ['Language', 'text'],
  ['Searches', 'number'],
  ['Chat Events', 'number'],
  ['Code Navigation Events', 'number'],
  ['Combined CAR', 'number'],
  ['Percentage of Code Written by Cody', 'number'],
  ['Total Characters Written', 'number'],
  ['Zip', 'number'],
  ['Account', 'number'],
];

describe('columnRoles', () => {
  it('tells users, clients, languages, dates, ids, rates and measures apart', () => {
    const cols = columnRoles(
      REPORT.map((r) => r[0]),
      REPORT.map((r) => r[1]),
      REPORT.map((r) => r[0] === 'Account'),
    );
    expect(cols.map((c) => [c.name, c.role, c.event])).toEqual([
      ['Instance user ID', 'user', false],
      ['User Email', 'user-label', false],
      ['Username', 'user-label', false],
      ['Active Sourcegraph User', 'text', false],
      ['Client Name', 'client', false],
      ['Timestamp Date (or Month)', 'date', false],
      ['Language', 'language', false],
      ['Searches', 'measure', true],
      ['Chat Events', 'measure', true],
      ['Code Navigation Events', 'measure', true],
      ['Combined CAR', 'rate', false],
      ['Percentage of Code Written by Cody', 'rate', false],
      ['Total Characters Written', 'measure', false],
      ['Zip', 'id', false],
      // Leading zeros in its values make a numeric column an identifier.
      ['Account', 'id', false],
    ]);
    expect(isQuantity(cols[7])).toBe(true);
    expect(isQuantity(cols[0])).toBe(false);
    expect(isQuantity(cols[13])).toBe(false);
  });

  it('falls back to a username column for users, and a date column whose values are empty', () => {
    const cols = columnRoles(['Username', 'Date', 'Searches'], ['text', 'text', 'number']);
    expect(findRole(cols, 'user')?.name).toBe('Username');
    expect(findRole(cols, 'date')?.name).toBe('Date');
    expect(columnRoles([], [])).toEqual([]);
  });
});
