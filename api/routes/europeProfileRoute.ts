import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import { euProfileSchema } from '../../schemas/responses/europe.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { notFound } from '../errors/apiError.ts';
import type { EuropeCoverage } from './europeCoverage.ts';
import { type LiveHandlerExtras, liveCompany } from './europeLive.ts';
import { SERVED_COMPANY_ERRORS, servedCompany } from './euServedCompany.ts';

/** `GET /v1/eu/entreprise/{pays}/{id}`: the unified profile, from the country's local copy or live register. */
export function europeProfileRoute(coverage: EuropeCoverage): RouteDefinition {
  const { copies, live, PAYS_LIST, SOURCES_TEXT, localCopyOf, liveOf, checkCountryAndId } = coverage;
  return {
    id: 'eu.entreprise.profil',
    tool: {
      name: 'get_european_company',
      title: 'European company profile',
      description:
        "A company's unified profile by country and national identifier (European registers), or by LEI for a country no national register covers (GLEIF: large groups and financial entities worldwide): name, legal form, normalised status, creation date, head office, VAT and LEI.",
    },
    method: 'GET',
    path: '/v1/eu/entreprise/{pays}/{id}',
    summary: `Profil unifié d’une entreprise européenne (${SOURCES_TEXT}).`,
    description:
      'statut normalisé : actif, en_cessation, radie ; libellé source dans statut_detail. Personnes physiques et entrepreneurs individuels : 404 entreprise_individuelle_non_servie. Registre en direct : la réponse lue est inscrite au journal avant d’être servie, et la provenance nomme cette lecture (consulte_le, url, empreinte du corps) ; registre injoignable : 503 amont_indisponible, jamais une absence.',
    params: [
      {
        name: 'pays',
        in: 'path',
        required: true,
        description: `Code pays à 2 lettres (${PAYS_LIST}). / 2-letter country code.`,
        schema: { type: 'string', pattern: '^[A-Za-z]{2}$', examples: ['NO'] },
      },
      {
        name: 'id',
        in: 'path',
        required: true,
        description: `Identifiant national : ${[...copies, ...live].map((c) => `${c.pays} ${c.idLabel}`).join(', ')}. / National identifier.`,
        schema: { type: 'string', pattern: '^[0-9A-Za-z.\\-]{1,20}$', examples: ['998543118'] },
      },
    ],
    paramsCheck: checkCountryAndId,
    price: 10_000,
    freeTier: true,
    errors: [
      'pays_non_couvert',
      ...SERVED_COMPANY_ERRORS,
      ...(live.length
        ? (['forme_juridique_non_servie', 'amont_indisponible', 'registre_non_configure'] as const)
        : []),
    ],
    registers: coverage.registers,
    // A live register has no snapshot to guard: its answer carries its own observation time.
    registersFor: (params) => {
      const copy = localCopyOf(String(params.pays ?? ''));
      return copy ? [copy.register] : [];
    },
    projections: coverage.projections,
    responseSchema: euProfileSchema,
    async handler(ctx, { knex, registers, live: sources }) {
      const pays = String(ctx.state.params?.pays).toUpperCase();
      const asked = String(ctx.state.params?.id);
      const copy = localCopyOf(pays);
      // A register keys its answers on the identifier as it publishes it, whatever the spelling asked.
      const canonical = (copy ?? liveOf(pays))?.canonicalId?.(asked) ?? asked;
      const id = copy?.resolveId ? await copy.resolveId(knex, canonical) : canonical;
      const register = copy?.register ?? liveOf(pays)!.register;
      const info = registers.find((r) => r.code === register);
      let row: EuProfileRow;
      let extras: LiveHandlerExtras = {};
      let block: Record<string, unknown> = {};
      if (copy) {
        row = await servedCompany(knex, copy.table, copy.worldwide ? pays : copy.pays, id);
        if (copy.worldwide && row.pays_adresse !== pays) {
          throw notFound(
            'entreprise_inconnue',
            `LEI ${id} : entité enregistrée en ${row.pays_adresse ?? '(pays non publié)'}, pas en ${pays}. / Entity registered in ${row.pays_adresse ?? '(country not published)'}, not ${pays}.`,
            { pays, id_national: id, pays_enregistrement: row.pays_adresse },
          );
        }
        const photo = (ctx.state.provenance ?? []).find((p) => p.registre === copy.register)?.date_photo;
        if (copy.profileBlock) block = await copy.profileBlock(knex, row.id_national, photo ?? null);
      } else {
        const read = await liveCompany(
          knex,
          liveOf(pays)!,
          sources.europe.get(liveOf(pays)!.register),
          info,
          id,
          new Date(),
        );
        row = read.row;
        extras = { provenance: [read.provenance], dataFreshness: read.dataFreshness };
      }
      return {
        ...extras,
        body: {
          pays,
          registre: info?.nomCourt ?? register,
          id_national: row.id_national,
          denomination: row.denomination,
          forme_juridique: { code: row.forme_code, libelle: row.forme_libelle },
          statut: row.statut,
          statut_detail: row.statut_detail,
          date_creation: row.date_creation,
          adresse_siege: {
            adresse: row.adresse,
            code_postal: row.code_postal,
            ville: row.ville,
            pays: row.pays_adresse,
          },
          identifiants: { tva: row.tva, lei: row.lei },
          lien_registre: row.lien_registre,
          ...block,
        },
      };
    },
  };
}
