/**
 * Which hops of a request are trusted proxies (docs/security.md "Proxies", docs/deploy.md "Behind a proxy").
 * X-Forwarded-For is read from the right, starting at the TCP peer (hop 0): every hop the setting trusts is a proxy
 * whose word about the next address is believed, and the first hop it does not trust is the client
 * (`request.ip`). Whatever a client wrote into the header itself sits left of that and is never read.
 */
import { BlockList, isIPv6 } from 'node:net';
import type { TrustProxy } from '../config.js';

/** Fastify's `trustProxy` function form: is `address`, `hop` steps from the server (0: the TCP peer), a proxy? */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The trust test for TRUST_PROXY, or false when no proxy is trusted. A number n trusts the nearest n hops whatever
 * their address (so the servers must be reachable only through the proxies); a list trusts exactly the hops whose
 * address is in it, an IPv4 entry also matching its IPv4-mapped IPv6 form (`::ffff:10.0.0.1`). Fastify's own number
 * form is not used: it trusts no hop at all.
 */
export function proxyTrust(setting: TrustProxy): ProxyTrust | false {
  if (typeof setting === 'number') return setting > 0 && ((_address, hop) => hop < setting);
  const proxies = new BlockList();
  for (const entry of setting) {
    const [address = '', prefix] = entry.split('/');
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  return (address) => proxies.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}
