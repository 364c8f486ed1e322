import { BODACC_ANNONCES_PROJECTION } from '../../projections/fr-bodacc-annonces/bodaccAnnoncesProjection.ts';
import type { CapitalNotice } from '../../projections/fr-bodacc-annonces/capitalNotices.ts';
import { unitesLegalesProjection } from '../../projections/fr-sirene-unites-legales/unitesLegalesProjection.ts';
import type { LiveObservation } from '../../schemas/europe/euLiveRegister.ts';
import { FR_BODACC_REGISTER } from '../../schemas/events/frBodaccEvents.ts';
import {
  type Dirigeant,
  FR_RNE_REGISTER,
  type RneActe,
  type RneCapitalEvent,
  type RneDirigeantsRecord,
  type RneReader,
} from '../../schemas/events/frRneEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { sirenPathParam } from '../../schemas/params/siren.ts';
import { capitalResponseSchema } from '../../schemas/responses/capital.ts';
import { formatPrice } from '../catalogue/price.ts';
import type { RouteDefinition } from '../catalogue/route.ts';
import { badRequest, notFound } from '../errors/apiError.ts';
import { readCapitalLocalFacts } from './capitalLocalFacts.ts';
import { DOCUMENT_PRICE } from './documents.ts';
import { gleifCopyLoaded, readGroupeLei } from './entreprise/readGroupeLei.ts';
import { assertCovered, SIRENE_COVERAGE_ERRORS } from './entreprise/sireneCoverage.ts';
import { identityOf } from './entreprise/unitFields.ts';
import { liveFreshness, liveProvenance, notConfigured, upstreamDown } from './europeLive.ts';

/** BODACC notices read per call, newest first (a company publishes its capital a few times a decade). */
export const CAPITAL_NOTICES_LIMIT = 100;

const NOTE =
  'Capital social tel que le RNE le publie (montant exact, devise, capital variable), lu en direct ; historique : événements « modification du capital » du RNE (datés, sans montant) et annonces BODACC qui publient le capital ou en annoncent la modification (annulées ou remplacées exclues). Détenteurs : ce qui est public seulement (associés déclarés au RNE, mère de consolidation déclarée à GLEIF) ; les personnes physiques sont comptées, jamais nommées ; la liste n’est pas exhaustive (les registres de titres ne sont pas publics). / Share capital as the RNE publishes it; history from RNE events and BODACC notices; holders only as far as public, natural persons counted, never named.';

/** `170348620.75` → 17034862075: exact, by the digits (never a float product); null beyond 2^53 or unreadable. */
export function centsOfDecimal(amount: string | null): number | null {
  const m = amount === null ? null : /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!m) return null;
  const value = BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
  return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : null;
}

/**
 * An associate's role (the RNE's code list labels them: `Associé indéfiniment responsable`, `Associé unique`,
 * `Associé commandité`…): a declared holder of the capital. Officers who are not associates are not holders.
 */
const isAssociate = (d: Dirigeant) =>
  /associ[ée]/i.test(d.fonction ?? '') || /associ[ée]/i.test(d.fonction_secondaire ?? '');

function holdersOf(record: RneDirigeantsRecord) {
  const associates = record.dirigeants.filter(isAssociate);
  return {
    associes_personnes_morales: associates.flatMap((d) =>
      d.type === 'personne_morale'
        ? [
            {
              siren: d.siren,
              denomination: d.denomination,
              code_fonction: d.code_fonction,
              fonction: d.fonction,
              actif: d.actif,
            },
          ]
        : [],
    ),
    associes_personnes_physiques: { nombre: associates.filter((d) => d.type === 'personne_physique').length },
  };
}

const rneEvent = (e: RneCapitalEvent) => ({
  source: 'rne' as const,
  date: e.date_effet,
  evenement: e.code,
  libelle: e.libelle,
  numero_liasse: e.numero_liasse,
});

const bodaccNotice = (n: CapitalNotice) => ({
  source: 'bodacc' as const,
  date: n.date_parution,
  annonce_id: n.id,
  famille: n.famille,
  modification_capital: n.modification_capital,
  montant_centimes: centsOfDecimal(n.montant),
  montant: n.montant,
  devise: n.devise,
  variable: n.variable,
  url: `https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:${n.id}`,
});

/**
 * A filed act that may hold the shareholding: the articles (`statuts`) and the deeds that change the capital or
 * who holds it (a transfer, a contribution), by the RNE's own label of the act.
 */
const HOLDING_ACT = /statuts|capital|cession|apport|parts sociales|actions/i;

