import { describe, expect, it } from 'vitest';
import { parseCredits, type CreditBucket } from './credits.ts';

const expected: CreditBucket[] = [
  { id: 'b1', start: '2026-01-01', end: '2026-01-31', allocation: 1000, consumption: 250 },
];

const ours = JSON.stringify({
  instanceURL: 'example.com',
  buckets: [
    {
      id: 'b1',
      activePeriod: { start: '2026-01-01', end: '2026-01-31' },
      allocation: 1000,
      consumption: 250,
      daily: [
        { date: '2026-01-02', consumed: 150 },
        { date: '2026-01-01', consumed: 100 },
      ],
    },
  ],
});

describe('parseCredits', () => {
  it('reads our JSON, with daily consumption sorted by date', () => {
    expect(parseCredits('application/json', ours)).toEqual({
      ok: true,
      format: 'json',
      buckets: [
        {
          ...expected[0],
          daily: [
            { date: '2026-01-01', consumed: 100 },
            { date: '2026-01-02', consumed: 150 },
          ],
        },
      ],
    });
  });

  it.each<[string, string | null, string, string]>([
    [
      'plain array',
      'application/json',
      '[{"id":"b1","start":"2026-01-01","end":"2026-01-31","allocation":1000,"consumption":250}]',
      'json-array',
    ],
    [
      'array sniffed without content type',
      null,
      ' [{"bucketId":"b1","startDate":"2026-01-01","endDate":"2026-01-31","allocated":"1,000","consumed":"250"}]',
      'json-array',
    ],
    [
      'wrapped under data, snake case, timestamps',
      'application/json; charset=utf-8',
      '{"data":[{"id":"b1","active_period_start":"2026-01-01T00:00:00Z","active_period_end":"2026-01-31T23:59:59Z","allocation":1000,"usage":250}]}',
      'json-wrapped',
    ],
    [
      'wrapped under items with nested period',
      'application/json',
      '{"total":1,"items":[{"id":"b1","period":{"from":"2026-01-01","to":"2026-01-31"},"credits":1000,"used":250}]}',
      'json-wrapped',
    ],
    [
      'wrapped under credits',
      'application/json',
      '{"credits":[{"id":"b1","activePeriod":{"start":"2026-01-01","end":"2026-01-31"},"allocation":1000,"consumption":250}]}',
      'json-wrapped',
    ],
    [
      'wrapped under an unknown key',
      'application/json',
      '{"creditBucketList":[{"id":"b1","activePeriod":{"start":"2026-01-01","end":"2026-01-31"},"allocation":1000,"consumption":250}]}',
      'json-wrapped',
    ],
    [
      'CSV with a header',
      'text/csv',
      'Bucket ID,Active Period Start,Active Period End,Allocation,Consumption\r\nb1,2026-01-01,2026-01-31,1000,250\r\n',
      'csv',
    ],
    [
      'CSV with BOM, quoted numbers, sniffed',
      'text/plain',
      '\uFEFFid,start,end,allocation,consumption\nb1,2026-01-01,2026-01-31,"1,000",250\n\n',
      'csv',
    ],
  ])('%s', (_name, ct, text, format) => {
    expect(parseCredits(ct, text)).toEqual({ ok: true, format, buckets: expected });
  });

  it('gives buckets without an id a positional one and sorts by start', () => {
    const r = parseCredits(
      null,
      '[{"start":"2026-02-01","end":"2026-02-28","allocation":1,"consumption":0},{"start":"2026-01-01","end":"2026-01-31","allocation":1,"consumption":0}]',
    );
    expect(r.ok && r.buckets.map((b) => [b.id, b.start])).toEqual([
      ['bucket-2', '2026-01-01'],
      ['bucket-1', '2026-02-01'],
    ]);
  });

  it('an empty list is valid (no buckets in range)', () => {
    expect(parseCredits('application/json', '{"instanceURL":"a","buckets":[]}')).toEqual({
      ok: true,
      format: 'json',
      buckets: [],
    });
  });

  it.each<[string, string | null, string, RegExp]>([
    ['empty body', 'application/json', '', /empty/],
    ['whitespace body', null, ' \n', /empty/],
    [
      'HTML error page',
      'text/html',
      '<!doctype html><h1>502 Bad Gateway</h1>',
      /web page.*Analytics URL/,
    ],
    ['HTML without content type', null, '<html><body>Sign in</body></html>', /web page/],
    ['broken JSON', 'application/json', '{"buckets": [', /not valid JSON/],
    ['JSON scalar', 'application/json', '42', /neither a list nor an object/],
    [
      'JSON error object',
      'application/json',
      '{"error":"token expired"}',
      /answered with an error: token expired/,
    ],
    ['JSON object without list', 'application/json', '{"a":1}', /no list of buckets \(keys: a\)/],
    [
      'bucket missing allocation',
      null,
      '[{"start":"2026-01-01","end":"2026-01-31","consumption":1}]',
      /Bucket 1 has no numeric allocation/,
    ],
    [
      'bucket with bad date',
      null,
      '[{"start":"2026-02-30","end":"2026-03-31","allocation":1,"consumption":1}]',
      /Bucket 1 has no readable start/,
    ],
    [
      'bucket missing end',
      null,
      '[{"start":"2026-01-01","allocation":1,"consumption":1}]',
      /Bucket 1 has no readable end/,
    ],
    ['non-object in list', null, '[1,2]', /Bucket 1 is not an object/],
    [
      'CSV without the needed columns',
      'text/csv',
      'name,value\na,1\n',
      /header row with start, end, allocation and consumption/,
    ],
    ['plain text', 'text/plain', 'Unauthorized', /neither JSON nor CSV/],
  ])('%s → a clear message', (_name, ct, text, message) => {
    const r = parseCredits(ct, text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});
