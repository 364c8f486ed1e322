import type dns from 'node:dns';
import { expect } from 'chai';
import { guardedLookup, RefusedAddressError, refusedAddress } from '../../../ops/webhooks/publicAddress.ts';

describe('webhook addresses: only global unicast (unit)', () => {
  it('refuses private, loopback, link-local, multicast and unspecified addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '224.0.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '100.64.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '2002:7f00:1::1',
      '64:ff9b::7f00:1',
    ]) {
      expect(refusedAddress(address), address).to.be.a('string');
    }
  });

  it('lets global unicast addresses through, IPv4-mapped ones judged as their IPv4', () => {
    for (const address of ['8.8.8.8', '193.51.24.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(refusedAddress(address), address).to.equal(null);
    }
  });

  const resolvingTo =
    (addresses: string[]) =>
    (
      _host: string,
      _o: dns.LookupAllOptions,
      cb: (e: NodeJS.ErrnoException | null, a: dns.LookupAddress[]) => void,
    ) =>
      cb(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );

  it('refuses a host when any address it resolves to is refused (checked before connecting)', async () => {
    const lookup = guardedLookup('public', resolvingTo(['8.8.8.8', '::ffff:192.168.0.1']));
    const err = await new Promise<unknown>((resolve) => lookup('hook.example', {}, (e) => resolve(e)));
    expect(err).to.be.instanceOf(RefusedAddressError);
  });

  it('connects to an address it checked', async () => {
    const lookup = guardedLookup('public', resolvingTo(['8.8.8.8']));
    const got = await new Promise<unknown>((resolve) =>
      lookup('hook.example', {}, (e, a) => resolve(e ?? a)),
    );
    expect(got).to.equal('8.8.8.8');
  });
});
