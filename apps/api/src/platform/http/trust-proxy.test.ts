import { describe, expect, it } from 'vitest';
import { parseTrustProxy, trustFunction } from './trust-proxy';

describe('trustFunction', () => {
  it('a list trusts its addresses and ranges, IPv4-mapped ones too, and nothing else', () => {
    const trusted = trustFunction(parseTrustProxy('127.0.0.1,10.0.0.0/8,fd00::/8'));
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '10.1.2.3', 'fd00::2'])
      expect(trusted(address, 0), address).toBe(true);
    for (const address of ['127.0.0.2', '192.0.2.2', '::1', 'fe80::1', undefined, 'not-an-address'])
      expect(trusted(address, 0), String(address)).toBe(false);
  });

  it('the range names cover what proxy-addr means by them', () => {
    const trusted = trustFunction(parseTrustProxy('loopback,uniquelocal'));
    for (const address of ['127.0.0.9', '::1', '192.168.1.1', '172.20.0.1', 'fc00::1'])
      expect(trusted(address, 0)).toBe(true);
    expect(trusted('8.8.8.8', 0)).toBe(false);
  });

  it('a hop count trusts that many hops from the peer, whatever their address', () => {
    const trusted = trustFunction(parseTrustProxy('2'));
    expect([0, 1, 2].map((hop) => trusted('203.0.113.1', hop))).toEqual([true, true, false]);
  });

  it('true trusts everything; false nothing', () => {
    expect(trustFunction(true)('203.0.113.1', 9)).toBe(true);
    expect(trustFunction(false)('127.0.0.1', 0)).toBe(false);
  });
});
