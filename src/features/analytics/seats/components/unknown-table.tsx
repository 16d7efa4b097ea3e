import { useId } from 'react';
import { ScrollTable } from '../../components/scroll-table.tsx';
import type { UnknownUser } from '../lib/seat-answer.ts';
import { SHOWN, shownNote } from './shown.ts';

const nf = new Intl.NumberFormat('en-US');

/** "Users unknown to the instance": report users no instance user matched, most recent first. */
export function UnknownTable({ list }: { list: UnknownUser[] }) {
  const id = useId();
  return (
    <div className="an-seat-list">
      <h3 id={`${id}-title`} className="an-h3">
        Users unknown to the instance
      </h3>
      {list.length === 0 ? (
        <p className="an-hint">The instance has every user of the report.</p>
      ) : (
        <ScrollTable labelledBy={`${id}-title`} className="an-summary">
          <thead>
            <tr>
              <th scope="col">Instance user ID</th>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col" className="an-num">
                Rows
              </th>
              <th scope="col">Last active in the report</th>
            </tr>
          </thead>
          <tbody>
            {list.slice(0, SHOWN).map((u, i) => (
              <tr key={`${u.id}|${u.username}|${u.email}|${i}`}>
                <th scope="row">{u.id}</th>
                <td className={u.username ? undefined : 'an-empty'}>{u.username || '(none)'}</td>
                <td className={u.email ? undefined : 'an-empty'}>{u.email || '(none)'}</td>
                <td className="an-num">{nf.format(u.rows)}</td>
                <td>{u.active ? u.lastActive || 'yes' : 'never'}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {shownNote(list.length, 'the most recently active')}
    </div>
  );
}
