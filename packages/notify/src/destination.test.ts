// Which addresses a webhook may reach, and how WEBHOOK_ALLOW_HOSTS is read.
import { checkWebhookDestination, readWebhookAllowHosts, refusedAddressKind } from './destination';

describe('refusedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.8.9.10', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['10.0.0.5', 'a private address'],
    ['172.31.255.1', 'a private address'],
    ['192.168.0.10', 'a private address'],
    ['fd12:3456::1', 'a private address'],
    ['169.254.169.254', 'a cloud metadata address'],
    ['fd00:ec2::254', 'a cloud metadata address'],
    ['169.254.10.1', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['0.0.0.0', 'the unspecified address'],
    ['::', 'the unspecified address'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['224.0.0.251', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'a reserved address'],
    ['64:ff9b::a00:5', 'an IPv6 address that carries an IPv4 one'],
  ])('%s is %s', (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });

  it.each(['203.0.113.10', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111'])('%s is public', (address) => {
    expect(refusedAddressKind(address)).toBeNull();
  });
});

describe('readWebhookAllowHosts', () => {
  it('reads a comma list of hosts and host:port, as a URL writes them', () => {
    expect(readWebhookAllowHosts({})).toEqual([]);
    expect(readWebhookAllowHosts({ WEBHOOK_ALLOW_HOSTS: ' Hooks.LAN , 10.0.0.5:8080,[FD00::5]:9000,, [::1]' })).toEqual(['hooks.lan', '10.0.0.5:8080', '[fd00::5]:9000', '[::1]']);
  });

  it.each(['http://hooks.lan', 'hooks.lan:0', 'hooks.lan:99999', 'fd00::5', 'a b'])('refuses %s, naming it', (entry) => {
    expect(() => readWebhookAllowHosts({ WEBHOOK_ALLOW_HOSTS: entry })).toThrow(`WEBHOOK_ALLOW_HOSTS: ${entry} is not a host`);
  });
});

describe('checkWebhookDestination', () => {
  it('gives the addresses to connect to for a public name, and says when a name has none', async () => {
    const resolve = async () => [{ address: '203.0.113.10', family: 4 }];
    expect(await checkWebhookDestination(new URL('https://hooks.partner.test/in'), { allowHosts: [], resolve })).toEqual({ ok: true, allowed: false, addresses: [{ address: '203.0.113.10', family: 4 }] });
    const missing = async () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
    expect(await checkWebhookDestination(new URL('https://gone.test/in'), { allowHosts: [], resolve: missing })).toEqual({ ok: false, reason: 'unresolved', error: 'The host gone.test has no address (ENOTFOUND).' });
  });

  it('lets an allowed host:port through only on that port (the scheme default when none is written)', async () => {
    const allowHosts = ['10.0.0.5:443', 'hooks.lan'];
    expect(await checkWebhookDestination(new URL('https://10.0.0.5/in'), { allowHosts })).toMatchObject({ ok: true, allowed: true });
    expect(await checkWebhookDestination(new URL('http://10.0.0.5/in'), { allowHosts })).toMatchObject({ ok: false, reason: 'refused' });
    const resolve = async () => [{ address: '10.1.2.3', family: 4 }];
    expect(await checkWebhookDestination(new URL('http://hooks.lan:8080/in'), { allowHosts, resolve })).toMatchObject({ ok: true, allowed: true });
  });
});
