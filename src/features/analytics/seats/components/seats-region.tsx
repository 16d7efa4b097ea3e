import { memo, useId, useState } from 'react';
import type { ReportState } from '../../hooks/use-report.ts';
import type { InstanceKey } from '../lib/match-users.ts';
import type { SeatAnswer } from '../lib/seat-answer.ts';
import { forgetInstanceUsers, useSeats, type SeatsView } from '../hooks/use-seats.ts';
import { SeatAnswerView } from './seat-answer-view.tsx';
import '../seats.css';

export interface SeatsRegionProps {
  state: ReportState;
  /** The Instance host field: the host of a report is taken when it loads. */
  host: string;
  /** The report worker's join (`seats` of use-report.ts). */
  seats(instance: InstanceKey[]): Promise<SeatAnswer>;
}

const nf = new Intl.NumberFormat('en-US');
/** How to connect the console (its panel is on the Console tab). */
function connect(host?: string): string {
  return `In the Console tab, open Connection (top bar) and connect${host ? ` to ${host}` : ''} with a site admin’s access token; then load the report here again (the connection stays).`;
}

/** What to do, or how far it got, for every view but the answer. */
function Guidance({ view }: { view: Exclude<SeatsView, { kind: 'done' }> }) {
  switch (view.kind) {
    case 'waiting':
      return <p className="an-hint">Joined with the instance’s users once the report is in.</p>;
    case 'no-connection':
      return (
        <p className="an-box" role="status">
          Seats come from the instance’s users and licence, read with the console’s connection, and
          the console is not connected. {connect(view.reportHost)}
        </p>
      );
    case 'mismatch':
      return (
        <p className="an-box" role="status">
          This report is for {view.reportHost}, but the console is connected to {view.consoleHost}:
          their users cannot be joined. Connect the console to {view.reportHost} (Console tab,
          Connection), or load the report of {view.consoleHost} here.
        </p>
      );
    case 'not-admin':
      return (
        <p className="an-box an-error" role="alert">
          {view.viewer ? `${view.viewer} is` : 'The console’s token is'} not a site admin, and only
          a site admin may list the instance’s users.
          {view.said && ` The instance answered: “${view.said}”.`} {connect()}
        </p>
      );
    case 'failed':
      return (
        <p className="an-box an-error" role="alert">
          Could not read the instance’s users: {view.message}
        </p>
      );
    case 'reading':
      return (
        <p className="an-hint" role="status">
          Reading the instance’s users: {nf.format(view.read)}
          {view.total !== null && ` of ${nf.format(view.total)}`}…
        </p>
      );
    case 'joining':
      return (
        <p className="an-hint" role="status">
          Joining {nf.format(view.facts.users.length)} instance users with the report’s users…
        </p>
      );
    case 'no-users':
      return (
        <p className="an-box" role="status">
          This report has no user column to join with the instance’s users.
        </p>
      );
  }
}

/**
 * Region "Seats and adoption" (a chunk of its own, shown once a report is loaded): the report's
 * users joined with the instance's users and licence (read with the console's connection):
 * licensed seats, users active in the report, licensed but inactive users (table, CSV), report
 * users unknown to the instance, adoption by client and language. Or what to do first.
 */
function SeatsRegionView({ state, host, seats }: SeatsRegionProps) {
  const id = useId();
  // The host of the report shown: the field as it was when that report arrived.
  const [loaded, setLoaded] = useState({ loadId: state.loadId, host });
  if (loaded.loadId !== state.loadId) setLoaded({ loadId: state.loadId, host });
  const [reload, setReload] = useState(0);
  const view = useSeats(state, loaded.host, seats, reload);
  const canReload = view.kind === 'done' || view.kind === 'failed' || view.kind === 'not-admin';
  return (
    <section className="an-card an-seats" aria-labelledby={`${id}-title`}>
      <div className="an-figures-head">
        <h2 id={`${id}-title`} className="an-h2">
          Seats and adoption
        </h2>
        <p className="an-hint">
          The report’s users joined with the instance’s users and licence, by username or email (any
          case), over the whole report.
        </p>
        {canReload && (
          <button
            type="button"
            onClick={() => {
              forgetInstanceUsers();
              setReload((n) => n + 1);
            }}
          >
            Reload instance users
          </button>
        )}
      </div>
      {view.kind === 'done' && state.outcome !== 'complete' && (
        <p className="an-hint">From the rows received: the report is incomplete.</p>
      )}
      {view.kind === 'done' ? (
        <SeatAnswerView
          facts={view.facts}
          answer={view.answer}
          reportHost={loaded.host}
          fileName={state.fileName}
        />
      ) : (
        <Guidance view={view} />
      )}
    </section>
  );
}

/** Progress that only moves the counters does not re-render the region. */
export default memo(
  SeatsRegionView,
  (a, b) =>
    a.seats === b.seats &&
    a.host === b.host &&
    a.state.phase === b.state.phase &&
    a.state.loadId === b.state.loadId &&
    a.state.outcome === b.state.outcome &&
    a.state.fileName === b.state.fileName,
);
