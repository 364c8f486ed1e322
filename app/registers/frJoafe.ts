import { frJoafeIngestSpec } from '../../ingest/fr-joafe/frJoafeCommand.ts';
import { FR_JOAFE_REGISTER } from '../../schemas/events/frJoafeEvents.ts';
import type { RegisterManifest } from '../registerManifest.ts';
import { ETALAB_2 } from './etalabLicence.ts';

/** The association journal (JOAFE); its notices are projected by the associations read model (fr-rna). */
export const frJoafe: RegisterManifest = {
  stem: 'fr-joafe',
  dictionary: [
    {
      code: FR_JOAFE_REGISTER,
      nomCourt: 'JOAFE',
      nomComplet: "Journal officiel des associations et fondations d'entreprise",
      producteur: 'DILA',
      pays: 'FR',
      ...ETALAB_2,
      mode: 'copie_locale',
      photoComplete: false,
      seuilFraicheurJours: 14,
      sourceUrl: 'https://journal-officiel-datadila.opendatasoft.com/explore/dataset/jo_associations/',
    },
  ],
  ingest: { 'fr-joafe': frJoafeIngestSpec },
  async load() {
    const [association, demo] = await Promise.all([
      import('../../api/routes/association.ts'),
      import('../../ingest/fr-joafe/frJoafeDemo.ts'),
    ]);
    return { demo: demo.frJoafeDemo, routes: [association.associationAnnoncesRoute] };
  },
};
