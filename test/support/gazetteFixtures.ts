import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.resolve(here, '../fixtures');

export const BODACC_SAMPLE = path.join(
  fixtures,
  'fr-bodacc/annonces-commerciales_ods-v1_registre-880878145.json',
);
export const BODACC_EXPORT_1 = path.join(fixtures, 'fr-bodacc/annonces-commerciales_export_2026-11-16.jsonl');
export const BODACC_EXPORT_2 = path.join(fixtures, 'fr-bodacc/annonces-commerciales_export_2026-11-20.json');
/** The real BODACC notice B202302491051 (EZ PRINT 3D), which publishes a share capital of 5000 EUR. */
export const BODACC_CAPITAL = path.join(fixtures, 'fr-bodacc/annonce_B202302491051_capital.jsonl');
export const JOAFE_SAMPLE = path.join(fixtures, 'fr-joafe/jo_associations_ods-v1_W643000551.json');
export const JOAFE_EXPORT = path.join(fixtures, 'fr-joafe/jo_associations_export_2026-11-18.json');
export const RNA_WALDEC_2018 = path.join(fixtures, 'fr-rna/rna_waldec_sample_2018-format.csv');
export const RNA_IMPORT_2018 = path.join(fixtures, 'fr-rna/rna_import_sample_2018-format.csv');
export const RNA_WALDEC_LATIN1 = path.join(fixtures, 'fr-rna/rna_waldec_20261101_dpt_64.csv');
export const RNA_WALDEC_UTF8 = path.join(fixtures, 'fr-rna/rna_waldec_20261101_national.csv');

/** Companies of the Sirene sample that the built BODACC fixtures are about. */
export const SUCRERIES = '005420120';
export const SOLE_TRADER = '005410220';
export const AUTOCARS = '005450093';
export const GANYMEDE = '880878145';
/**
 * Ganymède is not in the Sirene sample: its legal unit as the gazette sample describes it (a SAS, 5710, named
 * Ganymède), on a sample unit's record, so that the company routes (which refuse what Sirene does not hold)
 * serve its real notices.
 */
export const GANYMEDE_UNIT: Record<string, string> = {
  siren: GANYMEDE,
  denominationUniteLegale: 'Ganymède',
  categorieJuridiqueUniteLegale: '5710',
  statutDiffusionUniteLegale: 'O',
  etatAdministratifUniteLegale: 'A',
};
