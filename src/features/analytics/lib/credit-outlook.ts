/**
 * The credits projection in words, for the admin: when the active bucket runs out at the current
 * rate, whether there is a gap until its period ends, and whether the next bucket covers the
 * following period at the same rate. Pure.
 */
import { addDays, daysBetween } from '../../../shared/contracts/dates.ts';
import { bucketSummary, projectRunOut } from './credit-series.ts';
import type { CreditBucket } from './credits.ts';

export interface CreditOutlook {
  /** One sentence per fact, in reading order. */
  sentences: string[];
  /** The active bucket runs out before its period ends (credits stop). */
  shortfall: boolean;
}

const nf = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const days = (n: number) => `${nf.format(n)} ${n === 1 ? 'day' : 'days'}`;

/** The outlook on `today`, or undefined when no bucket is active. */
export function creditOutlook(
  buckets: readonly CreditBucket[],
  today: string,
): CreditOutlook | undefined {
  const active = buckets.find((b) => bucketSummary(b, today).active);
  const run = active && projectRunOut(active, today);
  if (!active || !run) return undefined;
  const s = bucketSummary(active, today);
  const rate = run.ratePerDay;
  const out: string[] = [];
  out.push(
    `Active bucket ${active.id} (${active.start} – ${active.end}) has used ` +
      `${nf.format(active.consumption)} of ${nf.format(active.allocation)} credits ` +
      `(${s.percentUsed.toFixed(1)}%), at about ${nf.format(rate)} credits a day recently.`,
  );
  let shortfall = false;
  if (s.remaining <= 0) {
    shortfall = true;
    const left = daysBetween(today, active.end);
    out.push(
      `It is used up: nothing is left for the rest of its period` +
        (left > 0 ? ` (${days(left)}, until ${active.end}).` : '.'),
    );
  } else if (!run.runOutDate) {
    out.push(`Nothing is being consumed now, so it will not run out before ${active.end}.`);
  } else if (run.runsOutBeforeEnd) {
    shortfall = true;
    const gap = daysBetween(run.runOutDate, active.end) + 1;
    out.push(
      `At this rate it runs out on ${run.runOutDate}, ${days(gap)} before its period ends: ` +
        `from then until ${active.end} there are no credits unless more are added.`,
    );
  } else {
    const spare = s.remaining - rate * daysBetween(today, active.end);
    out.push(
      `At this rate it lasts to the end of its period (${active.end}), with about ` +
        `${nf.format(Math.max(0, spare))} credits unused.`,
    );
  }

  const next = [...buckets]
    .filter((b) => b.start > active.end)
    .sort((a, b) => (a.start < b.start ? -1 : 1))[0];
  if (!next) {
    out.push('No later bucket is scheduled: after ' + active.end + ' there are no credits.');
    return { sentences: out, shortfall: true };
  }
  const gapDays = daysBetween(active.end, next.start) - 1;
  if (gapDays > 0)
    out.push(
      `The next bucket starts on ${next.start}, ${days(gapDays)} after this one ends: no credits in between.`,
    );
  const length = daysBetween(next.start, next.end) + 1;
  const need = rate * length;
  if (rate <= 0) {
    out.push(
      `The next bucket ${next.id} (${nf.format(next.allocation)} credits from ${next.start}) is not being drawn on at the current rate.`,
    );
  } else if (need <= next.allocation) {
    out.push(
      `The next bucket ${next.id} (${nf.format(next.allocation)} credits, ${next.start} – ${next.end}) ` +
        `covers its ${days(length)} at this rate (about ${nf.format(need)} needed).`,
    );
  } else {
    const lasts = Math.floor(next.allocation / rate);
    out.push(
      `The next bucket ${next.id} (${nf.format(next.allocation)} credits, ${next.start} – ${next.end}) ` +
        `does not cover its ${days(length)} at this rate (about ${nf.format(need)} needed): it ` +
        `would run out around ${addDays(next.start, lasts)}.`,
    );
    shortfall = true;
  }
  return { sentences: out, shortfall };
}
