import { etablissementsProjection } from '../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import { sireneToWgs84 } from '../../projections/fr-sirene-etablissements/sireneCoordinates.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import {
  entrepriseEtablissementsSchema,
  entrepriseProfileSchema,
} from '../../schemas/responses/entreprise.ts';
import type { ParamDefinition, RouteDefinition } from '../catalogue/route.ts';
import { ETABLISSEMENTS_LIMIT, etablissementsList } from './entreprise/etablissementsList.ts';
import { PROFILE_MEMBER_REGISTERS, readProfileMembers } from './entreprise/profileMembers.ts';
import { readCoveredUnit } from './entreprise/readCoveredUnit.ts';
import { readProfile } from './entreprise/readProfile.ts';
import { assertCovered, SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';
import { tvaIntracommunautaire } from './entreprise/tvaIntracommunautaire.ts';
import { identityOf } from './entreprise/unitFields.ts';

/** Sirene is a monthly stock: a copy older than the register dictionary's threshold is not sold. */
export const SIRENE_FRESHNESS = { code: 'photo_perimee' } as const;
export const SIRENE_PROJECTIONS = [unitesLegalesProjection.name, etablissementsProjection.name];

/** `geo=true`: WGS84 coordinates converted from Sirene's Lambert positions (null where none is published). */
const geoParam = (description: string): ParamDefinition => ({
  name: 'geo',
  in: 'query',
  required: false,
  description,
  schema: { type: 'boolean' },
});

export const entrepriseProfileRoute: RouteDefinition = {
  id: 'entreprise.profil',
  tool: {
    name: 'get_french_company',
    title: 'French company profile',
    description:
      "A French company's profile by SIREN: identity from INSEE Sirene (name, legal form, activity, size, state, head office, VAT number), officers from the RNE (natural persons by role only), Egapro gender-equality index, collective agreements (IDCC), and its LEI consolidation group (GLEIF); sole traders and natural persons are not served.",
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}',
  summary:
    'Fiche d’une entreprise française : identité Sirene, siège, TVA, dirigeants (RNE), index Egapro, conventions collectives, groupe LEI.',
  description:
    'Personnes morales diffusibles seulement : les entrepreneurs individuels, les groupements sans personnalité morale et les SIREN en diffusion partielle sont refusés (400, non facturé). Seule la photo Sirene peut refuser la fiche (503) ; une autre source qui ne peut répondre (RNE injoignable ou non configuré, copie Egapro, SIRET-IDCC ou GLEIF absente ou périmée) laisse son membre à null et le nomme dans blocs_absents avec sa raison ; groupe_lei dit alors `indisponible`. Dirigeants personnes physiques : rôle seulement, jamais nom, date de naissance ni adresse.',
  params: [
    sirenPathParam,
    geoParam(
      'Ajoute les coordonnées WGS84 du siège (depuis ses coordonnées Lambert). / Adds the head office WGS84 coordinates.',
    ),
  ],
  price: 5000,
  freeTier: true,
  errors: SIRENE_COVERAGE_ERRORS,
  registers: [FR_SIRENE_REGISTER, ...PROFILE_MEMBER_REGISTERS],
  // Sirene alone refuses the profile: the other sources degrade their own member (profileMembers.ts).
  registersFor: () => [FR_SIRENE_REGISTER],
  projections: SIRENE_PROJECTIONS,
  freshness: SIRENE_FRESHNESS,
  responseSchema: entrepriseProfileSchema,
  async handler(ctx, deps) {
    const siren = String(ctx.state.params?.siren);
    const row = await readProfile(deps.knex, siren);
    assertCovered(siren, row, identityOf);
    const geo = ctx.state.params?.geo === true;
    const { provenance, blocs_absents, ...members } = await readProfileMembers(siren, ctx, deps);
    return {
      provenance,
      body: {
        ...identityOf(row),
        siege: {
          siret: row.siege_siret ?? (row.nic_siege ? `${row.siren}${row.nic_siege}` : null),
          adresse: row.siege_adresse,
          code_postal: row.siege_code_postal,
          commune: row.siege_commune,
          ...(geo
            ? { coordonnees: sireneToWgs84(row.siege_lambert_x, row.siege_lambert_y, row.siege_code_commune) }
            : {}),
        },
        dirigeants: members.dirigeants,
        tva_intracommunautaire: tvaIntracommunautaire(row.siren),
        nombre_etablissements: Number(row.nombre_etablissements),
        index_egapro: members.index_egapro,
        conventions_collectives: members.conventions_collectives,
        conventions_collectives_notes: members.conventions_collectives_notes,
        groupe_lei: members.groupe_lei,
        blocs_absents,
      },
    };
  },
};

export const entrepriseEtablissementsRoute: RouteDefinition = {
  id: 'entreprise.etablissements',
  tool: {
    name: 'list_french_company_establishments',
    title: 'Establishments of a French company',
    description:
      'The establishments (SIRET) of a French company from Sirene, by SIREN: address, activity, state, optional WGS84 coordinates.',
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/etablissements',
  summary:
    'Établissements d’une entreprise française (Sirene) : siège d’abord, puis ouverts avant fermés ; adresse, état, activité, date de création.',
  description: `Au plus ${ETABLISSEMENTS_LIMIT} établissements ; listes_bornees donne le total. Mêmes refus que la fiche entreprise. Avec geo=true, les coordonnées WGS84 de chaque établissement (null quand Sirene n’en publie pas).`,
  params: [
    sirenPathParam,
    geoParam(
      'Ajoute les coordonnées WGS84 de chaque établissement (depuis ses coordonnées Lambert). / Adds each establishment’s WGS84 coordinates.',
    ),
  ],
  price: 3000,
  freeTier: true,
  errors: [...SIRENE_COVERAGE_ERRORS, 'compte_incoherent'],
  registers: [FR_SIRENE_REGISTER],
  projections: SIRENE_PROJECTIONS,
  freshness: SIRENE_FRESHNESS,
  responseSchema: entrepriseEtablissementsSchema,
  async handler(ctx, { knex }) {
    const siren = String(ctx.state.params?.siren);
    const unit = await readCoveredUnit(knex, siren);
    return { body: await etablissementsList(knex, unit, ctx.state.params?.geo === true) };
  },
};

export const ENTREPRISE_ROUTES: readonly RouteDefinition[] = [
  entrepriseProfileRoute,
  entrepriseEtablissementsRoute,
];
