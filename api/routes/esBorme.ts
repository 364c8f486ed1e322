import { chronological } from '../../projections/es-borme/esBormeProfile.ts';
import {
  ES_BORME_ACTS,
  ES_BORME_FILES,
  ES_BORME_PROFILES,
  esBormeProjection,
} from '../../projections/es-borme/esBormeProjection.ts';
import { readDetails } from '../../projections/eu-profile/detailDocuments.ts';
import { ES_BORME_REGISTER, type EsBormeAct } from '../../schemas/events/esBormeEvents.ts';
import { isValidHoja } from '../../schemas/identifiers/esHoja.ts';
import { esActsSchema } from '../../schemas/responses/esBorme.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { europeanDetailRoutes } from './europeanDetailRoute.ts';

// The contract's European routes table has no Spanish detail route: this one follows the European detail-route
// pattern (GET /v1/eu/entreprise/{PAYS}/{id}/<segment>, $0.02 like the other lists of acts and events).
export const ES_BORME_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'ES',
    adjective: 'spanish',
    register: ES_BORME_REGISTER,
    projection: esBormeProjection.name,
    profilesTable: ES_BORME_PROFILES,
    filesTable: ES_BORME_FILES,
    idParam: {
      name: 'hoja',
      in: 'path',
      required: true,
      description:
        'Hoja registrale espagnole : préfixe de province, tiret, numéro (BORME écrit « H CC 11959 »). / Spanish registry sheet: province prefix, hyphen, number.',
      schema: { type: 'string', pattern: '^[A-Z]{1,3}-\\d{1,8}$', examples: ['CC-11959'] },
      check: (id) =>
        isValidHoja(id)
          ? null
          : 'ES : hoja registrale, préfixe de province, tiret, numéro (CC-11959). / Registry sheet: province prefix, hyphen, number (CC-11959).',
    },
    errors: ['forme_juridique_non_servie'],
  },
  [
    {
      segment: 'actes',
      tool: {
        object: 'acts',
        description:
          "A Spanish company's acts published in BORME section A (Actos inscritos): act types (Constitución, Nombramientos, Ceses/Dimisiones, Disolución, Extinción, Cambio de domicilio social…), date, BORME number and act number, registry data, by registry sheet (hoja). Officers are counted by role, never named.",
      },
      summary: 'Actes inscrits (BORME section A) d’une société espagnole, par hoja registrale.',
      description:
        'Route hors de la table des routes européennes du contrat, sur le modèle des routes de détail européennes (GET /v1/eu/entreprise/{PAYS}/{id}/…, $0.02). Copie locale de la base BORME tenue : une société sans acte dans cette base n’est pas servie (404 entreprise_inconnue). Les personnes physiques nommées dans les actes (administrateurs, associé unique, fondés de pouvoir, auditeurs) ne sont jamais nommées : chaque rôle est donné avec le nombre de titulaires. Le texte libre des actes n’est pas servi.',
      price: 20_000,
      responseSchema: esActsSchema,
      async read({ knex, id, photoLe }) {
        const acts = chronological((await readDetails(knex, ES_BORME_ACTS, id)) as unknown as EsBormeAct[]);
        return {
          registro: acts.at(-1)?.registro ?? null,
          nombre_actes: acts.length,
          actes: acts.reverse().map((a) => ({
            numero_acto: a.numero_acto,
            fecha_publicacion: a.fecha_publicacion,
            documento: a.documento,
            borme_numero: a.borme_numero,
            denominacion: a.denominacion,
            actos: a.actos.map((t) => ({
              tipo: t.tipo,
              cargos: t.cargos ?? [],
              denominacion_nueva: t.denominacion_nueva ?? null,
              domicilio: t.domicilio ?? null,
            })),
            datos_registrales: a.datos_registrales,
          })),
          photo: photoLe,
        };
      },
    },
  ],
);
