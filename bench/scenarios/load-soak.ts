import { pathToFileURL } from 'node:url';
import { runLoad, type LoadOptions, type LoadResult } from '../lib/load.ts';
import { slope } from '../lib/stats.ts';
import { buildIfNeeded, startServer, type BenchServer } from '../lib/servers.ts';
import { SkipScenario, type BenchContext, type Scenario } from '../lib/types.ts';

const QUERY = JSON.stringify({
  query: '{ currentUser { username } repositories(first: 5) { nodes { name } } }',
});
/** Seconds of load per target (BENCH_SOAK_S): long enough for a slow leak to show. */
const SOAK_S = Number(process.env.BENCH_SOAK_S) || 150;
/** The first seconds are left out of the slope: JIT, pools and V8's young generation grow then. */
const WARMUP_S = 30;
/** Load runs in windows this long; each gives one point (requests so far, median RSS). */
const WINDOW_S = 10;
const CONNECTIONS = 20;
const SAMPLE_MS = 250;

interface Soak {
  rps: number;
  p99: number;
  errors: number;
  requests: number;
  /** Median RSS of the server process during the first and the last window, MB. */
  rssFirst: number;
  rssLast: number;
  rssMax: number;
  /** Least-squares slope of the windows' median RSS against requests served, after WARMUP_S: MB per 10,000. */
  slopePer10k: number;
}

function median(xs: number[]): number {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** Loads the target for SOAK_S in WINDOW_S windows back to back, sampling its process's RSS. */
async function soak(
  server: BenchServer,
  opts: LoadOptions,
  log: (m: string) => void,
): Promise<Soak> {
  const results: LoadResult[] = [];
  const medians: number[] = [];
  const points: [number, number][] = [];
  const rssAll: number[] = [];
  let requests = 0;
  const windows = Math.max(2, Math.ceil(SOAK_S / WINDOW_S));
  for (let w = 0; w < windows; w++) {
    const rss: number[] = [];
    const timer = setInterval(() => rss.push(server.rssMb()), SAMPLE_MS);
    try {
      const r = await runLoad({ ...opts, connections: CONNECTIONS, duration: WINDOW_S });
      results.push(r);
      requests += r.total;
    } finally {
      clearInterval(timer);
    }
    const m = median(rss);
    medians.push(m);
    rssAll.push(...rss);
    if ((w + 1) * WINDOW_S > WARMUP_S) points.push([requests / 10_000, m]);
    if (w % 3 === 2 || w === windows - 1)
      log(
        `  ${(w + 1) * WINDOW_S} s: ${requests.toLocaleString('en-US')} requests, RSS ${m.toFixed(1)} MB`,
      );
  }
  return {
    rps: requests / (windows * WINDOW_S),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
    requests,
    rssFirst: medians[0] ?? NaN,
    rssLast: medians.at(-1) ?? NaN,
    rssMax: Math.max(...rssAll.filter(Number.isFinite)),
    slopePer10k: slope(points),
  };
}

/**
 * Issue 7, "Load and faults": the sandbox GraphQL endpoint (directly) and the relay of a
 * separate server process (SANDBOX=off, as deployed) under sustained load from a second process
 * (autocannon, 20 connections, SOAK_S seconds each in WINDOW_S windows), with the RSS of the
 * loaded process sampled every 250 ms: requests/s, worst p99 over the windows, errors, RSS growth
 * from the first window to the last, and the slope of RSS against requests served after the
 * warm-up (a leak of n bytes per request reads n × 10,000 bytes per 10,000 requests; flat
 * memory reads about 0).
 */
export const loadSoak: Scenario = {
  name: 'load-soak',
  title: `Load soak: GraphQL direct and via the relay, ${CONNECTIONS} connections, ${SOAK_S} s each, RSS sampled`,
  reps: 1,
  metrics: {
    directRps: { label: 'sandbox GraphQL req/s', unit: 'req/s', better: 'higher' },
    directP99: { label: 'sandbox GraphQL p99 (worst window)', unit: 'ms' },
    relayRps: { label: 'relay req/s', unit: 'req/s', better: 'higher' },
    relayP99: { label: 'relay p99 (worst window)', unit: 'ms' },
    errors: { label: 'errors+timeouts+non-2xx', unit: 'count', target: 0, better: 'lower' },
    sandboxRssFirst: { label: 'sandbox RSS, first window', unit: 'MB' },
    sandboxRssGrowth: { label: 'sandbox RSS growth, first→last window', unit: 'MB', target: 16 },
    sandboxSlope: { label: 'sandbox RSS slope after warm-up, per 10,000 requests', unit: 'MB' },
    relayRssFirst: { label: 'relay RSS, first window', unit: 'MB' },
    relayRssGrowth: { label: 'relay RSS growth, first→last window', unit: 'MB', target: 16 },
    relaySlope: { label: 'relay RSS slope after warm-up, per 10,000 requests', unit: 'MB' },
    relayRssMax: { label: 'relay RSS max', unit: 'MB' },
    directRequests: { label: 'sandbox GraphQL requests served', unit: 'count' },
    relayRequests: { label: 'relay requests served', unit: 'count' },
  },
  async run(ctx) {
    const sandboxServer = await ctx.server();
    const info = sandboxServer.sandbox;
    if (!info) throw new SkipScenario('the default server runs without a sandbox.');
    const auth = `token ${info.tokens.user ?? ''}`;
    const graphql = `${info.base_url}/.api/graphql`;
    const probe = await fetch(graphql, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: QUERY,
    });
    const probeText = await probe.text();
    if (probe.status !== 200 || probeText.includes('"errors"'))
      throw new SkipScenario(`the sandbox answers ${probe.status}: ${probeText.slice(0, 120)}`);
    const relayServer = await ctx.serverWith({ SANDBOX: 'off' });
    const headers = { Authorization: auth, 'Content-Type': 'application/json' };
    const direct = await soak(
      sandboxServer,
      { url: graphql, method: 'POST', body: QUERY, headers },
      ctx.log,
    );
    ctx.log(
      `direct: ${Math.round(direct.rps)} req/s, RSS ${direct.rssFirst.toFixed(1)} → ${direct.rssLast.toFixed(1)} MB`,
    );
    const relay = await soak(
      relayServer,
      {
        url: `${relayServer.url}/relay/graphql`,
        method: 'POST',
        body: QUERY,
        headers: { ...headers, 'X-Debug-Console': '1', 'X-Relay-Target': info.base_url },
      },
      ctx.log,
    );
    ctx.log(
      `relay: ${Math.round(relay.rps)} req/s, RSS ${relay.rssFirst.toFixed(1)} → ${relay.rssLast.toFixed(1)} MB`,
    );
    return {
      directRps: direct.rps,
      directP99: direct.p99,
      relayRps: relay.rps,
      relayP99: relay.p99,
      errors: direct.errors + relay.errors,
      sandboxRssFirst: direct.rssFirst,
      sandboxRssGrowth: direct.rssLast - direct.rssFirst,
      sandboxSlope: direct.slopePer10k,
      relayRssFirst: relay.rssFirst,
      relayRssGrowth: relay.rssLast - relay.rssFirst,
      relaySlope: relay.slopePer10k,
      relayRssMax: relay.rssMax,
      directRequests: direct.requests,
      relayRequests: relay.requests,
    };
  },
};

