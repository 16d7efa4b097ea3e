/**
 * Copy as code, run for real: the JavaScript and Python snippets are written to files and run
 * with `node` and `python3` against the sandbox, and must print the same response the console's
 * own request gets (the app's transport, through the relay of the real app server). The Go
 * snippet is not run here (no Go toolchain on the test machines); its literals are checked in
 * `code-literals.property.test.ts`.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type RunningApp } from '../../../../server/app-server.ts';
import { sendGraphQL } from '../../connection/index.ts';
import type { ExportedRequest } from './exported-request.ts';
import { toFetchSnippet } from './fetch-snippet.ts';
import { toPythonSnippet } from './python-snippet.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'dc-snippets-'));
let app: RunningApp;
let baseUrl = '';
let token = '';

beforeAll(async () => {
  app = await startApp({
    port: 0,
    host: '127.0.0.1',
    sandbox: true,
    sandboxPort: 0,
    sandboxPublic: false,
    distDir: dir,
  });
  baseUrl = app.sandbox!.info.base_url;
  token = app.sandbox!.info.tokens.user!;
  // The page's fetch resolves '/relay/...' against its origin; here, against the app server.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string, init: RequestInit) =>
    realFetch(new URL(url, app.url), init),
  );
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the console itself gets for this request: the app's transport, through the relay. */
async function consoleAnswer(req: ExportedRequest): Promise<unknown> {
  const { response } = await sendGraphQL(
    {
      baseUrl,
      analyticsUrl: '',
      scheme: 'token',
      token,
      sudoUser: '',
      analyticsToken: '',
      transport: 'relay',
      remember: false,
      oauth: {},
    },
    req.body,
    { headers: req.headers, requestName: req.body.operationName },
  );
  expect(response.status).toBe(200);
  return response.json();
}

type Outcome = { code: number; stdout: string; stderr: string };

async function runFile(cmd: string, name: string, text: string): Promise<Outcome> {
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    const { stdout, stderr } = await run(cmd, [file], { timeout: 15_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: err.code ?? -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

const runners = {
  'fetch (node)': (req: ExportedRequest) =>
    runFile(process.execPath, 'request.mjs', toFetchSnippet(req)),
  'Python requests (python3)': (req: ExportedRequest) =>
    runFile('python3', 'request.py', toPythonSnippet(req)),
};

/** Text that breaks naive quoting in any of the languages, and characters a file must escape. */
const HOSTILE =
  'q "double" \'single\' `tick` ${x} #{y} \\ back\\slash \\n not-a-newline\n' +
  'real newline\r\ncarriage\ttab """triple""" \'\'\' ünïcödé 😀 \u2028 \u202e bidi \u0000 nul';

// A document with two operations: the snippet must name the one to run, as curl does. Its
// text holds a GraphQL string and a block string with quotes, backslashes and `${`.
const DOCUMENT = `query Other { currentUser { username } }

mutation Save($owner: ID!, $text: String!) {
  first: createSavedSearch(input: { owner: $owner, description: $text, query: "lang:go \\"quoted\\" \\\\d+ \${x} \`tick\`" }) {
    description
    query
  }
  second: createSavedSearch(input: { owner: $owner, description: """block "with" quotes\n  and \\""" inside""", query: "" }) {
    description
  }
}`;

function request(extra: Partial<ExportedRequest> = {}): ExportedRequest {
  return {
    endpoint: baseUrl,
    authorization: `token ${token}`,
    headers: { 'X-Client-Note': 'it\'s "quoted"' },
    optionHeaders: [],
    body: {
      query: DOCUMENT,
      variables: {
        owner: 'VXNlcjox',
        text: HOSTILE,
        unused: { list: [1, 2.5, -3e-7, 1e21, null, true] },
      },
      operationName: 'Save',
    },
    redactToken: false,
    ...extra,
  };
}

describe.each(Object.entries(runners))('Copy as %s runs as printed', (_, runSnippet) => {
  it('prints the response the console gets, hostile strings and all', async () => {
    const req = request();
    const expected = await consoleAnswer(req);
    // The console's answer echoes the hostile text (so a mangled variable would show).
    expect(JSON.stringify(expected)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    const out = await runSnippet(req);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(expected);
  });

  it('a one-operation document with no variables', async () => {
    const req = request({
      headers: {},
      body: { query: '{ currentUser { username } }', variables: {} },
    });
    const out = await runSnippet(req);
    expect(JSON.parse(out.stdout)).toEqual(await consoleAnswer(req));
    expect(JSON.parse(out.stdout)).toEqual({ data: { currentUser: { username: 'alice' } } });
  });

  it('with the token redacted (the default) it is refused, says so and fails', async () => {
    const req = request({ redactToken: true });
    const out = await runSnippet(req);
    expect(out.code).not.toBe(0);
    expect(out.stdout).toMatch(/401|Invalid access token|not authorized/i);
    expect(out.stderr).toMatch(/401/);
  });
});
