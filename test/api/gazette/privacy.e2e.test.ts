import { expect } from 'chai';
import { alertesRoute } from '../../../api/routes/alertes.ts';
import { associationAnnoncesRoute, associationRoute } from '../../../api/routes/association.ts';
import { createChangementsRoute } from '../../../api/routes/changements.ts';
import { REGISTERS } from '../../../app/registers.ts';
import { readOdsExport } from '../../../ingest/core/readOdsExport.ts';
import { ingestBodaccExport } from '../../../ingest/fr-bodacc/ingestFrBodacc.ts';
import { ingestJoafeExport } from '../../../ingest/fr-joafe/ingestFrJoafe.ts';
import { ingestRnaStock } from '../../../ingest/fr-rna/ingestFrRna.ts';
import { readRnaCsv } from '../../../ingest/fr-rna/readFrRnaCsv.ts';
import { associationsProjection } from '../../../projections/fr-associations/associationsProjection.ts';
import { bodaccAnnoncesProjection } from '../../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import { unitesLegalesProjection } from '../../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { noticeSirens, parseJsonMember } from '../../../schemas/records/noticeSirens.ts';
import { testLogger } from '../../support/database.ts';
import {
  BODACC_EXPORT_1,
  BODACC_EXPORT_2,
  BODACC_SAMPLE,
  GANYMEDE_UNIT,
  JOAFE_EXPORT,
  RNA_WALDEC_LATIN1,
  RNA_WALDEC_UTF8,
} from '../../support/gazetteFixtures.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample } from '../../support/sireneSample.ts';

const BODACC_FILES = [BODACC_SAMPLE, BODACC_EXPORT_1, BODACC_EXPORT_2];

/**
 * Names of natural persons in the fixtures, read from the files themselves: the `pp` persons of every
 * person list (`listepersonnes`, previous owners), the sole traders' `commercant`, the RNA declarants; plus
 * the names the free texts (judgment complements, descriptions, sale texts) carry.
 */
async function personNames(): Promise<string[]> {
  const names = new Set<string>([
    'DUPRÉAU',
    'Lambrecht',
    'DUPONTEL',
    'Ribeiro',
    'Agathe',
    'GALLARDO',
    'Emeric',
    'BERTHIER',
    'Kerhervé',
  ]);
  const addPersons = (member: unknown) => {
    const list = parseJsonMember(member) as { personne?: unknown } | null;
    const personne = list?.personne;
    for (const p of (Array.isArray(personne) ? personne : personne ? [personne] : []) as Record<
      string,
      unknown
    >[]) {
      if (p.typePersonne !== 'pp') continue;
      for (const k of ['nom', 'prenom', 'nomUsage']) {
        for (const part of String(p[k] ?? '').split(/[\s,]+/)) if (part.length > 2) names.add(part);
      }
    }
  };
  for (const file of BODACC_FILES) {
    for await (const r of readOdsExport(file)) {
      addPersons(r.listepersonnes);
      addPersons(r.listeprecedentproprietaire);
      addPersons(r.listeprecedentexploitant);
      if (String(r.commercant ?? '').includes('(EI)')) {
        for (const part of String(r.commercant).split(/[\s,]+/))
          if (part.length > 3 && part !== '(EI)') names.add(part);
      }
    }
  }
  for (const file of [RNA_WALDEC_LATIN1, RNA_WALDEC_UTF8]) {
    for await (const row of readRnaCsv(file)) {
      for (const part of String(row.record.adrg_declarant ?? '').split(/[\s.]+/)) {
        if (part.length > 3) names.add(part);
      }
    }
  }
  return [...names];
}

describe('Natural persons are never named by the gazette and association routes (e2e)', () => {
  let t: RunningService;
  let names: string[];
  const sirens = new Set<string>();

  before(async () => {
    names = await personNames();
    t = await startTestService({
      projections: [bodaccAnnoncesProjection, associationsProjection, unitesLegalesProjection],
      routes: [createChangementsRoute(), alertesRoute, associationRoute, associationAnnoncesRoute],
      registers: REGISTERS,
      payment: false,
      now: () => new Date('2026-11-23T10:00:00Z'),
    });
    const deps = { knex: t.db.knex, store: t.service.store, logger: testLogger };
    for (const file of BODACC_FILES) {
      await ingestBodaccExport({ ...deps, file, date: '2026-11-20' });
      for await (const r of readOdsExport(file)) for (const s of noticeSirens(r)) sirens.add(s);
    }
    await ingestSireneSample(deps, { version: '2026-11-01', extraUnits: [GANYMEDE_UNIT] });
    await ingestRnaStock({ ...deps, files: [RNA_WALDEC_LATIN1, RNA_WALDEC_UTF8] });
    await ingestJoafeExport({ ...deps, file: JOAFE_EXPORT, date: '2026-11-18' });
    await t.service.runner.caughtUp();
  });
  after(() => t.stop());

  it('the fixtures do name persons (the check below can fail)', () => {
    expect(names).to.include.members(['MARTINEZ', 'Lucienne', 'VERNOUX', 'TOUSSAINT', 'ETCHEBERRY']);
    expect(sirens.size).to.be.greaterThan(3);
  });

  it('no company answer (changes since 2000, alerts) contains a person’s name', async () => {
    const served: string[] = [];
    let answered = 0;
    for (const siren of sirens) {
      for (const url of [
        `/v1/entreprise/${siren}/changements?depuis=2000-01-01`,
        `/v1/entreprise/${siren}/alertes`,
      ]) {
        const res = await fetch(`${t.baseUrl}${url}`);
        // Refusals too (a sole proprietor's 400, a SIREN Sirene does not hold): no body may name a person.
        expect(res.status, url).to.be.oneOf([200, 400, 404]);
        if (res.status === 200) answered++;
        served.push(await res.text());
      }
    }
    const text = served.join('\n').toLowerCase();
    expect(text).to.contain('marquenterre');
    expect(answered).to.be.greaterThan(2);
    expect(names.filter((n) => text.includes(n.toLowerCase()))).to.deep.equal([]);
  });

  it('no association answer contains a declarant’s name', async () => {
    const served: string[] = [];
    for (const rna of ['W643000551', 'W642001234', 'W751234567']) {
      for (const url of [`/v1/association/${rna}`, `/v1/association/${rna}/annonces`]) {
        const res = await fetch(`${t.baseUrl}${url}`);
        expect(res.status, url).to.equal(200);
        served.push(await res.text());
      }
    }
    const text = served.join('\n').toLowerCase();
    expect(text).to.contain('canal saint-martin');
    expect(names.filter((n) => text.includes(n.toLowerCase()))).to.deep.equal([]);
  });
});
