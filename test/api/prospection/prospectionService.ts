import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listerRoutes } from '../../../api/routes/lister.ts';
import { prospectionRoute } from '../../../api/routes/prospection.ts';
import type { SnapshotRow } from '../../../ingest/core/snapshotPass.ts';
import { ingestEuCordis } from '../../../ingest/eu-cordis/ingestEuCordis.ts';
import { ingestFrDecp } from '../../../ingest/fr-decp/ingestFrDecp.ts';
import { ingestFrRatiosInpiBce } from '../../../ingest/fr-ratios-inpi-bce/ingestFrRatiosInpiBce.ts';
import { euCordisProjection } from '../../../projections/eu-cordis/euCordisProjection.ts';
import { decpProjection } from '../../../projections/fr-decp/decpProjection.ts';
import { listeProjection } from '../../../projections/fr-entreprises-liste/listeProjection.ts';
import { etablissementsProjection } from '../../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { CORDIS_FILES } from '../../ingest/eu-cordis/cordisFixtures.ts';
import { testLogger } from '../../support/database.ts';
import { type RunningService, startTestService } from '../../support/service.ts';
import { ingestSireneSample, unnamedUnit } from '../../support/sireneSample.ts';
import { RATIOS_SAMPLE } from '../lister/listerService.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The DECP test file of decp-processing (test/fixtures/fr-decp/SOURCE.txt), the demo's contracts. */
export const DECP_2022 = path.resolve(here, '../../fixtures/fr-decp/decp_test_2022.json');

export const SNAPSHOT = '2026-11-01';
/** The DECP pass is older: 40 days at NOW, within the list's 45; 50 days at DECP_STALE, when it is muted. */
export const DECP_SNAPSHOT = '2026-10-01';
export const NOW = new Date('2026-11-10T10:00:00Z');
export const DECP_STALE = new Date('2026-11-20T10:00:00Z');

/** A real active legal person of the sample whose unit the suite publishes as partially diffusible (`P`). */
export const UNIT_OPTED_OUT = '005420260';
/** A real active legal person of the sample whose head office (00548008200014) the suite publishes `P`. */
export const HEAD_OFFICE_OPTED_OUT = '005480082';
export const HEAD_OFFICE_OPTED_OUT_SIRET = '00548008200014';
/** Holder of DECP contract 202401L04 (notified 2024-02-08), added as a legal person without a name. */
export const DECP_HOLDER = '487946071';
/** Added as a holder by that contract's modification: added here as a sole proprietor (category 1000). */
export const DECP_SOLE_PROPRIETOR = '812235133';
/** A real active legal person of the sample the suite gives a CORDIS participation (see cordisWithFrenchRow). */
export const CORDIS_PARTICIPANT = '005520028';

/** The French VAT number of a SIREN: FR, its key, the SIREN. */
export function frenchVat(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

/**
 * The real CORDIS fixtures with ONE EDIT, made here because no real French participation row is public
 * (test/fixtures/eu-cordis/SOURCE.txt): the Horizon Europe row of ICCS (coordinator of DIVINE, whose project row
 * is not in the fixture) is given the VAT number of CORDIS_PARTICIPANT and the project NEOPLASTICS (101103474,
 * started 2024-06-01), whose row is in the fixture. Everything else is as published.
 */
async function cordisWithFrenchRow(dir: string) {
  const horizon = await fs.readFile(CORDIS_FILES.HORIZON!.organization, 'utf8');
  const edited = horizon.replace(
    '"101060884";"DIVINE";"999654356";"EL090162593";',
    `"101103474";"NEOPLASTICS";"999654356";"${frenchVat(CORDIS_PARTICIPANT)}";`,
  );
  if (edited === horizon) throw new Error('the CORDIS fixture row to edit is gone');
  const organization = path.join(dir, 'horizon-organization.csv');
  await fs.writeFile(organization, edited);
  return { ...CORDIS_FILES, HORIZON: { ...CORDIS_FILES.HORIZON!, organization } };
}

/** The sample's rows, with the two opt-outs the suite proves: a unit and a head office published `P`. */
function withOptOuts(row: SnapshotRow): SnapshotRow {
  if (row.id === UNIT_OPTED_OUT) {
    return { ...row, record: { ...row.record, statutDiffusionUniteLegale: 'P' } };
  }
  if (row.id === HEAD_OFFICE_OPTED_OUT_SIRET) {
    return { ...row, record: { ...row.record, statutDiffusionEtablissement: 'P' } };
  }
  return row;
}

/**
 * The service with the list projection, the establishments, the DECP and CORDIS read models and the list and
 * prospecting routes (unpaid: the paid demo suite checks charging), on a copy of the migrated template, fed with
 * the real Sirene samples (two opt-outs, two DECP holders added), the ratios fixture, the DECP test file and the
 * CORDIS fixtures (one row edited). The clock is `clock.now`.
 */
export async function startProspectionService(clock: { now: Date }): Promise<RunningService> {
  const t = await startTestService({
    projections: [listeProjection, etablissementsProjection, decpProjection, euCordisProjection],
    routes: [...listerRoutes({ pageSize: 5 }), prospectionRoute({ pageSize: 5 })],
    payment: false,
    now: () => clock.now,
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'prospection-'));
  try {
    const deps = { knex: t.db.knex, store: t.service.store, logger: testLogger };
    await ingestSireneSample(deps, {
      version: SNAPSHOT,
      edit: withOptOuts,
      extraUnits: [unnamedUnit(DECP_HOLDER), unnamedUnit(DECP_SOLE_PROPRIETOR, '1000')],
    });
    await ingestFrRatiosInpiBce({ ...deps, file: RATIOS_SAMPLE, snapshotDate: SNAPSHOT });
    await ingestFrDecp({ ...deps, file: DECP_2022, snapshotDate: DECP_SNAPSHOT });
    await ingestEuCordis({ ...deps, files: await cordisWithFrenchRow(dir), snapshotDate: SNAPSHOT });
    await t.service.runner.caughtUp();
  } catch (err) {
    await t.stop();
    throw err;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return t;
}
