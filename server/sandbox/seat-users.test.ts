import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { createDataset } from './analytics/data.ts';
import { withInstanceUsers } from './analytics/instance-users.ts';
import { reportLines } from './analytics/report.ts';
import { USERS } from './instance/data.ts';
import { DELETED_ID_BASE, licence, neverInReport } from './seat-users.ts';

const dataset = (scale: number) =>
  withInstanceUsers(createDataset('127.0.0.1:4174', scale, '2026-06-14', 'sandbox.example'));

/** The `by_user` report of the sandbox instance at `scale`, as records. */
function byUser(scale: number): Record<string, string>[] {
  const ds = dataset(scale);
  const text = [...reportLines(ds, 'by_user', '', '')].join('');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
}

const lower = (s: string | undefined) => (s ?? '').toLowerCase();

describe('the sandbox instance and its analytics report describe the same users', () => {
  // 40,000 rows: ~140 report users, so the case and email-only rules all occur.
  const rows = byUser(40_000);
  const byName = new Map(USERS.map((u) => [u.username, u]));
  const byEmail = new Map(USERS.map((u) => [u.email, u]));
  const instanceUser = (r: Record<string, string>) =>
    byName.get(lower(r.Username)) ?? byEmail.get(lower(r['User Email']));

  it("names instance users by the instance's database ID, username or email", () => {
    const known = rows.filter((r) => instanceUser(r));
    expect(known.length).toBeGreaterThan(100);
    for (const r of known) expect(Number(r['Instance user ID'])).toBe(instanceUser(r)!.index + 1);
    // Some cells differ from the instance's only in case; some users have an email only.
    expect(known.some((r) => r.Username && !byName.has(r.Username))).toBe(true);
    expect(known.some((r) => !byEmail.has(r['User Email']!))).toBe(true);
    expect(known.some((r) => r.Username === '' && r['User Email'])).toBe(true);
    // Found only when case is ignored: neither the username nor the email as the instance has it.
    const exact = (r: Record<string, string>) =>
      byName.has(r.Username!) || byEmail.has(r['User Email']!);
    expect(known.some((r) => r.Username && !exact(r))).toBe(true);
    expect(known.some((r) => r.Username === '' && !exact(r))).toBe(true);
  });

  it('has deleted users, with IDs no instance user has, texture included', () => {
    const deleted = rows.filter((r) => !instanceUser(r));
    expect(deleted.map((r) => r.Username)).toEqual(
      expect.arrayContaining(['jürgen.müller', '山田太郎', 'dev🚀ops', '']),
    );
    for (const r of deleted) expect(Number(r['Instance user ID'])).toBeGreaterThan(DELETED_ID_BASE);
  });

  it('leaves one instance user in ten out of the report, at any scale', () => {
    // ~3,500 report users: more than the instance has.
    const named = new Set(dataset(1_000_000).users.map((u) => String(u.id)));
    const never = USERS.filter(neverInReport);
    expect(never.length).toBe(Math.floor(USERS.length / 10));
    for (const u of never) expect(named.has(String(u.index + 1))).toBe(false);
    for (const u of USERS.filter((x) => !neverInReport(x)))
      expect(named.has(String(u.index + 1))).toBe(true);
  });

  it('licenses more seats than the instance has users', () => {
    const l = licence();
    expect(l.license.userCount).toBeGreaterThanOrEqual(USERS.length);
    expect(l.actualUserCount).toBe(USERS.length);
  });
});
