import { frRnaIngestSpec } from '../../ingest/fr-rna/frRnaCommand.ts';
import { FR_RNA_REGISTER } from '../../schemas/events/frRnaEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** The national register of associations (RNA), read with the JOAFE in one read model. */
export const frRna: RegisterManifest = {
  stem: 'fr-rna',
  dictionary: [
    {
      code: FR_RNA_REGISTER,
      nomCourt: 'RNA',
      nomComplet: 'Répertoire national des associations',
      producteur: "Ministère de l'Intérieur",
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: true,
      // Monthly stock: the contract's 14-day limit is the association journal's (fr.joafe); a monthly file
      // gets the same margin as the other monthly stock (Sirene, 45 days).
      seuilFraicheurJours: 45,
      sourceUrl: 'https://www.data.gouv.fr/fr/datasets/repertoire-national-des-associations/',
    },
  ],
  ingest: { 'fr-rna': frRnaIngestSpec },
  async load() {
    const [association, associations, demo] = await Promise.all([
      import('../../api/routes/association.ts'),
      import('../../projections/fr-associations/associationsProjection.ts'),
      import('../../ingest/fr-rna/frRnaDemo.ts'),
    ]);
    return {
      demo: demo.frRnaDemo,
      // The associations read model joins the RNA stock and the JOAFE notices (fr-joafe).
      projections: [associations.associationsProjection],
      routes: [association.associationRoute],
    };
  },
};
