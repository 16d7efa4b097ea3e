import { describe, expect, it } from 'vitest';
import { creditOutlook } from './credit-outlook.ts';
import type { CreditBucket } from './credits.ts';

const bucket = (
  id: string,
  start: string,
  end: string,
  allocation: number,
  consumption: number,
): CreditBucket => ({
  id,
  start,
  end,
  allocation,
  consumption,
});

describe('creditOutlook', () => {
  it('runs out before the end; the next bucket does not cover its period at this rate', () => {
    // 10 days elapsed (Jan 1–10) at 100/day: 1,000 of 1,500 used; 500 left → 5 more days.
    const o = creditOutlook(
      [
        bucket('b1', '2025-01-01', '2025-01-31', 1500, 1000),
        bucket('b2', '2025-02-01', '2025-02-28', 2000, 0),
      ],
      '2025-01-10',
    )!;
    expect(o.shortfall).toBe(true);
    expect(o.sentences[0]).toBe(
      'Active bucket b1 (2025-01-01 – 2025-01-31) has used 1,000 of 1,500 credits (66.7%), at about 100 credits a day recently.',
    );
    expect(o.sentences[1]).toBe(
      'At this rate it runs out on 2025-01-15, 17 days before its period ends: from then until 2025-01-31 there are no credits unless more are added.',
    );
    expect(o.sentences[2]).toBe(
      'The next bucket b2 (2,000 credits, 2025-02-01 – 2025-02-28) does not cover its 28 days at this rate (about 2,800 needed): it would run out around 2025-02-21.',
    );
  });

  it('lasts to the end; the next bucket covers; a gap between buckets is named', () => {
    const o = creditOutlook(
      [
        bucket('b1', '2025-01-01', '2025-01-31', 10000, 1000),
        bucket('b2', '2025-02-05', '2025-02-28', 5000, 0),
      ],
      '2025-01-10',
    )!;
    expect(o.shortfall).toBe(false);
    expect(o.sentences[1]).toBe(
      'At this rate it lasts to the end of its period (2025-01-31), with about 6,900 credits unused.',
    );
    expect(o.sentences[2]).toBe(
      'The next bucket starts on 2025-02-05, 4 days after this one ends: no credits in between.',
    );
    expect(o.sentences[3]).toMatch(
      /^The next bucket b2 .* covers its 24 days at this rate \(about 2,400 needed\)\.$/,
    );
  });

  it('used up, no next bucket; nothing active gives no outlook', () => {
    const o = creditOutlook([bucket('b1', '2025-01-01', '2025-01-31', 100, 150)], '2025-01-10')!;
    expect(o.sentences[1]).toBe(
      'It is used up: nothing is left for the rest of its period (21 days, until 2025-01-31).',
    );
    expect(o.sentences[2]).toBe(
      'No later bucket is scheduled: after 2025-01-31 there are no credits.',
    );
    expect(
      creditOutlook([bucket('b1', '2025-01-01', '2025-01-31', 100, 0)], '2025-03-01'),
    ).toBeUndefined();
  });
});
