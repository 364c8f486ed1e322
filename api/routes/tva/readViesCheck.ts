import type { Knex } from 'knex';
import type { LiveObservation } from '../../../schemas/europe/euLiveRegister.ts';
import type { ViesCheckRecord, ViesReader } from '../../../schemas/events/euViesEvents.ts';
import type { EuVatNumber } from '../../../schemas/identifiers/euVatNumber.ts';
import { viesNameDecision } from './viesNamePolicy.ts';

/** A VIES check as the routes serve it: the verdict, and the name only when it may be served. */
export interface ViesCheck {
  numero: string;
  pays: string;
  statut: 'valide' | 'invalide';
  nom: string | null;
  adresse: string | null;
  nom_non_servi: ViesCheckRecord['nom_non_servi'];
  date_demande: string | null;
  identifiant_consultation: string | null;
  consulte_le: string;
}

/**
 * VIES's `requestDate` in UTC ISO 8601: the REST answer's own timestamp (`2024-07-25T07:28:37.115Z`), or a
 * date with its offset (`2026-04-25+02:00`, as the older answers word it) read as that day's midnight there;
 * null when neither.
 */
export function requestDateUtc(value: string | null): string | null {
  if (value === null) return null;
  const dated = /^(\d{4}-\d{2}-\d{2})(Z|[+-]\d{2}:\d{2})$/.exec(value);
  const ms = Date.parse(dated ? `${dated[1]}T00:00:00${dated[2]}` : value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/**
 * Checks one number with VIES (throws `LiveUnavailableError` when VIES or the member state cannot answer),
 * deciding first whether the trader's name may be served (viesNamePolicy.ts).
 */
export async function readViesCheck(
  knex: Knex,
  vies: ViesReader,
  vat: EuVatNumber,
): Promise<{ check: ViesCheck; observation: LiveObservation }> {
  const decision = await viesNameDecision(knex, vat);
  const { record, observation } = await vies.check(vat.memberState, vat.number, decision.policy);
  const served = decision.withheld === null && record.nom !== null;
  return {
    check: {
      numero: vat.canonical,
      pays: vat.memberState,
      statut: record.valide ? 'valide' : 'invalide',
      nom: served ? record.nom : null,
      adresse: served ? record.adresse : null,
      nom_non_servi: served ? null : (decision.withheld ?? record.nom_non_servi),
      date_demande: requestDateUtc(record.date_demande),
      identifiant_consultation: record.identifiant_consultation,
      consulte_le: observation.observedAt,
    },
    observation,
  };
}
