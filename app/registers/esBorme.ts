import { esBormeIngestSpec } from '../../ingest/es-borme/esBormeCommand.ts';
import { ES_BORME_REGISTER } from '../../schemas/events/esBormeEvents.ts';
import { HOJA_PATTERN } from '../../schemas/identifiers/esHoja.ts';
import type { RegisterManifest } from '../registerManifest.ts';

/** Spain's BORME base (Boletín Oficial del Registro Mercantil, section A acts), by registry sheet (hoja). */
export const esBorme: RegisterManifest = {
  stem: 'es-borme',
  dictionary: [
    {
      code: ES_BORME_REGISTER,
      nomCourt: 'BORME',
      nomComplet: 'Boletín Oficial del Registro Mercantil, Sección primera: Actos inscritos (BOE)',
      producteur: 'Agencia Estatal Boletín Oficial del Estado',
      pays: 'ES',
      licence: 'Reutilización BOE (Real Decreto 1495/2011)',
      licenceUrl: 'https://www.boe.es/informacion/aviso_legal/index.php#reutilizacion',
      mode: 'copie_locale',
      // Each pass loads every document of the base held: its fingerprint is the sorted manifest's.
      photoComplete: true,
      // Published every working day: the contract's threshold for daily-snapshot registers (Limits: 7 days).
      seuilFraicheurJours: 7,
      sourceUrl: 'https://www.boe.es/datosabiertos/api/borme/sumario/',
    },
  ],
  ingest: { 'es-borme': esBormeIngestSpec },
  europe: {
    idPattern: HOJA_PATTERN,
    idLabel: 'hoja registrale (CC-11959)',
    idDescription:
      'hoja registrale : préfixe de province, tiret, numéro / registry sheet: province prefix, hyphen, number',
  },
  async load() {
    const [projection, demo, routes] = await Promise.all([
      import('../../projections/es-borme/esBormeProjection.ts'),
      import('../../ingest/es-borme/esBormeDemo.ts'),
      import('../../api/routes/esBorme.ts'),
    ]);
    return {
      demo: demo.esBormeDemo,
      projections: [projection.esBormeProjection],
      routes: routes.ES_BORME_ROUTES,
      europeProfiles: { projection: projection.esBormeProjection.name, table: projection.ES_BORME_PROFILES },
    };
  },
};
