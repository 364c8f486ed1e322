import type { Knex } from 'knex';
import { readDetails } from '../eu-profile/detailDocuments.ts';
import { type LvEvent, lvEvents } from './lvEvents.ts';
import { type LvProceeding, lvProceedings } from './lvInsolvency.ts';

/** Reorganisation roles that end the company: it is absorbed, merged into a new one, divided or transformed. */
const CEASING_ROLES: readonly LvEvent['role'][] = ['absorbee', 'fusionnee', 'transformee'];

/**
 * Why a Latvian company still in the register is `en_cessation`, as the source labels it, or null when
 * nothing in its legal events or insolvency proceedings says so. In this order:
 * - a liquidation (`cessation_activite`): the liquidation type's label;
 * - an insolvency proceeding not ended (`proceeding_form` INSOLVENCY; legal protection, TAP, is a rescue in
 *   which the company keeps trading, and does not count): the proceeding's form;
 * - a reorganisation in which the company is the one that disappears (absorbed, merged, divided,
 *   transformed; not the source of a SEPARATION, which continues): the reorganisation type's label;
 * - an economic-activity suspension (`suspension_activite`; a prohibition does not count): its label.
 * A struck-off company is `radie` whatever these say (register.csv decides that).
 */
export function lvCessation(events: readonly LvEvent[], proceedings: readonly LvProceeding[]): string | null {
  const label = (e: LvEvent) => e.libelle_source ?? e.type_source ?? e.type;
  const liquidation = events.find((e) => e.type === 'cessation_activite');
  if (liquidation) return label(liquidation);
  const insolvency = proceedings.find((p) => p.nature === 'insolvabilite' && p.en_cours);
  if (insolvency) return insolvency.forme;
  const ending = events.find(
    (e) =>
      e.famille === 'reorganisation' &&
      (CEASING_ROLES.includes(e.role) || (e.role === 'scindee' && e.type === 'scission')),
  );
  if (ending) return label(ending);
  const suspension = events.find((e) => e.type === 'suspension_activite');
  return suspension ? label(suspension) : null;
}

export interface LvStatutTables {
  profiles: string;
  liquidations: string;
  suspensions: string;
  reorganisations: string;
  insolvency: string;
}

/**
 * Sets `statut` and `statut_detail` of the given companies from their legal events: `en_cessation` with the
 * source's label, or back to `actif` (a company's base status from register.csv is `actif` or `radie`, with
 * no detail). A struck-off company stays `radie`; its detail is the label of the liquidation or
 * reorganisation that ended it, as the register words it, or null when none is on file. Called after every
 * change of a row it reads, so the result never depends on the order the files' rows arrive in (a rebuild
 * gives the same bytes).
 */
export async function refreshLvStatut(
  trx: Knex.Transaction,
  tables: LvStatutTables,
  companies: Iterable<string>,
): Promise<void> {
  for (const id of new Set(companies)) {
    const { rows } = await trx.raw(
      `select statut from ${tables.profiles} where id_national = ? and not personne_physique`,
      [id],
    );
    if (rows.length === 0) continue;
    const events = lvEvents(id, {
      liquidations: await readDetails(trx, tables.liquidations, id),
      suspensions: await readDetails(trx, tables.suspensions, id),
      securing: [],
      reorganisations: await readDetails(trx, tables.reorganisations, id),
    });
    const detail = lvCessation(events, lvProceedings(await readDetails(trx, tables.insolvency, id)));
    const statut = rows[0].statut === 'radie' ? 'radie' : detail ? 'en_cessation' : 'actif';
    await trx.raw(`update ${tables.profiles} set statut = ?, statut_detail = ? where id_national = ?`, [
      statut,
      detail,
      id,
    ]);
  }
}
