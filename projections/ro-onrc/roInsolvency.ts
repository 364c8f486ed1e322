import type { Knex } from 'knex';
import {
  RO_PROCEDURE_FAMILIES,
  type RoStatusFamily,
  roPractitionerRole,
  roStatusFamily,
} from '../../schemas/enums/roOnrc.ts';
import { exactName } from './roOnrcTables.ts';
import type { RoStatusCode } from './roStatut.ts';

export interface RoStatusEntry {
  code: number;
  libelle_ro: string | null;
  famille: RoStatusFamily;
  fr: string | null;
}

/** A company's status codes, in code order, split into insolvency proceedings and the others. */
export function roStatusEntries(codes: readonly RoStatusCode[]): {
  procedures: RoStatusEntry[];
  autres: RoStatusEntry[];
} {
  const entries = codes
    .map((c) => ({ code: Number(c.code), libelle_ro: c.label, ...roStatusFamily(c.label) }))
    .sort((a, b) => a.code - b.code);
  return {
    procedures: entries.filter((e) => RO_PROCEDURE_FAMILIES.includes(e.famille)),
    autres: entries.filter((e) => !RO_PROCEDURE_FAMILIES.includes(e.famille)),
  };
}

const GRAVEST: readonly RoStatusFamily[] = ['faillite', 'insolvabilite', 'liquidation', 'dissolution'];

/**
 * `statut_registre`: `radie` (struck off), `actif` (trading, nothing graver recorded; `detail`
 * `alerte_administrative` when a warning is), or `autre` with the gravest family in `detail` (bankruptcy,
 * insolvency, liquidation, dissolution, else a warning or an unnamed code); both null when no status is
 * published.
 */
export function roRegisterStatus(entries: readonly RoStatusEntry[]): {
  unifie: 'actif' | 'radie' | 'autre' | null;
  detail: RoStatusFamily | null;
} {
  if (entries.length === 0) return { unifie: null, detail: null };
  const has = (f: RoStatusFamily) => entries.some((e) => e.famille === f);
  if (has('radiation')) return { unifie: 'radie', detail: null };
  const gravest = GRAVEST.find(has);
  if (gravest) return { unifie: 'autre', detail: gravest };
  const alert = has('alerte_administrative') ? ('alerte_administrative' as const) : null;
  if (has('fonctionnement')) return { unifie: 'actif', detail: alert };
  return { unifie: 'autre', detail: alert ?? 'autre' };
}

export interface RoPractitioner {
  nom: string | null;
  nature: 'personne_morale' | 'personne_physique';
  role: { registre: string | null; famille: string | null; fr: string | null };
  cod_inmatriculare: string | null;
}

/**
 * The insolvency and liquidation practitioners recorded for a company: a legal person is named, with its own
 * registration number when exactly one trader of the register bears that name; a natural person is counted
 * by role, never named (its name never entered the log).
 */
export async function roPractitioners(
  knex: Knex,
  rows: readonly Record<string, unknown>[],
  firmsTable: string,
): Promise<RoPractitioner[]> {
  const out: RoPractitioner[] = [];
  for (const r of rows) {
    const legal = r.PERSOANA === 'juridica';
    const nom = legal ? ((r.PERSOANA_IMPUTERNICITA as string | null) ?? null) : null;
    const role = roPractitionerRole((r.CALITATE as string | null) ?? null);
    let cod: string | null = null;
    const exact = exactName(nom);
    if (exact) {
      const { rows: firms } = await knex.raw(`select cod from ${firmsTable} where nom_exact = ? limit 2`, [
        exact,
      ]);
      if (firms.length === 1) cod = firms[0].cod;
    }
    out.push({
      nom,
      nature: legal ? 'personne_morale' : 'personne_physique',
      role: {
        registre: (r.CALITATE as string | null) ?? null,
        famille: role?.famille ?? null,
        fr: role?.fr ?? null,
      },
      cod_inmatriculare: cod,
    });
  }
  return out;
}

/** Whether the register records a proceeding: an insolvency status, or a judicial administrator or liquidator. */
export const proceedingRecorded = (
  procedures: readonly RoStatusEntry[],
  practitioners: readonly RoPractitioner[],
) =>
  procedures.length > 0 ||
  practitioners.some(
    (p) => p.role.famille === 'insolvabilite' || p.role.famille === 'liquidateur_judiciaire',
  );

/** The registration number a CUI is served under (the lowest when several traders hold it). */
export async function firmOfCui(knex: Knex, firmsTable: string, cui: string): Promise<string | null> {
  const { rows } = await knex.raw(`select cod from ${firmsTable} where cui = ? order by cod limit 1`, [cui]);
  return (rows[0]?.cod as string | undefined) ?? null;
}
