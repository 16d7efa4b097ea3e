import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import type { KeyFigures as Figures } from '../lib/key-figures.ts';
import { FigureTile } from './figure-tile.tsx';
import { Tile } from './tile.tsx';

interface Props {
  state: ReportState;
  keyFigures(): Promise<Figures>;
  /** The "Credits left" tile (its own request, not the report's). */
  credits: ReactNode;
}

const WHY_NOT: Record<Exclude<Figures, { ok: true }>['reason'], string> = {
  'no-dates': 'This report has no dates: choose Granularity “By user and day”, then Load report.',
  'no-users': 'This report has no user column to count.',
  'no-rows': 'No rows with a date (check the filters and dates).',
};

/**
 * Region "Key figures": what a site admin comes for, above the chart. Active users over the last
 * 7 and 30 days and events over 30, each against the period before (computed in the worker:
 * `lib/key-figures.ts` defines the periods and who counts as active), and credits left. A tile
 * without its data says how to get it.
 */
function KeyFiguresView({ state, keyFigures, credits }: Props) {
  const id = useId();
  const [answer, setAnswer] = useState<{ loadId: number; result: Figures }>();
  const ready = state.phase === 'done' && state.loadId > 0;
  const { filterKey, rows, viewLength } = state.progress;

  // Once the report is in (rows arrive in date order: earlier figures would be wrong), and
  // again when the filters change.
  useEffect(() => {
    if (!ready) return;
    let live = true;
    const loadId = state.loadId;
    keyFigures().then(
      (result) => live && setAnswer({ loadId, result }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready, keyFigures, state.loadId, filterKey]);

  const result = answer?.loadId === state.loadId ? answer.result : undefined;
  const waiting = !result && state.loadId > 0 && state.phase !== 'done';
  const pending = (title: string, hint: string) => (
    <Tile title={title} busy={waiting}>
      <p className="an-tile-line an-hint">{waiting ? 'Counted when the report is in…' : hint}</p>
    </Tile>
  );
  const day = !result?.ok || result.unit === 'day';
  const monthTitle = day ? 'last 30 days' : 'latest month';
  const before = day ? 'the 30 days before' : 'the month before';

  let tiles: ReactNode;
  if (result?.ok) {
    tiles = (
      <>
        {result.activeWeek ? (
          <FigureTile
            title="Active users, last 7 days"
            figure={result.activeWeek}
            before="the 7 days before"
            first={result.first}
          />
        ) : (
          pending(
            'Active users, last 7 days',
            'A monthly report has no days: choose Granularity “By user and day”, then Load report.',
          )
        )}
        <FigureTile
          title={`Active users, ${monthTitle}`}
          figure={result.activeMonth}
          before={before}
          first={result.first}
        />
        {result.events ? (
          <FigureTile
            title={`Events, ${monthTitle}`}
            figure={result.events}
            before={before}
            first={result.first}
          />
        ) : (
          pending(`Events, ${monthTitle}`, 'This report has no event columns.')
        )}
      </>
    );
  } else {
    const hint = result ? WHY_NOT[result.reason] : 'Load a report to see this figure.';
    tiles = (
      <>
        {pending('Active users, last 7 days', hint)}
        {pending('Active users, last 30 days', hint)}
        {pending('Events, last 30 days', hint)}
      </>
    );
  }

  const filtered = viewLength !== rows;
  return (
    <section className="an-figures" aria-labelledby={`${id}-title`}>
      <div className="an-figures-head">
        <h2 id={`${id}-title`} className="an-h2">
          Key figures
        </h2>
        {result?.ok && (
          <p className="an-hint">
            Periods end on {result.last}, the report’s latest{' '}
            {result.unit === 'month' ? 'month (it may not be over yet)' : 'date'}. Active: a user
            with a row
            {result.activeFlag ? ` marked “${result.activeFlag}” or` : ''} with a count above zero
            in the period.
            {filtered && ' Rows that pass the filters only.'}
            {state.outcome !== 'complete' && ' From the rows received: the report is incomplete.'}
          </p>
        )}
      </div>
      <div className="an-tiles">
        {tiles}
        {credits}
      </div>
    </section>
  );
}

/** Progress that only moves the counters does not re-render the tiles. */
export const KeyFigures = memo(
  KeyFiguresView,
  (a, b) =>
    a.keyFigures === b.keyFigures &&
    a.credits === b.credits &&
    a.state.phase === b.state.phase &&
    a.state.outcome === b.state.outcome &&
    a.state.loadId === b.state.loadId &&
    a.state.progress.filterKey === b.state.progress.filterKey &&
    (a.state.progress.viewLength === a.state.progress.rows) ===
      (b.state.progress.viewLength === b.state.progress.rows),
);
