import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getConnection } from '../../connection/index.ts';
import { creditsQueryOptions, CreditsError } from '../api/credits.ts';
import { creditOutlook } from '../lib/credit-outlook.ts';
import { bucketSummary } from '../lib/credit-series.ts';
import type { CreditBucket } from '../lib/credits.ts';
import type { ReportForm } from '../../../shared/contracts/report-params.ts';
import { buildCreditsParams } from '../../../shared/contracts/report-params.ts';
import { CreditChart } from './credit-chart.tsx';

const nf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });

/** "Load credits": lists the instance's credit buckets and charts their consumption. */
export function CreditsPanel({ form, onInvalid }: { form: ReportForm; onInvalid(): boolean }) {
  const [buckets, setBuckets] = useState<CreditBucket[]>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const today = new Date().toISOString().slice(0, 10);

  async function handleLoad() {
    const built = buildCreditsParams(form);
    if (!built.ok || onInvalid()) return;
    setBusy(true);
    setError(undefined);
    try {
      setBuckets(await queryClient.fetchQuery(creditsQueryOptions(getConnection(), built.params)));
    } catch (err) {
      if (err instanceof CreditsError) setError(err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  }

  const outlook = buckets && creditOutlook(buckets, today);
  return (
    <section className="an-fieldset" aria-label="Credits">
      <div className="an-row">
        <button type="button" disabled={busy} onClick={() => void handleLoad()}>
          Load credits
        </button>
        {busy && <span className="an-hint">Loading credits…</span>}
      </div>
      {error && (
        <p className="an-error an-box" role="alert">
          {error}
        </p>
      )}
      {buckets && buckets.length === 0 && (
        <p className="an-box" role="status">
          No credit buckets for this instance and period. Clear the dates to list all buckets.
        </p>
      )}
      {buckets && buckets.length > 0 && (
        <>
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
        </>
      )}
    </section>
  );
}
