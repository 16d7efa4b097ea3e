import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listen } from '../../../../server/http-util.ts';
import {
  createAnalyticsHandler,
  type SandboxAnalytics,
} from '../../../../server/sandbox/analytics/index.ts';
import type { ConnectionSettings } from '../../connection/index.ts';
import { buildCreditsParams } from '../../../shared/contracts/report-params.ts';
import { CreditsError, creditsQueryOptions, fetchCredits } from './credits.ts';

/** fetchCredits against the analytics sandbox, sent directly (no relay). */

let server: Server;
let svc: SandboxAnalytics;
let analyticsUrl = '';

beforeAll(async () => {
  svc = await createAnalyticsHandler({
    host: '127.0.0.1',
    port: 4880,
    analyticsUrl: 'http://127.0.0.1:4881',
    instanceHost: '127.0.0.1:4880',
    reportScale: 200,
    today: '2026-06-15',
  });
  server = await listen(svc.handler, '127.0.0.1', 0);
  analyticsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closeServer(server));

function conn(analyticsToken: string): ConnectionSettings {
  return {
    baseUrl: '',
    analyticsUrl,
    scheme: 'token',
    token: '',
    sudoUser: '',
    analyticsToken,
    transport: 'direct',
    remember: false,
    oauth: {},
  };
}

function params(): URLSearchParams {
  const built = buildCreditsParams({
    host: svc.instances[0] ?? '',
    startDate: '',
    endDate: '',
  });
  if (!built.ok) throw new Error(built.errors.map((e) => e.message).join('; '));
  return built.params;
}

describe('fetchCredits', () => {
  it('lists the buckets of the instance', async () => {
    const buckets = await fetchCredits(conn(svc.tokens.analytics ?? ''), params());
    expect(buckets.length).toBeGreaterThan(0);
    expect(typeof buckets[0]?.start).toBe('string');
  });

  it('an unknown token gives a CreditsError that says what to do, not a bare status', async () => {
    const err = await fetchCredits(conn('not-a-token'), params()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CreditsError);
    expect((err as Error).message).toMatch(/token/i);
  });

  it('a missing Analytics URL is a CreditsError too', async () => {
    const err = await fetchCredits({ ...conn('x'), analyticsUrl: '' }, params()).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CreditsError);
    expect((err as Error).message).toContain('Analytics URL');
  });
});

describe('creditsQueryOptions', () => {
  it('keys by service and request, never by token, and is an explicit load', () => {
    const o = creditsQueryOptions(conn('secret-token'), params());
    expect(JSON.stringify(o.queryKey)).not.toContain('secret-token');
    expect(o.queryKey).toContain(analyticsUrl);
    expect(o.retry).toBe(false);
    expect(o.staleTime).toBe(0);
  });
});
