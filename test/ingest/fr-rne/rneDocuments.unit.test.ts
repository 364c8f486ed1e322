import { expect } from 'chai';
import { extractRneDocuments } from '../../../ingest/fr-rne/rneDocuments.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import { recordedJson } from './rneRecordings.ts';

// biome-ignore lint/suspicious/noExplicitAny: the recorded answer, changed member by member
type Json = any;

const URL_OF = (siren: string) =>
  `https://registre-national-entreprises.inpi.fr/api/companies/${siren}/attachments`;
const RECORDED = recordedJson('attachments_535113062_constructed.json') as Json;
const read = (json: unknown, status = 200) => extractRneDocuments(status, json, URL_OF('535113062'));

describe('RNE filings list parser (GET /api/companies/{siren}/attachments)', () => {
  it('keeps the public acte and bilan, not the keyed-in accounts (bilansSaisis)', () => {
    const record = read(RECORDED);
    expect(record.actes.map((a) => a.id)).to.deep.equal(['63df98a28eded29cb31823ee']);
    expect(record.bilans.map((b) => b.id)).to.deep.equal(['63df98a78eded29cb318240a']);
    expect(record).to.include({ connu: true, bilans_confidentiels: 0, denomination: 'La Cordée SAS' });
    expect(record.supprimes).to.deep.equal([]);
  });

  it('a deleted filing is never kept, only its id, to purge', () => {
    const body = structuredClone(RECORDED);
    body.bilans[0].deleted = true;
    const record = read(body);
    expect(record.bilans).to.deep.equal([]);
    expect(record.bilans_confidentiels).to.equal(0);
    expect(record.supprimes).to.deep.equal([{ type: 'bilans', id: '63df98a78eded29cb318240a' }]);
  });

  it('an acte whose confidentiality is not Public is left out', () => {
    const body = structuredClone(RECORDED);
    body.actes[0].confidentiality = 'Confidentiel';
    expect(read(body).actes).to.deep.equal([]);
  });

  it('the RNE’s own libelle wins over typeRdd; an unknown typeBilan has no label', () => {
    const body = structuredClone(RECORDED);
    body.actes[0].libelle = 'Statuts mis à jour';
    body.bilans[0].typeBilan = 'Z';
    const record = read(body);
    expect(record.actes[0]!.libelle).to.equal('Statuts mis à jour');
    expect(record.bilans[0]!.libelle).to.equal(null);
  });

  it('a 404 is a company the RNE does not know; absent arrays are empty lists', () => {
    expect(read(null, 404)).to.include({ connu: false });
    expect(read({})).to.include({ connu: true, bilans_confidentiels: 0 });
  });

  it('an answer of another shape is illisible', () => {
    expect(() => read({ actes: 'x' }))
      .to.throw(LiveUnavailableError)
      .with.property('reason', 'illisible');
    expect(() => read([]))
      .to.throw(LiveUnavailableError)
      .with.property('reason', 'illisible');
  });

  it('reads the INPI’s own documented answer (two public actes, no accounts) member for member', () => {
    const record = extractRneDocuments(
      200,
      recordedJson('attachments_113277693_inpi_doc_example.json'),
      URL_OF('113277693'),
    );
    expect(record).to.include({ siren: '113277693', connu: true, denomination: 'VITALAC RUMINANT' });
    expect(record.actes).to.deep.equal([
      {
        id: '6385db8b901325760b0c0d71',
        type: 'actes',
        libelle: 'Copie des statuts',
        date_depot: '2021-08-02',
        nom_document: 'GU_ACTE_113277693_20221118_ENT21-000004478_1',
      },
      {
        id: '6385db8b901325760b0c0d73',
        type: 'actes',
        libelle: 'Copie des statuts',
        date_depot: '2021-08-02',
        nom_document: 'GU_ACTE_113277693_20221118_ENT21-000004478_2',
      },
    ]);
    expect(record).to.deep.include({ bilans: [], bilans_confidentiels: 0, supprimes: [] });
  });
});
