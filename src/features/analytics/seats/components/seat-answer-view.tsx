import { useMemo } from 'react';
import { Tile } from '../../components/tile.tsx';
import type { InstanceUsers } from '../api/instance-users.ts';
import { inactiveUsers } from '../lib/inactive-users.ts';
import type { SeatAnswer } from '../lib/seat-answer.ts';
import { AdoptionTable } from './adoption-table.tsx';
import { InactiveTable } from './inactive-table.tsx';
import { share } from './share.ts';
import { UnknownTable } from './unknown-table.tsx';

const nf = new Intl.NumberFormat('en-US');

interface Props {
  facts: InstanceUsers;
  answer: Extract<SeatAnswer, { ok: true }>;
  reportHost: string;
  fileName: string;
}

/** The join's answer: tiles, then the lists and the adoption tables. */
export function SeatAnswerView({ facts, answer, reportHost, fileName }: Props) {
  const { users, licence } = facts;
  const inactive = useMemo(() => inactiveUsers(users, answer.status), [users, answer]);
  const active = users.length - inactive.length;
  const idle = inactive.filter((u) => u.idle).length;
  const admins = users.filter((u) => u.siteAdmin).length;
  const period = answer.from ? ` (${answer.from} – ${answer.to})` : '';
  const seats = licence?.seats ?? null;
  const { username, email, id } = answer.matchedBy;
  return (
    <>
      <p className="an-hint">
        {reportHost}: {nf.format(users.length)} users read as {facts.viewer || 'this token'};{' '}
        {nf.format(answer.reportUsers)} users in the report, matched by username{' '}
        {nf.format(username)}, by email {nf.format(email)}
        {id > 0 && `, by Instance user ID ${nf.format(id)}`}.
        {facts.missing.length > 0 &&
          ` The instance’s schema has no ${facts.missing.join(', ')}: left out.`}
        {facts.warning && ` The instance also said: “${facts.warning}”.`}
      </p>
      <div className="an-tiles">
        <Tile title="Licensed seats" value={seats === null ? undefined : nf.format(seats)}>
          <p className="an-tile-line an-hint">
            {licence === null
              ? 'The instance does not say (no licence in its schema).'
              : seats === null
                ? 'No user limit: the instance has no licence.'
                : licence.licensed
                  ? `${licence.product ?? 'Licence'}${licence.expiresAt ? `, until ${licence.expiresAt.slice(0, 10)}` : ''}`
                  : 'The user limit without a licence.'}
          </p>
          {licence?.actualUserCount != null && (
            <p className="an-tile-line an-hint">
              The instance counts {nf.format(licence.actualUserCount)} users on it
              {seats ? `: ${share(licence.actualUserCount, seats)} of the seats` : ''}.
            </p>
          )}
        </Tile>
        <Tile title="Instance users" value={nf.format(users.length)}>
          <p className="an-tile-line an-hint">
            {nf.format(admins)} site admin{admins === 1 ? '' : 's'}
            {seats ? `; ${share(users.length, seats)} of the seats` : ''}
          </p>
        </Tile>
        <Tile title="Active in the report" value={nf.format(active)}>
          <p className="an-tile-line an-hint">
            Instance users with activity in the report{period}
            {users.length ? `: ${share(active, users.length)}` : ''}.
          </p>
        </Tile>
        <Tile title="Licensed but inactive" value={nf.format(inactive.length)}>
          <p className="an-tile-line an-hint">
            {nf.format(inactive.length - idle)} not in the report, {nf.format(idle)} in it without
            activity.
          </p>
        </Tile>
        <Tile title="Unknown to the instance" value={nf.format(answer.unknown.length)}>
          <p className="an-tile-line an-hint">
            Report users the instance does not have: deleted, or renamed with a new email.
          </p>
        </Tile>
      </div>
      <div className="an-seat-lists">
        <InactiveTable list={inactive} fileName={fileName} />
        <UnknownTable list={answer.unknown} />
      </div>
      <div className="an-seat-lists">
        <AdoptionTable
          title="Adoption by client"
          what="Client"
          rows={answer.clients}
          active={active}
          instanceUsers={users.length}
        />
        <AdoptionTable
          title="Adoption by language"
          what="Language"
          rows={answer.languages}
          active={active}
          instanceUsers={users.length}
        />
      </div>
    </>
  );
}
