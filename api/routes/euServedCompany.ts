import type { Knex } from 'knex';
import { passReadFile } from '../../projections/eu-profile/passFilesTable.ts';
import { readProfile } from '../../projections/eu-profile/readProfile.ts';
import type { EuProfileRow } from '../../schemas/europe/euProfileRow.ts';
import type { RegisterInfo } from '../../schemas/registerInfo.ts';
import type { RouteContext } from '../catalogue/route.ts';
import { notFound } from '../errors/apiError.ts';
import type { ErrorCode } from '../errors/errorCodes.ts';

/** What `servedCompany` may answer: the routes that read a company through it declare these. */
export const SERVED_COMPANY_ERRORS: readonly ErrorCode[] = [
  'entreprise_inconnue',
  'entreprise_individuelle_non_servie',
];

/** The company of a local copy, or the 404 that says why it is not served (unknown, or a natural person). */
export async function servedCompany(
  knex: Knex,
  table: string,
  pays: string,
  id: string,
): Promise<EuProfileRow> {
  const row = await readProfile(knex, table, id);
  if (!row) {
    throw notFound('entreprise_inconnue', `${pays} ${id} : absent du registre. / Not in the register.`, {
      pays,
      id_national: id,
    });
  }
  // A bare identifier with a legal form kept: a form that does not decide (euProfileRow.ts, undecidedFormRow).
  if (row.personne_physique && row.forme_libelle !== null) {
    throw notFound(
      'forme_juridique_non_servie',
      `${pays} ${id} : forme juridique ${row.forme_libelle || row.forme_code || 'absente'} qui ne dit pas s’il s’agit d’une personne morale ; non servie. / Legal form that does not decide; not served.`,
      { pays, id_national: id, forme_code: row.forme_code },
    );
  }
  if (row.personne_physique) {
    throw notFound(
      'entreprise_individuelle_non_servie',
      `${pays} ${id} : entrepreneur individuel ou personne physique, non servi. / Sole trader or natural person: not served.`,
      { pays, id_national: id },
    );
  }
  return row;
}

/** The members every detail route of a local copy starts with. */
export function detailHeader(pays: string, id: string, company: Pick<EuProfileRow, 'denomination'>) {
  return { pays, id_national: id, denomination: company.denomination };
}

/** The members every detail route of a local copy ends with (`source` comes with the envelope). */
export function detailFooter(ctx: RouteContext, registers: readonly RegisterInfo[], register: string) {
  const info = registers.find((r) => r.code === register);
  const photo = (ctx.state.provenance ?? []).find((p) => p.registre === register);
  return {
    photo_le: photo?.date_photo ?? null,
    licence: info?.licence ?? null,
  };
}

/**
 * Whether an empty list is measured: the published pass read the file that lists those entries. A pass
 * without that file leaves the flag false (nothing proven).
 */
export const measuredBy = (knex: Knex, filesTable: string, role: string) =>
  passReadFile(knex, filesTable, role);
