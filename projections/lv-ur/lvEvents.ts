import type { LV_EVENT_ROLES, LV_EVENT_TYPES } from '../../schemas/enums/lvUr.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};
const dateOf = (v: unknown) => {
  const s = text(v);
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
};

type LvEventType = (typeof LV_EVENT_TYPES)[number];
type LvEventRole = (typeof LV_EVENT_ROLES)[number];

/** `reorganization_type` → type, role of the source company, role of the final company. */
const REORGANISATIONS: Record<string, { type: LvEventType; source: LvEventRole; final: LvEventRole }> = {
  ACQUISITION: { type: 'fusion_absorption', source: 'absorbee', final: 'absorbante' },
  MERGER: { type: 'fusion', source: 'fusionnee', final: 'issue_de_fusion' },
  DIVISION: { type: 'scission', source: 'scindee', final: 'beneficiaire' },
  SEPARATION: { type: 'scission_partielle', source: 'scindee', final: 'beneficiaire' },
  TRANSFORMATION: { type: 'transformation', source: 'transformee', final: 'issue_de_transformation' },
};
const OTHER_REORGANISATION = { type: 'reorganisation', source: 'source', final: 'beneficiaire' } as const;

export interface LvEvent {
  famille: 'liquidation' | 'suspension' | 'surete' | 'reorganisation';
  type: LvEventType;
  type_source: string | null;
  libelle_source: string | null;
  date: string | null;
  fondement: string | null;
  role: LvEventRole;
  societe_liee: string | null;
  numero_affaire: string | null;
  institution: { type: string; nom: string | null; regnr: string | null } | null;
  inscrit_le: string | null;
}

const PROHIBITION = /aizliegum/i;
const ATTACHMENT = /arest/i;

/**
 * Who imposed a measure. Sworn bailiffs and notaries are natural persons named in `institution_name`
 * ("Zvērināta tiesu izpildītāja <name>"): they are served by role only, never by name.
 */
export function institutionOf(name: string | null): LvEvent['institution'] {
  if (!name) return null;
  if (/tiesu izpild/i.test(name)) return { type: 'huissier_de_justice', nom: null, regnr: null };
  if (/notār/i.test(name)) return { type: 'notaire', nom: null, regnr: null };
  return { type: 'autorite', nom: name, regnr: null };
}

/** The legal events of company `id` from the rows of the four legal-events files that name it, newest first. */
export function lvEvents(
  id: string,
  rows: { liquidations: Row[]; suspensions: Row[]; securing: Row[]; reorganisations: Row[] },
): LvEvent[] {
  const base = { role: 'objet' as const, societe_liee: null };
  const events: LvEvent[] = [
    ...rows.liquidations.map((r) => ({
      ...base,
      famille: 'liquidation' as const,
      type: 'cessation_activite' as const,
      type_source: text(r.liquidation_type),
      libelle_source: text(r.liquidation_type_text),
      date: dateOf(r.date_from),
      fondement: text(r.grounds_for_liquidation),
      numero_affaire: null,
      institution: null,
      inscrit_le: null,
    })),
    ...rows.suspensions.map((r) => {
      const label = text(r.suspension_code_text);
      return {
        ...base,
        famille: 'suspension' as const,
        type: PROHIBITION.test(label ?? '') ? ('interdiction' as const) : ('suspension_activite' as const),
        type_source: text(r.suspension_code),
        libelle_source: label,
        date: dateOf(r.date_from),
        fondement: text(r.ground_for),
        numero_affaire: null,
        institution: null,
        inscrit_le: null,
      };
    }),
    ...rows.securing.map((r) => {
      const label = text(r.securing_measure_type_text);
      const type = PROHIBITION.test(label ?? '')
        ? ('interdiction' as const)
        : ATTACHMENT.test(label ?? '')
          ? ('saisie' as const)
          : ('mesure_conservatoire' as const);
      return {
        ...base,
        famille: 'surete' as const,
        type,
        type_source: text(r.securing_measure_type),
        libelle_source: label,
        date: dateOf(r.date_from),
        fondement: text(r.type_details),
        numero_affaire: text(r.case_number),
        institution: institutionOf(text(r.institution_name)),
        inscrit_le: null,
      };
    }),
    ...rows.reorganisations.map((r) => {
      const code = text(r.reorganization_type);
      const kind = (code ? REORGANISATIONS[code.toUpperCase()] : undefined) ?? OTHER_REORGANISATION;
      const source = text(r.source_entity_regcode);
      const final = text(r.final_entity_regcode);
      const isSource = source === id;
      return {
        famille: 'reorganisation' as const,
        type: kind.type,
        type_source: code,
        libelle_source: text(r.reorganization_type_text),
        date: dateOf(r.registered),
        fondement: null,
        role: isSource ? kind.source : kind.final,
        societe_liee: isSource ? final : source,
        numero_affaire: null,
        institution: null,
        inscrit_le: null,
      };
    }),
  ];
  return events.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}
