import type { Knex } from 'knex';
import { NO_REGNSKAP_REGISTER, REGNSKAP } from '../../schemas/events/noRegnskapEvents.ts';
import { entityHandlers } from '../core/entityHandlers.ts';
import type { Projection } from '../core/projection.ts';
import { createDetailTable, detailBinding } from '../eu-profile/detailDocuments.ts';

/** The accounts register's answer per organisation number (id = entreprise = orgnr), as recorded. */
export const NO_ACCOUNTS = 'eu_no_comptes';

/**
 * Norway's accounts: the last recording of the accounts register's open API per organisation number. The
 * table keeps the recorded answer; the route maps it (`noAccountsYears`). Rebuilt from the log alone.
 */
export const noBrregAccountsProjection: Projection = {
  name: 'no-brreg-comptes',
  registers: [NO_REGNSKAP_REGISTER],
  tables: [NO_ACCOUNTS],
  migrations: [
    {
      name: 'eu_no_0004_comptes',
      async up(knex) {
        await createDetailTable(knex, NO_ACCOUNTS);
      },
    },
  ],
  ...entityHandlers([detailBinding(NO_REGNSKAP_REGISTER, REGNSKAP, NO_ACCOUNTS, (_r, id) => id)]),
};

/** The recorded answer for a company, or null when none was recorded. */
export async function readNoAccounts(knex: Knex, orgnr: string) {
  const { rows } = await knex.raw(`select record from ${NO_ACCOUNTS} where id = ?`, [orgnr]);
  const row = (rows as { record: Record<string, unknown> }[])[0];
  return row
    ? {
        status: Number(row.record.status),
        regnskap: (row.record.regnskap ?? []) as Record<string, unknown>[],
        melding: (row.record.melding ?? null) as string | null,
      }
    : null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
const date = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null;

/** The contract's balance-sheet items, each from the published path (null when not published). */
const BILAN = {
  actif_non_courant: 'eiendeler.anleggsmidler.sumAnleggsmidler',
  actif_courant: 'eiendeler.omloepsmidler.sumOmloepsmidler',
  total_actif: 'eiendeler.sumEiendeler',
  immobilisations_corporelles: null,
  capitaux_propres: 'egenkapitalGjeld.egenkapital.sumEgenkapital',
  dettes: 'egenkapitalGjeld.gjeldOversikt.sumGjeld',
  capitaux_propres_apportes: 'egenkapitalGjeld.egenkapital.innskuttEgenkapital.sumInnskuttEgenkaptial',
  capitaux_propres_acquis: 'egenkapitalGjeld.egenkapital.opptjentEgenkapital.sumOpptjentEgenkapital',
  dettes_long_terme: 'egenkapitalGjeld.gjeldOversikt.langsiktigGjeld.sumLangsiktigGjeld',
  dettes_court_terme: 'egenkapitalGjeld.gjeldOversikt.kortsiktigGjeld.sumKortsiktigGjeld',
  total_passif: 'egenkapitalGjeld.sumEgenkapitalGjeld',
} as const;

/** The income-statement items: `produits` is the operating income; sales alone are `chiffre_affaires`. */
const COMPTE_RESULTAT = {
  chiffre_affaires: 'resultatregnskapResultat.driftsresultat.driftsinntekter.salgsinntekter',
  produits: 'resultatregnskapResultat.driftsresultat.driftsinntekter.sumDriftsinntekter',
  charges_exploitation: 'resultatregnskapResultat.driftsresultat.driftskostnad.sumDriftskostnad',
  resultat_exploitation: 'resultatregnskapResultat.driftsresultat.driftsresultat',
  produits_financiers: 'resultatregnskapResultat.finansresultat.finansinntekt.sumFinansinntekter',
  charges_financieres: 'resultatregnskapResultat.finansresultat.finanskostnad.sumFinanskostnad',
  resultat_financier: 'resultatregnskapResultat.finansresultat.nettoFinans',
  resultat_avant_impot: 'resultatregnskapResultat.ordinaertResultatFoerSkattekostnad',
  resultat_net: 'resultatregnskapResultat.aarsresultat',
  resultat_global: 'resultatregnskapResultat.totalresultat',
} as const;

const MAPPED = new Set<string>(
  [...Object.values(BILAN), ...Object.values(COMPTE_RESULTAT)].filter((p) => p !== null),
);

/** Every numeric leaf of the amount blocks, by dotted path, in the answer's order. */
function leaves(value: unknown, prefix: string, out: [string, number][]): [string, number][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leaves(v, `${prefix}.${k}`, out);
  } else if (typeof value === 'number') {
    out.push([prefix, value]);
  }
  return out;
}

function amounts<K extends string>(spec: Record<K, string | null>, values: Map<string, number>) {
  return Object.fromEntries(
    Object.entries(spec).map(([name, source]) => [
      name,
      source ? (values.get(source as string) ?? null) : null,
    ]),
  ) as Record<K, number | null>;
}

/** One published accounts record in the contract's terms (the Lithuanian accounts' shape, where it fits). */
export function noAccountsYear(r: Obj) {
  const values = new Map<string, number>();
  for (const block of ['eiendeler', 'egenkapitalGjeld', 'resultatregnskapResultat']) {
    for (const [k, v] of leaves(r[block], block, [])) values.set(k, v);
  }
  const periode = obj(r.regnskapsperiode);
  const principes = obj(r.regnkapsprinsipper);
  const revisjon = obj(r.revisjon);
  const type = text(r.regnskapstype);
  return {
    debut: date(periode.fraDato),
    fin: date(periode.tilDato),
    consolide: type === 'KONSERN',
    type_source: type,
    etats: [
      {
        gabarit: { code: text(r.oppstillingsplan), libelle: null },
        standard: { code: text(principes.regnskapsregler), libelle: null },
      },
    ],
    depose_le: null,
    devise: text(r.valuta),
    comptes_de_liquidation: bool(r.avviklingsregnskap),
    regles_petites_entreprises: bool(principes.smaaForetak),
    revision: {
      non_revise: bool(revisjon.ikkeRevidertAarsregnskap),
      dispense_choisie: bool(revisjon.fravalgRevisjon),
    },
    bilan: amounts(BILAN, values),
    compte_resultat: amounts(COMPTE_RESULTAT, values),
    autres_postes: [...values]
      .filter(([path]) => !MAPPED.has(path))
      .map(([code, valeur]) => ({ code, libelle: null, valeur })),
    id_source: typeof r.id === 'number' ? r.id : null,
    numero_journal: text(r.journalnr),
  };
}

/** The years served, latest end first; at one end, company accounts before the group's. */
export function noAccountsYears(regnskap: readonly Record<string, unknown>[]) {
  return regnskap
    .map(noAccountsYear)
    .sort((a, b) => (b.fin ?? '').localeCompare(a.fin ?? '') || Number(a.consolide) - Number(b.consolide));
}
