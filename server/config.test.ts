import { describe, expect, it } from 'vitest';
import { parseFlags, readConfig } from './config.ts';

describe('readConfig', () => {
  it('defaults to 127.0.0.1:4173 with the sandbox on PORT+1', () => {
    const c = readConfig({}, [], { distDir: 'dist' });
    expect(c).toMatchObject({ port: 4173, host: '127.0.0.1', sandbox: true, sandboxPort: 4174 });
  });

  it('lets flags override the environment', () => {
    const c = readConfig({ PORT: '5000', SANDBOX: 'on' }, ['--port', '6000', '--sandbox=off'], {
      distDir: 'dist',
    });
    expect(c.port).toBe(6000);
    expect(c.sandboxPort).toBe(6001);
    expect(c.sandbox).toBe(false);
  });

  it('PORT=0 (any free port) gives the sandbox free ports too, not 1 and 2', () => {
    expect(readConfig({ PORT: '0' }, [], { distDir: 'dist' })).toMatchObject({
      port: 0,
      sandboxPort: 0,
    });
    expect(readConfig({}, ['--port=0'], { distDir: 'dist' }).sandboxPort).toBe(0);
  });

  it('an explicit SANDBOX_PORT wins over the default, 0 included', () => {
    expect(readConfig({ PORT: '5000', SANDBOX_PORT: '0' }, [], { distDir: 'dist' })).toMatchObject({
      port: 5000,
      sandboxPort: 0,
    });
    expect(readConfig({ PORT: '0', SANDBOX_PORT: '5100' }, [], { distDir: 'dist' })).toMatchObject({
      port: 0,
      sandboxPort: 5100,
    });
  });

  it('rejects a port that is not a number', () => {
    expect(() => readConfig({ PORT: 'abc' }, [], { distDir: 'dist' })).toThrow(/PORT must be/);
  });

  it('rejects unknown flags with the list of known ones', () => {
    expect(() => parseFlags(['--bogus'])).toThrow(/Unknown flag --bogus/);
  });
});

describe('SANDBOX_REPORT_SCALE', () => {
  it('refuses an absurd scale at start-up with the largest one allowed, instead of running out of memory', () => {
    for (const value of ['1e12', '100000001', String(Number.MAX_SAFE_INTEGER)])
      expect(() => readConfig({ SANDBOX_REPORT_SCALE: value }, [], { distDir: 'dist' })).toThrow(
        /SANDBOX_REPORT_SCALE must be at most 10000000 \(about 10 million rows/,
      );
    expect(readConfig({ SANDBOX_REPORT_SCALE: '1000000' }, [], { distDir: 'dist' })).toMatchObject({
      sandboxReportScale: 1_000_000,
    });
  });
});

describe('SANDBOX_USERS', () => {
  it('takes a count (flag or variable) and refuses one past the bound', () => {
    expect(readConfig({ SANDBOX_USERS: '10000' }, [], { distDir: 'dist' })).toMatchObject({
      sandboxUsers: 10_000,
    });
    expect(readConfig({}, ['--sandbox-users', '500'], { distDir: 'dist' })).toMatchObject({
      sandboxUsers: 500,
    });
    expect(() => readConfig({ SANDBOX_USERS: '200001' }, [], { distDir: 'dist' })).toThrow(
      /SANDBOX_USERS must be at most 200000/,
    );
  });
});