/** `documents_detention`: the filed acts that may hold the shareholding, or why they could not be read. */
export type HoldingActs =
  | {
      etat: 'renseigne';
      actes: { id: string; libelle: string | null; date_depot: string | null; telechargement: string }[];
    }
  | { etat: 'indisponible'; raison: string };

export function holdingActsOf(actes: readonly RneActe[]): HoldingActs {
  return {
    etat: 'renseigne',
    actes: actes
      .filter((a) => HOLDING_ACT.test(a.libelle ?? ''))
      .map((a) => ({
        id: a.id,
        libelle: a.libelle,
        date_depot: a.date_depot,
        telechargement: `/v1/documents/actes/${a.id} (${formatPrice(DOCUMENT_PRICE)})`,
      })),
  };
}

/**
 * The filings list's acts and its observation; its outage stated in band (the capital itself is still served),
 * never an empty list.
 */
function filingsActs(documents: Awaited<ReturnType<RneReader['dirigeantsEtDocuments']>>['documents']): {
  acts: HoldingActs;
  seen: LiveObservation | null;
} {
  if (documents.status === 'fulfilled') {
    return { acts: holdingActsOf(documents.value.record.actes), seen: documents.value.observation };
  }
  const err: unknown = documents.reason;
  if (!(err instanceof LiveUnavailableError)) throw err;
  return { acts: { etat: 'indisponible', raison: err.reason }, seen: null };
}

/** Newest first; undated items last. */
const byDateDesc = (a: { date: string | null }, b: { date: string | null }) =>
  (b.date ?? '').localeCompare(a.date ?? '');

/**
 * The capital answer from what the three sources gave: the RNE's observation (capital, dated changes,
 * associates), the BODACC capital notices, and the GLEIF group.
 */
export function capitalBody(
  unit: { siren: string; denomination: string | null },
  record: RneDirigeantsRecord,
  notices: { total: number; notices: CapitalNotice[] },
  groupeLei: unknown,
  observedAt: string,
  documents: HoldingActs,
) {
  const capital = record.capital;
  const historique = [...record.evenements_capital.map(rneEvent), ...notices.notices.map(bodaccNotice)].sort(
    byDateDesc,
  );
  const tronque = notices.total > notices.notices.length;
  return {
    siren: unit.siren,
    denomination: unit.denomination,
    connu_du_rne: record.connu,
    capital: capital
      ? {
          montant_centimes: centsOfDecimal(capital.montant),
          montant: capital.montant,
          devise: capital.devise,
          variable: capital.variable,
        }
      : null,
    historique,
    detenteurs: { exhaustivite: 'partielle', ...holdersOf(record), groupe_lei: groupeLei },
    documents_detention: documents,
    consulte_le: observedAt,
    listes_bornees: {
      historique: {
        nombre_total: record.evenements_capital.length + notices.total,
        tronque,
        total_borne_basse: false,
      },
    },
    note: NOTE,
  };
}

/** How the RNE's parser writes a sole trader: one natural person of role 101 (Entrepreneur), nothing else. */
const isSoleTrader = (record: RneDirigeantsRecord) =>
  record.dirigeants.length === 1 &&
  record.dirigeants[0]!.type === 'personne_physique' &&
  record.dirigeants[0]!.code_fonction === '101';

/**
 * A SIREN the Sirene copy does not hold is read from the RNE alone, and refused on the RNE's own word: a
 * company it does not hold or marks not disclosable is 404 `entreprise_inconnue`, a sole trader 400
 * `entreprise_individuelle_non_couverte` (never charged). Its name is then not served (null).
 */
function assertCoveredByRne(siren: string, record: RneDirigeantsRecord): void {
  if (!record.connu || record.non_diffusible) {
    throw notFound(
      'entreprise_inconnue',
      `Aucune entreprise diffusible pour le SIREN ${siren} (Sirene, RNE). / No diffusible company for this SIREN.`,
      { siren },
    );
  }
  if (isSoleTrader(record)) {
    throw badRequest(
      'entreprise_individuelle_non_couverte',
      'siren',
      'Entrepreneur individuel selon le RNE : une personne physique, non servie. / Sole trader per the RNE: a natural person, not served.',
    );
  }
}

/**
 * GET /v1/entreprise/{siren}/capital: the share capital as the RNE publishes it (read live, observation kept
 * 24 hours), its history (RNE events, BODACC notices) and its known holders (RNE associates, GLEIF parent).
 * The RNE not configured is 503 `registre_non_configure`; the RNE failing is 503 `amont_indisponible`, never a
 * capital left empty.
 */
