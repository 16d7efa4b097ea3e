import { describe, expect, it } from 'vitest';
import { createUpstreamAgents } from './upstream-agents.ts';

const timing = { idleTimeoutMs: 1000, connectTimeoutMs: 1000 };
const target = (port: number) => ({ origin: `http://127.0.0.1:${port}`, servername: '' });

describe('upstream agents', () => {
  it('keeps one pool per target, and at most 64: the oldest is closed for a new one', () => {
    const agents = createUpstreamAgents(timing);
    const first = agents.pooled(target(1));
    expect(agents.pooled(target(1))).toBe(first);
    for (let port = 2; port <= 64; port++) agents.pooled(target(port));
    expect(first.closed).toBe(false);
    agents.pooled(target(65));
    expect(first.closed).toBe(true);
    const again = agents.pooled(target(1));
    expect(again).not.toBe(first);
    expect(again.closed).toBe(false);
  });

  it('gives every one-shot request a client of its own, closed once its request is done', async () => {
    const agents = createUpstreamAgents(timing);
    const a = agents.oneShot(target(1));
    expect(agents.oneShot(target(1))).not.toBe(a);
    expect(a.closed).toBe(false);
    await Promise.resolve();
    expect(a.closed).toBe(true);
  });
});
