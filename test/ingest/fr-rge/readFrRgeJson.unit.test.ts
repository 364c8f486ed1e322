import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { SnapshotRow } from '../../../ingest/core/snapshotPass.ts';
import { emptyRgeReport, readRgeJson } from '../../../ingest/fr-rge/readFrRgeJson.ts';
import { RGE_528163777, RGE_HISTORIQUE_811766179 } from './rgeFixtures.ts';

const readAll = async (file: string) => {
  const report = emptyRgeReport();
  const rows: SnapshotRow[] = [];
  for await (const row of readRgeJson(file, report)) rows.push(row);
  return { rows, report };
};

describe('RGE reader (data-fair lines answers)', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rge-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads the real answer: one row per SIRET and qualification, values as published', async () => {
    const { rows, report } = await readAll(RGE_528163777);
    expect(rows.map((r) => r.id)).to.deep.equal([
      '52816377700030-C001D117',
      '52816377700030-C001D119',
      '52816377700030-1911',
    ]);
    expect(rows.every((r) => r.kind === 'qualification')).to.equal(true);
    expect(rows[2]!.record).to.deep.include({
      siret: '52816377700030',
      code_qualification: '1911',
      organisme: 'opqibi',
      nom_certificat: 'Certificat OPQIBI',
      particulier: true,
      url_qualification: 'http://opqibi.com/fiche/5059',
    });
    expect(report).to.deep.equal({
      lignesLues: 3,
      lignesEcartees: 0,
      exemplesEcartes: [],
      lignesHistoriques: 0,
    });
  });

  it('drops the name, phone, e-mail, website, address and coordinates before anything else', async () => {
    const { rows } = await readAll(RGE_528163777);
    const text = JSON.stringify(rows);
    for (const member of [
      'nom_entreprise',
      'telephone',
      'email',
      'site_internet',
      'adresse',
      'latitude',
      'longitude',
      '_geopoint',
    ]) {
      for (const row of rows) expect(row.record).not.to.have.property(member);
    }
    for (const value of [
      'ylan.sabban@yahoo.fr',
      'contact@gsept.fr',
      '06 98 39 31 19',
      'SOLUTION ENERGIE',
      'rue Morand',
      '(GSEPT)',
    ]) {
      expect(text).not.to.include(value);
    }
  });

  it('reads the current layout (historique-rge): dates kept, a line whose processing is over counted, not read', async () => {
    const { rows, report } = await readAll(RGE_HISTORIQUE_811766179);
    expect(rows.map((r) => r.id)).to.deep.equal(['81176617900014-3511D109']);
    expect(rows[0]!.record).to.deep.include({
      _id: 'Q147414-3511D109-2025-07-12',
      lien_date_debut: '2025-06-26',
      lien_date_fin: '2029-12-10',
      traitement_termine: false,
      organisme: 'qualibat',
    });
    expect(report).to.deep.include({ lignesLues: 1, lignesEcartees: 0, lignesHistoriques: 1 });
    const text = JSON.stringify(rows);
    for (const value of [
      'contact@1001fenetres.com',
      '04 78 28 18 97',
      '1001 LYON NORD',
      'PASTEUR',
      '45.793122',
    ]) {
      expect(text).not.to.include(value);
    }
  });

  it('reads answers kept as one JSON array', async () => {
    const pages = [RGE_528163777, RGE_HISTORIQUE_811766179].map((f) => readFile(f, 'utf8'));
    const file = path.join(dir, 'array.json');
    await writeFile(file, `[${(await Promise.all(pages)).join(',')}]`);
    const { rows, report } = await readAll(file);
    expect(rows).to.have.length(4);
    expect(report).to.deep.include({ lignesLues: 4, lignesEcartees: 0, lignesHistoriques: 1 });
  });

  it('reads pages written one after the other; sets aside a bad SIRET, a repeat; counts history lines', async () => {
    // The real answer twice (pages as the `next` links give them), its lines edited here in memory: a SIRET
    // failing the Luhn check, one with 13 digits, and a history line (`traitement_termine`, historique-rge).
    const answer = JSON.parse(await readFile(RGE_528163777, 'utf8'));
    const edited = structuredClone(answer);
    edited.results[0].siret = '52816377800030';
    edited.results[1].siret = '5281637770003';
    edited.results[2].traitement_termine = true;
    const file = path.join(dir, 'pages.json');
    await writeFile(file, `${JSON.stringify(answer)}\n${JSON.stringify(edited)}\n${JSON.stringify(answer)}`);
    const { rows, report } = await readAll(file);
    expect(rows).to.have.length(3);
    expect(report).to.deep.include({ lignesLues: 3, lignesEcartees: 5, lignesHistoriques: 1 });
    expect(report.exemplesEcartes).to.deep.equal([
      { rang: 4, motif: 'siret illisible' },
      { rang: 5, motif: 'siret illisible' },
      { rang: 7, motif: 'qualification déjà lue pour ce SIRET' },
      { rang: 8, motif: 'qualification déjà lue pour ce SIRET' },
      { rang: 9, motif: 'qualification déjà lue pour ce SIRET' },
    ]);
  });
});
