import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { fixtureSirens } from '../../bench/held-out/fixtureSirens.ts';
import { naturalPersonName } from '../../bench/held-out/heldOutSource.ts';
import { readDecpHeldOut } from '../../bench/held-out/readDecpHeldOut.ts';
import { readIcpeHeldOut } from '../../bench/held-out/readIcpeHeldOut.ts';
import { readTedHeldOut } from '../../bench/held-out/readTedHeldOut.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe("The held-out check's own readers of real upstream files (bench held-out)", () => {
  it('counts the ICPE installations a SIREN runs, its establishments and Seveso ones, and the persons named', async () => {
    const reading = await readIcpeHeldOut(path.join(root, 'ingest/fr-icpe/demo/icpe_gironde_excerpt.zip'));
    expect(reading.counts).to.deep.equal({ installations: 7, 'installations without SIRET': 1 });
    expect(reading.expected.get('410964837')).to.deep.equal({
      installations: 4,
      seveso_haut: 2,
      etablissements: 3,
    });
    expect(reading.expected.get('480337849')).to.deep.equal({ installations: 1, etablissements: 1 });
    expect(reading.expected.get('356000000')).to.deep.equal({ installations: 1, etablissements: 1 });
    expect(reading.naturalPersons.get('480337849')).to.have.length(1);
    expect(reading.naturalPersons.has('410964837')).to.equal(false);
  });

  it('counts the DECP contracts a SIREN holds or awards, its amounts in cents, and the 1.0e17 amount as unreadable', async () => {
    const reading = await readDecpHeldOut(path.join(root, 'test/fixtures/fr-decp/decp_test_2022.json'));
    expect(reading.counts.contracts).to.equal(5);
    expect(reading.expected.get('487946071')).to.deep.equal({ titulaire: 1, montant_centimes: 12_783_512 });
    expect(reading.expected.get('340270495')).to.deep.equal({ titulaire: 1, montant_centimes: 13_761_400 });
    expect(reading.expected.get('834157513')).to.deep.equal({ titulaire: 1 });
    expect(reading.hints.get('834157513')).to.include('a held contract publishes no readable montant');
    expect(reading.expected.get('210300422')).to.deep.equal({ acheteur: 1 });
  });

  it('counts the TED notices a French winner identified by SIRET won, once whatever the language versions', async () => {
    const reading = await readTedHeldOut([path.join(root, 'test/fixtures/eu-ted/18-412273-001-EXP.xml')]);
    expect([...reading.expected.keys()].sort()).to.deep.equal([
      '398762211',
      '402682991',
      '432925840',
      '487469330',
    ]);
    for (const facts of reading.expected.values()) expect(facts).to.deep.equal({ avis: 1 });
  });

  it("leaves out every SIREN the register's demo and fixtures name, ZIP contents included", async () => {
    const icpe = await fixtureSirens('fr-icpe');
    expect(icpe.has('410964837')).to.equal(true);
    expect(icpe.has('480337849')).to.equal(true);
    const ted = await fixtureSirens('eu-ted');
    expect(ted.has('398762211')).to.equal(true);
  });

  it('takes a name published with a civility for a natural person, without the civility', () => {
    expect(naturalPersonName('MONSIEUR MARCQ GABRIEL')).to.equal('MARCQ GABRIEL');
    expect(naturalPersonName('Mme  Dupont')).to.equal('Dupont');
    expect(naturalPersonName('VERMILION REP SAS')).to.equal(null);
    expect(naturalPersonName('MMA IARD')).to.equal(null);
  });
});
