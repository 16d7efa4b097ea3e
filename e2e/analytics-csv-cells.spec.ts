import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { AnalyticsPage } from './pages/analytics-page.ts';

// Reports of exactly known bytes, from an analytics upstream of this spec's own (port 0),
// reached through the app's relay by pointing "Analytics URL" at it: cells that are quoted,
// multiline, non-ASCII or padded with spaces, shown and saved exactly as sent (issue 32.5);
// malformed quotes said on the status line with their line (issue 31.4).

const REPORT_PATH = '/api/reports/by-user-client-date';

/** Issue 31's lines: papaparse reads `"a"b,1` on to the `"` after `d`, so lines 3 and 4 are one row. */
const MERGED = 'id,name,n\r\n0,z,0\r\n1,"a"b,1\r\n2,"d",2\r\n3,c,3\r\n';

/**
 * 30,000 quote-free lines (read from the bytes by the worker), a malformed quote on line 12,345
 * that merges it with line 12,346, and a quoted cell the file ends in, from line 30,002 on.
 */
function deepReport(): string {
  const lines = ['Instance user ID,Username,Searches'];
  for (let line = 2; line <= 30_001; line++)
    if (line === 12_345) lines.push('12344,"ann"e,3');
    else if (line === 12_346) lines.push('12345,"bo",4');
    else lines.push(`${line - 1},user${line - 1},${line % 7}`);
  lines.push('30001,"open,5', '30002,cy,6');
  return lines.join('\r\n') + '\r\n';
}

/**
 * Cells as a real export can hold them (user names and emails are what users typed; the
 * analytics service quotes a field only when it must): commas and doubled quotes, CRLF and LF
 * inside a cell, non-ASCII (accents, combining marks, CJK, emoji, right-to-left), leading and
 * trailing spaces (quoted or not), a tab, and empty cells. Quote-free lines take the worker's
 * byte path; the others papaparse's.
 */
const CELLS_CSV = [
  'Instance user ID,User Email,Username,Client Name,Language',
  '1,"""o\'brien, pat""@acme.example","o\'brien, ""pat""",vscode.cody,TypeScript',
  '2,jürgen.müller@acme.example,  jürgen müller  ,jetbrains.cody,  Go ',
  '3,yamada@acme.example,"山田太郎\r\n(second line)",server.web,"C, C++"',
  '4,,"legacy\nimport",,',
  '5,rocket@acme.example,dev🚀ops,server.svelte-web,e\u0301t\u00e9',
  '6,"  padded@acme.example  ",مرحبا\tabc,"   ",Python',
].join('\r\n');

/** The cells each row must show, as text: what the CSV above holds, unquoted. */
const CELLS: string[][] = [
  ['1', '"o\'brien, pat"@acme.example', 'o\'brien, "pat"', 'vscode.cody', 'TypeScript'],
  ['2', 'jürgen.müller@acme.example', '  jürgen müller  ', 'jetbrains.cody', '  Go '],
  ['3', 'yamada@acme.example', '山田太郎\r\n(second line)', 'server.web', 'C, C++'],
  ['4', '', 'legacy\nimport', '', ''],
  ['5', 'rocket@acme.example', 'dev🚀ops', 'server.svelte-web', 'e\u0301t\u00e9'],
  ['6', '  padded@acme.example  ', 'مرحبا\tabc', '   ', 'Python'],
];

const REPORTS: Record<string, Buffer> = {
  'merged.example': Buffer.from(MERGED),
  'deep.example': Buffer.from(deepReport()),
  'cells.example': Buffer.from(CELLS_CSV + '\r\n'),
};

let upstream: Server;
let upstreamUrl: string;
/** Report requests the upstream received, by instance host. */
const requests = new Map<string, number>();

test.beforeAll(async () => {
  upstream = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    const host = url.searchParams.get('instanceURL') ?? '';
    const body = REPORTS[host];
    if (url.pathname !== REPORT_PATH || !body) return res.writeHead(404).end('Not found');
    requests.set(host, (requests.get(host) ?? 0) + 1);
    res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
    // In pieces cut inside lines (and inside a UTF-8 character), each sent on its own.
    let at = 0;
    const next = () => {
      if (at >= body.length) return res.end();
      const piece = body.subarray(at, at + 8191);
      at += piece.length;
      if (res.write(piece)) setImmediate(next);
      else res.once('drain', next);
    };
    next();
  });
  await new Promise<void>((ok) => upstream.listen(0, '127.0.0.1', ok));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((ok) => upstream?.close(ok));
});

async function loadFromUpstream(page: AnalyticsPage, host: string): Promise<void> {
  await page.connectToSandbox();
  await page.setAnalyticsUrl(upstreamUrl);
  await page.submitReport({ host });
  await expect(page.downloadCsv).toBeEnabled();
}

test('a malformed quote that merges two lines is named on the status line with its line', async ({
  page,
}) => {
  const app = new AnalyticsPage(page);
  await loadFromUpstream(app, 'merged.example');
  // Four data lines, three rows: the status says why, and where.
  await expect(app.rowsStatus).toHaveText('3 rows');
  await expect(page.getByRole('status').filter({ hasText: 'InvalidQuotes' })).toHaveText(
    'Line 3: a quoted cell holds a " that is neither doubled nor followed by a comma or the line\'s end (InvalidQuotes); lines 3 to 4 were read as one row. Check the export, or download the CSV to inspect it.',
  );
  expect(await app.row(3).locator('td').allTextContents()).toEqual(['1', 'a"b,1\r\n2,"d', '2']);
});

test('quote problems deep in a long report are named by their line (bytes read around them)', async ({
  page,
}) => {
  const app = new AnalyticsPage(page);
  await loadFromUpstream(app, 'deep.example');
  await expect(app.rowsStatus).toHaveText('30,000 rows');
  await expect(page.getByRole('status').filter({ hasText: 'InvalidQuotes' })).toHaveText(
    /^Line 12345: .*; lines 12345 to 12346 were read as one row\. Check the export/,
  );
  await expect(page.getByRole('status').filter({ hasText: 'MissingQuotes' })).toHaveText(
    'Line 30002: a quoted cell is never closed: the file ends inside it (MissingQuotes); lines 30002 to 30003 were read as one row. Check the export, or download the CSV to inspect it.',
  );
});

test('quoted, multiline, non-ASCII and space-padded cells: shown and saved exactly as sent, with one request', async ({
  page,
}) => {
  const app = new AnalyticsPage(page);
  requests.delete('cells.example');
  await loadFromUpstream(app, 'cells.example');
  await expect(app.rowsStatus).toHaveText(`${CELLS.length} rows`);
  // textContent, not toHaveText: that one trims and collapses whitespace.
  for (const [i, cells] of CELLS.entries())
    expect(
      await app
        .row(i + 2)
        .locator('td')
        .allTextContents(),
      `row ${i + 1}`,
    ).toEqual(cells);

  const [download] = await Promise.all([page.waitForEvent('download'), app.downloadCsv.click()]);
  const saved = Buffer.concat((await (await download.createReadStream()).toArray()) as Buffer[]);
  expect(saved.equals(REPORTS['cells.example']!)).toBe(true);
  // Load and download made one report request: the file is the bytes kept from the load.
  expect(requests.get('cells.example')).toBe(1);
});
