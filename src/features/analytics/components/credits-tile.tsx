import { memo } from 'react';
import type { CreditsState } from '../hooks/use-credits.ts';
import { bucketSummary, projectRunOut } from '../lib/credit-series.ts';
import { Tile } from './tile.tsx';

const nf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

interface Props {
  credits: CreditsState;
  onLoad(): void;
}

/**
 * "Credits left": allocation − consumption of the bucket active today (UTC), and the day it runs
 * out at the recent rate (the last 7 days of its daily consumption, else its average since it
 * started; `lib/credit-series.ts`). Holds "Load credits" (credits are a request of their own).
 */
function CreditsTileView({ credits, onLoad }: Props) {
  const { buckets, error, busy, today } = credits;
  const active = buckets?.find((b) => bucketSummary(b, today).active);
  const run = active && projectRunOut(active, today);
  const left = active && active.allocation - active.consumption;
  const button = (
    <button type="button" className="an-tile-action" disabled={busy} onClick={onLoad}>
      Load credits
    </button>
  );
  let lines;
  if (busy) lines = <p className="an-tile-line an-hint">Loading credits…</p>;
  else if (error)
    lines = (
      <p className="an-tile-line an-error" role="alert">
        {error}
      </p>
    );
  else if (!buckets)
    lines = (
      <p className="an-tile-line an-hint">
        Credits are a request of their own: press Load credits for this instance.
      </p>
    );
  else if (buckets.length === 0)
    lines = (
      <p className="an-tile-line an-hint">
        No credit buckets for this instance and period. Clear the dates to list all buckets.
      </p>
    );
  else if (!active || left === undefined || !run)
    lines = (
      <p className="an-tile-line an-hint">
        No bucket is active today ({today}); the credits panel below lists them all.
      </p>
    );
  else
    lines = (
      <>
        <p className="an-tile-line an-hint">
          of {nf.format(active.allocation)} in {active.start} – {active.end}
        </p>
        <p className="an-tile-line">
          {left <= 0 ? (
            <span className="an-delta an-delta-down">Used up</span>
          ) : run.runOutDate ? (
            <span className={`an-delta ${run.runsOutBeforeEnd ? 'an-delta-down' : ''}`}>
              Runs out {run.runOutDate}
            </span>
          ) : (
            <span>Nothing used recently</span>
          )}{' '}
          <span className="an-hint">
            {left > 0 && run.runOutDate && !run.runsOutBeforeEnd && `after its end · `}~
            {nf.format(run.ratePerDay)} a day
            {active.daily?.length ? ' (last 7 days)' : ' (average)'}
          </span>
        </p>
      </>
    );
  return (
    <Tile
      title="Credits left"
      value={active && left !== undefined && !busy ? nf.format(left) : undefined}
      busy={busy}
    >
      {lines}
      {button}
    </Tile>
  );
}

export const CreditsTile = memo(CreditsTileView);
