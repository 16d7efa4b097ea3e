import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { columnRoles } from '../../lib/column-roles.ts';
import { ReportStore } from '../../lib/csv-store.ts';
import type { InstanceKey } from './match-users.ts';
import { reportUsers } from './report-users.ts';
import { ABSENT, ACTIVE, IDLE, seatAnswer } from './seat-answer.ts';

/** The report's users over all its rows (a filter in the preview does not change them). */
function users(csv: string, filter?: ViewFilter) {
  const [header = [], ...rows] = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true }).data;
  const s = new ReportStore(header);
  s.append(rows);
  if (filter) {
    s.setView({ filters: filter, global: '' });
    expect(s.viewLength()).toBe(1);
  }
  const cols = columnRoles(s.header, s.types(), s.leadingZeros());
  return reportUsers({ ...s.source(), rows: undefined }, cols);
}
type ViewFilter = Record<number, string>;

// Hand-made: alice is active on two clients and languages; BOB (the instance's bob.smith by
// email, in another case) only has a row without activity; carol's only row is a blank one
// marked active (a billable action); gone is a deleted user; 900 has neither username nor email
// and an ID the instance does not have; 3 is matched by ID (no username, no email), idle.
const REPORT = `
Instance user ID,User Email,Username,Active Sourcegraph User,Client Name,Timestamp Date (or Month),Language,Searches,Chat Events
1,alice@example.com,alice,true,vscode.cody,2025-03-02,go,,3
1,alice@example.com,alice,true,jetbrains.cody,2025-03-05,python,,1
1,alice@example.com,alice,false,server.web,2025-03-01,,0,0
2,BOB.SMITH@EXAMPLE.COM,,false,vscode.cody,2025-03-04,go,0,0
4,carol@example.com,Carol,true,vscode.cody,2025-03-03,rust,,
7,gone@example.com,gone,true,server.web,2025-03-06,,5,
900,,,true,vscode.cody,2025-03-01,go,,2
3,,,false,server.web,2025-03-02,,0,
`;

const key = (username: string, emails: string[], databaseId: number): InstanceKey => ({
  username,
  emails,
  databaseId,
});
const INSTANCE: InstanceKey[] = [
  key('alice', ['alice@example.com'], 1),
  key('bob.smith', ['bob.smith@example.com'], 2),
  key('dave', ['dave@example.com'], 3),
  key('carol', ['carol@example.com'], 4),
  // In the instance only.
  key('erin', ['erin@example.com'], 5),
];

describe('reportUsers', () => {
  it('reads each user once: first username and email, rows, activity, last active day', () => {
    const r = users(REPORT)!;
    expect(r.from).toBe('2025-03-01');
    expect(r.to).toBe('2025-03-06');
    const alice = r.users.find((u) => u.id === '1')!;
    expect(alice).toMatchObject({
      username: 'alice',
      rows: 3,
      active: true,
      lastActive: '2025-03-05',
    });
    expect(alice.clients.map((c) => r.clients[c]).sort()).toEqual([
      'jetbrains.cody',
      'vscode.cody',
    ]);
    expect(alice.languages.map((l) => r.languages[l]).sort()).toEqual(['go', 'python']);
    expect(r.users.find((u) => u.id === '2')).toMatchObject({ active: false, lastActive: '' });
    expect(r.users.find((u) => u.id === '4')).toMatchObject({
      active: true,
      lastActive: '2025-03-03',
    });
  });

  it('reads every row whatever the preview filters', () => {
    expect(users(REPORT, { 2: '=gone' })!.users).toHaveLength(6);
  });

  it('has no users without a user column', () => {
    expect(users('Client Name,Searches\nvscode.cody,1')).toBeNull();
  });
});

describe('seatAnswer', () => {
  const a = seatAnswer(users(REPORT), INSTANCE);
  if (!a.ok) throw new Error('no answer');

  it('says per instance user: active, in the report without activity, absent', () => {
    expect([...a.status]).toEqual([ACTIVE, IDLE, IDLE, ACTIVE, ABSENT]);
    expect(a.lastActive).toEqual(['2025-03-05', '', '', '2025-03-03', '']);
    expect(a.matchedBy).toEqual({ username: 2, email: 1, id: 1 });
    expect([a.reportUsers, a.reportActive]).toEqual([6, 4]);
  });

  it('lists report users unknown to the instance (deleted), most recently active first', () => {
    expect(a.unknown.map((u) => [u.id, u.username, u.active, u.lastActive])).toEqual([
      ['7', 'gone', true, '2025-03-06'],
      ['900', '', true, '2025-03-01'],
    ]);
  });

  it('counts adoption in instance users active with each client and language', () => {
    expect(a.clients).toEqual([
      { name: 'vscode.cody', users: 2 },
      { name: 'jetbrains.cody', users: 1 },
    ]);
    expect(a.languages).toEqual([
      { name: 'go', users: 1 },
      { name: 'python', users: 1 },
      { name: 'rust', users: 1 },
    ]);
  });

  it('counts an instance user once when several report users are them', () => {
    const twice = `${REPORT.trim()}\n11,,ALICE,true,vscode.cody,2025-03-07,go,,1\n`;
    const b = seatAnswer(users(twice), INSTANCE);
    if (!b.ok) throw new Error('no answer');
    expect(b.clients[0]).toEqual({ name: 'vscode.cody', users: 2 });
    expect(b.lastActive[0]).toBe('2025-03-07');
  });

  it('has every instance user absent when the report names none of them', () => {
    const other = seatAnswer(users(REPORT), [key('zed', ['zed@example.com'], 99)]);
    if (!other.ok) throw new Error('no answer');
    expect([...other.status]).toEqual([ABSENT]);
    expect(other.unknown).toHaveLength(6);
  });
});
