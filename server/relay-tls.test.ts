import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeServer } from './http-util.ts';
import { createRelay } from './relay.ts';
import { listenOn0, relayCall } from './relay.test-helpers.ts';

/**
 * The relay to an https:// target: the TLS server name it sends (the target's host name, none
 * for an IP address) and its answer to a certificate it cannot trust. The key and the
 * self-signed certificate (CN and DNS name `localhost`, valid until 2126) were made for this
 * test only (`openssl req -x509 -newkey ec ...`).
 */
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg4USSH3EyoaRVl9Xj
ZA+ZxT8uss8Gp1E9p/B+ZcQ3Kl+hRANCAAS0ZnN+Fx5fopzmxzt910NvGJbXUkmo
mBWVgqYcgkc7/BrAKxSGfFoITduMPT09px63f7yH/V9v2qrzg9IwVBoE
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBlTCCATugAwIBAgIUfHu+15Ga/qp2j6H3DH0Jh2gq2vIwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNDAyNDQzMFoYDzIxMjYxMDMx
MDI0NDMwWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAS0ZnN+Fx5fopzmxzt910NvGJbXUkmomBWVgqYcgkc7/BrAKxSGfFoI
TduMPT09px63f7yH/V9v2qrzg9IwVBoEo2kwZzAdBgNVHQ4EFgQUU3CwYD7Xoufc
U6rtKUTx+8aKnQcwHwYDVR0jBBgwFoAUU3CwYD7XoufcU6rtKUTx+8aKnQcwDwYD
VR0TAQH/BAUwAwEB/zAUBgNVHREEDTALgglsb2NhbGhvc3QwCgYIKoZIzj0EAwID
SAAwRQIhAI1Zz5jR93kBV6/WbLSpnYzc7bBmZNKMapTVNjCO/5VIAiA0HhGeJVuT
8AaXAmQFf858PVxT126Vxz6sKVgyW6149w==
-----END CERTIFICATE-----`;

/** Server names the upstream was asked for (SNI), and how many connections it got. */
let names: string[] = [];
let connections = 0;
const upstream = https.createServer(
  {
    key: KEY,
    cert: CERT,
    SNICallback: (name, done) => {
      names.push(name);
      done(null, tls.createSecureContext({ key: KEY, cert: CERT }));
    },
  },
  (_req, res) => res.end('{}'),
);
upstream.on('connection', () => connections++);
let port = 0;
let relay: ReturnType<typeof createRelay>;
const app = http.createServer((req, res) => void relay(req, res));
let appPort = 0;

beforeAll(async () => {
  port = await listenOn0(upstream);
  appPort = await listenOn0(app);
  relay = createRelay({ allowedHosts: [`127.0.0.1:${appPort}`] });
});

beforeEach(() => {
  names = [];
  connections = 0;
});

afterAll(async () => {
  await closeServer(upstream);
  await closeServer(app);
});

describe('relay to an https:// target', () => {
  it('sends the host name as TLS server name, and says why it cannot trust the certificate', async () => {
    const r = await relayCall({ appPort, target: `https://localhost:${port}` });
    expect(r.status).toBe(502);
    expect(r.headers['x-relay-error']).toBe('1');
    expect(r.body.toString()).toBe(
      `Could not reach https://localhost:${port}: its TLS certificate is self-signed and not trusted [DEPTH_ZERO_SELF_SIGNED_CERT].\n`,
    );
    expect(names).toEqual(['localhost']);
  });

  it('sends no server name to an IP address', async () => {
    const r = await relayCall({ appPort, target: `https://127.0.0.1:${port}` });
    expect(r.status).toBe(502);
    expect(r.body.toString()).toMatch(/its TLS certificate is self-signed and not trusted/);
    expect(connections).toBe(1);
    expect(names).toEqual([]);
  });
});
