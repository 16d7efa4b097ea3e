import { describe, expect, it } from 'vitest';
import type { ExportedRequest } from './exported-request.ts';
import { toFetchSnippet } from './fetch-snippet.ts';
import { toGoSnippet } from './go-snippet.ts';
import { toPythonSnippet } from './python-snippet.ts';
import { toCurl } from './curl-export.ts';

const TOKEN = 'sgp_local_0123456789abcdef0123456789abcdef01234567';
const base: ExportedRequest = {
  endpoint: 'https://sourcegraph.example.com/',
  authorization: `token ${TOKEN}`,
  headers: {},
  body: { query: 'query {\n  currentUser { username }\n}', variables: {} },
  redactToken: true,
};

const generators = {
  fetch: toFetchSnippet,
  python: toPythonSnippet,
  go: toGoSnippet,
};

describe.each(Object.entries(generators))('Copy as %s: the secret rules of curl', (_, make) => {
  const secrets: ExportedRequest = {
    ...base,
    headers: { 'X-Api-Key': 'key-1234', Cookie: 'sid=abcd', 'X-Team': 'search' },
  };

  it('redacts the token and secret headers by default, keeping the scheme', () => {
    const out = make(secrets);
    for (const secret of [TOKEN, 'key-1234', 'sid=abcd']) expect(out).not.toContain(secret);
    expect(out).toContain('token REDACTED');
    expect(out.match(/REDACTED/g)).toHaveLength(3);
    expect(out).toContain('search');
    // Exactly the headers curl prints, redacted the same way.
    for (const line of toCurl(secrets).matchAll(/-H '([^:]+): ([^']*)'/g)) {
      if (line[1] === 'Content-Type' && make === toPythonSnippet) continue;
      expect(out).toContain(line[1]);
      expect(out).toContain(line[2]);
    }
  });

  it('keeps a sudo user and an OAuth scheme, hides only the secret', () => {
    const sudo = make({ ...base, authorization: `token-sudo user="alice",token="${TOKEN}"` });
    expect(sudo).not.toContain(TOKEN);
    expect(sudo).toContain('alice');
    const bearer = make({ ...base, authorization: `Bearer ${TOKEN}` });
    expect(bearer).not.toContain(TOKEN);
    expect(bearer).toContain('Bearer REDACTED');
  });

  it('carries the real token and headers with "Include token"', () => {
    const out = make({ ...secrets, redactToken: false });
    expect(out).toContain(`token ${TOKEN}`);
    expect(out).toContain('key-1234');
    expect(out).not.toContain('REDACTED');
  });

  it('prints no Authorization without a token, and the endpoint without its trailing slash', () => {
    const out = make({ ...base, authorization: undefined });
    expect(out).not.toContain('Authorization');
    expect(out).toContain('https://sourcegraph.example.com/.api/graphql');
    expect(out).not.toContain('.com//');
  });

  it('names the operation only when the request does', () => {
    expect(make(base)).not.toContain('operationName');
    const named = make({ ...base, body: { ...base.body, operationName: 'Me' } });
    expect(named).toMatch(/"?operationName"?: ?['"]Me['"]/);
  });
});

describe('Copy as code: the printed programs', () => {
  const req: ExportedRequest = {
    ...base,
    headers: { 'X-Team': 'search' },
    optionHeaders: [['X-Sourcegraph-Should-Trace', 'true']],
    body: { ...base.body, variables: { first: 2, names: ['a'] }, operationName: 'Me' },
  };

  it('fetch: a module Node 20 runs as is', () => {
    expect(toFetchSnippet(req)).toBe(
      `// Save as request.mjs and run with Node 20 or later: node request.mjs
const query = \`query {
  currentUser { username }
}\`;

const variables = {
  first: 2,
  names: [
    'a',
  ],
};

const response = await fetch('https://sourcegraph.example.com/.api/graphql', {
  method: 'POST',
  headers: {
    Authorization: 'token REDACTED',
    'X-Team': 'search',
    'X-Sourcegraph-Should-Trace': 'true',
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({ query, variables, operationName: 'Me' }),
});
console.log(await response.text());
if (!response.ok) throw new Error(\`HTTP \${response.status} \${response.statusText}\`);
`,
    );
  });

  it('Python: requests sets the JSON content type itself', () => {
    expect(toPythonSnippet(req)).toBe(
      `# Needs the requests package (pip install requests). Run with: python3 request.py
import requests

query = """query {
  currentUser { username }
}"""

variables = {
    "first": 2,
    "names": [
        "a",
    ],
}

response = requests.post(
    "https://sourcegraph.example.com/.api/graphql",
    headers={
        "Authorization": "token REDACTED",
        "X-Team": "search",
        "X-Sourcegraph-Should-Trace": "true",
    },
    json={"query": query, "variables": variables, "operationName": "Me"},
    timeout=60,
)
print(response.text)
response.raise_for_status()
`,
    );
    expect(
      toPythonSnippet({ ...req, authorization: undefined, headers: {}, optionHeaders: [] }),
    ).not.toContain('headers=');
  });

  it('Go: gofmt layout, standard library only', () => {
    expect(toGoSnippet(req)).toBe(
      `// Save as main.go and run: go run main.go
package main

import (
\t"bytes"
\t"encoding/json"
\t"fmt"
\t"io"
\t"net/http"
\t"os"
)

const query = \`query {
  currentUser { username }
}\`

const variables = \`{
  "first": 2,
  "names": [
    "a"
  ]
}\`

func main() {
\tbody, err := json.Marshal(map[string]any{
\t\t"query":         query,
\t\t"variables":     json.RawMessage(variables),
\t\t"operationName": "Me",
\t})
\tif err != nil {
\t\tpanic(err)
\t}
\treq, err := http.NewRequest("POST", "https://sourcegraph.example.com/.api/graphql", bytes.NewReader(body))
\tif err != nil {
\t\tpanic(err)
\t}
\treq.Header.Set("Authorization", "token REDACTED")
\treq.Header.Set("X-Team", "search")
\treq.Header.Set("X-Sourcegraph-Should-Trace", "true")
\treq.Header.Set("Content-Type", "application/json")
\tresp, err := http.DefaultClient.Do(req)
\tif err != nil {
\t\tpanic(err)
\t}
\tdefer resp.Body.Close()
\tif _, err := io.Copy(os.Stdout, resp.Body); err != nil {
\t\tpanic(err)
\t}
\tif resp.StatusCode < 200 || resp.StatusCode > 299 {
\t\tfmt.Fprintln(os.Stderr, resp.Status)
\t\tos.Exit(1)
\t}
}
`,
    );
    // Without an operation name, gofmt aligns the two keys left.
    expect(toGoSnippet({ ...req, body: { ...req.body, operationName: undefined } })).toContain(
      '\t\t"query":     query,\n\t\t"variables": json.RawMessage(variables),\n',
    );
  });
});
