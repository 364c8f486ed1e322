import { SK_RUZ_REGISTER } from '../../schemas/events/skRuzEvents.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { SK_LEGAL_FORMS } from '../sk-rpo/skLegalForms.ts';

/**
 * What the RÚZ client keeps of each answer (the `record` of its `LiveRecordObserved` events): the members the
 * accounts routes read, nothing else (FORMATS-LIVE.md 2b; live/SOURCE.txt). A natural person's unit keeps its
 * identifiers and legal form only: its name and address never enter the log.
 */
export interface RuzUnitIds {
  kind: 'sk-ruz-jednotky';
  ids: number[];
}
export interface RuzUnit {
  kind: 'sk-ruz-jednotka';
  id: number;
  ico: string | null;
  pravnaForma: string | null;
  nazovUJ: string | null;
  /** `ZMAZANE`: a unit RÚZ deleted. */
  stav: string | null;
  datumZrusenia: string | null;
  idUctovnychZavierok: number[];
}
export interface RuzStatement {
  kind: 'sk-ruz-zavierka';
  id: number;
  idUJ: number | null;
  obdobieOd: string | null;
  obdobieDo: string | null;
  typ: string | null;
  konsolidovana: boolean;
  nazovUJ: string | null;
  datumPodania: string | null;
  datumZostaveniaK: string | null;
  datumSchvalenia: string | null;
  idUctovnychVykazov: number[];
}
export interface RuzReport {
  kind: 'sk-ruz-vykaz';
  id: number;
  idSablony: number | null;
  mena: string | null;
  /** The structured tables (`obsah.tabulky`), or null for a report that is only attachments (PDF). */
  tabulky: { nazov: string | null; data: string[] }[] | null;
  nazovUctovnejJednotky: string | null;
  datumSchvalenia: string | null;
  pocetPriloh: number;
}
export interface RuzTemplate {
  kind: 'sk-ruz-sablona';
  id: number;
  nazov: string | null;
  tabulky: {
    nazov: { sk: string | null; en: string | null };
    pocetDatovychStlpcov: number | null;
    riadky: {
      cisloRiadku: number;
      oznacenie: string | null;
      text: { sk: string | null; en: string | null };
    }[];
  }[];
}

type Json = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const unreadable = (what: string) =>
  new LiveUnavailableError(SK_RUZ_REGISTER, 'illisible', `RÚZ: unreadable ${what}`);

function unitOf(j: Json): RuzUnit {
  const pravnaForma = text(j.pravnaForma);
  const natural = pravnaForma !== null && SK_LEGAL_FORMS[pravnaForma]?.personne === 'physique';
  return {
    kind: 'sk-ruz-jednotka',
    id: j.id as number,
    ico: text(j.ico),
    pravnaForma,
    nazovUJ: natural ? null : text(j.nazovUJ),
    stav: text(j.stav),
    datumZrusenia: text(j.datumZrusenia),
    idUctovnychZavierok: natural ? [] : ids(j.idUctovnychZavierok),
  };
}

function statementOf(j: Json): RuzStatement {
  return {
    kind: 'sk-ruz-zavierka',
    id: j.id as number,
    idUJ: Number.isInteger(j.idUJ) ? (j.idUJ as number) : null,
    obdobieOd: text(j.obdobieOd),
    obdobieDo: text(j.obdobieDo),
    typ: text(j.typ),
    konsolidovana: j.konsolidovana === true,
    nazovUJ: text(j.nazovUJ),
    datumPodania: text(j.datumPodania),
    datumZostaveniaK: text(j.datumZostaveniaK),
    datumSchvalenia: text(j.datumSchvalenia),
    idUctovnychVykazov: ids(j.idUctovnychVykazov),
  };
}

function reportOf(j: Json): RuzReport {
  const obsah = isObject(j.obsah) ? j.obsah : null;
  const tables = Array.isArray(obsah?.tabulky) ? (obsah.tabulky as unknown[]) : null;
  const title = isObject(obsah?.titulnaStrana) ? obsah.titulnaStrana : {};
  return {
    kind: 'sk-ruz-vykaz',
    id: j.id as number,
    idSablony: Number.isInteger(j.idSablony) ? (j.idSablony as number) : null,
    mena: text(j.mena),
    tabulky:
      tables && tables.length > 0
        ? tables.map((t) => ({
            nazov: isObject(t) && isObject(t.nazov) ? text(t.nazov.sk) : null,
            data:
              isObject(t) && Array.isArray(t.data)
                ? t.data.map((c) => (typeof c === 'string' ? c : String(c)))
                : [],
          }))
        : null,
    nazovUctovnejJednotky: text(title.nazovUctovnejJednotky),
    datumSchvalenia: text(title.datumSchvalenia),
    pocetPriloh: Array.isArray(j.prilohy) ? j.prilohy.length : 0,
  };
}

function templateOf(j: Json): RuzTemplate {
  const localized = (v: unknown) => ({
    sk: isObject(v) ? text(v.sk) : text(v),
    en: isObject(v) ? text(v.en) : null,
  });
  return {
    kind: 'sk-ruz-sablona',
    id: j.id as number,
    nazov: text(j.nazov),
    tabulky: (Array.isArray(j.tabulky) ? j.tabulky : []).filter(isObject).map((t) => ({
      nazov: localized(t.nazov),
      pocetDatovychStlpcov: Number.isInteger(t.pocetDatovychStlpcov)
        ? (t.pocetDatovychStlpcov as number)
        : null,
      riadky: (Array.isArray(t.riadky) ? t.riadky : []).filter(isObject).map((r) => ({
        cisloRiadku: Number(r.cisloRiadku),
        oznacenie: text(r.oznacenie),
        text: localized(r.text),
      })),
    })),
  };
}

/**
 * The parser the RÚZ client applies before anything is recorded, by endpoint. Every answer is 200 (an unknown
 * id is a 404 with an empty body, which the client refuses and never records: a filing announced and missing
 * is asked again on the next read). A body without the endpoint's shape is unreadable.
 */
export function extractRuz(status: number, json: unknown, url: string) {
  const endpoint = new URL(url).pathname.split('/').pop();
  if (status !== 200 || !isObject(json)) throw unreadable(endpoint ?? 'answer');
  if (endpoint === 'uctovne-jednotky') {
    if (json.id !== undefined && !Array.isArray(json.id)) throw unreadable('list of units');
    return { kind: 'sk-ruz-jednotky', ids: ids(json.id) } satisfies RuzUnitIds;
  }
  if (!Number.isInteger(json.id)) throw unreadable(endpoint ?? 'answer');
  if (endpoint === 'uctovna-jednotka') return unitOf(json);
  if (endpoint === 'uctovna-zavierka') return statementOf(json);
  if (endpoint === 'uctovny-vykaz') return reportOf(json);
  if (endpoint === 'sablona') return templateOf(json);
  throw unreadable(endpoint ?? 'answer');
}
