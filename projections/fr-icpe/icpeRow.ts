import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { IcpeRecord, IcpeRubriqueRecord } from '../../schemas/events/frIcpeEvents.ts';

/** A rubrique of the nomenclature as the block serves it (rubriqueIC.csv's members, renamed). */
export interface IcpeRubrique {
  numero: string;
  nature: string | null;
  alinea: string | null;
  regime: string | null;
  /** `quantiteTotale` as published (a decimal string, `64000.000`), with its `unite`. */
  quantite: string | null;
  unite: string | null;
  /** `dateMotif` (published `DD/MM/YYYY`) as `YYYY-MM-DD`; null when not published or unreadable. */
  date_motif: string | null;
}

/** The activities Géorisques flags on an installation (its `true` columns, in the file's order). */
export const ICPE_ACTIVITES = ['bovins', 'porcs', 'volailles', 'carriere', 'eolienne', 'industrie'] as const;

/** One installation as the read table holds it (its columns are the block's members). */
export interface IcpeInstallationRow {
  /** `codeAiot`, the installation's identifier at the inspection. */
  id: string;
  siret: string;
  siren: string;
  code_postal: string | null;
  code_insee: string | null;
  commune: string | null;
  code_naf: string | null;
  /** `regimeVigueur` as published (Autorisation, Enregistrement, Déclaration…, « Non ICPE », « Autres régimes »). */
  regime: string | null;
  statut_seveso: string | null;
  etat_activite: string | null;
  priorite_nationale: boolean | null;
  ied: boolean | null;
  service_aiot: string | null;
  activites: string[];
  rubriques: IcpeRubrique[];
  /** The distinct inspection dates, latest first. */
  inspections: string[];
  url: string | null;
}

/** An installation's row, or null without an id or a SIRET (the ingester does not log such lines). */
export function icpeInstallationRow(data: EntityRecordedData): IcpeInstallationRow | null {
  const r = data.record as IcpeRecord;
  const siret = text(r.numeroSiret);
  if (!data.id || !siret) return null;
  return {
    id: data.id,
    siret,
    siren: siret.slice(0, 9),
    code_postal: text(r.codePostal),
    code_insee: text(r.codeInsee),
    commune: text(r.commune),
    code_naf: text(r.codeNaf),
    regime: text(r.regimeVigueur),
    statut_seveso: text(r.statutSeveso),
    etat_activite: text(r.etatActivite),
    priorite_nationale: flag(r.prioriteNationale),
    ied: flag(r.ied),
    service_aiot: text(r.serviceAiot),
    activites: ICPE_ACTIVITES.filter((a) => flag(r[a]) === true),
    rubriques: (Array.isArray(r.rubriques) ? r.rubriques : []).flatMap(rubriqueOf),
    inspections: [
      ...new Set((Array.isArray(r.inspections) ? r.inspections : []).map((i) => isoDate(i.dateInspection))),
    ]
      .filter((d): d is string => d !== null)
      .sort()
      .reverse(),
    url: text(r.url),
  };
}

function rubriqueOf(r: IcpeRubriqueRecord): IcpeRubrique[] {
  const numero = text(r.numeroRubrique);
  if (!numero) return [];
  return [
    {
      numero,
      nature: text(r.nature),
      alinea: text(r.alinea),
      regime: text(r.regimeAutoriseAlinea),
      quantite: text(r.quantiteTotale),
      unite: text(r.unite),
      date_motif: isoDate(r.dateMotif),
    },
  ];
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t;
}

/** The export's booleans are `true` / `false`; anything else is not published. */
function flag(value: unknown): boolean | null {
  const t = text(value);
  return t === 'true' ? true : t === 'false' ? false : null;
}

/** `YYYY-MM-DD` (inspection.csv) or `DD/MM/YYYY` (rubriqueIC.csv's dateMotif) as `YYYY-MM-DD`. */
function isoDate(value: unknown): string | null {
  const t = text(value);
  if (!t) return null;
  if (/^\d{4}-\d{2}-\d{2}/.test(t)) return t.slice(0, 10);
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}
