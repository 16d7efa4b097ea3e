import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loopbackFor } from './hosts.ts';

/**
 * The access gate's question (app-server.ts): is HOST an address only this machine can reach?
 * A wrong yes leaves a LAN address open without the secret; a wrong no only asks for it. The
 * expected answers below come from the address's bytes, not from the function's own rules.
 */

describe('isLoopbackHost: named forms', () => {
  it.each([
    ['127.0.0.1'],
    ['127.0.0.2'],
    ['127.1.2.3'],
    ['127.255.255.255'],
    ['::1'],
    ['0:0:0:0:0:0:0:1'],
    ['0000:0000:0000:0000:0000:0000:0000:0001'],
    ['::0:1'],
    ['0::1'],
    ['[::1]'],
    ['[0:0:0:0:0:0:0:1]'],
    ['::1%lo'],
    ['::ffff:127.0.0.1'],
    ['::FFFF:127.0.0.1'],
    ['::ffff:127.8.9.10'],
    ['::ffff:7f00:1'],
    ['0:0:0:0:0:ffff:7f00:1'],
    ['[::ffff:127.0.0.1]'],
    ['localhost'],
    ['LOCALHOST'],
    ['LocalHost'],
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    // Beyond this machine: private, link-local, public, wildcards.
    ['10.0.0.1'],
    ['10.127.0.1'],
    ['192.168.1.10'],
    ['172.16.0.1'],
    ['169.254.1.1'],
    ['128.0.0.1'],
    ['126.255.255.255'],
    ['1.127.0.0'],
    ['0.0.0.0'],
    ['::'],
    ['[::]'],
    ['fe80::1'],
    ['fe80::1%eth0'],
    ['[fe80::1]'],
    ['fd00::1'],
    ['::2'],
    ['1::1'],
    ['::1:0'],
    ['2001:db8::1'],
    // Mapped and embedded IPv4 that are not loopback; ::127.0.0.1 is the deprecated
    // IPv4-compatible form, not a mapped one.
    ['::ffff:10.0.0.1'],
    ['::ffff:192.168.0.1'],
    ['::ffff:a00:1'],
    ['::127.0.0.1'],
    ['64:ff9b::127.0.0.1'],
    // Other names go to DNS (or /etc/hosts), which may say anything.
    ['localhost.'],
    ['LOCALHOST.'],
    ['foo.localhost'],
    ['localhost.example.com'],
    ['127.0.0.1.nip.io'],
    ['console.lan'],
    // Not an address to Node: it would look these up by name.
    ['127.1'],
    ['127.0.1'],
    ['0x7f.0.0.1'],
    ['0177.0.0.1'],
    ['2130706433'],
    ['127.999.0.1'],
    ['127.0.0.1.'],
    ['127.0.0.01'],
    // Malformed: brackets around IPv4 or a name, half brackets, a port, spaces, empty.
    ['[127.0.0.1]'],
    ['[localhost]'],
    ['[::1'],
    ['::1]'],
    ['127.0.0.1:4173'],
    ['[::1]:4173'],
    [' 127.0.0.1'],
    ['127.0.0.1 '],
    [''],
  ])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

const byte = fc.integer({ min: 0, max: 255 });
const group = fc.integer({ min: 0, max: 0xffff });

/** A hex group as written: random case, with or without leading zeros. */
const hex = (n: number, upper: boolean, pad: boolean) => {
  const h = n.toString(16).padStart(pad ? 4 : 1, '0');
  return upper ? h.toUpperCase() : h;
};

describe('isLoopbackHost: generated addresses', () => {
  it('an IPv4 address is loopback exactly when its first byte is 127', () => {
    fc.assert(
      fc.property(
        fc.oneof(byte, fc.constantFrom(10, 127, 126, 128, 192)),
        byte,
        byte,
        byte,
        (a, b, c, d) => {
          expect(isLoopbackHost(`${a}.${b}.${c}.${d}`)).toBe(a === 127);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('an IPv4-mapped IPv6 address answers as its IPv4 address does, dotted or in hex, bracketed or not', () => {
    fc.assert(
      fc.property(
        fc.oneof(byte, fc.constantFrom(10, 127, 192)),
        byte,
        byte,
        byte,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (a, b, c, d, dotted, upper, bracketed) => {
          const tail = dotted
            ? `${a}.${b}.${c}.${d}`
            : `${hex(a * 256 + b, upper, false)}:${hex(c * 256 + d, upper, false)}`;
          const address = `::${upper ? 'FFFF' : 'ffff'}:${tail}`;
          expect(isLoopbackHost(bracketed ? `[${address}]` : address)).toBe(a === 127);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a full IPv6 address is loopback exactly when it is ::1 or a mapped 127.x.y.z', () => {
    // Mostly zeros, so ::1 and the mapped prefix come up often among random groups.
    const g = fc.oneof(group, fc.constant(0), fc.constant(0), fc.constant(1), fc.constant(0xffff));
    fc.assert(
      fc.property(
        fc.array(g, { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        fc.boolean(),
        (groups, upper, pad) => {
          const address = groups.map((n) => hex(n, upper, pad)).join(':');
          const zeros = (from: number, to: number) => groups.slice(from, to).every((n) => n === 0);
          const expected =
            (zeros(0, 7) && groups[7] === 1) ||
            (zeros(0, 5) && groups[5] === 0xffff && groups[6]! >> 8 === 127);
          expect(isLoopbackHost(address)).toBe(expected);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('loopbackFor', () => {
  it('keeps a loopback host and picks the loopback of the same family for any other', () => {
    expect(loopbackFor('127.0.0.2')).toBe('127.0.0.2');
    expect(loopbackFor('::1')).toBe('::1');
    expect(loopbackFor('localhost')).toBe('localhost');
    expect(loopbackFor('0.0.0.0')).toBe('127.0.0.1');
    expect(loopbackFor('192.168.1.10')).toBe('127.0.0.1');
    expect(loopbackFor('::')).toBe('::1');
    expect(loopbackFor('fe80::1%eth0')).toBe('::1');
  });
});
