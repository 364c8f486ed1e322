type Row = Record<string, unknown>;
const text = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};
const num = (v: unknown): number | null => {
  const s = text(v);
  if (s === null) return null;
  const n = Number(s.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};
const round2 = (x: number) => Math.round(x * 100) / 100;

export interface LvMember {
  type: 'personne_morale' | 'personne_physique';
  nom: string | null;
  regnr_entite: string | null;
  titres: {
    nature: string;
    nombre: number | null;
    valeur_nominale: number | null;
    devise: string | null;
    votes: number | null;
    type_actions: string | null;
  };
  part_capital_pct: number | null;
  coproprietaires: number | null;
  actionnaires_non_publies: boolean;
  depuis: string | null;
  inscrit_le: string | null;
  modifie_le: string | null;
}

/** `parts_sociales` for an SIA (daļas), `actions` for an AS and the rest of the share companies. */
const natureOf = (companyType: string | null) => (companyType === 'SIA' ? 'parts_sociales' : 'actions');

/** `2023-01-05T10:15:00` or `2023-01-05 10:15:00.000` as published → ISO 8601 UTC; null when unreadable. */
function timestampOf(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})/.exec(s);
  return m ? `${m[1]}T${m[2]}Z` : null;
}

const dateOf = (v: unknown) => {
  const s = text(v);
  return s && /^\d{4}-\d{2}-\d{2}/.test(s) ? s.slice(0, 10) : null;
};

/**
 * Rows of `members.csv` of one company as the members route serves them. A natural person is counted with
 * its holding and never named (the ingest already dropped its names; `nom` is null). `valeur_nominale` is
 * the holding's nominal value: `number_of_shares` × `share_nominal_value` (the latter is per share).
 */
export function lvMembers(rows: readonly Row[], companyType: string | null): LvMember[] {
  const members = rows.map((r) => {
    const natural = r.entity_type === 'NATURAL_PERSON';
    const count = num(r.number_of_shares);
    const unit = num(r.share_nominal_value);
    return {
      type: natural ? ('personne_physique' as const) : ('personne_morale' as const),
      nom: natural ? null : text(r.name),
      regnr_entite: natural ? null : text(r.legal_entity_registration_number),
      titres: {
        nature: natureOf(companyType),
        nombre: count,
        valeur_nominale: count !== null && unit !== null ? round2(count * unit) : null,
        devise: text(r.share_currency),
        votes: null,
        type_actions: null,
      },
      part_capital_pct: null as number | null,
      coproprietaires: null,
      actionnaires_non_publies: false,
      depuis: dateOf(r.date_from),
      inscrit_le: dateOf(r.registered_on),
      modifie_le: timestampOf(r.last_modified_at),
    };
  });
  const total = capitalOf(members);
  if (total && total.valeur_nominale_totale > 0) {
    for (const m of members)
      m.part_capital_pct = round2((m.titres.valeur_nominale! / total.valeur_nominale_totale) * 100);
  }
  return members;
}

/**
 * The nominal capital the lines add up to, only when every line gives a value in one currency (holdings
 * are as published: LVL before 2014 may sit beside EUR); null otherwise.
 */
export function capitalOf(members: readonly LvMember[]) {
  if (members.length === 0) return null;
  const currencies = new Set(members.map((m) => m.titres.devise));
  if (
    currencies.size !== 1 ||
    members.some((m) => m.titres.valeur_nominale === null || m.titres.nombre === null)
  ) {
    return null;
  }
  const total = members.reduce((s, m) => s + m.titres.valeur_nominale!, 0);
  const natural = members
    .filter((m) => m.type === 'personne_physique')
    .reduce((s, m) => s + m.titres.valeur_nominale!, 0);
  return {
    nature: members[0]!.titres.nature,
    nombre_titres: members.reduce((s, m) => s + m.titres.nombre!, 0),
    valeur_nominale_totale: round2(total),
    devise: members[0]!.titres.devise,
    detenu_par_personnes_physiques_pct: total > 0 ? round2((natural / total) * 100) : null,
  };
}
