import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Why an address may not receive a webhook, or null when it may: only a global unicast address (ipaddr.js's
 * `unicast` range) is reached. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it
 * carries; private, loopback, link-local, unique-local, multicast, unspecified, broadcast, carrier-grade NAT,
 * reserved and the IPv6 ranges that embed an IPv4 address (6to4, Teredo, NAT64) are refused.
 */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const ip = ipaddr.process(address);
  const range = ip.range();
  return range === 'unicast' ? null : `${ip.toString()} is ${range}`;
}

export class RefusedAddressError extends Error {
  readonly refused = true;
}

/** Which addresses a delivery may reach: `public` in production; `any` only where configured for tests. */
export type AddressPolicy = 'public' | 'any';

type LookupAll = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for node's http(s) requests that resolves the host, checks every address it resolves to (IPv4 and
 * IPv6) and connects to one of those it checked: a host with any refused address is refused, and no second
 * resolution can slip another address in between check and connection (DNS rebinding).
 */
export function guardedLookup(policy: AddressPolicy, resolve: LookupAll = dns.lookup as LookupAll) {
  return (
    hostname: string,
    options: dns.LookupOptions,
    callback: (
      err: NodeJS.ErrnoException | null,
      address: string | dns.LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0) return callback(new Error(`${hostname} resolves to no address`), '');
      if (policy === 'public') {
        for (const a of addresses) {
          const why = refusedAddress(a.address);
          if (why) return callback(new RefusedAddressError(`${hostname}: ${why}`), '');
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
