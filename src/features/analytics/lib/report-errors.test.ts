import { describe, expect, it } from 'vitest';
import {
  connectionLostMessage,
  describeHttpFailure,
  quoteMessage,
  raggedMessage,
  type HttpFailure,
} from './report-errors.ts';

const base: HttpFailure = {
  status: 500,
  contentType: 'text/plain',
  body: '',
  retryAfter: null,
  relayError: false,
  host: 'code.example.com',
};
const fail = (p: Partial<HttpFailure>) => describeHttpFailure({ ...base, ...p });

describe('describeHttpFailure', () => {
  it.each([
    [{ status: 401, body: 'token expired' }, /"token expired".*check the Analytics token/i],
    [{ status: 403, body: 'forbidden' }, /cannot see instance code\.example\.com/],
    [{ status: 404, body: 'unknown instance' }, /does not know instance code\.example\.com/],
    [{ status: 429, body: 'slow down', retryAfter: '7' }, /Retry in 7 s/],
    [{ status: 429, body: 'slow down' }, /Retry in a little while/],
    [{ status: 400, body: 'bad startDate' }, /"bad startDate".*Fix the field/],
    [{ status: 502, body: 'Could not reach x', relayError: true }, /relay could not complete/],
    [{ status: 503, body: 'down' }, /Try again later/],
    [
      { status: 200, contentType: 'text/html', body: '<!doctype html><p>hi' },
      /Not a CSV: the server sent an HTML page.*Analytics URL/,
    ],
  ])('%j', (p, re) => expect(fail(p)).toMatch(re));

  it('never echoes HTML and truncates long bodies', () => {
    expect(fail({ status: 401, body: '<html><script>x</script>' })).toContain('an HTML page');
    expect(fail({ status: 400, body: 'x'.repeat(1000) }).length).toBeLessThan(500);
  });
});

describe('helpers', () => {
  it('formats sizes and messages', () => {
    expect(connectionLostMessage(1234, 2048)).toBe(
      'Connection lost after 1,234 rows (2.0 KB); the rows received are kept. Load the report again to get the complete file.',
    );
    expect(raggedMessage(2, 7, 3, 5)).toMatch(/^2 rows have .*line 7 with 3 fields/);
  });
});

describe('quoteMessage', () => {
  it('names the line, what happened to the lines after it, and what to do', () => {
    expect(quoteMessage('InvalidQuotes', { count: 1, firstLine: 3, lastLine: 4 })).toBe(
      'Line 3: a quoted cell holds a " that is neither doubled nor followed by a comma or the line\'s end (InvalidQuotes); lines 3 to 4 were read as one row. Check the export, or download the CSV to inspect it.',
    );
    expect(quoteMessage('InvalidQuotes', { count: 1, firstLine: 7, lastLine: 7 })).toMatch(
      /^Line 7: .*; the quote was kept as part of the cell\. Check the export/,
    );
    expect(quoteMessage('InvalidQuotes', { count: 12, firstLine: 7, lastLine: 9 })).toMatch(
      /^12 rows have a quoted cell .*\(InvalidQuotes\); the first is on line 7; lines 7 to 9 were read as one row\./,
    );
    expect(quoteMessage('MissingQuotes', { count: 1, firstLine: 40, lastLine: 52 })).toBe(
      'Line 40: a quoted cell is never closed: the file ends inside it (MissingQuotes); lines 40 to 52 were read as one row. Check the export, or download the CSV to inspect it.',
    );
    expect(quoteMessage('MissingQuotes', { count: 1, firstLine: 40, lastLine: 40 })).toMatch(
      /^Line 40: .*; that row may be incomplete\./,
    );
  });
});
