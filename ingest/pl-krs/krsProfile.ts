import type { LiveProfileRecord } from '../../schemas/europe/euLiveRegister.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import { PL_KRS_REGISTER } from '../../schemas/events/plKrsEvents.ts';
import { isValidNip } from '../../schemas/identifiers/plNip.ts';
import { LiveUnavailableError } from '../../schemas/live/liveUnavailable.ts';
import { KRS_LEGAL_FORMS } from './krsLegalForms.ts';

/** The members of an `OdpisAktualny` the profile reads (samples in live/SOURCE.txt). */
interface Odpis {
  naglowekA?: { numerKRS?: string; dataRejestracjiWKRS?: string };
  dane?: {
    dzial1?: {
      danePodmiotu?: {
        formaPrawna?: string;
        nazwa?: string;
        identyfikatory?: { nip?: string; regon?: string };
      };
      siedzibaIAdres?: {
        adres?: {
          ulica?: string;
          nrDomu?: string;
          nrLokalu?: string;
          miejscowosc?: string;
          kodPocztowy?: string;
          kraj?: string;
        };
      };
    };
    dzial6?: Record<string, unknown>;
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** `dd.MM.yyyy` → `yyyy-MM-dd`. */
const isoDate = (v: unknown): string | null => {
  const m = typeof v === 'string' ? /^(\d{2})\.(\d{2})\.(\d{4})/.exec(v) : null;
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};

/**
 * Section 6 of the extract holds liquidation, bankruptcy and restructuring: while it holds anything the
 * company is ceasing (the members present, as published, in `statut_detail`); otherwise it is active. A
 * struck-off company has no current extract (404), so `radie` is never derived here.
 */
function statutOf(odpis: Odpis): { statut: EuStatut; detail: string } {
  const section6 = Object.keys(odpis.dane?.dzial6 ?? {});
  if (section6.length > 0) return { statut: 'en_cessation', detail: `dzial6: ${section6.sort().join(', ')}` };
  return { statut: 'actif', detail: 'dzial6: vide' };
}

/** One KRS extract in the unified profile's terms; an unlisted legal form is undecided, never guessed. */
export function krsProfileRecord(krs: string, odpis: Odpis): LiveProfileRecord {
  const base = { kind: 'eu-profil' as const, pays: 'PL', id_national: krs };
  const subject = odpis.dane?.dzial1?.danePodmiotu ?? {};
  const form = text(subject.formaPrawna);
  if (!form || !KRS_LEGAL_FORMS.has(form)) {
    return { ...base, profil: null, forme_indecise: { code: form, libelle: form } };
  }
  const address = odpis.dane?.dzial1?.siedzibaIAdres?.adres ?? {};
  const number = [text(address.nrDomu), text(address.nrLokalu)].filter(Boolean).join('/');
  const nip = text(subject.identyfikatory?.nip);
  const { statut, detail } = statutOf(odpis);
  const row: EuProfileRow = {
    id_national: krs,
    personne_physique: false,
    denomination: text(subject.nazwa),
    forme_code: null,
    forme_libelle: form,
    statut,
    statut_detail: detail,
    date_creation: isoDate(odpis.naglowekA?.dataRejestracjiWKRS),
    adresse: [text(address.ulica), number].filter(Boolean).join(' ') || null,
    code_postal: text(address.kodPocztowy),
    ville: text(address.miejscowosc),
    pays_adresse: text(address.kraj),
    // A NIP whose check digit fails is not served as a VAT identifier.
    tva: nip && isValidNip(nip) ? `PL${nip}` : null,
    lei: null,
    lien_registre: `https://api-krs.ms.gov.pl/api/krs/OdpisAktualny/${krs}?rejestr=P&format=json`,
  };
  return { ...base, profil: row };
}

/** `OdpisAktualny/{krs}`: 200 with the extract, or 404 (not in that register). */
export function extractKrs(status: number, json: unknown, url: string): LiveProfileRecord {
  const krs = /\/OdpisAktualny\/(\d{10})$/.exec(new URL(url).pathname)?.[1];
  if (!krs) throw new LiveUnavailableError(PL_KRS_REGISTER, 'illisible', 'KRS: not an extract request');
  if (status === 404) return { kind: 'eu-profil', pays: 'PL', id_national: krs, profil: null };
  const odpis = (json as { odpis?: Odpis } | null)?.odpis;
  if (!odpis || odpis.naglowekA?.numerKRS !== krs) {
    throw new LiveUnavailableError(PL_KRS_REGISTER, 'illisible', 'KRS: not the extract asked for');
  }
  return krsProfileRecord(krs, odpis);
}
