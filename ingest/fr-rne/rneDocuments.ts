import type {
  RneActe,
  RneBilan,
  RneDocumentsRecord,
  RneDocumentType,
} from '../../schemas/events/frRneEvents.ts';
import { isObject, text, unreadable } from './rneDirigeants.ts';

/**
 * The RNE's labels of `typeBilan` (seen in code: annuaire-entreprises `clients/api-rne/documents.ts` reads `K`
 * as consolidated; a Python client of `/attachments` names `C` complete and `S` simplified; SOURCE.txt).
 */
const TYPE_BILAN_LABELS: Record<string, string> = {
  C: 'Comptes annuels complets',
  S: 'Comptes annuels simplifiés',
  K: 'Comptes consolidés',
};

/** The RNE's value of `confidentiality` for a public filing (its other value seen: `Confidentiel`). */
const PUBLIC = 'Public';

interface Row {
  id?: unknown;
  denomination?: unknown;
  dateDepot?: unknown;
  nomDocument?: unknown;
  confidentiality?: unknown;
  deleted?: unknown;
  libelle?: unknown;
  typeRdd?: unknown;
  dateCloture?: unknown;
  typeBilan?: unknown;
}

/** An act's label: its `libelle`, else each `typeRdd` entry's `typeActe` (and `decision`), joined. */
function acteLabel(row: Row): string | null {
  const own = text(row.libelle);
  if (own !== null) return own;
  const entries = Array.isArray(row.typeRdd) ? row.typeRdd.filter(isObject) : [];
  const parts = entries
    .map((e) => [text(e.typeActe), text(e.decision)].filter((p): p is string => p !== null).join(' : '))
    .filter((p) => p !== '');
  return parts.length > 0 ? parts.join(' ; ') : null;
}

function rowsOf(json: Record<string, unknown>, member: string): Row[] {
  const rows = json[member];
  if (rows === undefined || rows === null) return [];
  if (!Array.isArray(rows)) throw unreadable(`${member} is not a list`);
  return rows.filter(isObject) as Row[];
}

/**
 * The parser of `GET /api/companies/{siren}/attachments`: the public, undeleted `actes[]` and `bilans[]`
 * (`bilansSaisis[]`, the same accounts keyed in, are not downloadable PDFs and are not listed), the number of
 * accounts marked confidential, and the ids marked deleted. A 404 is a company the RNE does not know.
 */
export function extractRneDocuments(status: number, json: unknown, url: string): RneDocumentsRecord {
  const asked = /\/api\/companies\/(\d{9})\/attachments$/.exec(new URL(url).pathname)?.[1];
  if (!asked) throw unreadable('not an attachments question');
  const base: RneDocumentsRecord = {
    kind: 'fr-rne-documents',
    siren: asked,
    connu: false,
    denomination: null,
    actes: [],
    bilans: [],
    bilans_confidentiels: 0,
    supprimes: [],
  };
  if (status === 404) return base;
  if (!isObject(json)) throw unreadable('not an object');
  const record: RneDocumentsRecord = { ...base, connu: true };
  const keep = (type: RneDocumentType, row: Row): string | null => {
    const id = text(row.id);
    if (id === null) return null;
    record.denomination ??= text(row.denomination);
    if (row.deleted === true) {
      record.supprimes.push({ type, id });
      return null;
    }
    return id;
  };
  for (const row of rowsOf(json, 'actes')) {
    const id = keep('actes', row);
    if (id === null || text(row.confidentiality) !== PUBLIC) continue;
    const acte: RneActe = {
      id,
      type: 'actes',
      libelle: acteLabel(row),
      date_depot: text(row.dateDepot),
      nom_document: text(row.nomDocument),
    };
    record.actes.push(acte);
  }
  for (const row of rowsOf(json, 'bilans')) {
    const id = keep('bilans', row);
    if (id === null) continue;
    if (text(row.confidentiality) !== PUBLIC) {
      record.bilans_confidentiels++;
      continue;
    }
    const typeBilan = text(row.typeBilan);
    const bilan: RneBilan = {
      id,
      type: 'bilans',
      libelle: typeBilan === null ? null : (TYPE_BILAN_LABELS[typeBilan] ?? null),
      date_depot: text(row.dateDepot),
      nom_document: text(row.nomDocument),
      date_cloture: text(row.dateCloture),
    };
    record.bilans.push(bilan);
  }
  return record;
}
