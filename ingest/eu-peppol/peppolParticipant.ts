import { EU_PEPPOL_REGISTER, type PeppolParticipantRecord } from '../../schemas/events/euPeppolEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';

const unreadable = (why: string) =>
  new LiveUnavailableError(EU_PEPPOL_REGISTER, 'illisible', `Peppol Directory: ${why}`);

/** The participant asked: the `participant` query term of `/search/1.0/json?participant=…`. */
function participantAsked(url: string): string {
  const asked = new URL(url, 'http://directory.invalid').searchParams.get('participant');
  if (!asked) throw unreadable(`a question that names no participant (${url})`);
  return asked;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** `scheme::value` of a `{scheme, value}` pair as the directory publishes identifiers. */
const qualified = (id: unknown): string | null => {
  const { scheme, value } = (id ?? {}) as { scheme?: unknown; value?: unknown };
  return typeof scheme === 'string' && typeof value === 'string' ? `${scheme}::${value}` : null;
};

/**
 * One Peppol Directory answer as the log keeps it. "If the combination of query parameters resulted in an
 * empty search result, an HTTP status code 200 with an empty result body is returned" (the directory's REST
 * documentation): an empty body, or `matches` empty, is "not published". Only the match whose participant is
 * the one asked is read; its `contact` block (personal data) is never kept.
 */
export function peppolParticipantRecord(status: number, json: unknown, url: string): PeppolParticipantRecord {
  const participant = participantAsked(url);
  const absent: PeppolParticipantRecord = {
    kind: 'eu-peppol-participant',
    participant,
    publie: false,
    identifiant: null,
    nom_enregistre: null,
    pays: null,
    documents: [],
  };
  if (status !== 200) throw unreadable(`status ${status}`);
  if (json === null) return absent;
  if (typeof json !== 'object' || !Array.isArray((json as { matches?: unknown }).matches)) {
    throw unreadable('an answer without matches');
  }
  const value = participant.split('::')[1]?.toLowerCase();
  const match = ((json as { matches: unknown[] }).matches as Record<string, unknown>[]).find(
    (m) => String((m.participantID as { value?: unknown } | undefined)?.value ?? '').toLowerCase() === value,
  );
  if (!match) return absent;
  const entities = Array.isArray(match.entities) ? (match.entities as Record<string, unknown>[]) : [];
  const first = entities[0];
  const names = Array.isArray(first?.name) ? (first.name as { name?: unknown }[]) : [];
  const docTypes = Array.isArray(match.docTypes) ? match.docTypes : [];
  return {
    ...absent,
    publie: true,
    identifiant: text((match.participantID as { value?: unknown }).value),
    nom_enregistre: text(names[0]?.name),
    pays: text(first?.countryCode),
    documents: docTypes.map(qualified).filter((d): d is string => d !== null),
  };
}
