import type { RaisonAmont } from '../../schemas/enums/raisonAmont.ts';
import {
  EU_VIES_REGISTER,
  type ViesCheckRecord,
  type ViesNamePolicy,
} from '../../schemas/events/euViesEvents.ts';
import { namesLegalPerson } from '../../schemas/legalForms/viesLegalForms.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

/**
 * VIES's answers that are not a verdict on the number but an outage (its `userError`, or the `error` of an
 * `{"actionSucceed":false,"errorWrappers":[…]}` answer), each with the reason served in `raison`. Never read as
 * "invalid": a member state that did not answer says nothing of the number.
 */
const OUTAGES: Readonly<Record<string, RaisonAmont>> = {
  MS_UNAVAILABLE: 'injoignable',
  SERVICE_UNAVAILABLE: 'injoignable',
  TIMEOUT: 'delai_depasse',
  MS_MAX_CONCURRENT_REQ: 'limite_amont',
  GLOBAL_MAX_CONCURRENT_REQ: 'limite_amont',
};

/** VIES refused the question for a member state (or as a whole): the code VIES gave, and the state asked. */
export class ViesOutageError extends LiveUnavailableError {
  constructor(
    readonly memberState: string,
    readonly viesError: string,
  ) {
    super(
      EU_VIES_REGISTER,
      OUTAGES[viesError] ?? 'refus',
      `VIES did not check the number for member state ${memberState}: ${viesError}`,
    );
  }

  /** The member state throttles (France does so on a first call): asked once more. */
  get throttled(): boolean {
    return this.viesError === 'MS_MAX_CONCURRENT_REQ';
  }
}

const unreadable = (why: string) => new LiveUnavailableError(EU_VIES_REGISTER, 'illisible', `VIES: ${why}`);

/** `---` or empty: VIES withholds the value (Germany and Spain withhold name and address). */
const published = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.trim() !== '---' ? value : null;

/** The member state asked: `/ms/{CC}/vat/{number}` for a GET, the body's `countryCode` for a POST. */
function questionOf(url: string, requestBody: unknown): { pays: string; numero: string } {
  const body = requestBody as { countryCode?: unknown; vatNumber?: unknown } | undefined;
  if (body && typeof body.countryCode === 'string' && typeof body.vatNumber === 'string') {
    return { pays: body.countryCode, numero: body.vatNumber };
  }
  const match = /\/ms\/([A-Z]{2})\/vat\/([^/?]+)/.exec(url);
  if (!match) throw unreadable(`a question it cannot name (${url})`);
  return { pays: match[1]!, numero: decodeURIComponent(match[2]!) };
}

/**
 * One VIES answer as the log keeps it: a GET answers `isValid`, a POST `valid`; `userError` or an error
 * wrapper that is an outage throws {@link ViesOutageError}. The trader's name and address are kept only when
 * `names` allows it: a register of ours vouched for a legal person, or the name carries a legal-form token
 * (schemas/legalForms/viesLegalForms.ts); otherwise neither enters the log.
 */
export function viesCheckRecord(
  json: unknown,
  url: string,
  requestBody: unknown,
  names: ViesNamePolicy,
): ViesCheckRecord {
  const { pays, numero } = questionOf(url, requestBody);
  if (!json || typeof json !== 'object') throw unreadable('an answer that is not an object');
  const answer = json as Record<string, unknown>;
  if (answer.actionSucceed === false) {
    const wrapper = Array.isArray(answer.errorWrappers)
      ? (answer.errorWrappers[0] as { error?: unknown } | undefined)
      : undefined;
    throw new ViesOutageError(pays, typeof wrapper?.error === 'string' ? wrapper.error : 'UNKNOWN');
  }
  const userError = typeof answer.userError === 'string' ? answer.userError : null;
  if (userError !== null && userError !== 'VALID' && userError !== 'INVALID') {
    throw new ViesOutageError(pays, userError);
  }
  const valide = typeof answer.isValid === 'boolean' ? answer.isValid : answer.valid;
  if (typeof valide !== 'boolean') throw unreadable('an answer without isValid nor valid');
  const name = published(answer.name);
  const kept = name !== null && (names === 'personne_morale_verifiee' || namesLegalPerson(name));
  return {
    kind: 'eu-vies-check',
    pays,
    numero,
    valide,
    nom: kept ? name : null,
    adresse: kept ? published(answer.address) : null,
    nom_non_servi: kept ? null : name === null ? 'non_publie' : 'personne_physique_possible',
    date_demande: typeof answer.requestDate === 'string' ? answer.requestDate : null,
    identifiant_consultation: published(answer.requestIdentifier),
  };
}
