import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { describeUnexpected, installLastResortGuard } from './last-resort.ts';

const dist = mkdtempSync(join(tmpdir(), 'dc-odd-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Debug console</title>');
let app: RunningApp;

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  app = await startApp({
    host: '127.0.0.1',
    port: 0,
    sandbox: true,
    sandboxPort: 0,
    sandboxPublic: false,
    distDir: dist,
  });
});

afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('odd request paths', () => {
  it.each(['//', '///', '//evil.example/x', '//sandbox.json', '//%2e%2e/x'])(
    'GET %s answers 404 on the app, the sandbox instance and the analytics sandbox',
    async (path) => {
      const info = app.sandbox!.info;
      const ports = [
        (app.server.address() as AddressInfo).port,
        Number(new URL(info.base_url).port),
        Number(new URL(info.analytics_url).port),
      ];
      for (const port of ports) expect(await get(port, path), `${port}`).toBe(404);
    },
  );
});

describe('last-resort guard', () => {
  it('logs an uncaught error by kind and stack frames, never its message', () => {
    const token = 'sgp_local_0123456789abcdef0123456789abcdef01234567';
    const lines: string[] = [];
    const uninstall = installLastResortGuard((line) => lines.push(line));
    try {
      const err = Object.assign(new TypeError(`Invalid character in header ["${token}"]`), {
        code: 'ERR_INVALID_CHAR',
      });
      process.emit('uncaughtException', err);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Unexpected TypeError \[ERR_INVALID_CHAR\] \(kept serving\):\n\s+at /,
      );
      expect(lines[0]).not.toContain(token);
      expect(describeUnexpected(`a string with ${token}`)).not.toContain(token);
    } finally {
      uninstall();
    }
  });
});
