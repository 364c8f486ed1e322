import {
  accountDigest,
  PL_WHITE_LIST_REGISTER,
  type WhiteListSubjectRecord,
} from '../../schemas/events/plWhiteListEvents.ts';
import { namesLegalPerson } from '../../schemas/legalForms/viesLegalForms.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

const unreadable = (why: string) =>
  new LiveUnavailableError(PL_WHITE_LIST_REGISTER, 'illisible', `White list: ${why}`);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The NIP asked: `/api/search/nip/{nip}`. */
function nipAsked(url: string): string {
  const match = /\/api\/search\/nip\/(\d{10})/.exec(url);
  if (!match) throw unreadable(`a question that names no NIP (${url})`);
  return match[1]!;
}

/**
 * One white-list answer by NIP as the log keeps it: `{result:{subject|null, requestId, requestDateTime}}`; a
 * NIP the list does not hold is `subject: null` (found false). The name is kept only for a legal person (a KRS
 * number, or a legal-form word in the name); PESEL, addresses, representatives, clerks and partners are never
 * read; the accounts are kept as digests. An error answer (`{code:"WL-1xx", message}`) is an outage here:
 * the route validated the NIP before asking.
 */
export function whiteListSubjectRecord(status: number, json: unknown, url: string): WhiteListSubjectRecord {
  const nip = nipAsked(url);
  if (status !== 200) {
    const code = text((json as { code?: unknown } | null)?.code);
    throw new LiveUnavailableError(PL_WHITE_LIST_REGISTER, 'refus', `White list refused: ${code ?? status}`);
  }
  const result = (json as { result?: unknown } | null)?.result as Record<string, unknown> | undefined;
  if (!result || typeof result !== 'object' || !('subject' in result)) throw unreadable('no result.subject');
  const subject = result.subject as Record<string, unknown> | null;
  const proof = {
    identifiant_requete: text(result.requestId),
    date_requete: text(result.requestDateTime),
  };
  if (subject === null) {
    return {
      kind: 'pl-wl-subject',
      nip,
      trouve: false,
      nom: null,
      nom_non_servi: null,
      statut_vat: null,
      krs: null,
      comptes_sha256: [],
      ...proof,
    };
  }
  if (typeof subject !== 'object') throw unreadable('a subject that is not an object');
  const name = text(subject.name);
  const krs = text(subject.krs);
  const legalPerson = name !== null && (krs !== null || namesLegalPerson(name));
  const accounts = Array.isArray(subject.accountNumbers) ? subject.accountNumbers : [];
  return {
    kind: 'pl-wl-subject',
    nip,
    trouve: true,
    nom: legalPerson ? name : null,
    nom_non_servi: legalPerson ? null : name === null ? 'non_publie' : 'personne_physique_possible',
    statut_vat: text(subject.statusVat),
    krs,
    comptes_sha256: accounts
      .filter((a): a is string => typeof a === 'string' && /^\d{26}$/.test(a))
      .map(accountDigest),
    ...proof,
  };
}
