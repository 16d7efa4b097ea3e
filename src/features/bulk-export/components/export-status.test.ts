import { describe, expect, it } from 'vitest';
import { statusText } from './export-status.tsx';

const progress = { pages: 5, rows: 2270, total: 10_000, cursor: 'c' };

describe('statusText', () => {
  it('says rows of the total and pages of the estimated page count', () => {
    expect(statusText({ phase: 'running', progress, pageSize: 454 })).toBe(
      '2,270 of 10,000 rows, pages 5 of 23.',
    );
    expect(
      statusText({ phase: 'running', progress: { pages: 0, rows: 0, cursor: null }, pageSize: 9 }),
    ).toBe('Asking for the first page…');
  });

  it('says what happens next after a 429, a stop and a failure', () => {
    expect(statusText({ phase: 'rate-limited', progress, pageSize: 454, retryIn: 2 })).toBe(
      'Rate limited (429): asking for page 6 again in 2 s. 2,270 of 10,000 rows so far.',
    );
    expect(statusText({ phase: 'stopped', progress })).toBe(
      'Stopped after 2,270 of 10,000 rows (5 pages). Resume continues from there.',
    );
    expect(statusText({ phase: 'failed', progress, error: 'The instance answered 502.' })).toBe(
      'The instance answered 502. 2,270 of 10,000 rows so far; Resume asks for page 6 again.',
    );
    expect(statusText({ phase: 'failed', progress, error: 'must be site admin' })).toMatch(
      /^must be site admin\. 2,270/,
    );
    expect(
      statusText({
        phase: 'done',
        progress: { ...progress, rows: 10_000, pages: 23 },
        fileName: 'a.csv',
      }),
    ).toBe('Done: 10,000 rows in 23 pages, saved as a.csv.');
  });
});
