/**
 * Licensed but inactive: the instance's users who were not active in the report (not in it at
 * all, or only on rows without activity), for the table and "Export inactive users as CSV"
 * (RFC 4180, CRLF, cells neutralised against formulas by lib/csv-write.ts). Pure.
 */
import { CsvParts } from '../../lib/csv-write.ts';
import { ACTIVE, IDLE } from './seat-answer.ts';
import type { InstanceUser } from './users-query.ts';

export interface InactiveUser extends InstanceUser {
  /** In the report with rows that show no activity (else not in it at all). */
  idle: boolean;
}

/** The users whose `status` (from the join, in the same order) is not ACTIVE, in that order. */
export function inactiveUsers(users: readonly InstanceUser[], status: Uint8Array): InactiveUser[] {
  const out: InactiveUser[] = [];
  users.forEach((u, i) => {
    if (status[i] !== ACTIVE) out.push({ ...u, idle: status[i] === IDLE });
  });
  return out;
}

export const INACTIVE_COLUMNS = [
  'Username',
  'Display name',
  'Emails',
  'Site admin',
  'Created',
  'Last active on the instance',
  'In the report',
] as const;

/** What "In the report" says. */
export function inReport(u: InactiveUser): string {
  return u.idle ? 'rows without activity' : 'no rows';
}

/** One record per user, cells as the instance sent them (emails joined with "; "). */
export function inactiveCsv(list: readonly InactiveUser[]): Blob {
  const out = new CsvParts();
  out.add(INACTIVE_COLUMNS);
  for (const u of list)
    out.add([
      u.username,
      u.displayName ?? '',
      u.emails.join('; '),
      u.siteAdmin ? 'yes' : 'no',
      u.createdAt ?? '',
      u.lastActive ?? '',
      inReport(u),
    ]);
  return new Blob(out.finish(), { type: 'text/csv;charset=utf-8' });
}

/** `report_….csv` → `report_…-inactive-users.csv`. */
export function inactiveFileName(reportFile: string): string {
  return `${reportFile.replace(/\.csv$/i, '')}-inactive-users.csv`;
}
