// Runs one autocannon load in its own process (so the load generator does not share the
// server's event loop) and prints a JSON summary on stdout.
// Usage: node bench/lib/load-worker.mjs '{"url":...,"method":...,"headers":{...},"body":...,"connections":10,"duration":5}'
import autocannon from 'autocannon';

const opts = JSON.parse(process.argv[2]);
const result = await autocannon({
  url: opts.url,
  method: opts.method ?? 'GET',
  headers: opts.headers ?? {},
  body: opts.body,
  connections: opts.connections ?? 10,
  duration: opts.duration ?? 5,
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }) + '\n',
);
