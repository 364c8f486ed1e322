import { expect } from 'chai';
import { clientAddress, relayHeaders } from '../../api/middleware/clientAddress.ts';

const request = (ip: string, headers: Record<string, string>) => ({
  ip,
  get: (field: string) => headers[field.toLowerCase()] ?? '',
});

describe('the address a request is rate-limited as (unit)', () => {
  it('is the connection’s address for an ordinary request', () => {
    expect(clientAddress(request('203.0.113.7', {}))).to.equal('203.0.113.7');
  });

  it('is the MCP caller’s address for a tool call this process relays to itself', () => {
    expect(clientAddress(request('127.0.0.1', relayHeaders('198.51.100.4')))).to.equal('198.51.100.4');
  });

  it('ignores a relay header without this process’s token, so no caller can pick its own bucket', () => {
    const forged = { 'x-registres-client': '198.51.100.4', 'x-registres-relais': 'devine' };
    expect(clientAddress(request('203.0.113.7', forged))).to.equal('203.0.113.7');
    expect(clientAddress(request('203.0.113.7', { 'x-registres-client': '198.51.100.4' }))).to.equal(
      '203.0.113.7',
    );
  });
});
