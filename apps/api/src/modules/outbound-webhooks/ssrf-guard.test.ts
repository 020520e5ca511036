import { describe, expect, test } from 'vitest';
import { loadConfig } from '../../env.ts';
import {
  checkUrlShape,
  isPublicAddress,
  resolveTarget,
  TargetRefused,
  type LookupFn,
} from './ssrf-guard.ts';

/** A resolver that answers from a table, as DNS would (no network in these tests). */
function fakeDns(table: Record<string, string[]>): LookupFn {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

const strict = { allowLoopback: false };

describe('which addresses are public', () => {
  test.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback /8'],
    ['10.0.0.1', '10/8'],
    ['10.255.255.255', '10/8 end'],
    ['172.16.0.1', '172.16/12 start'],
    ['172.31.255.254', '172.16/12 end'],
    ['192.168.1.1', '192.168/16'],
    ['100.64.0.1', '100.64/10 (shared, CGNAT)'],
    ['100.127.255.254', '100.64/10 end'],
    ['169.254.169.254', 'link-local, cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'documentation'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'IPv6 unique local fc00::/7'],
    ['fd12:3456::1', 'IPv6 unique local fd'],
    ['fe80::1', 'IPv6 link-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:8.8.8.8', 'IPv4-mapped public (still refused: mapped addresses are never used)'],
    ['64:ff9b::a00:1', 'NAT64 of 10.0.0.1'],
    ['2002:a00:1::1', '6to4 of 10.0.0.1'],
    ['ff02::1', 'IPv6 multicast'],
  ])('%s is refused (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  test.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  test('something that is not an address is refused', () => {
    expect(isPublicAddress('localhost')).toBe(false);
  });
});

describe('endpoint addresses', () => {
  test.each([
    ['http://hooks.example.sa/x', 'not https'],
    ['ftp://hooks.example.sa/x', 'not https'],
    ['https://user:pw@hooks.example.sa/x', 'user info'],
    ['https://127.0.0.1/x', 'not public'],
    ['https://10.1.2.3/x', 'not public'],
    ['https://[::1]/x', 'not public'],
    ['https://[fd00::5]/x', 'not public'],
    ['https://169.254.169.254/latest/meta-data', 'not public'],
    ['https://localhost/x', 'localhost'],
    ['https://api.localhost/x', 'localhost'],
    ['not a url', 'not a URL'],
  ])('%s is refused at registration (%s)', (url, reason) => {
    expect(() => checkUrlShape(url, strict)).toThrow(reason);
  });

  test('a public https address is accepted', () => {
    expect(checkUrlShape('https://hooks.example.sa/nuqat', strict).hostname).toBe(
      'hooks.example.sa',
    );
  });

  test('the test-only loopback setting allows loopback and nothing else', () => {
    const loose = { allowLoopback: true };
    expect(checkUrlShape('http://127.0.0.1:4000/x', loose).port).toBe('4000');
    expect(checkUrlShape('http://localhost:4000/x', loose).hostname).toBe('localhost');
    expect(() => checkUrlShape('http://10.0.0.1/x', loose)).toThrow(TargetRefused);
    expect(() => checkUrlShape('http://hooks.example.sa/x', loose)).toThrow('not https');
  });

  test('the test-only loopback setting is refused in production', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: '0'.repeat(64),
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    expect(() => loadConfig({ ...production, OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK: '1' })).toThrow(
      'OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK',
    );
    expect(loadConfig(production).outboundWebhooks.allowLoopback).toBe(false);
  });
});

describe('every delivery resolves the name and checks what it resolves to', () => {
  const dns = fakeDns({
    'hooks.example.sa': ['203.0.114.7'],
    'internal.example.sa': ['10.0.0.8'],
    'metadata.example.sa': ['169.254.169.254'],
    'mixed.example.sa': ['203.0.114.7', '192.168.0.4'],
    'v6-private.example.sa': ['fd00::1'],
    'mapped.example.sa': ['::ffff:127.0.0.1'],
    'loop.example.sa': ['127.0.0.1'],
    'empty.example.sa': [],
  });

  test('a public name resolves to the address the connection will use', async () => {
    const { target } = await resolveTarget('https://hooks.example.sa/x', {
      lookup: dns,
      allowLoopback: false,
    });
    expect(target).toEqual({ address: '203.0.114.7', family: 4 });
  });

  test.each([
    'internal.example.sa',
    'metadata.example.sa',
    'mixed.example.sa',
    'v6-private.example.sa',
    'mapped.example.sa',
    'loop.example.sa',
    'empty.example.sa',
    'unknown.example.sa',
  ])('https://%s is refused after resolution', async (host) => {
    await expect(
      resolveTarget(`https://${host}/x`, { lookup: dns, allowLoopback: false }),
    ).rejects.toThrow(TargetRefused);
  });

  test('with the test-only setting a name resolving to loopback passes, a private one does not', async () => {
    const loose = { lookup: dns, allowLoopback: true };
    expect((await resolveTarget('https://loop.example.sa/x', loose)).target.address).toBe(
      '127.0.0.1',
    );
    await expect(resolveTarget('https://internal.example.sa/x', loose)).rejects.toThrow(
      TargetRefused,
    );
  });
});
