import {
  RGE_DROPPED_FIELDS,
  RGE_QUALIFICATION,
  type RgeRecord,
  rgeQualificationId,
} from '../../schemas/events/frRgeEvents.ts';
import { isLuhnValid } from '../../schemas/params/luhn.ts';
import { jsonValuesAt } from '../core/jsonValuesAt.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What reading the answers noticed, for the pass report. */
export interface RgeReadReport {
  /** Lines read into the pass. */
  lignesLues: number;
  /** Lines set aside: no SIRET of 14 digits passing the Luhn check, no qualification code, or a repeat. */
  lignesEcartees: number;
  /** Up to 5 examples of set-aside lines (rank in the file and why), never their content. */
  exemplesEcartes: { rang: number; motif: string }[];
  /** Lines of the history (`historique-rge`) whose processing is over (`traitement_termine`): not current. */
  lignesHistoriques: number;
}

export function emptyRgeReport(): RgeReadReport {
  return { lignesLues: 0, lignesEcartees: 0, exemplesEcartes: [], lignesHistoriques: 0 };
}

const SIRET = /^\d{14}$/;
/** A line of an answer: `results[i]`, or `[j].results[i]` when the answers are kept as one JSON array. */
const RESULT_PATH = /^(\d+\.)?results\.\d+$/;
const DROPPED = new Set<string>(RGE_DROPPED_FIELDS);

/**
 * The lines of one or several data-fair `lines` answers of `liste-des-entreprises-rge-2` (JSON,
 * `{"total", "next", "results": [...]}`, pages written one after the other or as one JSON array), streamed, as snapshot rows of
 * kind `qualification`. The contact and location members are dropped before anything else is done. A
 * line of the sibling `historique-rge` whose `traitement_termine` is true is no longer current: counted, not
 * read. The ids seen are held in a set (about 160,000 lines for the whole list).
 */
export async function* readRgeJson(file: string, report: RgeReadReport): AsyncGenerator<SnapshotRow> {
  const lines = jsonValuesAt(await openUpstreamFile(file), (path) => RESULT_PATH.test(path.join('.')));
  const seen = new Set<string>();
  let rank = 0;
  const setAside = (motif: string) => {
    report.lignesEcartees++;
    if (report.exemplesEcartes.length < 5) report.exemplesEcartes.push({ rang: rank, motif });
  };
  for await (const { value } of lines) {
    rank++;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      setAside('ligne illisible');
      continue;
    }
    const record = withoutContacts(value as Record<string, unknown>);
    if (record.traitement_termine === true) {
      report.lignesHistoriques++;
      continue;
    }
    const siret = typeof record.siret === 'string' ? record.siret.trim() : '';
    if (!SIRET.test(siret) || !isLuhnValid(siret.slice(0, 9))) {
      setAside('siret illisible');
      continue;
    }
    const code = typeof record.code_qualification === 'string' ? record.code_qualification.trim() : '';
    if (code === '') {
      setAside('code de qualification absent');
      continue;
    }
    const id = rgeQualificationId(siret, code);
    if (seen.has(id)) {
      setAside('qualification déjà lue pour ce SIRET');
      continue;
    }
    seen.add(id);
    report.lignesLues++;
    // Its position: the line's number in the file (from 1, across the pages; lines set aside counted).
    yield { kind: RGE_QUALIFICATION, id, record, line: rank };
  }
}

function withoutContacts(line: Record<string, unknown>): RgeRecord {
  const out: RgeRecord = {};
  for (const [k, v] of Object.entries(line)) if (!DROPPED.has(k)) out[k] = v;
  return out;
}
