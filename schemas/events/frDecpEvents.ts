import { FILE_KIND } from './fileEvents.ts';
/**
 * The contract between the DECP ingester and the projections that read it. The upstream file is the
 * consolidated publication of the données essentielles de la commande publique (data.gouv.fr, one JSON
 * document): `{"marches": [...]}` in the 2019 schema, `{"marches": {"marche": [...], "contrat-concession":
 * [...]}}` in the 2024 one. Entity events:
 *
 * - `register` = `fr.decp`, `kind` = `marche`;
 * - `id` = the contract's `uid` when published, else the buyer's SIRET followed by the contract's `id` (how
 *   the consolidation builds `uid`): a contract `id` alone is unique per buyer only. The file's second, third…
 *   publication of one identifier is the entity `<identifier>#<n>` (decpPublicationId): every publication
 *   is in the log, the read model serves one per contract;
 * - `record` = the contract object as published, every number kept as its text (`"77899.0"`, `"1.0e17"`, so
 *   that amounts stay exact), with one exception: every `denominationSociale` is dropped (a holder's name,
 *   which for a sole proprietor is a natural person's name): no natural person's name enters the log;
 * - every contract goes to its own stream `fr.decp-<id>`.
 */
export const FR_DECP_REGISTER = 'fr.decp';
export const DECP_MARCHE = 'marche';

/**
 * Days after which a copy of the consolidated file is no longer served (the register dictionary's threshold):
 * the file is published daily, a week of missed downloads is tolerated.
 */
export const FR_DECP_FRESHNESS_DAYS = 7;

/** A contract as the event carries it: the published JSON object, numbers as text, holder names dropped. */
export type DecpRecord = Record<string, unknown>;

/** The field dropped from every object of a record before it is logged (see above). */
export const DROPPED_NAME_FIELD = 'denominationSociale';

/** The entity id of a contract: its `uid`, else the buyer's SIRET and its `id`; null when neither is readable. */
export function decpContractId(record: DecpRecord): string | null {
  const uid = textOf(record.uid);
  if (uid) return uid;
  const id = textOf(record.id);
  const buyer = decpBuyerId(record);
  return id && buyer ? `${buyer}${id}` : null;
}

/** The buyer's identifier as published: `acheteur.id`, or the flat `acheteur.id` member some copies carry. */
export function decpBuyerId(record: DecpRecord): string | null {
  const acheteur = record.acheteur;
  if (acheteur && typeof acheteur === 'object' && !Array.isArray(acheteur)) {
    const id = textOf((acheteur as Record<string, unknown>).id);
    if (id) return id;
  }
  return textOf(record['acheteur.id']);
}

/** The entity id of the n-th publication (n >= 2) of a contract identifier in the file. */
export function decpPublicationId(id: string, n: number): string {
  return `${id}#${n}`;
}

/**
 * A contract's stream, `fr.decp-<id>`; a file of a pass over several files (`fichier`: the demo's two files,
 * frDecpDemo.ts) `fr.decp-fichier-<name>`.
 */
export function frDecpStreamOf(row: { kind: string; id: string }): string {
  return row.kind === FILE_KIND
    ? `${FR_DECP_REGISTER}-${FILE_KIND}-${row.id}`
    : `${FR_DECP_REGISTER}-${row.id}`;
}

/** A published scalar as trimmed text; null when absent, empty or not a scalar. */
export function textOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}