export const capitalRoute: RouteDefinition = {
  id: 'entreprise.capital',
  tool: {
    name: 'get_french_company_share_capital',
    title: 'Share capital of a French company',
    description:
      'The share capital of a French company as the national register (RNE) publishes it (exact amount, currency, variable or not), its dated changes (RNE history, BODACC notices), and its holders as far as public: associates declared to the RNE that are legal persons (by SIREN), the GLEIF consolidating parent; natural-person holders are counted, never named.',
  },
  method: 'GET',
  path: '/v1/entreprise/{siren}/capital',
  summary:
    'Capital social d’une entreprise : montant, devise, capital variable, historique, détenteurs connus.',
  description:
    'Montant exact tel que publié par le RNE (lu en direct, observation resservie 24 h), en centièmes de la devise (`montant_centimes`, entier) et en décimal écrit (`montant`) ; historique (événements datés du RNE, annonces BODACC) ; détenteurs connus (associés personnes morales déclarés au RNE, mère de consolidation GLEIF), les personnes physiques comptées, jamais nommées. Mêmes refus que la fiche entreprise (non facturés) ; RNE indisponible : 503 `amont_indisponible` ; RNE non configuré : 503 `registre_non_configure`.',
  // Danone: a company the RNE's recorded answers hold, for the sample (LIVE_REPLAY=1).
  params: [{ ...sirenPathParam, schema: { ...sirenPathParam.schema, examples: ['552032534'] } }],
  price: 350_000,
  freeTier: false,
  errors: [...SIRENE_COVERAGE_ERRORS, 'amont_indisponible', 'registre_non_configure'],
  registers: [FR_SIRENE_REGISTER, FR_BODACC_REGISTER],
  projections: [unitesLegalesProjection.name, BODACC_ANNONCES_PROJECTION],
  responseSchema: capitalResponseSchema,
  async handler(ctx, deps) {
    const siren = String(ctx.state.params?.siren);
    // The unit, its capital notices and its LEI record in one prepared statement (a cache hit is mostly this
    // read: capitalLocalFacts.ts).
    const reading = gleifCopyLoaded(deps.knex, deps.readSnapshots).then((withLei) =>
      readCapitalLocalFacts(deps.knex, siren, { limit: CAPITAL_NOTICES_LIMIT, withLei }),
    );
    // The profile's refusals when Sirene holds the SIREN; the RNE's own word otherwise (below).
    const admitted = reading.then(({ unit }) => {
      if (unit) assertCovered(siren, unit, identityOf);
    });
    // Awaited below; a read the read table answers does not wait for it (no unhandled rejection then).
    admitted.catch(() => undefined);
    const info = deps.registers.find((r) => r.code === FR_RNE_REGISTER);
    const rne = deps.live.french[FR_RNE_REGISTER];
    // The company and its filings list, asked side by side and observed in one append. The read table is read
    // beside the local facts; the RNE itself is asked only once the local copy admitted the SIREN, so a
    // refused one never spends the RNE's quota.
    const asking = rne
      ?.dirigeantsEtDocuments(siren, { admit: admitted })
      .catch((err: unknown) => ({ failed: err }) as const);
    // Refused or failed here: the RNE was not asked, and its read settles with the same reason (caught above).
    const local = await reading;
    await admitted;
    if (!rne || !asking) throw notConfigured(info, FR_RNE_REGISTER);
    const now = (deps.now ?? (() => new Date()))();
    const [read, groupe] = await Promise.all([
      asking.then((r) => {
        if ('failed' in r) throw upstreamDown(info, FR_RNE_REGISTER, r.failed);
        return r;
      }),
      readGroupeLei(
        deps.knex,
        siren,
        now,
        deps.readSnapshots,
        local.leiEntity === undefined ? undefined : { ownEntity: local.leiEntity },
      ),
    ]);
    const { unit } = local;
    const { record, observation } = read.dirigeants;
    const documents = filingsActs(read.documents);
    if (!unit) assertCoveredByRne(siren, record);
    const company = { siren, denomination: unit?.denomination ?? null };
    return {
      body: capitalBody(company, record, local.notices, groupe.value, observation.observedAt, documents.acts),
      provenance: [
        liveProvenance(FR_RNE_REGISTER, observation),
        ...(documents.seen ? [liveProvenance(FR_RNE_REGISTER, documents.seen)] : []),
        ...groupe.provenance,
      ],
      dataFreshness: liveFreshness(info?.nomCourt ?? 'RNE', observation, rne.maxAgeMs),
    };
  },
};
