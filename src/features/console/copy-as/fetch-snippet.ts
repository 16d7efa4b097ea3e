import { exportHeaders, graphqlUrl, type ExportedRequest } from './exported-request.ts';
import { jsKey, jsString, jsTemplate, jsValue } from './js-literal.ts';

/**
 * The request as a JavaScript module that runs as printed with `node request.mjs` (Node 20 has
 * `fetch` and top-level await) and prints the response body as received; a status other than
 * 2xx throws after it. The query keeps its lines (a template literal), the variables are an
 * object literal, the headers are curl's with the same redaction (`exported-request.ts`).
 */
export function toFetchSnippet(req: ExportedRequest): string {
  const headers = exportHeaders(req)
    .map(([name, value]) => `    ${jsKey(name)}: ${jsString(value)},\n`)
    .join('');
  const op = req.body.operationName ? `, operationName: ${jsString(req.body.operationName)}` : '';
  return (
    '// Save as request.mjs and run with Node 20 or later: node request.mjs\n' +
    `const query = ${jsTemplate(req.body.query)};\n\n` +
    `const variables = ${jsValue(req.body.variables ?? {})};\n\n` +
    `const response = await fetch(${jsString(graphqlUrl(req.endpoint))}, {\n` +
    "  method: 'POST',\n" +
    `  headers: {\n${headers}  },\n` +
    `  body: JSON.stringify({ query, variables${op} }),\n` +
    '});\n' +
    'console.log(await response.text());\n' +
    'if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);\n'
  );
}
