import { SkipScenario, type Scenario } from '../lib/types.ts';

const ROWS = 1_000_000;

/** Reads a response to the end, counting bytes and lines; returns them with the elapsed ms. */
async function drain(
  url: string,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number; lines: number; status: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  return { ms: performance.now() - t0, bytes, lines, status: res.status };
}

/**
 * Issue 7, "Load and faults": a 1,000,000-row report (~120 MB CSV) streamed from the analytics
 * sandbox directly and through the relay of a separate server process, read by Node to the
 * end. Throughput of both, and how much the relay's memory grows during the stream: it must stay
 * bounded (a few tens of MB), not grow with the report. Each repetition has a relay process of
 * its own (one process for all would carry its peak over, so later runs would add nothing),
 * warmed by a small report (its first request loads the relay's code), and its peak (VmHWM) is
 * reset to its RSS just before the stream: the growth is the stream's peak minus that RSS.
 */
export const relayStream: Scenario = {
  name: 'relay-stream',
  title: `Relay streams a ${ROWS.toLocaleString('en-US')}-row report with bounded memory`,
  reps: 3,
  metrics: {
    csvMb: { label: 'report size', unit: 'MB' },
    directMBps: { label: 'direct throughput', unit: 'MB/s', better: 'higher' },
    relayMBps: { label: 'through the relay', unit: 'MB/s', better: 'higher' },
    relayPeakGrowthMb: {
      label: 'relay RSS growth, peak during the stream − before',
      unit: 'MB',
      target: 64,
    },
    relayRssBeforeMb: { label: 'relay RSS before the stream (warmed)', unit: 'MB' },
    relayPeakRssMb: { label: 'relay peak RSS during the stream', unit: 'MB' },
  },
  async run(ctx) {
    const sandbox = await ctx.serverWith({ SANDBOX_REPORT_SCALE: String(ROWS) });
    const info = sandbox.sandbox!;
    const relay = await ctx.ownServer({ SANDBOX: 'off' });
    const token = info.tokens.analytics;
    const host = info.instances?.[0];
    if (!token || !host)
      throw new SkipScenario('the analytics sandbox lists no token or instance.');
    const path = `/api/reports/by-user-client-date?instanceURL=${encodeURIComponent(host)}`;
    const auth = { Authorization: `Bearer ${token}` };
    const direct = await drain(`${info.analytics_url}${path}`, auth);
    if (direct.status !== 200) throw new SkipScenario(`the report answers ${direct.status}.`);
    const relayHeaders = { ...auth, 'X-Debug-Console': '1', 'X-Relay-Target': info.analytics_url };
    const recent = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await drain(`${relay.url}/relay/analytics${path}&startDate=${recent}`, relayHeaders);
    if (!relay.resetPeakRss()) throw new SkipScenario('cannot reset the relay’s VmHWM here.');
    const before = relay.rssMb();
    const relayed = await drain(`${relay.url}/relay/analytics${path}`, relayHeaders);
    if (relayed.bytes !== direct.bytes)
      throw new Error(`relay passed ${relayed.bytes} bytes, direct ${direct.bytes}`);
    const peak = relay.peakRssMb();
    if (ctx.rep === 0) ctx.log(`${direct.lines.toLocaleString('en-US')} lines per report`);
    return {
      csvMb: direct.bytes / 1e6,
      directMBps: direct.bytes / 1e6 / (direct.ms / 1000),
      relayMBps: relayed.bytes / 1e6 / (relayed.ms / 1000),
      relayPeakGrowthMb: peak - before,
      relayRssBeforeMb: before,
      relayPeakRssMb: peak,
    };
  },
};
