import { describe, expect, it } from 'vitest';
import { GRANULARITIES } from '../../../src/shared/contracts/report-params.ts';
import { createDataset } from './data.ts';
import { reportBody } from './report-bytes.ts';
import { reportLines } from './report.ts';

/** The body as served, joined into one buffer. */
function served(...args: Parameters<typeof reportBody>): Buffer {
  return Buffer.concat([...reportBody(...args)].map((item) => Buffer.from(item)));
}

function reference(...args: Parameters<typeof reportLines>): Buffer {
  return Buffer.from([...reportLines(...args)].join(''));
}

// The first users carry the texture (non-ASCII, quotes, a comma, a newline in a field, empty
// cells), so every data set below has them; 40,000 rows make several 64 KB chunks.
const datasets = [
  createDataset('127.0.0.1:4174', 40_000, '2026-11-27', 'sandbox.example'),
  createDataset('acme.sourcegraphcloud.example', 300, '2025-03-01', 'acme.example'),
];

describe('reportBody', () => {
  for (const ds of datasets) {
    for (const g of GRANULARITIES) {
      for (const [start, end] of [
        ['', ''],
        ['2025-01-15', ''],
        ['', '2026-06-30'],
        ['2026-11-20', '2026-11-21'],
        ['2030-01-01', ''],
      ] as const) {
        it(`is reportLines' text byte for byte: ${ds.host} ${g} ${start || '…'}–${end || '…'}`, () => {
          const want = reference(ds, g, start, end);
          const got = served(ds, g, start, end);
          expect(got.length).toBe(want.length);
          expect(got.equals(want)).toBe(true);
        });
      }
    }
  }

  it('writes the finest granularity as byte chunks, a small first one', () => {
    const ds = datasets[0]!;
    const chunks = [...reportBody(ds, 'by_user_day_client_language', '', '')].filter(
      (c): c is Uint8Array => typeof c !== 'string',
    );
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks[0]!.byteLength).toBeLessThan(20 * 1024);
    expect(chunks[1]!.byteLength).toBeGreaterThanOrEqual(64 * 1024);
    // Each chunk ends a line: the reader never sees a row cut by the generator.
    for (const c of chunks) expect(c[c.byteLength - 1]).toBe(10);
  });
});
