import { estonianDate } from './eeAriregisterProfile.ts';

type Row = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const list = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);

export interface EeAnnualReport {
  annee: number | null;
  debut: string | null;
  fin: string | null;
  effectif: number | null;
  activite: { code_emtak: string | null; libelle: string | null; version_emtak: string | null } | null;
}

/**
 * The annual-report summaries of the general data (`info_majandusaasta_aruannetest`): period, head count,
 * main activity. The open general data carries no financial figures.
 */
export function eeAnnualReports(general: Row | null): EeAnnualReport[] {
  return list(general?.info_majandusaasta_aruannetest)
    .map((r) => {
      const end = estonianDate(r.majandusaasta_perioodi_lopp_kpv);
      const employees = text(r.tootajate_arv);
      const code = text(r.tegevusala_emtak_kood);
      return {
        annee: end ? Number(end.slice(0, 4)) : null,
        debut: estonianDate(r.majandusaasta_perioodi_algus_kpv),
        fin: end,
        effectif: employees && /^\d+$/.test(employees) ? Number(employees) : null,
        activite: code
          ? {
              code_emtak: code,
              libelle: text(r.tegevusala_emtak_tekstina),
              version_emtak: text(r.tegevusala_emtak_versioon),
            }
          : null,
      };
    })
    .sort((a, b) => (b.fin ?? '').localeCompare(a.fin ?? ''));
}

/**
 * `type` of an Estonian register event, a closed list, from the status codes of the status history:
 * `immatriculation` (R, entered in the register), `liquidation` (L), `faillite` (N, bankruptcy),
 * `radiation` (K, deleted), `autre` (any other code, kept in `type_source`).
 */
const STATUS_EVENTS: Record<string, string> = {
  R: 'immatriculation',
  L: 'liquidation',
  N: 'faillite',
  K: 'radiation',
};

export interface EeEvent {
  famille: 'statut';
  type: string;
  type_source: string | null;
  libelle_source: string | null;
  date: string | null;
}

/** The status history of the general data (`staatused`), newest first; a deletion date adds `radiation`. */
export function eeStatusEvents(general: Row | null): EeEvent[] {
  const events: EeEvent[] = list(general?.staatused).map((s) => ({
    famille: 'statut',
    type: STATUS_EVENTS[String(s.staatus)] ?? 'autre',
    type_source: text(s.staatus),
    libelle_source: text(s.staatus_tekstina),
    date: estonianDate(s.algus_kpv),
  }));
  const deleted = estonianDate(general?.kustutamise_kpv);
  if (deleted && !events.some((e) => e.type === 'radiation')) {
    events.push({
      famille: 'statut',
      type: 'radiation',
      type_source: 'K',
      libelle_source: null,
      date: deleted,
    });
  }
  return events.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

export interface EeCapital {
  montant: number | null;
  devise: string | null;
  depuis: string | null;
  actions_sans_valeur_nominale: boolean | null;
}

/**
 * The registered share capital of the general data (`kapitalid`): the current entry (no end date), the
 * latest entered when several are. `actions_sans_valeur_nominale` is not in the open data: null.
 */
export function eeCapital(general: Row | null): EeCapital | null {
  const current = list(general?.kapitalid)
    .filter((k) => text(k.lopp_kpv) === null && text(k.kapitali_suurus) !== null)
    .sort(
      (a, b) =>
        Number(b.kande_nr ?? 0) - Number(a.kande_nr ?? 0) ||
        (estonianDate(b.algus_kpv) ?? '').localeCompare(estonianDate(a.algus_kpv) ?? ''),
    );
  const k = current[0];
  if (!k) return null;
  const amount = Number(String(k.kapitali_suurus).replace(',', '.'));
  return {
    montant: Number.isFinite(amount) ? amount : null,
    devise: text(k.kapitali_valuuta),
    depuis: estonianDate(k.algus_kpv),
    actions_sans_valeur_nominale: null,
  };
}
