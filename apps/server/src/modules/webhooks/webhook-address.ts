import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { webhookMessages } from '@dak/domain/webhooks';
import { AppError } from '../../errors';

/**
 * Where a webhook may point (issue 15, "Bad input and safety"): a public internet address, found
 * after DNS resolution, at create and again at each delivery; the delivery then connects to the
 * address that was checked (webhook-sender.ts), so a name that answers differently a moment later
 * (DNS rebinding) cannot slip a private address in between. In production the URL must be https
 * and loopback is refused like every private range; in development and tests a loopback receiver
 * is allowed (local testing), the other private ranges never.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** All the addresses of a host name (rejects when it has none). Injectable for tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Not the public internet: private, shared (CGNAT), link-local, multicast, reserved, documentation. */
const notPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the cloud metadata address among them
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  notPublic.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  notPublic.addSubnet(net, bits, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:(?:0:)?|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:(?:0:)?|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex?.[1] || !hex[2]) return null;
  const hi = Number.parseInt(hex[1], 16);
  const lo = Number.parseInt(hex[2], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether a webhook may be sent to this IP address. */
export function isAllowedAddress(address: string, options: { allowLoopback: boolean }): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return isAllowedAddress(v4, options);
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (options.allowLoopback && loopback.check(address, type)) return true;
  return !notPublic.check(address, type);
}

export type WebhookTarget = { url: URL; address: string; family: 4 | 6 };

function refuse(message: string): never {
  throw new AppError('VALIDATION_FAILED', message, { field: 'url' });
}

/**
 * The checked address of a webhook URL, or a refusal (VALIDATION_FAILED on `url`): not https in
 * production; a host that does not resolve; a host any of whose addresses is not public (a name
 * with one private address among public ones is refused too: which one a client picks is not ours
 * to guess).
 */
export async function resolveWebhookTarget(
  raw: string,
  options: { production: boolean; resolve: Resolver },
): Promise<WebhookTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(webhookMessages.urlInvalid);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuse(webhookMessages.urlInvalid);
  if (url.username || url.password) refuse(webhookMessages.urlInvalid);
  if (options.production && url.protocol !== 'https:') refuse(webhookMessages.urlNotHttps);
  const allowLoopback = !options.production;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) {
    if (!isAllowedAddress(host, { allowLoopback })) refuse(webhookMessages.urlPrivate);
    return { url, address: host, family: isIP(host) === 6 ? 6 : 4 };
  }
  // "localhost" and its subdomains are loopback by definition (RFC 6761), whatever a resolver says.
  const name = host.toLowerCase().replace(/\.$/, '');
  if ((name === 'localhost' || name.endsWith('.localhost')) && !allowLoopback)
    refuse(webhookMessages.urlPrivate);
  let addresses: ResolvedAddress[];
  try {
    addresses = await options.resolve(name);
  } catch {
    return refuse(webhookMessages.urlUnresolvable);
  }
  const first = addresses[0];
  if (!first) refuse(webhookMessages.urlUnresolvable);
  if (addresses.some((a) => !isAllowedAddress(a.address, { allowLoopback })))
    refuse(webhookMessages.urlPrivate);
  return { url, address: first.address, family: first.family };
}
