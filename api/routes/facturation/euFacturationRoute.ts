import type { Knex } from 'knex';
import { BE_KBO_PROFILES } from '../../../projections/be-kbo/beKboProjection.ts';
import type { BlocAbsent } from '../../../schemas/enums/blocAbsent.ts';
import type { EuProfileRow } from '../../../schemas/europe/euProfileRow.ts';
import { BE_KBO_REGISTER } from '../../../schemas/events/beKboEvents.ts';
import { EU_PEPPOL_REGISTER } from '../../../schemas/events/euPeppolEvents.ts';
import { EU_VIES_REGISTER } from '../../../schemas/events/euViesEvents.ts';
import { accountDigest, PL_WHITE_LIST_REGISTER } from '../../../schemas/events/plWhiteListEvents.ts';
import { polishNrb } from '../../../schemas/invoicing/bankOfIban.ts';
import { isEn16931Invoice } from '../../../schemas/invoicing/en16931.ts';
import { mandatOf } from '../../../schemas/invoicing/mandatFacturation.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import {
  canonicalBelgianId,
  canonicalNip,
  euFacturationIdRefusal,
  ibanQueryParam,
  idFacturationParam,
  paysFacturationParam,
} from '../../../schemas/params/facturation.ts';
import { euFacturationSchema } from '../../../schemas/responses/facturation.ts';
import type { HandlerDeps, HandlerResult, ProvenanceEntry, RouteDefinition } from '../../catalogue/route.ts';
import type { BlockReading } from '../entreprise/blockReading.ts';
import { liveProvenance } from '../europeLive.ts';
import { type RaisonVerdict, raison, verdictOf } from './invoicingVerdict.ts';
import { banqueOf, type ListeBlanche } from './readBanque.ts';
import { readEuVat } from './readEuVat.ts';

/** $0.03 (contract). */
export const FACTURATION_PRICE = 30_000;

const NOTE =
  'Destinataire : BCE (copie locale, personnes morales seulement) en BE, liste blanche du Ministère des Finances (en direct) en PL ; TVA vérifiée en direct auprès de VIES ; BE : Peppol Directory en direct (publication volontaire : non trouvé n’est pas « pas sur Peppol ») ; banque : forme et clé de l’IBAN, banque de la liste nationale des codes banque ; PL : compte déclaré sur la liste blanche pour ce NIP, le requestId en preuve. Le titulaire du compte n’est pas vérifié. Une source qui n’a pas répondu est nommée dans blocs_absents et lève sa raison « non vérifiée », jamais une absence. / Recipient from KBO (BE) or the white list (PL); VAT checked live with VIES; BE: Peppol Directory, live (voluntary publication); bank from the IBAN and the national bank-code list; PL: account on the white list, requestId as proof. The account holder is not checked.';

const isMissingTable = (err: unknown) => (err as { code?: unknown })?.code === '42P01';

const today = (deps: HandlerDeps) => (deps.now ?? (() => new Date()))().toISOString().slice(0, 10);

const down = (bloc: string, name: string, err: LiveUnavailableError): BlocAbsent => ({
  bloc,
  raison: 'amont_indisponible',
  message: `${name} n’a pas répondu utilement (${err.reason}) ; ce n’est pas une absence, réessayez plus tard. / ${name} did not answer usably (${err.reason}); this is no absence, retry later.`,
});

const notConfigured = (bloc: string, name: string): BlocAbsent => ({
  bloc,
  raison: 'registre_non_configure',
  message: `${name} n’est pas configuré sur ce serveur. / ${name} is not configured on this server.`,
});

/** What one country's reading gives the answer. */
interface CountryReading {
  destinataire: Record<string, unknown> | null;
  peppol: Record<string, unknown> | null;
  listeBlanche: ListeBlanche | null;
  raisons: RaisonVerdict[];
  absents: BlocAbsent[];
  provenance: ProvenanceEntry[];
}

async function readKboRow(knex: Knex, id: string): Promise<EuProfileRow | undefined> {
  return knex(BE_KBO_PROFILES)
    .first<EuProfileRow | undefined>('*')
    .where({ id_national: id })
    .catch((err: unknown) => {
      if (isMissingTable(err)) return undefined;
      throw err;
    });
}

/**
 * The identifiers a Belgian company may be listed under in the Peppol Directory, in the order asked: its KBO
 * number (ICD 0208, the scheme the Belgian authority (BOSA) asks for since 2023) and its VAT number (9925,
 * `BE` + the KBO number, the older scheme many access points still register). Only when the first is not
 * listed is the second asked; "not found" is said only when neither is.
 */
const belgianParticipants = (kbo: string) => [`0208:${kbo}`, `9925:be${kbo}`];

