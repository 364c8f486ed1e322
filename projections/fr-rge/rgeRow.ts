import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { RgeRecord } from '../../schemas/events/frRgeEvents.ts';

/** One qualification of an establishment as the read table holds it (its columns are the block's members). */
export interface RgeQualificationRow {
  /** The entity id, `<siret>-<code_qualification>`. */
  id: string;
  siret: string;
  siren: string;
  code_qualification: string;
  nom_qualification: string | null;
  nom_certificat: string | null;
  organisme: string | null;
  /** `domaine` as published; the Oct-2025 schema types it as a list: its items joined by « ; ». */
  domaine: string | null;
  meta_domaine: string | null;
  /** `lien_date_debut`, `YYYY-MM-DD`; null when not published (the 2022 lines have no dates). */
  debut: string | null;
  /** `lien_date_fin`, `YYYY-MM-DD` (`2099-01-01` is ADEME's « no end »). */
  fin: string | null;
  url_qualification: string | null;
  /** « Travaille pour les particuliers »: works for households (not: the holder is a natural person). */
  particulier: boolean | null;
}

/** A qualification's row, or null without an id or a SIRET (the ingester sets such lines aside). */
export function rgeQualificationRow(data: EntityRecordedData): RgeQualificationRow | null {
  const r = data.record as RgeRecord;
  const siret = text(r.siret);
  const code = text(r.code_qualification);
  if (!data.id || !siret || !code) return null;
  return {
    id: data.id,
    siret,
    siren: siret.slice(0, 9),
    code_qualification: code,
    nom_qualification: text(r.nom_qualification),
    nom_certificat: text(r.nom_certificat),
    organisme: text(r.organisme),
    domaine: Array.isArray(r.domaine)
      ? r.domaine
          .map(text)
          .filter((d) => d !== null)
          .join(' ; ') || null
      : text(r.domaine),
    meta_domaine: text(r.meta_domaine),
    debut: date(r.lien_date_debut),
    fin: date(r.lien_date_fin),
    url_qualification: text(r.url_qualification),
    particulier: typeof r.particulier === 'boolean' ? r.particulier : null,
  };
}

function text(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const t = String(value).trim();
  return t === '' ? null : t;
}

function date(value: unknown): string | null {
  const t = text(value);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : null;
}
