import {
  type Dirigeant,
  FR_RNE_REGISTER,
  type RneDirigeantsRecord,
} from '../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { rneCapitalEventsOf, rneCapitalOf } from './rneCapital.ts';
import { rneRoleLabel } from './rneRoleCodes.ts';

/**
 * The members of one `composition.pouvoirs[]` item this parser reads (real answers: live/SOURCE.txt). Never
 * read: `individu` (name, first names, birth date, address of a natural person), `representant` (the person
 * who represents a legal-person officer), `adresseEntreprise`, `representantId`.
 */
interface RnePouvoir {
  typeDePersonne?: unknown;
  roleEntreprise?: unknown;
  libelleRoleEntreprise?: unknown;
  secondRoleEntreprise?: unknown;
  actif?: unknown;
  entreprise?: { roleEntreprise?: unknown; siren?: unknown; denomination?: unknown } | null;
}

interface RneCompany {
  siren?: unknown;
  formality?: {
    siren?: unknown;
    typePersonne?: unknown;
    diffusionINSEE?: unknown;
    historique?: unknown;
    content?: {
      personneMorale?: { composition?: { pouvoirs?: unknown } | null } | null;
      /** Read like `personneMorale` (the Annuaire des Entreprises' RNE client does the same). */
      exploitation?: { composition?: { pouvoirs?: unknown } | null } | null;
      /** A sole trader: the entrepreneur is a natural person; only that it exists is read. */
      personnePhysique?: unknown;
    } | null;
  } | null;
}

/** Role 101 of the RNE's code list, `Entrepreneur`: how a sole trader's entrepreneur is served. */
const ENTREPRENEUR_ROLE = '101';

/** A published string, trimmed; null when absent or blank. */
export const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
const code = (v: unknown): string | null =>
  typeof v === 'number' && Number.isInteger(v) ? String(v) : text(v);
const flag = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const sirenOf = (v: unknown): string | null => {
  const s = text(v)?.replace(/\s/g, '') ?? null;
  return s !== null && /^\d{9}$/.test(s) ? s : null;
};
export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** An RNE answer that is not the shape asked for: `illisible`, counted by the breaker. */
export const unreadable = (why: string) =>
  new LiveUnavailableError(FR_RNE_REGISTER, 'illisible', `RNE: unreadable answer (${why})`);

/**
 * A legal person only when the RNE says so (`ENTREPRISE`, or an `entreprise` block with no `individu`);
 * anything else is read as a natural person, of whom nothing but the role is kept.
 */
function isLegalPerson(p: RnePouvoir): boolean {
  if (p.typeDePersonne === 'ENTREPRISE') return true;
  if (p.typeDePersonne === 'INDIVIDU') return false;
  return isObject(p.entreprise) && !('individu' in p);
}

/** One officer: its role and, for a legal person, its SIREN and name. Nothing else of the pouvoir is read. */
function dirigeantOf(p: RnePouvoir): Dirigeant {
  const legal = isLegalPerson(p);
  const entreprise = legal && isObject(p.entreprise) ? p.entreprise : null;
  const role = code(p.roleEntreprise) ?? code(entreprise?.roleEntreprise);
  const second = code(p.secondRoleEntreprise);
  const roles = {
    code_fonction: role,
    fonction: rneRoleLabel(role) ?? text(p.libelleRoleEntreprise),
    actif: flag(p.actif),
    code_fonction_secondaire: second,
    fonction_secondaire: rneRoleLabel(second),
  };
  if (!legal) return { type: 'personne_physique', ...roles };
  return {
    type: 'personne_morale',
    ...roles,
    siren: sirenOf(entreprise?.siren),
    denomination: text(entreprise?.denomination),
  };
}

/**
 * The parser the RNE's client applies before anything is recorded: `GET /api/companies/{siren}` → the
 * officers of `formality.content.personneMorale.composition.pouvoirs[]`, each natural person reduced to its
 * role; a sole trader (`typePersonne` `P`, `content.personnePhysique`) → one natural person of role 101
 * (Entrepreneur), whom nothing else describes; a 404 → the RNE holds no such company; a company the RNE marks
 * not disclosable → no officer at all. A legal person's share capital and its dated changes are kept beside. An answer of another shape, or about another SIREN, is `illisible`.
 */
export function extractRneDirigeants(status: number, json: unknown, url: string): RneDirigeantsRecord {
  const asked = /\/api\/companies\/(\d{9})$/.exec(new URL(url).pathname)?.[1];
  if (!asked) throw unreadable('not a company question');
  const base = {
    kind: 'fr-rne-dirigeants' as const,
    siren: asked,
    non_diffusible: false,
    dirigeants: [],
    capital: null,
    evenements_capital: [],
  };
  if (status === 404) return { ...base, connu: false };
  if (!isObject(json)) throw unreadable('not an object');
  const company = json as RneCompany;
  const formality = company.formality;
  if (!isObject(formality) || !isObject(formality.content)) throw unreadable('no formality.content');
  const siren = sirenOf(company.siren) ?? sirenOf(formality.siren);
  if (siren !== asked) throw unreadable('another SIREN');
  const diffusion = text(formality.diffusionINSEE);
  if (diffusion !== null && diffusion !== 'O') return { ...base, connu: true, non_diffusible: true };
  const content = formality.content;
  if (formality.typePersonne === 'P' || isObject(content.personnePhysique)) {
    const role = ENTREPRENEUR_ROLE;
    const entrepreneur: Dirigeant = {
      type: 'personne_physique',
      code_fonction: role,
      fonction: rneRoleLabel(role),
      actif: null,
      code_fonction_secondaire: null,
      fonction_secondaire: null,
    };
    return { ...base, connu: true, dirigeants: [entrepreneur] };
  }
  const holder = isObject(content.personneMorale) ? content.personneMorale : content.exploitation;
  if (!isObject(holder)) throw unreadable('neither personneMorale, exploitation nor personnePhysique');
  const pouvoirs = isObject(holder.composition) ? holder.composition.pouvoirs : undefined;
  if (pouvoirs !== undefined && pouvoirs !== null && !Array.isArray(pouvoirs)) {
    throw unreadable('composition.pouvoirs is not a list');
  }
  const dirigeants = ((pouvoirs ?? []) as unknown[])
    .filter(isObject)
    .map((p) => dirigeantOf(p as RnePouvoir));
  return {
    ...base,
    connu: true,
    dirigeants,
    // A branch or an establishment (`exploitation`) publishes no share capital of its own.
    capital: rneCapitalOf(content.personneMorale),
    evenements_capital: rneCapitalEventsOf(formality.historique),
  };
}