async function readPeppol(deps: HandlerDeps, id: string): Promise<BlockReading<Record<string, unknown>>> {
  const reader = deps.live.french[EU_PEPPOL_REGISTER];
  if (!reader) return { value: null, absent: notConfigured('peppol', 'Peppol Directory'), provenance: [] };
  const provenance: ProvenanceEntry[] = [];
  try {
    let found: Awaited<ReturnType<typeof reader.participant>> | null = null;
    for (const participant of belgianParticipants(id)) {
      found = await reader.participant(participant);
      provenance.push(liveProvenance(EU_PEPPOL_REGISTER, found.observation));
      if (found.record.publie) break;
    }
    const { record, observation } = found!;
    return {
      value: {
        annuaire: record.publie ? 'publie' : 'non_trouve',
        joignable: record.publie ? true : null,
        identifiant: record.identifiant,
        nom_enregistre: record.nom_enregistre,
        documents: record.documents,
        accepte_facture_en16931: record.publie ? record.documents.some(isEn16931Invoice) : null,
        consulte_le: observation.observedAt,
      },
      absent: null,
      provenance,
    };
  } catch (err) {
    if (!(err instanceof LiveUnavailableError)) throw err;
    // A scheme not answered: neither listed nor unlisted (the answers read before it are not a verdict).
    return { value: null, absent: down('peppol', 'Le Peppol Directory', err), provenance: [] };
  }
}

/** Belgium: the recipient from our KBO copy (legal persons only), its Peppol listing read live. */
async function readBelgium(deps: HandlerDeps, id: string): Promise<CountryReading> {
  const [row, peppol] = await Promise.all([readKboRow(deps.knex, id), readPeppol(deps, id)]);
  const raisons: RaisonVerdict[] = [];
  let destinataire: Record<string, unknown> | null = null;
  if (!row) {
    raisons.push(raison('destinataire_non_identifie', BE_KBO_REGISTER));
  } else {
    destinataire = {
      denomination: row.personne_physique ? null : row.denomination,
      nom_non_servi: row.personne_physique ? 'personne_physique_possible' : null,
      etat: row.statut,
      etat_detail: row.statut_detail,
      source: BE_KBO_REGISTER,
    };
    if (row.statut !== null && row.statut !== 'actif')
      raisons.push(raison('destinataire_inactif', BE_KBO_REGISTER));
  }
  if (peppol.value === null) raisons.push(raison('peppol_non_verifie', EU_PEPPOL_REGISTER));
  else if (peppol.value.annuaire === 'non_trouve')
    raisons.push(raison('peppol_non_trouve', EU_PEPPOL_REGISTER));
  else if (peppol.value.accepte_facture_en16931 === false) {
    raisons.push(raison('peppol_sans_facture_en16931', EU_PEPPOL_REGISTER));
  }
  return {
    destinataire,
    peppol: peppol.value,
    listeBlanche: null,
    raisons,
    absents: peppol.absent ? [peppol.absent] : [],
    provenance: peppol.provenance,
  };
}

/**
 * Poland: the recipient and its declared accounts from the white list, read live for the day of the request;
 * the name served only for a legal person (ingest/pl-wl keeps no other).
 */
async function readPoland(deps: HandlerDeps, nip: string, iban: string | undefined): Promise<CountryReading> {
  const reader = deps.live.french[PL_WHITE_LIST_REGISTER];
  const day = today(deps);
  const empty = { destinataire: null, peppol: null, listeBlanche: null, provenance: [] };
  if (!reader) {
    return {
      ...empty,
      raisons: [raison('liste_blanche_non_verifiee', PL_WHITE_LIST_REGISTER)],
      absents: [notConfigured('liste_blanche', 'La liste blanche (wl-api.mf.gov.pl)')],
    };
  }
  try {
    const { record, observation } = await reader.subject(nip, day);
    const raisons: RaisonVerdict[] = [];
    if (!record.trouve) raisons.push(raison('destinataire_non_identifie', PL_WHITE_LIST_REGISTER));
    else if (record.statut_vat !== 'Czynny') raisons.push(raison('tva_non_active', PL_WHITE_LIST_REGISTER));
    let listeBlanche: ListeBlanche | null = null;
    if (iban !== undefined) {
      const nrb = polishNrb(iban);
      const surLaListe = nrb !== null && record.comptes_sha256.includes(accountDigest(nrb));
      listeBlanche = {
        sur_la_liste: surLaListe,
        date_verifiee: day,
        identifiant_requete: record.identifiant_requete,
        date_requete: record.date_requete,
        consulte_le: observation.observedAt,
      };
      if (!surLaListe) raisons.push(raison('iban_hors_liste_blanche', PL_WHITE_LIST_REGISTER));
    }
    return {
      destinataire: record.trouve
        ? {
            denomination: record.nom,
            nom_non_servi: record.nom_non_servi,
            etat: record.statut_vat,
            etat_detail: 'statut TVA selon la liste blanche (statusVat) / VAT status on the white list',
            source: PL_WHITE_LIST_REGISTER,
          }
        : null,
      peppol: null,
      listeBlanche,
      raisons,
      absents: [],
      provenance: [liveProvenance(PL_WHITE_LIST_REGISTER, observation)],
    };
  } catch (err) {
    if (!(err instanceof LiveUnavailableError)) throw err;
    return {
      ...empty,
      raisons: [raison('liste_blanche_non_verifiee', PL_WHITE_LIST_REGISTER)],
      absents: [down('liste_blanche', 'La liste blanche (wl-api.mf.gov.pl)', err)],
    };
  }
}