/**
 * Runs one of these scenarios without the registry: `node --import tsx bench/scenarios/load-soak.ts`
 * (BENCH_PORT, default free ports; servers take 3 ports each; DIST_DIR, default dist-bench).
 */
export async function runStandalone(scenario: Scenario): Promise<void> {
  const distDir = process.env.DIST_DIR ?? 'dist-bench';
  let port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
  const servers: BenchServer[] = [];
  const byEnv = new Map<string, BenchServer>();
  const log = (m: string) => process.stderr.write(`${m}\n`);
  log(buildIfNeeded(distDir));
  const start = async (env: Record<string, string>) => {
    const key = JSON.stringify(env);
    let s = byEnv.get(key);
    if (!s) {
      s = await startServer(port, distDir, env);
      if (port !== undefined) port += 3;
      servers.push(s);
      byEnv.set(key, s);
    }
    return s;
  };
  const ctx: BenchContext = {
    rep: 0,
    reps: 1,
    server: () => start({}),
    serverWith: (env) => start(env),
    ownServer: (env) => start(env),
    browser: () => Promise.reject(new Error('no browser in standalone runs')),
    freshPage: () => Promise.reject(new Error('no browser in standalone runs')),
    log,
  };
  try {
    const values = await scenario.run(ctx);
    for (const [key, spec] of Object.entries(scenario.metrics)) {
      const v = values[key] ?? NaN;
      const target =
        spec.target === undefined
          ? ''
          : `  (target ${spec.better === 'higher' ? '≥' : '≤'} ${spec.target})`;
      console.log(
        `${spec.label.padEnd(42)} ${Number.isFinite(v) ? v.toFixed(1) : String(v)} ${spec.unit}${target}`,
      );
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runStandalone(loadSoak);
}
