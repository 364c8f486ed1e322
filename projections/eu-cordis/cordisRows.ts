import type { EntityRecordedData } from '../../schemas/events/entityEvents.ts';
import type { CordisRecord } from '../../schemas/events/euCordisEvents.ts';
import { readCordisVat } from '../../schemas/records/cordisVat.ts';
import { centsOf } from './cordisAmount.ts';

/** A grant as the read table holds it (amounts in cents, strings as published). */
export interface CordisProjectRow {
  id: string;
  /** `frameworkProgramme` as published (`H2020`, `HORIZON`). */
  programme: string | null;
  acronyme: string | null;
  titre: string | null;
  statut_source: string | null;
  debut: string | null;
  fin: string | null;
  cout_total_centimes: string | null;
  contribution_ue_max_centimes: string | null;
  regime_financement: string | null;
  /** `masterCall`, or `call` in the files that name it so. */
  appel: string | null;
}

/** A participation, keyed by its VAT number (and the SIREN of a French one). */
export interface CordisParticipationRow {
  id: string;
  projet_id: string;
  tva: string;
  siren: string | null;
  organisation_id: string;
  role_source: string | null;
  contribution_ue_centimes: string | null;
  contribution_ue_nette_centimes: string | null;
  cout_total_centimes: string | null;
  fin_anticipee: boolean | null;
  pme: boolean | null;
  type_activite: string | null;
  nom_publie: string | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (v: string | null | undefined) => (v && DATE.test(v) ? v : null);

/** `true` / `false` as published; anything else (empty included) is not published: null. */
export function flagOf(v: string | null | undefined): boolean | null {
  const s = (v ?? '').trim().toLowerCase();
  return s === 'true' ? true : s === 'false' ? false : null;
}

export function cordisProjectRow(data: EntityRecordedData): CordisProjectRow | null {
  const r = data.record as CordisRecord;
  if (!r.id) return null;
  return {
    id: data.id,
    programme: r.frameworkProgramme ?? null,
    acronyme: r.acronym ?? null,
    titre: r.title ?? null,
    statut_source: r.status ?? null,
    debut: dateOf(r.startDate),
    fin: dateOf(r.endDate),
    cout_total_centimes: centsOf(r.totalCost),
    contribution_ue_max_centimes: centsOf(r.ecMaxContribution),
    regime_financement: r.fundingScheme ?? null,
    appel: r.masterCall ?? r.call ?? null,
  };
}

export function cordisParticipationRow(data: EntityRecordedData): CordisParticipationRow | null {
  const r = data.record as CordisRecord;
  const vat = readCordisVat(r.vatNumber);
  if ('unreadable' in vat || !r.projectID || !r.organisationID) return null;
  return {
    id: data.id,
    projet_id: r.projectID,
    tva: vat.vat,
    siren: vat.siren,
    organisation_id: r.organisationID,
    role_source: r.role ?? null,
    contribution_ue_centimes: centsOf(r.ecContribution),
    contribution_ue_nette_centimes: centsOf(r.netEcContribution),
    cout_total_centimes: centsOf(r.totalCost),
    fin_anticipee: flagOf(r.endOfParticipation),
    pme: flagOf(r.SME),
    type_activite: r.activityType ?? null,
    nom_publie: r.name ?? null,
  };
}
