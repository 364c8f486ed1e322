import type {
  LiveDetailAnswer,
  LiveObservation,
  LiveProfileRecord,
} from '../../schemas/europe/euLiveRegister.ts';
import { FI_PRH_REGISTER } from '../../schemas/events/fiPrhEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import {
  FI_PRH_EVENT_FAMILY_OF,
  FI_PRH_LICENCE,
  type FiPrhEventFamily,
  type FiPrhEventSource,
  type FiPrhEventType,
} from '../../schemas/responses/fiPrh.ts';
import { type Described, date, finnish, text, type YtjCompany } from './prhYtj.ts';

/** One event of a Finnish company, as the events route serves it and the log keeps it. */
export interface PrhEvent {
  famille: FiPrhEventFamily;
  type: FiPrhEventType;
  type_source: string | null;
  libelle_source: string | null;
  date: string | null;
  date_fin: string | null;
  champ_source: FiPrhEventSource;
  registre: { code: string; libelle: string | null } | null;
  autorite: { code: string; libelle: string | null } | null;
}

/** The profile record of a company PRH serves, with its events (kept in the same observation). */
export type PrhProfileRecord = LiveProfileRecord & { evenements?: PrhEvent[] };

/**
 * Register codes (code list REK) and authority codes (VIRANOM) with their Finnish labels, as PRH's own YTJ
 * answer describes them (live/SOURCE.txt): only those seen; another code is served with a null label.
 */
const REGISTERS: Readonly<Record<string, string>> = {
  '1': 'Kaupparekisteri',
  '4': 'Verohallinnon perustiedot',
  '5': 'Ennakkoperintärekisteri',
  '6': 'Arvonlisäverovelvollisuus',
  '7': 'Työnantajarekisteri',
};
const AUTHORITIES: Readonly<Record<string, string>> = {
  '1': 'Verohallinto',
  '2': 'Patentti- ja rekisterihallitus',
};

/**
 * The registration statuses (code list REK_KDI, keyed `<register>_<type>` as the OpenAPI says) verified to
 * mean that the company is entered in the register: "Rekisterissä" (registered) in the trade register (1_1),
 * the Tax Administration's basic data (4_1), the prepayment (5_55) and employer (7_41) registers, and the
 * three VAT liabilities (6_80, 6_82, 6_83). Any other status is served as `statut_registre`, never guessed.
 */
const REGISTERED_STATUSES = new Set(['1_1', '4_1', '5_55', '6_80', '6_82', '6_83', '7_41']);

/** Company situations (`companySituations[].type`, the OpenAPI's enum); another code is `situation_autre`. */
const SITUATIONS: Readonly<Record<string, FiPrhEventType>> = {
  SELTILA: 'liquidation',
  SANE: 'restructuration',
  KONK: 'faillite',
};

const codeOf = (v: unknown) => text(typeof v === 'number' ? String(v) : v);

const coded = (code: unknown, labels: Readonly<Record<string, string>>) => {
  const c = codeOf(code);
  return c === null ? null : { code: c, libelle: labels[c] ?? null };
};

function event(
  type: FiPrhEventType,
  champ: FiPrhEventSource,
  fields: Partial<Omit<PrhEvent, 'famille' | 'type' | 'champ_source'>>,
): PrhEvent {
  return {
    famille: FI_PRH_EVENT_FAMILY_OF[type],
    type,
    type_source: fields.type_source ?? null,
    libelle_source: fields.libelle_source ?? null,
    date: fields.date ?? null,
    date_fin: fields.date_fin ?? null,
    champ_source: champ,
    registre: fields.registre ?? null,
    autorite: fields.autorite ?? null,
  };
}

/**
 * The versions of a list (names of one type, company forms) oldest first: the current one (version 1, the
 * OpenAPI says; other numbers are earlier versions) last, the earlier ones by date, then by version.
 */
function oldestFirst<T extends Pick<Described, 'registrationDate' | 'version'>>(list: readonly T[]): T[] {
  const isCurrent = (x: T) => (x.version === 1 ? 1 : 0);
  return [...list].sort(
    (a, b) =>
      isCurrent(a) - isCurrent(b) ||
      (date(a.registrationDate) ?? '').localeCompare(date(b.registrationDate) ?? '') ||
      (b.version ?? 0) - (a.version ?? 0),
  );
}

/**
 * The events of one YTJ company, newest first (undated last): the Business ID granted, each register entry,
 * each situation (restructuring, liquidation, bankruptcy), each company form or main name that follows an
 * earlier one, and the cessation date. Names are never copied: a change of name is served without it.
 */
export function prhEvents(c: YtjCompany): PrhEvent[] {
  const events: PrhEvent[] = [];
  const granted = date(c.businessId?.registrationDate);
  if (granted) events.push(event('attribution_identifiant', 'businessId', { date: granted }));
  for (const e of c.registeredEntries ?? []) {
    const type = codeOf(e.type);
    const register = coded(e.register, REGISTERS);
    const status = `${register?.code ?? ''}_${type ?? ''}`;
    events.push(
      event(
        REGISTERED_STATUSES.has(status) ? 'inscription_registre' : 'statut_registre',
        'registeredEntries',
        {
          type_source: type,
          libelle_source: finnish(e),
          date: date(e.registrationDate),
          date_fin: date(e.endDate),
          registre: register,
          autorite: coded(e.authority, AUTHORITIES),
        },
      ),
    );
  }
  for (const s of c.companySituations ?? []) {
    const type = codeOf(s.type);
    const kind = (type === null ? undefined : SITUATIONS[type]) ?? 'situation_autre';
    events.push(
      event(kind, 'companySituations', {
        type_source: type,
        libelle_source: finnish(s),
        date: date(s.registrationDate),
        date_fin: date(s.endDate),
      }),
    );
  }
  for (const form of oldestFirst(c.companyForms ?? []).slice(1)) {
    events.push(
      event('changement_forme_juridique', 'companyForms', {
        type_source: codeOf(form.type),
        libelle_source: finnish(form),
        date: date(form.registrationDate),
      }),
    );
  }
  for (const name of oldestFirst((c.names ?? []).filter((n) => n.type === '1')).slice(1)) {
    events.push(
      event('changement_denomination', 'names', { type_source: '1', date: date(name.registrationDate) }),
    );
  }
  const ended = date(c.endDate);
  if (ended) events.push(event('cessation', 'endDate', { date: ended }));
  // Newest first; undated last; the source's order among equals (a stable sort).
  return events.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

/**
 * What the events route reads of a `companies?businessId=` observation: the company's events, or why it is not
 * served, refused exactly as its profile is (unknown, natural person, a company form that does not decide).
 */
export function prhEventsAnswer(record: PrhProfileRecord, observation: LiveObservation): LiveDetailAnswer {
  const observations = [observation];
  if (record.forme_indecise) {
    return { outcome: 'forme_indecise', forme_code: record.forme_indecise.code, observations };
  }
  if (!record.profil) return { outcome: 'inconnu', observations };
  if (record.profil.personne_physique) return { outcome: 'personne_physique', observations };
  if (!Array.isArray(record.evenements)) {
    throw new LiveUnavailableError(FI_PRH_REGISTER, 'illisible', 'PRH: observation without its events');
  }
  const evenements = record.evenements;
  return {
    outcome: 'servi',
    denomination: record.profil.denomination,
    members: {
      denomination: record.profil.denomination,
      nombre_evenements: evenements.length,
      aucun_evenement: evenements.length === 0,
      evenements,
      consulte_le: observation.observedAt,
      licence: FI_PRH_LICENCE,
    },
    observations,
  };
}
