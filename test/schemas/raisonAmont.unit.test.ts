import fs from 'node:fs/promises';
import { expect } from 'chai';
import { RAISONS_AMONT } from '../../schemas/enums/raisonAmont.ts';

describe('the closed list of upstream outage reasons', () => {
  it('is the list docs/registers.md gives for 503 amont_indisponible', async () => {
    const page = await fs.readFile(new URL('../../docs/registers.md', import.meta.url), 'utf8');
    const listed = /`503 amont_indisponible` with `raison` \(([^)]*)\)/.exec(page.replace(/\s+/g, ' '))?.[1];
    expect(listed, 'docs/registers.md names the raison values of 503 amont_indisponible').to.be.a('string');
    expect([...listed!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1])).to.deep.equal(
      RAISONS_AMONT.map((r) => r.code),
    );
  });
});
