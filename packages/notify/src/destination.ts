// Where a webhook may go: a host whose every DNS answer is a public address, or one the shop names in
// WEBHOOK_ALLOW_HOSTS. Anyone can make the console send a webhook (a public form is enough), so an
// endpoint inside the shop's network (a database, a cache, a cloud's metadata service) is refused.
import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';

export interface ResolvedAddress {
  address: string;
  /** 4 or 6. */
  family: number;
}

/** A host name to every address it has (A and AAAA), as the system resolver gives them. */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

function blockList(v4: Array<[string, number]>, v6: Array<[string, number]> = []): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
}

/**
 * The refused ranges, each with the words the error uses. Checked in order, so the metadata
 * addresses are named as such before the wider range they sit in. An IPv4-mapped IPv6 address
 * (::ffff:127.0.0.1) matches the IPv4 rules (BlockList does that itself).
 */
const REFUSED: ReadonlyArray<readonly [string, BlockList]> = [
  // AWS/GCP/Azure/OpenStack 169.254.169.254, Alibaba 100.100.100.200, Azure's wire server, Oracle 192.0.0.192, AWS's IPv6 one.
  ['a cloud metadata address', blockList([['169.254.169.254', 32], ['100.100.100.200', 32], ['168.63.129.16', 32], ['192.0.0.192', 32]], [['fd00:ec2::254', 128]])],
  ['a loopback address', blockList([['127.0.0.0', 8]], [['::1', 128]])],
  ['the unspecified address', blockList([['0.0.0.0', 8]], [['::', 128]])],
  ['a private address', blockList([['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]], [['fc00::', 7], ['fec0::', 10]])],
  ['a link-local address', blockList([['169.254.0.0', 16]], [['fe80::', 10]])],
  ['a shared (carrier-grade NAT) address', blockList([['100.64.0.0', 10]])],
  ['a multicast address', blockList([['224.0.0.0', 4]], [['ff00::', 8]])],
  // 192.0.0.0/24 protocol assignments, 198.18/15 benchmarking, 240/4 reserved and the broadcast address.
  ['a reserved address', blockList([['192.0.0.0', 24], ['198.18.0.0', 15], ['240.0.0.0', 4]])],
  // IPv6 forms that carry an IPv4 address inside (compatible, NAT64, 6to4): refused whole rather than unpacked.
  ['an IPv6 address that carries an IPv4 one', blockList([], [['::', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2002::', 16]])],
];

/** What kind of refused address `address` is ("a loopback address"), or null for a public one. */
export function refusedAddressKind(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of REFUSED) if (list.check(address, type)) return kind;
  return null;
}

/**
 * WEBHOOK_ALLOW_HOSTS: a comma list of hosts (`hooks.lan`, `10.0.0.5`, `[fd00::5]`) or host:port
 * (`127.0.0.1:8080`) the console may send webhooks to though they resolve inside. Throws naming an
 * entry that is not a host.
 */
export function readWebhookAllowHosts(env: Readonly<Record<string, string | undefined>>): string[] {
  const text = env.WEBHOOK_ALLOW_HOSTS?.trim();
  if (!text) return [];
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map((entry) => {
      const normal = normaliseAllowEntry(entry);
      if (normal === null) throw new Error(`WEBHOOK_ALLOW_HOSTS: ${entry} is not a host or host:port (write an IPv6 address in brackets, [fd00::5]:8080)`);
      return normal;
    });
}

/** `Host:Port` -> `host:port`, the host as a URL writes it (lower case, IPv6 in brackets); null if not a host. */
function normaliseAllowEntry(entry: string): string | null {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
  if (!match) return null;
  let host: string;
  try {
    host = new URL(`http://${match[1]}/`).hostname;
  } catch {
    return null;
  }
  if (match[2] === undefined) return host;
  const port = Number(match[2]);
  return port >= 1 && port <= 65_535 ? `${host}:${port}` : null;
}

/** True when the allow-list names the URL's host, alone or with the URL's port (the scheme's default if none). */
export function isAllowedHost(url: URL, allowHosts: readonly string[]): boolean {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return allowHosts.includes(url.hostname) || allowHosts.includes(`${url.hostname}:${port}`);
}

export type Destination =
  | { ok: true; addresses: ResolvedAddress[]; allowed: boolean }
  /** `refused`: an address inside; `unresolved`: the name has no address now (may come later). */
  | { ok: false; reason: 'refused' | 'unresolved'; error: string };

export interface DestinationOptions {
  /** Hosts allowed though inside (WEBHOOK_ALLOW_HOSTS, `readWebhookAllowHosts`); default none. */
  allowHosts?: readonly string[];
  resolve?: Resolver;
}

/**
 * Resolves the URL's host and checks every address it has: one address inside refuses the host
 * (a name with a public and a private answer could be connected to either). The addresses returned
 * are the ones to connect to, so a DNS answer that changes after the check is never used.
 */
export async function checkWebhookDestination(url: URL, options: DestinationOptions = {}): Promise<Destination> {
  const allowHosts = options.allowHosts ?? [];
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return { ok: false, reason: 'unresolved', error: `The host ${host} has no address (${typeof code === 'string' ? code : 'DNS lookup failed'}).` };
    }
    if (addresses.length === 0) return { ok: false, reason: 'unresolved', error: `The host ${host} has no address.` };
  }
  if (isAllowedHost(url, allowHosts)) return { ok: true, addresses, allowed: true };
  for (const { address } of addresses) {
    const kind = refusedAddressKind(address);
    if (kind === null) continue;
    const where = address === host ? host : `${host} (${address})`;
    return {
      ok: false,
      reason: 'refused',
      error: `${where} is ${kind}: webhooks go only to public addresses, never inside the shop's network. If this endpoint is meant, name ${url.hostname} in WEBHOOK_ALLOW_HOSTS.`,
    };
  }
  return { ok: true, addresses, allowed: false };
}
