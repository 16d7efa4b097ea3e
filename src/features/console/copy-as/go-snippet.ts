import { exportHeaders, graphqlUrl, type ExportedRequest } from './exported-request.ts';
import { goMultiline, goRawJson, goString } from './go-literal.ts';

/**
 * The request as a Go program (standard library only, Go 1.18 or later) that runs as printed
 * with `go run main.go`, prints the response body as received and exits 1 on a status other
 * than 2xx. The query is a raw string where it can be (it reads as typed), the variables are
 * their JSON text passed through as `json.RawMessage` (Go has no literal for dynamic JSON), the
 * headers are curl's with the same redaction (`exported-request.ts`). Laid out as gofmt would.
 */
export function toGoSnippet(req: ExportedRequest): string {
  const headers = exportHeaders(req)
    .map(([name, value]) => `\treq.Header.Set(${goString(name)}, ${goString(value)})\n`)
    .join('');
  const variables = goRawJson(JSON.stringify(req.body.variables ?? {}, null, 2));
  const op = req.body.operationName;
  // gofmt aligns the values of consecutive key: value lines after the longest key.
  const fields: [string, string][] = [
    ['query', 'query'],
    ['variables', 'json.RawMessage(variables)'],
    ...(op ? [['operationName', goString(op)] as [string, string]] : []),
  ];
  const width = Math.max(...fields.map(([k]) => k.length + 3));
  const payload = fields.map(([k, v]) => `\t\t${`"${k}":`.padEnd(width)} ${v},\n`).join('');
  return (
    '// Save as main.go and run: go run main.go\n' +
    'package main\n\n' +
    'import (\n\t"bytes"\n\t"encoding/json"\n\t"fmt"\n\t"io"\n\t"net/http"\n\t"os"\n)\n\n' +
    `const query = ${goMultiline(req.body.query)}\n\n` +
    `const variables = ${goMultiline(variables)}\n\n` +
    'func main() {\n' +
    `\tbody, err := json.Marshal(map[string]any{\n${payload}\t})\n` +
    '\tif err != nil {\n\t\tpanic(err)\n\t}\n' +
    `\treq, err := http.NewRequest("POST", ${goString(graphqlUrl(req.endpoint))}, bytes.NewReader(body))\n` +
    '\tif err != nil {\n\t\tpanic(err)\n\t}\n' +
    headers +
    '\tresp, err := http.DefaultClient.Do(req)\n' +
    '\tif err != nil {\n\t\tpanic(err)\n\t}\n' +
    '\tdefer resp.Body.Close()\n' +
    '\tif _, err := io.Copy(os.Stdout, resp.Body); err != nil {\n\t\tpanic(err)\n\t}\n' +
    '\tif resp.StatusCode < 200 || resp.StatusCode > 299 {\n' +
    '\t\tfmt.Fprintln(os.Stderr, resp.Status)\n' +
    '\t\tos.Exit(1)\n' +
    '\t}\n' +
    '}\n'
  );
}
