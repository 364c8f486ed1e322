import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { SnapshotRow } from '../../../ingest/core/snapshotPass.ts';
import { emptyHatvpReport, organisationOf, readHatvpJson } from '../../../ingest/fr-hatvp/readFrHatvpJson.ts';
import {
  HATVP_EXCERPT,
  HATVP_KASPERSKY_FRAGMENT,
  HATVP_PERSON_MEMBERS,
  HATVP_PERSONS,
} from './hatvpFixtures.ts';

// biome-ignore lint/suspicious/noExplicitAny: a publication is checked member by member
type Json = any;

const readAll = async (file: string) => {
  const report = emptyHatvpReport();
  const rows: SnapshotRow[] = [];
  for await (const row of readHatvpJson(file, report)) rows.push(row);
  return { rows, report };
};

describe('HATVP reader (agora_repertoire_opendata.json)', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hatvp-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads one organisation per SIREN, with its rank in the file and its exercises as published', async () => {
    const { rows } = await readAll(HATVP_EXCERPT);
    expect(rows.map((r) => [r.kind, r.id, r.line])).to.deep.equal([
      ['organisation', '824457675', 1],
      ['organisation', '487741969', 2],
    ]);
    const estia = rows[0]!.record as Json;
    expect(estia).to.deep.include({
      typeIdentifiantNational: 'SIREN',
      denomination: 'ECOLE SUPERIEURE DES TECHNOLOGIES INDUSTRIELLES AVANCEES - ESTIA',
      nomUsage: 'ESTIA',
      datePremierePublication: '27/04/2018 11:46:04',
      lienSiteWeb: 'http://www.estia.fr',
    });
    expect(estia.exercices[0].publicationCourante).to.deep.include({
      exerciceId: 3377,
      dateDebut: '01-01-2018',
      montantDepense: '< 10 000 euros',
      chiffreAffaire: '> = 1 000 000 euros',
      nombreSalaries: 1,
    });
    expect(estia.exercices[0].publicationCourante.activites).to.deep.equal([
      {
        publicationCourante: {
          domainesIntervention: ['Enseignement supérieur'],
          identifiantFiche: 'GJVDU06H',
          objet: "Obtenir un soutien pour le financement de l’École d'Ingénieurs EESC ESTIA",
          publicationDate: '28/03/2019 09:18:58',
        },
      },
    ]);
  });

  it('drops every member naming a person before the row leaves the reader', async () => {
    const { rows } = await readAll(HATVP_EXCERPT);
    const text = JSON.stringify(rows);
    for (const value of [...HATVP_PERSONS, ...HATVP_PERSON_MEMBERS]) expect(text).not.to.include(value);
    // The organisations' own data stays.
    expect(text).to.include('ECOLOGIC').and.to.include('Enseignement supérieur');
  });

  it('drops the address an organisation chose not to publish', async () => {
    const { rows } = await readAll(HATVP_EXCERPT);
    expect(rows[1]!.record).not.to.have.property('adresse');
    expect(rows[1]!.record).to.include({ codePostal: '78280', ville: 'GUYANCOURT' });
  });

  it('counts publications under another identifier (a HATVP number) without reading them', async () => {
    const { rows, report } = await readAll(HATVP_EXCERPT);
    expect(rows.map((r) => r.id)).not.to.include('H462578295');
    expect(report).to.deep.equal({
      publicationsLues: 2,
      lignesEcartees: 0,
      exemplesEcartes: [],
      autresIdentifiants: { HATVP: 1 },
    });
  });

  it('sets aside a publication without a readable SIREN (the verbatim fragment has none)', async () => {
    const { rows, report } = await readAll(HATVP_KASPERSKY_FRAGMENT);
    expect(rows).to.deep.equal([]);
    expect(report).to.deep.include({
      lignesEcartees: 1,
      exemplesEcartes: [{ rang: 1, motif: 'siren illisible' }],
    });
  });

  it('reduces the verbatim fragment to the organisation’s data: no dirigeant, collaborateur or e-mail', async () => {
    const { publications } = JSON.parse(await readFile(HATVP_KASPERSKY_FRAGMENT, 'utf8'));
    const reduced = organisationOf(publications[0]);
    expect(reduced).to.deep.include({
      denomination: 'KASPERSKY LAB FRANCE',
      nomUsage: 'KASPERSKY FRANCE',
      lienSiteWeb: 'https://www.kaspersky.fr/',
      codePostal: '92859',
    });
    const text = JSON.stringify(reduced);
    for (const value of [...HATVP_PERSONS, ...HATVP_PERSON_MEMBERS]) expect(text).not.to.include(value);
    expect(text).not.to.include('twitter').and.not.to.include('linkedin');
  });

  it('sets aside a SIREN failing the Luhn check and a SIREN read already', async () => {
    const file = JSON.parse(await readFile(HATVP_EXCERPT, 'utf8'));
    const estia = file.publications[0];
    file.publications.push({ ...estia }, { ...estia, identifiantNational: '824457676' });
    const copy = path.join(dir, 'repeated.json');
    await writeFile(copy, JSON.stringify(file));
    const { rows, report } = await readAll(copy);
    expect(rows.map((r) => r.id)).to.deep.equal(['824457675', '487741969']);
    expect(report.exemplesEcartes).to.deep.equal([
      { rang: 4, motif: 'siren déjà lu' },
      { rang: 5, motif: 'siren illisible' },
    ]);
  });
});
