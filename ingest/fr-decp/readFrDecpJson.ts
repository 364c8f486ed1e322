import { canonicalCopy } from '../../ops/json/canonicalJson.ts';
import {
  DECP_MARCHE,
  type DecpRecord,
  DROPPED_NAME_FIELD,
  decpContractId,
  decpPublicationId,
} from '../../schemas/events/frDecpEvents.ts';
import { decpContractHolders, type UnusableHolder } from '../../schemas/records/decpHolders.ts';
import { CompactIdSet } from '../core/compactIdSet.ts';
import { jsonValuesAt } from '../core/jsonValuesAt.ts';
import type { LinedSnapshotRow } from '../core/snapshotRow.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What reading the consolidated file noticed, for the pass report. */
export interface DecpReadReport {
  /** Contracts read into the pass. */
  marchesLus: number;
  /** Contracts set aside: no readable `id` (nor `uid`), or no buyer. */
  lignesEcartees: number;
  /**
   * Publications of an identifier seen earlier in the file (its second, third… publication), each read as
   * an entity of its own, `<identifier>#<n>`: the read model serves one per contract (decpRow.ts).
   */
  publicationsRepetees: number;
  /** Up to 5 examples of set-aside contracts (rank in the file and why), never their content. */
  exemplesEcartes: { rang: number; motif: string }[];
  /** Concession contracts (`contrat-concession`, 2019 `_type` « Contrat de concession »): not read. */
  concessionsNonLues: number;
  /** Contracts read none of whose holders gives a SIREN (only other identifier types or malformed SIRETs). */
  marchesSansTitulaireIdentifiable: number;
  /** Holders (initial and in modifications) that give no SIREN, by reason. */
  titulairesInutilisables: Record<UnusableHolder, number>;
}

export function emptyDecpReport(): DecpReadReport {
  return {
    marchesLus: 0,
    lignesEcartees: 0,
    publicationsRepetees: 0,
    exemplesEcartes: [],
    concessionsNonLues: 0,
    marchesSansTitulaireIdentifiable: 0,
    titulairesInutilisables: { autre_type_identifiant: 0, siret_mal_forme: 0 },
  };
}

/** The contracts of either schema: `marches[i]` (2019), `marches.marche[i]` and `marches.contrat-concession[i]` (2024). */
const CONTRACT_PATH = /^marches\.(\d+|marche\.\d+|contrat-concession\.\d+)$/;

/**
 * The contracts of the consolidated DECP JSON file as snapshot rows of kind `marche`, streamed (the file holds
 * millions of contracts and is never held in memory). Numbers are kept as their text, every
 * `denominationSociale` is dropped (frDecpEvents.ts). The identifiers seen are held in a compact set: 12
 * bytes a contract, about 100 MB for the full file's 3.1 million (compactIdSet.ts). An identifier published
 * again later in the file is not dropped: real files publish one `uid` twice, as a later publication of the
 * same contract (another `datePublicationDonnees`, amounts or dates corrected) or, from some buyers, for
 * distinct lots with distinct holders under one `id` (docs/registers.md, "public contracts"). Each
 * publication is kept as its own entity, `<identifier>#<n>` for the n-th (decpPublicationId), and the read
 * model chooses which it serves; the repeated identifiers are counted in a map (rare: 13 of 4,509 contracts in
 * the marches-publics.info file of 2019).
 */
export async function* readDecpJson(file: string, report: DecpReadReport): AsyncGenerator<LinedSnapshotRow> {
  const contracts = jsonValuesAt(await openUpstreamFile(file), (path) => CONTRACT_PATH.test(path.join('.')), {
    numbersAsText: true,
  });
  const seen = new CompactIdSet();
  const repeated = new Map<string, number>();
  let rank = 0;
  const setAside = (motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ rang: rank, motif });
  };
  for await (const { value } of contracts) {
    rank++;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      setAside('contrat illisible');
      continue;
    }
    // Its keys in canonical order, the names dropped: the digest's JSON is then one native pass.
    const record = canonicalCopy(value, isDroppedName) as DecpRecord;
    if (isConcession(record)) {
      report.concessionsNonLues++;
      continue;
    }
    const id = decpContractId(record);
    if (!id) {
      setAside('ni uid, ni id et SIRET acheteur');
      continue;
    }
    let entity = id;
    if (!seen.add(id)) {
      const n = (repeated.get(id) ?? 1) + 1;
      repeated.set(id, n);
      report.publicationsRepetees++;
      entity = decpPublicationId(id, n);
    }
    const holders = decpContractHolders(record);
    for (const holder of holders) {
      if (holder.inutilisable) report.titulairesInutilisables[holder.inutilisable]++;
    }
    if (!holders.some((h) => h.siren !== null)) report.marchesSansTitulaireIdentifiable++;
    report.marchesLus++;
    // Its position: the contract's number in the file (from 1, concessions and contracts set aside counted).
    yield { kind: DECP_MARCHE, id: entity, record, line: rank };
  }
}

/** A concession: its 2019 `_type`, or an `autoriteConcedante` object where a contract has its `acheteur`. */
function isConcession(record: DecpRecord): boolean {
  if (typeof record._type === 'string' && /concession/i.test(record._type)) return true;
  const authority = record.autoriteConcedante;
  return record.acheteur === undefined && !!authority && typeof authority === 'object';
}

/** A holder's name (`denominationSociale`, at any depth): never read into the log. */
const isDroppedName = (key: string) => key === DROPPED_NAME_FIELD;
