import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { readDelimited } from '../../ingest/core/readDelimited.ts';
import { runSnapshotPass, type SnapshotRow } from '../../ingest/core/snapshotPass.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import {
  ETABLISSEMENT,
  FR_SIRENE_REGISTER,
  frSireneStreamOf,
  type SireneRecord,
  UNITE_LEGALE,
} from '../../schemas/events/frSireneEvents.ts';
import type { SnapshotCompletedData } from '../../schemas/events/snapshotEvents.ts';
import { testLogger } from './database.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The real INSEE sample files, copied from ../shared/samples/sirene (see SOURCE.txt there): 300 units, 299 establishments, 263 sirens in both. */
export const SIRENE_SAMPLES = path.resolve(here, '../fixtures/fr-sirene');
export const UNITES_LEGALES_SAMPLE = path.join(SIRENE_SAMPLES, 'StockUniteLegale_sample_2022-04.csv');
export const ETABLISSEMENTS_SAMPLE = path.join(SIRENE_SAMPLES, 'StockEtablissement_sample_2024-04.csv');

/** Rows of a Sirene CSV as the event contract has them (ingest/fr-sirene/sireneEvents.ts). */
export async function* readSireneCsv(file: string, kind: string): AsyncGenerator<SnapshotRow> {
  for await (const record of readDelimited(createReadStream(file), { delimiter: ',' })) {
    yield { kind, id: kind === UNITE_LEGALE ? record.siren! : record.siret!, record: record as SireneRecord };
  }
}

export async function readSireneSample(kind: typeof UNITE_LEGALE | typeof ETABLISSEMENT) {
  const rows: SnapshotRow[] = [];
  const file = kind === UNITE_LEGALE ? UNITES_LEGALES_SAMPLE : ETABLISSEMENTS_SAMPLE;
  for await (const row of readSireneCsv(file, kind)) rows.push(row);
  return rows;
}

/**
 * For suites of other read models: one Sirene pass of the real samples, emitted the way the Sirene ingester
 * emits it, without depending on that ingester's parsing. `edit` may drop or change rows.
 */
export async function ingestSireneSample(
  deps: { knex: Knex; store: EventStore },
  opts: {
    version?: string;
    edit?: (row: SnapshotRow) => SnapshotRow | null;
    /** Legal units added to the sample, each as a sample unit's record with these columns changed. */
    extraUnits?: Record<string, string>[];
  } = {},
): Promise<SnapshotCompletedData> {
  const version = opts.version ?? '2026-11-01';
  let first: SnapshotRow | null = null;
  async function* rows() {
    for (const file of [
      [UNITES_LEGALES_SAMPLE, UNITE_LEGALE],
      [ETABLISSEMENTS_SAMPLE, ETABLISSEMENT],
    ] as const) {
      for await (const row of readSireneCsv(file[0], file[1])) {
        first ??= row;
        const edited = opts.edit ? opts.edit(row) : row;
        if (edited) yield edited;
        if (file[1] === UNITE_LEGALE && row === first) {
          for (const changes of opts.extraUnits ?? []) {
            const record = { ...row.record, ...changes };
            yield { kind: UNITE_LEGALE, id: String(record.siren), record };
          }
        }
      }
    }
  }
  return runSnapshotPass({
    knex: deps.knex,
    store: deps.store,
    logger: testLogger,
    register: FR_SIRENE_REGISTER,
    version,
    snapshotDate: version,
    fileSha256: 'f'.repeat(64),
    rows: rows(),
    streamOf: frSireneStreamOf,
  });
}

/**
 * The identity cells of a Sirene unit a suite adds over the sample's first unit, for a company a register's
 * fixture names but the Sirene sample does not hold: no name (the fixtures name none), active, diffusible, of
 * a legal person's category unless told (`1000`: a sole proprietor, as Sirene would say of a natural person).
 */
export function unnamedUnit(siren: string, categorie = '5710') {
  return {
    siren,
    denominationUniteLegale: '',
    categorieJuridiqueUniteLegale: categorie,
    statutDiffusionUniteLegale: 'O',
    etatAdministratifUniteLegale: 'A',
    sexeUniteLegale: '',
    prenom1UniteLegale: '',
    prenomUsuelUniteLegale: '',
    nomUniteLegale: '',
  };
}

/** {@link unnamedUnit} with the name a register's fixture publishes for that legal person. */
export const namedUnit = (siren: string, denomination: string) => ({
  ...unnamedUnit(siren),
  denominationUniteLegale: denomination,
});
