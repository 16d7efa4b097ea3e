import { useId } from 'react';
import type { Adoption } from '../lib/seat-answer.ts';
import { share } from './share.ts';

const nf = new Intl.NumberFormat('en-US');

interface Props {
  title: 'Adoption by client' | 'Adoption by language';
  what: string;
  rows: Adoption[];
  /** Instance users active in the report, and all instance users. */
  active: number;
  instanceUsers: number;
}

/** Instance users active with each client (or language), against the active and all users. */
export function AdoptionTable({ title, what, rows, active, instanceUsers }: Props) {
  const id = useId();
  return (
    <div className="an-seat-list">
      <h3 id={`${id}-title`} className="an-h3">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="an-hint">The report has no {what.toLowerCase()} column with activity.</p>
      ) : (
        <table className="an-data-table" aria-labelledby={`${id}-title`}>
          <thead>
            <tr>
              <th scope="col">{what}</th>
              <th scope="col" className="an-num">
                Users
              </th>
              <th scope="col" className="an-num">
                Of active users
              </th>
              <th scope="col" className="an-num">
                Of instance users
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.name}>
                <th scope="row">{r.name}</th>
                <td className="an-num">{nf.format(r.users)}</td>
                <td className="an-num">{share(r.users, active)}</td>
                <td className="an-num">{share(r.users, instanceUsers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
