import { sirenOfLeiRecord } from '../../schemas/events/gleifEvents.ts';

type GleifRecordView = Readonly<Record<string, unknown>>;

const text = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim() : '';
  return s === '' ? null : s;
};

/** `2017-09-20T08:00:00+02:00` → `2017-09-20`: the date as published, in the publisher's own offset. */
export function gleifDate(v: unknown): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(text(v) ?? '');
  return m ? m[1]! : null;
}

/** A date-time in any of the golden copy's spellings (`Z`, `+02:00`, milliseconds or not), as UTC ISO 8601. */
export function gleifInstant(v: unknown): string | null {
  const s = text(v);
  if (s === null) return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
}

/** The values of a repeated field (`<prefix>.1`, `<prefix>.2`, ...), in order. */
export function numbered(r: GleifRecordView, prefix: string, suffix = ''): string[] {
  const out: string[] = [];
  for (let n = 1; ; n++) {
    const v = text(r[`${prefix}.${n}${suffix}`]);
    if (v === null) return out;
    out.push(v);
  }
}

/** A row of `gleif_entites`: what the group reader and the profile need of an LEI record. */
export interface GleifEntityRow {
  lei: string;
  siren: string | null;
  denomination: string | null;
  autres_noms: string | null;
  adresse: string | null;
  code_postal: string | null;
  ville: string | null;
  pays_adresse: string | null;
  pays_siege: string | null;
  autorite_enregistrement: string | null;
  id_enregistrement: string | null;
  juridiction: string | null;
  categorie: string | null;
  sous_categorie: string | null;
  forme_code: string | null;
  forme_autre: string | null;
  statut_entite: string | null;
  date_creation: string | null;
  date_expiration: string | null;
  raison_expiration: string | null;
  statut_enregistrement: string | null;
  derniere_maj: string | null;
  lou: string | null;
  sources_validation: string | null;
}

/** The legal address's lines, joined: first line, number, number within building, mail routing, additional lines. */
export function legalAddressOf(r: GleifRecordView): string | null {
  const a = 'Entity.LegalAddress';
  const lines = [
    text(r[`${a}.FirstAddressLine`]),
    text(r[`${a}.AddressNumber`]),
    text(r[`${a}.AddressNumberWithinBuilding`]),
    text(r[`${a}.MailRouting`]),
    ...numbered(r, `${a}.AdditionalAddressLine`),
  ].filter((l): l is string => l !== null);
  return lines.length > 0 ? lines.join(', ') : null;
}

export function gleifEntityRow(lei: string, r: GleifRecordView): GleifEntityRow {
  const others = [
    ...numbered(r, 'Entity.OtherEntityNames.OtherEntityName'),
    ...numbered(r, 'Entity.TransliteratedOtherEntityNames.TransliteratedOtherEntityName'),
  ];
  return {
    lei,
    siren: sirenOfLeiRecord(r),
    denomination: text(r['Entity.LegalName']),
    autres_noms: others.length > 0 ? others.join(' | ') : null,
    adresse: legalAddressOf(r),
    code_postal: text(r['Entity.LegalAddress.PostalCode']),
    ville: text(r['Entity.LegalAddress.City']),
    pays_adresse: text(r['Entity.LegalAddress.Country']),
    pays_siege: text(r['Entity.HeadquartersAddress.Country']),
    autorite_enregistrement: text(r['Entity.RegistrationAuthority.RegistrationAuthorityID']),
    id_enregistrement: text(r['Entity.RegistrationAuthority.RegistrationAuthorityEntityID']),
    juridiction: text(r['Entity.LegalJurisdiction']),
    categorie: text(r['Entity.EntityCategory']),
    sous_categorie: text(r['Entity.EntitySubCategory']),
    forme_code: text(r['Entity.LegalForm.EntityLegalFormCode']),
    forme_autre: text(r['Entity.LegalForm.OtherLegalForm']),
    statut_entite: text(r['Entity.EntityStatus']),
    date_creation: gleifDate(r['Entity.EntityCreationDate']),
    date_expiration: gleifDate(r['Entity.EntityExpirationDate']),
    raison_expiration: text(r['Entity.EntityExpirationReason']),
    statut_enregistrement: text(r['Registration.RegistrationStatus']),
    derniere_maj: gleifInstant(r['Registration.LastUpdateDate']),
    lou: text(r['Registration.ManagingLOU']),
    sources_validation: text(r['Registration.ValidationSources']),
  };
}

/** A row of `gleif_relations`: start node = child, end node = parent. */
export interface GleifRelationshipRow {
  id: string;
  lei_fille: string;
  lei_mere: string;
  type: string;
  statut: string | null;
  statut_enregistrement: string | null;
  debut: string | null;
  fin: string | null;
  derniere_maj: string | null;
}

/**
 * The relationship's own period (`RELATIONSHIP_PERIOD`) gives `debut` / `fin`; the periods are in no fixed
 * order, so every slot is scanned (accounting and filing periods are not the relationship's dates).
 */
export function gleifRelationshipRow(id: string, r: GleifRecordView): GleifRelationshipRow {
  let debut: string | null = null;
  let fin: string | null = null;
  for (let n = 1; text(r[`Relationship.Period.${n}.periodType`]) !== null || n <= 5; n++) {
    if (text(r[`Relationship.Period.${n}.periodType`]) !== 'RELATIONSHIP_PERIOD') continue;
    debut = gleifDate(r[`Relationship.Period.${n}.startDate`]);
    fin = gleifDate(r[`Relationship.Period.${n}.endDate`]);
    break;
  }
  return {
    id,
    lei_fille: text(r['Relationship.StartNode.NodeID']) ?? '',
    lei_mere: text(r['Relationship.EndNode.NodeID']) ?? '',
    type: text(r['Relationship.RelationshipType']) ?? '',
    statut: text(r['Relationship.RelationshipStatus']),
    statut_enregistrement: text(r['Registration.RegistrationStatus']),
    debut,
    fin,
    derniere_maj: gleifInstant(r['Registration.LastUpdateDate']),
  };
}

/** A row of `gleif_exceptions`: the declared reasons (and references) of one LEI and category. */
export interface GleifExceptionRow {
  id: string;
  lei: string;
  categorie: string;
  raisons: string[];
  references_publiees: string[];
}

export function gleifExceptionRow(id: string, r: GleifRecordView): GleifExceptionRow {
  return {
    id,
    lei: text(r.LEI) ?? '',
    categorie: text(r['Exception.Category']) ?? '',
    raisons: numbered(r, 'Exception.Reason'),
    references_publiees: numbered(r, 'Exception.Reference'),
  };
}
