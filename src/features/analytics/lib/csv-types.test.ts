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
  const en = { group: ',', decimal: '.' };
  const de = { group: '.', decimal: ',' };
  it.each([
    ['1234567', en, '1,234,567'],
    // Never rounded: every digit as sent.
    ['0.123456', en, '0.123456'],
    ['1234.56789012345678', en, '1,234.56789012345678'],
    ['12345678901234567890', en, '12,345,678,901,234,567,890'],
    ['-1234.5', en, '-1,234.5'],
    ['1234.5', de, '1.234,5'],
    ['999', en, '999'],
    // Leading zeros, exponents and signs are shown exactly as sent.
    ['007', en, '007'],
    ['1e5', en, '1e5'],
    ['+12', en, '+12'],
    [' 42 ', en, ' 42 '],
    ['', en, ''],
    ['n/a', en, 'n/a'],
  ])('%j → %j', (v, seps, out) => expect(formatNumberCell(v, seps)).toBe(out));
});

describe('tallyValue', () => {
  it('counts values with leading zeros (identifiers, zip codes)', () => {
    const t = newTally();
    for (const v of ['02139', '10001', '0', '0.5', '-0.25']) tallyValue(t, v);
    expect(t.leadingZeros).toBe(1);
    expect(columnType(t)).toBe('number');
  });
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
