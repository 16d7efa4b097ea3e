import { exportHeaders, graphqlUrl, type ExportedRequest } from './exported-request.ts';
import { pyString, pyTripleString, pyValue } from './python-literal.ts';

/**
 * The request as a Python 3 script using the `requests` package (the usual choice; the comment
 * says how to get it), printing the response body as received and raising on a status other
 * than 2xx. `json=` writes the body, so `Content-Type: application/json` is printed only when
 * the Headers editor sets its own; the other headers are curl's with the same redaction
 * (`exported-request.ts`).
 */
export function toPythonSnippet(req: ExportedRequest): string {
  const headers = exportHeaders(req, false);
  const headerArg = headers.length
    ? `    headers={\n${headers.map(([n, v]) => `        ${pyString(n)}: ${pyString(v)},\n`).join('')}    },\n`
    : '';
  const op = req.body.operationName ? `, "operationName": ${pyString(req.body.operationName)}` : '';
  return (
    '# Needs the requests package (pip install requests). Run with: python3 request.py\n' +
    'import requests\n\n' +
    `query = ${pyTripleString(req.body.query)}\n\n` +
    `variables = ${pyValue(req.body.variables ?? {})}\n\n` +
    'response = requests.post(\n' +
    `    ${pyString(graphqlUrl(req.endpoint))},\n` +
    headerArg +
    `    json={"query": query, "variables": variables${op}},\n` +
    '    timeout=60,\n' +
    ')\n' +
    'print(response.text)\n' +
    'response.raise_for_status()\n'
  );
}
