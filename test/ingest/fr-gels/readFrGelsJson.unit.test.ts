import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { emptyFrGelsReport, frGelsFileDate, readFrGelsJson } from '../../../ingest/fr-gels/readFrGelsJson.ts';
import { demoDirOf } from '../../../ops/sourceRoot.ts';

/** Real entries of the 2026-05-31 publication in the API's layout (ingest/fr-gels/demo/SOURCE.txt). */
const PUBLICATION = path.join(demoDirOf('fr-gels'), 'registre_gels_constructed.json');

async function readAll(file: string) {
  const report = emptyFrGelsReport();
  const rows = [];
  for await (const row of readFrGelsJson(file, report)) rows.push(row);
  return { rows, report };
}

describe('Registre national des gels reader', () => {
  it('reads the legal persons, keyed by IdRegistre, their RegistreDetail as published', async () => {
    const { rows } = await readAll(PUBLICATION);
    expect(rows.map((r) => r.id)).to.deep.equal(['7805', '8536', '7928', '7463']);
    const kremniy = rows[0]!;
    expect(kremniy).to.deep.include({ kind: 'mesure' });
    expect(kremniy.record).to.deep.include({
      IdRegistre: 7805,
      Nature: 'Personne morale',
      Nom: 'JSC Gruppa Kremniy El',
    });
    expect(kremniy.record.RegistreDetail).to.deep.include({
      TypeChamp: 'REFERENCE_UE',
      Valeur: [{ ReferenceUe: 'EU.12598.59' }],
    });
  });

  it('counts natural persons and vessels and never yields them', async () => {
    const { rows, report } = await readAll(PUBLICATION);
    expect(report).to.deep.include({
      entitesLues: 4,
      personnesPhysiquesEcartees: 2,
      naviresEcartes: 1,
      lignesEcartees: 0,
    });
    const yielded = JSON.stringify(rows);
    for (const name of ['SHILKIN', 'NAYDENKO', 'Grigory', 'HUI CHON']) expect(yielded).not.to.include(name);
  });

  it('dates the file by its DatePublication, in UTC', async () => {
    const { report } = await readAll(PUBLICATION);
    expect(report.datePublication).to.equal('2026-05-31T07:26:40.8593026+02:00');
    expect(await frGelsFileDate(PUBLICATION)).to.equal('2026-05-31');
  });

  it('rejects a file that is not the API’s answer with a plain message', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fr-gels-'));
    try {
      const notJson = path.join(dir, 'a.json');
      await writeFile(notJson, '{"Publications": ');
      const other = path.join(dir, 'b.json');
      await writeFile(other, '{"results": []}');
      for (const [file, message] of [
        [notJson, 'not a JSON document'],
        [other, 'no "Publications" object'],
      ] as const) {
        let error: unknown = null;
        try {
          await readAll(file);
        } catch (e) {
          error = e;
        }
        expect((error as Error).message).to.include(message);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sets aside an item without IdRegistre and keeps reading', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fr-gels-'));
    try {
      const file = path.join(dir, 'c.json');
      await writeFile(
        file,
        JSON.stringify({
          Publications: {
            PublicationDetail: [
              { Nature: 'Personne morale', Nom: 'SANS ID', RegistreDetail: [] },
              null,
              {
                IdRegistre: 7805,
                Nature: 'Personne morale',
                Nom: 'JSC Gruppa Kremniy El',
                RegistreDetail: [],
              },
            ],
          },
        }),
      );
      const { rows, report } = await readAll(file);
      expect(rows.map((r) => r.id)).to.deep.equal(['7805']);
      expect(report.lignesEcartees).to.equal(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
