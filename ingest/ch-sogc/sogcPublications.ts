import {
  CH_SOGC_CHANGEMENTS,
  CH_SOGC_INSOLVENCY_RUBRICS,
  type ChSogcChangement,
  type ChSogcType,
} from '../../schemas/enums/chSogc.ts';
import { CH_SOGC_REGISTER } from '../../schemas/events/chSogcEvents.ts';
import { publishedSwissUid } from '../../schemas/identifiers/swissUid.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { personneOfSwissForm, SWISS_LEGAL_FORMS } from '../core/swissLegalForms.ts';

/**
 * How long a list read is served again from the read table without asking the gazette: it publishes once a
 * working day, so a few hours at most.
 */
export const SOGC_MAX_AGE_MS = 6 * 3600_000;

/** Publications asked in one call (the gazette answers up to 2,000; a company rarely has more than 100). */
export const SOGC_PAGE_SIZE = 100;
/** More publications than any company has: the gazette answered for everyone (its filter ignored). */
const MAX_PLAUSIBLE_TOTAL = 50_000;

/**
 * The fields of a gazette publication this parser reads (samples in live/SOURCE.txt). Never read: the free
 * text (`publicationText`), the purpose, the title, the legal remedy, and the address's `addressLine1`
 * (`c/o <a person>`): they name persons.
 */
interface ShabCompany {
  name?: unknown;
  uid?: unknown;
  seat?: unknown;
  legalForm?: unknown;
  address?: { street?: unknown; houseNumber?: unknown; swissZipCode?: unknown; town?: unknown };
}
interface ShabCapital {
  nominal?: unknown;
  paid?: unknown;
}
interface ShabCommons {
  company?: ShabCompany;
  capital?: ShabCapital | ShabCapital[];
  revision?: { optingOut?: unknown };
}
type Flags = Record<string, unknown>;
interface ShabPublication {
  meta?: {
    id?: unknown;
    rubric?: unknown;
    subRubric?: unknown;
    language?: unknown;
    registrationOffice?: { displayName?: unknown } | null;
    publicationNumber?: unknown;
    publicationState?: unknown;
    publicationDate?: unknown;
    cantons?: unknown;
  };
  content?: {
    commonsNew?: ShabCommons;
    commonsActual?: ShabCommons;
    lastFosc?: { lastFoscDate?: unknown; lastFoscSequence?: unknown } | null;
    senderOffice?: { officeName?: unknown } | null;
    transaction?: { registration?: unknown; update?: { changements?: Flags } | null; delete?: unknown };
  } | null;
}

/** A company as a publication states it: no person, no free text. */
export interface SogcCompany {
  nom: string | null;
  uid: string | null;
  siege: string | null;
  forme: { code: string | null; libelle: string | null };
  adresse: { rue: string | null; numero: string | null; npa: string | null; localite: string | null } | null;
  capital: { nominal: number | null; libere: number | null } | null;
  renonciation_revision: boolean | null;
}

/** One publication as the log keeps it: its references and structured facts, never its text. */
export interface SogcPublicationRecord {
  id: string;
  date: string | null;
  numero: string | null;
  rubrique: string | null;
  sous_rubrique: string | null;
  type: ChSogcType | null;
  langue: string | null;
  cantons: string[];
  office: string | null;
  /** Null when the list was asked without content (insolvency rubrics: their content names persons). */
  societe: SogcCompany | null;
  changements: ChSogcChangement[] | null;
  publication_precedente: { date: string | null; numero: string | null } | null;
}

/**
 * The record of one list answer (`LiveRecordObserved.record`): the gazette's count, what the legal forms of
 * the company's publications decide, and the publications. Nothing of them is kept when a form names or may
 * name a natural person (a sole proprietorship's firm name is its owner's name): only the form's code.
 */
