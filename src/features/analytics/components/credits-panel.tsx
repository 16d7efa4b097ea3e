import { memo } from 'react';
import type { CreditsState } from '../hooks/use-credits.ts';
import { creditOutlook } from '../lib/credit-outlook.ts';
import { bucketSummary } from '../lib/credit-series.ts';
import { CreditChart } from './credit-chart.tsx';

const nf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/**
 * The credits in detail once loaded ("Load credits" is in the "Credits left" tile): the
 * instance's buckets, the outlook in words and the "Credit consumption" chart.
 */
function CreditsPanelView({ credits }: { credits: CreditsState }) {
  const { buckets, today } = credits;
  if (!buckets || buckets.length === 0) return null;
  const outlook = creditOutlook(buckets, today);
  return (
    <section className="an-card" aria-label="Credits">
      <h2 className="an-h2">Credits</h2>
      <table className="an-data-table" aria-label="Credit buckets">
        <thead>
          <tr>
            <th scope="col">Bucket</th>
            <th scope="col">Active period</th>
            <th scope="col">Allocation</th>
            <th scope="col">Consumed</th>
            <th scope="col">Used</th>
          </tr>
        </thead>
        <tbody>
          {buckets.map((b) => {
            const s = bucketSummary(b, today);
            return (
              <tr key={b.id + b.start}>
                <th scope="row">
                  {b.id}
                  {s.active ? ' (active)' : ''}
                </th>
                <td>
                  {b.start} – {b.end}
                </td>
                <td className="an-num">{nf.format(b.allocation)}</td>
                <td className="an-num">{nf.format(b.consumption)}</td>
                <td className="an-num">{nf.format(s.percentUsed)}%</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {outlook && (
        <p className="an-box" role="status">
          {outlook.sentences.join(' ')}
        </p>
      )}
      <CreditChart buckets={buckets} today={today} />
    </section>
  );
}

/** The report's progress re-renders the page several times a second; the credits skip it. */
export const CreditsPanel = memo(CreditsPanelView);