async function readEuFacturation(params: Record<string, unknown>, deps: HandlerDeps): Promise<HandlerResult> {
  const pays = String(params.pays) as 'BE' | 'PL';
  const iban = params.iban === undefined ? undefined : String(params.iban);
  // paramsCheck refused every other spelling before payment.
  const id = pays === 'BE' ? canonicalBelgianId(String(params.id))! : canonicalNip(String(params.id))!;
  const [country, vat] = await Promise.all([
    pays === 'BE' ? readBelgium(deps, id) : readPoland(deps, id, iban),
    readEuVat(deps, pays, id),
  ]);
  const banque = banqueOf(iban, country.listeBlanche);
  const raisons: RaisonVerdict[] = [...country.raisons];
  if (vat.value === null) raisons.push(raison('tva_non_verifiee', EU_VIES_REGISTER));
  else if (vat.value.statut === 'invalide') raisons.push(raison('tva_invalide', EU_VIES_REGISTER));
  raisons.push(...banque.raisons);
  return {
    provenance: [...vat.provenance, ...country.provenance],
    body: {
      pays,
      id,
      destinataire: country.destinataire,
      tva: vat.value,
      peppol: country.peppol,
      banque: banque.banque,
      mandat: mandatOf(pays, today(deps)),
      verdict: verdictOf(raisons),
      blocs_absents: [...(vat.absent ? [vat.absent] : []), ...country.absents],
      note: NOTE,
    },
  };
}

/**
 * GET /v1/eu/facturation/dossier: can this Belgian or Polish company be invoiced (and paid) as things stand?
 * Identifier and IBAN are checked before payment (400, never charged, nothing asked upstream); each live source
 * that cannot answer is named in `blocs_absents` and raises its "not verified" reason, never an absence.
 */
export const euFacturationRoute: RouteDefinition = {
  id: 'eu.facturation.dossier',
  tool: {
    name: 'check_eu_invoicing_recipient',
    title: 'Invoicing check of a Belgian or Polish company',
    description:
      'Before invoicing or paying a Belgian (enterprise number) or Polish (NIP) company: the recipient as its register names it (Belgian KBO, Polish VAT white list; natural persons never named), its VAT number checked live with VIES, for Belgium its Peppol Directory listing (participant 0208:<number>, document types, whether EN 16931 invoices are accepted; not listed is not proof of absence from Peppol), the bank identified from an optional IBAN (format, check digits, national bank-code list) and, for Poland, whether that account is declared for the NIP on the white list (with the ministry requestId as proof), the e-invoicing obligation of the country, and a verdict pret_a_facturer with reasons from a closed list, each with its level and source. The account holder is never verified.',
  },
  method: 'GET',
  path: '/v1/eu/facturation/dossier',
  summary:
    'Vérification avant facturation d’une entreprise belge ou polonaise : destinataire, TVA (VIES), Peppol (BE), banque de l’IBAN et liste blanche (PL), obligation, verdict.',
  description:
    'Entrées du fournisseur (définies par ce service) : `pays` (BE ou PL), `id` (BE : numéro d’entreprise, clé modulo 97 ; PL : NIP, chiffre de contrôle) et `iban` (facultatif, forme et clé vérifiées) ; une entrée invalide est refusée (400 `{error, champ, message}`, non facturé) avant tout appel amont. Le destinataire vient de la BCE (copie locale, personnes morales seulement) ou de la liste blanche polonaise (en direct ; nom servi seulement pour une personne morale : numéro KRS ou forme juridique dans le nom). Peppol (BE) : participant `0208:<numéro>` dans le Peppol Directory ; la publication y est volontaire, « non_trouve » n’est jamais « pas sur Peppol » (`joignable` null). `banque.verification_titulaire` vaut toujours `non_disponible`. Chaque raison du verdict vient de la liste fermée `raisons_facturation` de GET /v1/lecture ; une source en panne est nommée dans `blocs_absents` et lève sa raison « non vérifiée ».',
  params: [paysFacturationParam, idFacturationParam, ibanQueryParam],
  paramsCheck: euFacturationIdRefusal,
  price: FACTURATION_PRICE,
  freeTier: false,
  registers: [BE_KBO_REGISTER, EU_VIES_REGISTER, EU_PEPPOL_REGISTER, PL_WHITE_LIST_REGISTER],
  // The Belgian recipient comes from our KBO copy: stale, it refuses a Belgian check; the live sources state
  // their own absence.
  registersFor: (params) => (params.pays === 'BE' ? [BE_KBO_REGISTER] : []),
  projections: ['be-kbo'],
  freshness: { code: 'photo_perimee' },
  responseSchema: euFacturationSchema,
  sampleQuery: { iban: 'PL19102052420000260203597267' },
  handler: (ctx, deps) => readEuFacturation(ctx.state.params ?? {}, deps),
};