export interface SogcListRecord {
  kind: 'ch-sogc-publications';
  uid: string;
  rubriques: string[];
  /** The gazette's own count of the company's publications in these rubrics. */
  total: number;
  /** Null when no publication states a legal form (none listed, or listed without content). */
  forme: { code: string | null; personne: 'morale' | 'physique' | 'indecise' } | null;
  publications: SogcPublicationRecord[];
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
/** Dates are published as timestamps at midnight UTC (`2026-08-26T00:00:00.000Z`). */
const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;
const anyTrue = (v: unknown): boolean =>
  v === true || (v !== null && typeof v === 'object' && Object.values(v).some(anyTrue));

const unreadable = (why: string) => new LiveUnavailableError(CH_SOGC_REGISTER, 'illisible', `SOGC: ${why}`);

/** The closed-list flags of a change (schemas/enums/chSogc.ts), in the list's order. */
export function changementsOf(flags: Flags | undefined | null): ChSogcChangement[] {
  if (!flags) return [];
  const status = (flags.statusChanged ?? {}) as Flags;
  const set = new Set<ChSogcChangement>();
  if (flags.nameChanged === true) set.add('raison_sociale');
  if (flags.seatChanged === true) set.add('siege');
  if (flags.addressChanged === true) set.add('adresse');
  if (flags.purposeChanged === true) set.add('but');
  if (anyTrue(flags.capitalChanged)) set.add('capital');
  if (flags.legalStatusChanged === true) set.add('forme_juridique');
  if (anyTrue(status.bankruptcy)) set.add('faillite');
  if (anyTrue(status.liquidation)) set.add('liquidation');
  if (
    flags.others === true ||
    flags.uidChanged === true ||
    status.suspension === true ||
    status.reentry === true ||
    status.reapplication === true
  ) {
    set.add('autres');
  }
  // In the closed list's order.
  return CH_SOGC_CHANGEMENTS.filter((c) => set.has(c));
}

const TYPE_OF_SUB_RUBRIC: Readonly<Record<string, ChSogcType>> = {
  HR01: 'inscription',
  HR02: 'modification',
  HR03: 'radiation',
};

/** The register publication's type: from its transaction, else from its sub-rubric. */
function typeOf(p: ShabPublication): ChSogcType | null {
  const t = p.content?.transaction;
  if (t?.registration) return 'inscription';
  if (t?.update) return 'modification';
  if (t?.delete) return 'radiation';
  return TYPE_OF_SUB_RUBRIC[String(p.meta?.subRubric)] ?? null;
}

function companyOf(commons: ShabCommons | undefined): SogcCompany | null {
  const c = commons?.company;
  if (!c) return null;
  const code = text(c.legalForm);
  const capital = Array.isArray(commons?.capital) ? commons.capital[0] : commons?.capital;
  const a = c.address;
  const adresse = a
    ? { rue: text(a.street), numero: text(a.houseNumber), npa: text(a.swissZipCode), localite: text(a.town) }
    : null;
  const nominal = num(capital?.nominal);
  const libere = num(capital?.paid);
  const optingOut = commons?.revision?.optingOut;
  return {
    nom: text(c.name),
    uid: publishedSwissUid(c.uid),
    siege: text(c.seat),
    forme: { code, libelle: code ? (SWISS_LEGAL_FORMS[code]?.libelle ?? null) : null },
    adresse: adresse && Object.values(adresse).some((v) => v !== null) ? adresse : null,
    capital: nominal === null && libere === null ? null : { nominal, libere },
    renonciation_revision: typeof optingOut === 'boolean' ? optingOut : null,
  };
}

function publicationOf(p: ShabPublication, id: string): SogcPublicationRecord {
  const content = p.content ?? null;
  const last = content?.lastFosc;
  const update = content?.transaction?.update;
  return {
    id,
    date: date(p.meta?.publicationDate),
    numero: text(p.meta?.publicationNumber),
    rubrique: text(p.meta?.rubric),
    sous_rubrique: text(p.meta?.subRubric),
    type: text(p.meta?.rubric) === 'HR' ? typeOf(p) : null,
    langue: text(p.meta?.language),
    cantons: Array.isArray(p.meta?.cantons) ? p.meta.cantons.flatMap((c) => text(c) ?? []) : [],
    office: text(content?.senderOffice?.officeName) ?? text(p.meta?.registrationOffice?.displayName),
    // The new state of a change, the state struck off by a deletion, the entry of a registration.
    societe: content ? companyOf(content.commonsNew ?? content.commonsActual) : null,
    changements: content ? (update ? changementsOf(update.changements) : []) : null,
    publication_precedente:
      last && (date(last.lastFoscDate) || text(last.lastFoscSequence))
        ? { date: date(last.lastFoscDate), numero: text(last.lastFoscSequence) }
        : null,
  };
}

/** What the legal forms stated across the publications decide: any sole proprietorship, else any undecided. */
function formeOf(publications: readonly ShabPublication[]): SogcListRecord['forme'] {
  const codes = publications.flatMap((p) =>
    [p.content?.commonsNew, p.content?.commonsActual].flatMap((c) =>
      c?.company ? [text(c.company.legalForm)] : [],
    ),
  );
  if (codes.length === 0) return null;
  const physique = codes.find((c) => personneOfSwissForm(c) === 'physique');
  if (physique !== undefined) return { code: physique, personne: 'physique' };
  const undecided = codes.find((c) => personneOfSwissForm(c) === 'indecise');
  if (undecided !== undefined) return { code: undecided, personne: 'indecise' };
  return { code: codes[0] ?? null, personne: 'morale' };
}

/**
 * The parser the gazette's client applies before anything is recorded: a list of a company's publications
 * (`/publications?…&uids=CHE-…`) → its record. Refused as unreadable: not the gazette's list, a count below
 * the list, or a register publication of another company (the `uids` filter ignored, which the gazette does
 * silently with a misspelt parameter).
 */
export function extractSogc(status: number, json: unknown, url: string): SogcListRecord {
  const asked = new URL(url).searchParams;
  const uid = publishedSwissUid(asked.get('uids'));
  const content = (json as { content?: unknown } | null)?.content;
  if (status !== 200 || !uid || !Array.isArray(content)) throw unreadable('not a list of publications');
  const rubriques = (asked.get('rubrics') ?? '').split(',').filter(Boolean);
  const seen = new Set<string>();
  const published = (content as ShabPublication[]).filter((p) => {
    const id = text(p?.meta?.id);
    if (!id || seen.has(id) || (p.meta?.publicationState ?? 'PUBLISHED') !== 'PUBLISHED') return false;
    seen.add(id);
    return true;
  });
  const rawTotal = (json as { total?: unknown }).total;
  // Without a count, a page that is not full is the whole list; a full one could hide more.
  const total = num(rawTotal) ?? (content.length < SOGC_PAGE_SIZE ? published.length : null);
  if (total === null || total < published.length) throw unreadable('a count below the list, or none');
  // The whole gazette holds millions of publications: a count that size means the filter was dropped.
  if (total > MAX_PLAUSIBLE_TOTAL)
    throw unreadable('a count of the whole gazette: the UID filter was not applied');
  const other = published.find((p) =>
    [p.content?.commonsNew, p.content?.commonsActual].some((c) => {
      const stated = publishedSwissUid(c?.company?.uid);
      return stated !== null && stated !== uid;
    }),
  );
  if (other) throw unreadable('a publication of another company: the UID filter was not applied');
  const forme = formeOf(published);
  const kept = forme && forme.personne !== 'morale' ? [] : published;
  return {
    kind: 'ch-sogc-publications',
    uid,
    rubriques,
    total,
    forme,
    publications: kept.map((p) => publicationOf(p, text(p.meta?.id)!)),
  };
}

/** The `famille` of an insolvency rubric's publication (KK, NA, LS), or null for another rubric. */
export const familleOfRubric = (rubrique: string | null) =>
  (rubrique && rubrique in CH_SOGC_INSOLVENCY_RUBRICS
    ? CH_SOGC_INSOLVENCY_RUBRICS[rubrique as keyof typeof CH_SOGC_INSOLVENCY_RUBRICS]
    : null) ?? null;
