import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { piBlockSchema } from '../../../schemas/responses/pi.ts';
import {
  ALSTOM_AGENT,
  ALSTOM_TRANSPORT_TECHNOLOGIES,
  DIOR_COUTURE,
  GEC_ALSTHOM_TRANSPORT,
  INPI_NAMES_AND_ADDRESSES,
  INPI_PERSONS,
} from '../../ingest/fr-inpi-pi/inpiPiFixtures.ts';
import { targetDescription } from '../../support/database.ts';
import { logTextForPrivacyScan } from '../../support/eventLog.ts';
import { unnamedUnit } from '../../support/sireneSample.ts';
import { blockDossierBed } from './support/blockDossierBed.ts';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked member by member
type Json = any;

/** A demo company no INPI title names. */
const NO_TITLE = '005420120';

/**
 * The companies of the INPI demo records (ingest/fr-inpi-pi/demo/SOURCE.txt) as Sirene units: the sample's
 * first unit with its identity cells set, no name, a legal person's category (as the RGE suite's units).
 */
describe(`The dossier's pi block on the INPI demo (e2e, ${targetDescription})`, () => {
  const bed = blockDossierBed({
    demo: ['fr.sirene', 'fr.inpi-pi'],
    extraUnits: [
      unnamedUnit(DIOR_COUTURE),
      unnamedUnit(ALSTOM_TRANSPORT_TECHNOLOGIES),
      unnamedUnit(GEC_ALSTHOM_TRANSPORT),
      unnamedUnit(ALSTOM_AGENT),
    ],
    blocs: 'pi',
  });
  const { dossier, served } = bed;

  it('serves the company’s marks as INPI publishes them, with provenance, priced $0.01', async () => {
    const { res, body } = await dossier(DIOR_COUTURE);
    expect(res.status).to.equal(200);
    // The dossier's base ($0.005) plus the block ($0.01).
    expect(res.headers.get('x-credits-charged')).to.equal('0.015');
    expect(body.blocs_absents).to.deep.equal([]);
    expect(body.blocs.pi).to.deep.equal({
      marques: {
        nombre: 1,
        liste: [{ numero: '5189659', libelle: 'DIOR', statut: 'Marque enregistrée' }],
        tronque: false,
      },
      brevets: { nombre: 0 },
      modeles: { nombre: null },
    });
    const inpi = body.provenance.find((p: Json) => p.registre === 'fr.inpi-pi');
    expect(inpi.empreinte_sha256).to.match(/^[0-9a-f]{64}$/);
  });

  it('the block has the shape the OpenAPI document declares', async () => {
    const { body } = await dossier(ALSTOM_TRANSPORT_TECHNOLOGIES);
    const validate = new Ajv2020({ strict: false }).compile(piBlockSchema);
    expect(validate(body.blocs.pi), JSON.stringify(validate.errors)).to.equal(true);
  });

  it('counts a patent for its owner of record only: not its first applicant, not its agent', async () => {
    const { body } = await dossier(ALSTOM_TRANSPORT_TECHNOLOGIES);
    expect(body.blocs.pi).to.deep.equal({
      marques: { nombre: 0, liste: [], tronque: false },
      brevets: { nombre: 1 },
      modeles: { nombre: null },
    });
    for (const siren of [GEC_ALSTHOM_TRANSPORT, ALSTOM_AGENT]) {
      const other = await dossier(siren);
      expect(other.res.status).to.equal(200);
      expect(other.body.blocs_absents[0]).to.include({ bloc: 'pi', raison: 'aucune_donnee' });
    }
  });

  it('a company no title names gets the block absent with aucune_donnee, not charged', async () => {
    const { res, body } = await dossier(NO_TITLE, 'pi,etablissements');
    expect(res.status).to.equal(200);
    expect(Object.keys(body.blocs)).to.deep.equal(['etablissements']);
    expect(body.blocs_absents).to.have.length(1);
    expect(body.blocs_absents[0]).to.include({ bloc: 'pi', raison: 'aucune_donnee' });
    expect(body.resume).to.deep.include({ demandes: 2, servis: 1, absents: 1 });
  });

  it('no answer and nothing in the log names an inventor, a representative, a holder’s name or address', async () => {
    expect(served.length).to.be.greaterThan(0);
    const log = await logTextForPrivacyScan(bed.service.t.db.knex);
    expect(log).to.include(ALSTOM_TRANSPORT_TECHNOLOGIES);
    for (const text of [...served, log]) {
      for (const value of [...INPI_PERSONS, ...INPI_NAMES_AND_ADDRESSES]) expect(text).not.to.include(value);
    }
  });
});
