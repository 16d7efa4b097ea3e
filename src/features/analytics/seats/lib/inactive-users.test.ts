import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { inactiveCsv, inactiveFileName, inactiveUsers } from './inactive-users.ts';
import { ABSENT, ACTIVE, IDLE } from './seat-answer.ts';
import type { InstanceUser } from './users-query.ts';

const user = (username: string, extra: Partial<InstanceUser> = {}): InstanceUser => ({
  username,
  displayName: null,
  emails: [`${username}@example.com`],
  siteAdmin: false,
  createdAt: '2024-01-02T03:04:05Z',
  lastActive: null,
  databaseId: null,
  ...extra,
});

describe('inactive users', () => {
  const users = [
    user('active'),
    user('absent', { siteAdmin: true, displayName: 'Zoë, "the admin"' }),
    user('idle', { emails: ['a@x.example', 'b@x.example'], lastActive: '2025-01-01T00:00:00Z' }),
    user('=cmd'),
  ];
  const list = inactiveUsers(users, Uint8Array.of(ACTIVE, ABSENT, IDLE, ABSENT));

  it('are the users not active in the report, in the instance’s order', () => {
    expect(list.map((u) => [u.username, u.idle])).toEqual([
      ['absent', false],
      ['idle', true],
      ['=cmd', false],
    ]);
  });

  it('export as CSV with a header, CRLF, quotes where needed and no formulas', async () => {
    const text = await inactiveCsv(list).text();
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = Papa.parse<string[]>(text.trim(), { newline: '\r\n' }).data;
    expect(rows).toEqual([
      [
        'Username',
        'Display name',
        'Emails',
        'Site admin',
        'Created',
        'Last active on the instance',
        'In the report',
      ],
      [
        'absent',
        'Zoë, "the admin"',
        'absent@example.com',
        'yes',
        '2024-01-02T03:04:05Z',
        '',
        'no rows',
      ],
      [
        'idle',
        '',
        'a@x.example; b@x.example',
        'no',
        '2024-01-02T03:04:05Z',
        '2025-01-01T00:00:00Z',
        'rows without activity',
      ],
      ["'=cmd", '', "'=cmd@example.com", 'no', '2024-01-02T03:04:05Z', '', 'no rows'],
    ]);
  });

  it('are named after the report', () => {
    expect(inactiveFileName('report_a-1_by_user_all_all.csv')).toBe(
      'report_a-1_by_user_all_all-inactive-users.csv',
    );
  });
});
