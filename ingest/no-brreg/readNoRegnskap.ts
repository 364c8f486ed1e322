import { createInterface } from 'node:readline';
import { type NoRegnskapRecord, REGNSKAP } from '../../schemas/events/noRegnskapEvents.ts';
import { isValidNoOrgnr } from '../../schemas/identifiers/noOrgnr.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';

/** What a pass reports of the answers it set aside. */
export interface RegnskapSetAside {
  /** Answers about a sole proprietorship (ENK): a natural person's own accounts, never kept. */
  soleTraders: number;
  /** Lines whose organisation number fails its check digit. */
  invalidOrgnr: number;
}

/** The blocks of an answer whose numeric leaves are amounts (whole currency units, as published). */
export const AMOUNT_BLOCKS = ['eiendeler', 'egenkapitalGjeld', 'resultatregnskapResultat'] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Every numeric leaf of an amount block, by its dotted path (`eiendeler.omloepsmidler.sumOmloepsmidler`). */
export function amountLeaves(
  value: unknown,
  prefix: string,
  out: [string, unknown][] = [],
): [string, unknown][] {
  if (isObj(value)) {
    for (const [k, v] of Object.entries(value)) amountLeaves(v, `${prefix}.${k}`, out);
  } else if (value !== null && value !== undefined) {
    out.push([prefix, value]);
  }
  return out;
}

/**
 * The checks one published accounts record must pass: its company is the one asked, and every amount is a
 * whole number (the API publishes whole units, `6059747.0`; a fraction or a string means the format moved,
 * and the pass is refused before anything is published).
 */
function checkRecord(orgnr: string, r: unknown, where: string): Obj {
  if (!isObj(r)) throw new Error(`${where}: an accounts record is not an object`);
  const virksomhet = isObj(r.virksomhet) ? r.virksomhet : {};
  if (virksomhet.organisasjonsnummer !== undefined && String(virksomhet.organisasjonsnummer) !== orgnr) {
    throw new Error(
      `${where}: accounts of ${String(virksomhet.organisasjonsnummer)} recorded under ${orgnr}`,
    );
  }
  for (const block of AMOUNT_BLOCKS) {
    for (const [name, v] of amountLeaves(r[block], block)) {
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
        throw new Error(`${where}: ${name} is not a whole amount (${JSON.stringify(v)}); pass refused`);
      }
    }
  }
  return r;
}

const isSoleTrader = (records: readonly Obj[]) =>
  records.some((r) => isObj(r.virksomhet) && r.virksomhet.organisasjonsform === 'ENK');

/**
 * Rows of a recording of the accounts register's open API: JSON lines (`.jsonl`, gzipped or not), one per
 * organisation number asked, `{"orgnr": "…", "status": 200|404|500, "body": <the answer's JSON>}`. A 200
 * keeps the published array; a 404 says the register serves no accounts for it; a 500 keeps the error's
 * `message` (brreg answers 500 for layouts it does not serve: banks, insurers). Any other status, a line
 * that is not JSON (an HTML error page), or an organisation number recorded twice refuses the pass.
 * Sole proprietorships (`virksomhet.organisasjonsform` ENK) and numbers failing their check digit are set
 * aside: never in the log.
 */
export function readNoRegnskap(setAside: RegnskapSetAside) {
  return async function* read(file: string): AsyncGenerator<SnapshotRow> {
    const seen = new Set<string>();
    const lines = createInterface({
      input: await openUpstreamFile(file),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    let n = 0;
    for await (const raw of lines) {
      n++;
      const line = raw.trim();
      if (line === '') continue;
      const where = `${file}:${n}`;
      let answer: unknown;
      try {
        answer = JSON.parse(line);
      } catch {
        throw new Error(`${where}: not a JSON line (${line.slice(0, 40)}…); pass refused`);
      }
      if (!isObj(answer)) throw new Error(`${where}: a recorded answer is a JSON object`);
      const orgnr = String(answer.orgnr ?? '');
      if (!isValidNoOrgnr(orgnr)) {
        setAside.invalidOrgnr++;
        continue;
      }
      if (seen.has(orgnr)) throw new Error(`${where}: ${orgnr} recorded twice; pass refused`);
      seen.add(orgnr);
      const record: NoRegnskapRecord = { status: Number(answer.status), regnskap: [], melding: null };
      if (record.status === 200) {
        if (!Array.isArray(answer.body)) throw new Error(`${where}: a 200 answer's body is a JSON array`);
        record.regnskap = answer.body.map((r) => checkRecord(orgnr, r, where));
        if (isSoleTrader(record.regnskap)) {
          setAside.soleTraders++;
          continue;
        }
      } else if (record.status === 500) {
        const body = isObj(answer.body) ? answer.body : {};
        record.melding = typeof body.message === 'string' ? body.message : null;
      } else if (record.status !== 404) {
        throw new Error(`${where}: status ${String(answer.status)} is not a recorded answer (200, 404, 500)`);
      }
      yield { kind: REGNSKAP, id: orgnr, record: { ...record } };
    }
  };
}
