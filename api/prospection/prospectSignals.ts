import type { Knex } from 'knex';
import {
  CORDIS_PARTICIPATIONS_TABLE,
  CORDIS_PROJECTS_TABLE,
} from '../../projections/eu-cordis/euCordisProjection.ts';
import { DECP_MARCHES_TABLE } from '../../projections/fr-decp/decpProjection.ts';
import { LISTE_TABLE } from '../../projections/fr-entreprises-liste/listeSchema.ts';
import { ETABLISSEMENTS_TABLE } from '../../projections/fr-sirene-etablissements/etablissementsProjection.ts';
import type { SignalProspection } from '../../schemas/enums/signauxProspection.ts';
import { EU_CORDIS_REGISTER } from '../../schemas/events/euCordisEvents.ts';
import { FR_DECP_REGISTER } from '../../schemas/events/frDecpEvents.ts';
import { FR_SIRENE_REGISTER } from '../../schemas/events/frSireneEvents.ts';
import type { SqlFragment } from '../lister/buildListQuery.ts';

/** The window signals are read in: dates from `depuis` to `jusqu_au` included (YYYY-MM-DD). */
export interface SignalWindow {
  depuis: string;
  jusqu_au: string;
}

/** The window of `months` months ending on the day of `now` (UTC). */
export function signalWindow(now: Date, months: number): SignalWindow {
  const since = new Date(now.getTime());
  since.setUTCMonth(since.getUTCMonth() - months);
  return { depuis: since.toISOString().slice(0, 10), jusqu_au: now.toISOString().slice(0, 10) };
}

interface SignalDefinition {
  code: SignalProspection;
  /** The register the signal is read from (`signaux[].source`, and the provenance entry behind it). */
  register: string;
  /** The condition, on the company row aliased `c`: the company carries the signal in the window. */
  holds(c: string, w: SignalWindow): SqlFragment;
  /** The signal's latest date in the window (YYYY-MM-DD text), or null, for the company row aliased `c`. */
  date(c: string, w: SignalWindow): SqlFragment;
}

/**
 * A signal read from another table: `fromWhere` selects the company's rows in the window, `dateColumn` their
 * date (ISO text in every read model read here, so text comparison is date comparison).
 */
function fromTable(
  code: SignalProspection,
  register: string,
  dateColumn: string,
  fromWhere: (c: string, w: SignalWindow) => SqlFragment,
): SignalDefinition {
  return {
    code,
    register,
    holds(c, w) {
      const f = fromWhere(c, w);
      return { sql: `exists (select 1 ${f.sql})`, bindings: f.bindings };
    },
    date(c, w) {
      const f = fromWhere(c, w);
      return { sql: `(select max(${dateColumn}) ${f.sql})`, bindings: f.bindings };
    },
  };
}

/** Every signal the service computes, in the order of the closed list. */
export const SIGNAL_DEFINITIONS: readonly SignalDefinition[] = [
  {
    code: 'creation_recente',
    register: FR_SIRENE_REGISTER,
    holds: (c, w) => ({
      sql: `${c}.date_creation between ?::date and ?::date`,
      bindings: [w.depuis, w.jusqu_au],
    }),
    date: (c, w) => ({
      sql: `case when ${c}.date_creation between ?::date and ?::date then to_char(${c}.date_creation, 'YYYY-MM-DD') end`,
      bindings: [w.depuis, w.jusqu_au],
    }),
  },
  // The establishment opened with the company is not a new one: only those opened after its creation date.
  fromTable('nouvel_etablissement', FR_SIRENE_REGISTER, 'e.date_creation', (c, w) => ({
    sql: `from ${ETABLISSEMENTS_TABLE} e
           where e.siren = ${c}.siren and e.statut_diffusion = 'O' and e.etat_administratif = 'A'
             and e.date_creation between ? and ?
             and (${c}.date_creation is null or e.date_creation > to_char(${c}.date_creation, 'YYYY-MM-DD'))`,
    bindings: [w.depuis, w.jusqu_au],
  })),
  fromTable('marche_public_gagne', FR_DECP_REGISTER, 'm.date_notification', (c, w) => ({
    sql: `from ${DECP_MARCHES_TABLE} m
           where m.titulaires_siren @> array[${c}.siren]::text[] and m.servie
             and m.date_notification between ? and ?`,
    bindings: [w.depuis, w.jusqu_au],
  })),
  fromTable('financement_ue', EU_CORDIS_REGISTER, 'j.debut', (c, w) => ({
    sql: `from ${CORDIS_PARTICIPATIONS_TABLE} p join ${CORDIS_PROJECTS_TABLE} j on j.id = p.projet_id
           where p.siren = ${c}.siren and p.contribution_ue_centimes > 0 and j.debut between ? and ?`,
    bindings: [w.depuis, w.jusqu_au],
  })),
];

export const signalOf = (code: string): SignalDefinition | undefined =>
  SIGNAL_DEFINITIONS.find((s) => s.code === code);

/**
 * Sirene's opt-out, at the establishment level: a company whose head office is published partially
 * diffusible (`statutDiffusionEtablissement` other than `O`: its person asked not to be diffused, which
 * includes commercial prospecting) is never listed. The unit's own `statutDiffusionUniteLegale` is the list
 * table's rule already (only `O` units enter it: projections/fr-entreprises-liste/refreshListe.ts).
 */
export const NOT_OPTED_OUT: SqlFragment = {
  sql: `not exists (select 1 from ${ETABLISSEMENTS_TABLE} e
                     where e.siren = ${LISTE_TABLE}.siren and e.est_siege
                       and coalesce(e.statut_diffusion, '') <> 'O')`,
  bindings: [],
};

/** The companies carrying at least one of `signals` in the window, on the list table's row. */
export function anySignalOf(signals: readonly SignalDefinition[], w: SignalWindow): SqlFragment {
  const parts = signals.map((s) => s.holds(LISTE_TABLE, w));
  return { sql: parts.map((p) => `(${p.sql})`).join(' or '), bindings: parts.flatMap((p) => p.bindings) };
}

/**
 * The query of the signals the page's companies carry: one row per company, one column per signal (its latest
 * date in the window, or null).
 */
export function signalDatesSql(
  signals: readonly SignalDefinition[],
  sirens: readonly string[],
  w: SignalWindow,
): SqlFragment {
  const columns = signals.map((s) => s.date('c', w));
  const list = columns.map((col, i) => `, ${col.sql} as "${signals[i]!.code}"`).join('');
  return {
    sql: `select c.siren${list} from ${LISTE_TABLE} c where c.siren = any(?::text[])`,
    bindings: [...columns.flatMap((col) => col.bindings), sirens as unknown as Knex.RawBinding],
  };
}
