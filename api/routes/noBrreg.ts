import { NO_EVENT_TYPES, NO_EVENTS, readNoEvents } from '../../projections/no-brreg/noBrregEvents.ts';
import { NO_BRREG_PROFILES, noBrregProjection } from '../../projections/no-brreg/noBrregProjection.ts';
import { NO_BRREG_REGISTER } from '../../schemas/events/noBrregEvents.ts';
import { noEventsSchema } from '../../schemas/responses/noBrreg.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { detailLists, europeanDetailRoutes } from './europeanDetailRoute.ts';

const isoDate = (v: string | Date | null) =>
  v === null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);

export const NO_BRREG_ROUTES: readonly RouteDefinition[] = europeanDetailRoutes(
  {
    pays: 'NO',
    adjective: 'norwegian',
    register: NO_BRREG_REGISTER,
    projection: noBrregProjection.name,
    profilesTable: NO_BRREG_PROFILES,
    // No route of Norway is measured by a file of its pass (the journal is measured by the feed applied).
    filesTable: NO_EVENTS,
    idParam: {
      name: 'id',
      in: 'path',
      required: true,
      description: 'Numéro d’organisation, 9 chiffres. / Norwegian organisation number, 9 digits.',
      schema: { type: 'string', pattern: '^\\d{9}$', examples: ['998543118'] },
    },
  },
  [
    {
      segment: 'evenements',
      tool: {
        object: 'events',
        description:
          "A Norwegian company's event journal from the Brønnøysund register's update feed: registration, deletion, bankruptcy, compulsory or voluntary winding up, changes of form, name, address or activity, each with the fields changed, by organisation number.",
      },
      summary: 'Journal des événements d’une entreprise norvégienne (fil des mises à jour de Brønnøysund).',
      description:
        'Une ligne par mise à jour du fil oppdateringer appliquée : type de brreg (Ny, Endring, Sletting, Fjernet) dans type_source, champs modifiés, famille et type en liste fermée (le plus parlant d’abord : faillite, liquidation forcée ou volontaire, forme, dénomination, adresse, activité). Le journal commence à la première mise à jour appliquée (couverture.depuis) : rien d’antérieur n’y figure, et aucun_evenement ne dit rien d’avant.',
      price: 20_000,
      responseSchema: noEventsSchema,
      async read({ knex, id }) {
        const { rows, depuis, jusqu } = await readNoEvents(knex, id);
        const evenements = rows.map((r) => ({
          famille: NO_EVENT_TYPES[r.type],
          type: r.type,
          type_source: r.endringstype,
          libelle_source: null,
          date: r.dato ? new Date(r.dato).toISOString().slice(0, 10) : null,
          date_effet: isoDate(r.date_effet),
          champs: r.champs,
          oppdateringsid: Number(r.oppdateringsid),
        }));
        return {
          ...detailLists.events(evenements, depuis !== null),
          couverture: {
            depuis: depuis ? new Date(depuis).toISOString() : null,
            jusqu_au: jusqu ? new Date(jusqu).toISOString() : null,
          },
        };
      },
    },
  ],
);
