import { describe, expect, it } from 'vitest';
import {
  columnType,
  compileFilter,
  formatNumberCell,
  isDateValue,
  newTally,
  parseNumber,
  tallyValue,
} from './csv-types.ts';

function typeOf(values: string[]) {
  const t = newTally();
  for (const v of values) tallyValue(t, v);
  return columnType(t);
}

describe('type detection', () => {
  it.each([
    [['1', '2.5', '', '-3', '1e3'], 'number'],
    [['2025-01-02', '', '2025-02'], 'date'],
    [['2025-01-02T10:00:00Z'], 'date'],
    [['1', 'x'], 'text'],
    [['', ''], 'text'],
    [['vscode.cody', 'server.web'], 'text'],
    [['12abc'], 'text'],
    [['2025-13-01'], 'text'],
  ])('%j → %s', (values, type) => expect(typeOf(values)).toBe(type));

  it('parses only plain numbers', () => {
    expect(parseNumber(' 42 ')).toBe(42);
    expect(parseNumber('0.25')).toBe(0.25);
    expect(parseNumber('')).toBeNaN();
    expect(parseNumber('1,000')).toBeNaN();
    expect(parseNumber('Infinity')).toBeNaN();
    expect(isDateValue('2025-06-30')).toBe(true);
  });
});

describe('formatNumberCell', () => {
  const nf = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });
  it.each([
    ['1234567', '1,234,567'],
    ['0.123456', '0.1235'],
    ['', ''],
    ['n/a', 'n/a'],
  ])('%j → %j', (v, out) => expect(formatNumberCell(v, nf)).toBe(out));
});

describe('compileFilter', () => {
  it('compares numbers', () => {
    const gt = compileFilter('>10', 'number')!;
    expect([gt('11'), gt('10'), gt('')]).toEqual([true, false, false]);
    const ne = compileFilter('!= 0', 'number')!;
    expect([ne('0'), ne('3'), ne('')]).toEqual([false, true, true]);
    expect(compileFilter('<=2.5', 'number')!('2.5')).toBe(true);
  });
  it('matches text case-insensitively, exactly with =', () => {
    const has = compileFilter('CODY', 'text')!;
    expect([has('vscode.cody'), has('server.web')]).toEqual([true, false]);
    const eq = compileFilter('=go', 'text')!;
    expect([eq('Go'), eq('golang')]).toEqual([true, false]);
    expect(compileFilter('  ', 'text')).toBeUndefined();
  });
});
