/**
 * The address a request came from, for the rate limit and the log. Behind reverse proxies the socket is
 * the nearest proxy and `X-Forwarded-For` lists the hops, each proxy appending the peer it saw; only the
 * entries the organization's own proxies wrote can be believed, so the client is the right-most address that
 * is not one of them (a configured hop count, or a list of proxy addresses and CIDR ranges). Anything to
 * its left the caller wrote. Without configuration the header is ignored.
 */
import { BlockList, isIP } from 'node:net';

/** `false`: no proxy; a number: that many proxies in front; a list: the proxies' addresses or ranges. */
export type TrustProxy = false | number | readonly string[];

/** Whether `entry` is an IP address or a CIDR range (for the configuration). */
export function isProxyAddress(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Resolves a request's client address from its socket address and its X-Forwarded-For header. */
export function clientAddressResolver(
  trust: TrustProxy,
): (socket: string | undefined, forwardedFor: string | undefined) => string {
  const proxies = Array.isArray(trust) ? blockListOf(trust) : undefined;
  return (socket, forwardedFor) => {
    const peer = plain(socket ?? '') || 'unknown';
    if (trust === false || trust === 0 || !forwardedFor) return peer;
    const hops = [...forwardedFor.split(',').map((entry) => plain(entry.trim())), peer];
    let at: number;
    if (proxies) {
      at = hops.length - 1;
      while (at > 0 && isTrusted(proxies, hops[at]!)) at -= 1;
    } else {
      at = Math.max(0, hops.length - 1 - (trust as number));
    }
    // Junk where an address should be was not written by a proxy: count the request against that proxy.
    return isIP(hops[at]!) ? hops[at]! : (hops[at + 1] ?? peer);
  };
}

function blockListOf(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

function isTrusted(proxies: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** An IPv4 address seen on a dual-stack socket (`::ffff:10.0.0.1`) is that IPv4 address. */
function plain(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/** Several X-Forwarded-For headers are one list, in order (Node joins them; an array if not). */
export function forwardedFor(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header.join(',') : header;
}

/** An address is all that is logged of the caller; keep it to address characters. */
export function sanitized(address: string): string {
  return address.replace(/[^0-9A-Za-z.:[\]-]/g, '').slice(0, 64) || 'unknown';
}
