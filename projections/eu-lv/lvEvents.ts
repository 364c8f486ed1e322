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

/**
 * `type` of a Latvian legal event, a closed list:
 * - `cessation_activite`: liquidation (winding up) of the company;
 * - `suspension_activite`: economic activity suspended by an authority;
 * - `interdiction`: a prohibition (e.g. of registering a commercial pledge);
 * - `saisie`: an attachment (arrest) of property or shares;
 * - `mesure_conservatoire`: any other securing measure.
 * Derived from the file the row comes from and its published label (Latvian `aizliegums` = prohibition,
 * `arests` = attachment); the register's own code and label stay in `type_source` and `libelle_source`.
 */
export const LV_EVENT_TYPES = [
  'cessation_activite',
  'suspension_activite',
  'interdiction',
  'saisie',
  'mesure_conservatoire',
] as const;

export interface LvEvent {
  famille: 'liquidation' | 'suspension' | 'surete';
  type: (typeof LV_EVENT_TYPES)[number];
  type_source: string | null;
  libelle_source: string | null;
  date: string | null;
  fondement: string | null;
  role: 'objet';
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

export function lvEvents(rows: { liquidations: Row[]; suspensions: Row[]; securing: Row[] }): LvEvent[] {
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
  ];
  return events.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}
