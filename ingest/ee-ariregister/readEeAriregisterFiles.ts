import { streamArray } from 'stream-json/streamers/stream-array.js';
import {
  ETTEVOTJA,
  ISIKUD,
  KASUSAAJAD,
  OSANIKUD,
  YLDANDMED,
} from '../../schemas/events/eeAriregisterEvents.ts';
import type { HeaderSink } from '../core/filesPass.ts';
import { readDelimited } from '../core/readDelimited.ts';
import type { SnapshotRow } from '../core/snapshotPass.ts';
import { openUpstreamFile } from '../core/upstreamFile.ts';
import { maskPersonalCodes } from './personalCode.ts';
import { redactPerson } from './redactPerson.ts';

/** `ettevotja_rekvisiidid__lihtandmed.csv` (`.zip` or plain): `;`, UTF-8 with BOM, one company a row. */
export async function* readLihtandmed(file: string, onHeader?: HeaderSink): AsyncGenerator<SnapshotRow> {
  for await (const record of readDelimited(await openUpstreamFile(file), { delimiter: ';', onHeader })) {
    if (!record.ariregistri_kood) continue;
    yield { kind: ETTEVOTJA, id: record.ariregistri_kood, record };
  }
}

async function* readCompanyArray(file: string): AsyncGenerator<Record<string, unknown>> {
  const input = await openUpstreamFile(file);
  for await (const { value } of input.pipe(streamArray.withParserAsStream())) {
    yield value as Record<string, unknown>;
  }
}

/**
 * Card roles no route names: founders (`ASUTAJA`) and owner-partners (`O`, `OSAN`) are counted, never named,
 * so a natural person in those roles keeps no name in the log.
 */
const UNNAMED_CARD_ROLES = ['ASUTAJA', 'O', 'OSAN'];

const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v : []);

/**
 * A special representation condition (`esindusoiguse_eritingimused` item) as kept: its free text may quote a
 * board member's personal code, which is masked before the row enters the log.
 */
function redactSpecialCondition(item: Record<string, unknown>): Record<string, unknown> {
  const text = item.esinduse_sisu;
  return typeof text === 'string' ? { ...item, esinduse_sisu: maskPersonalCodes(text) } : item;
}

/**
 * `..._kaardile_kantud_isikud.json`: persons on the registry card and the representation rules, one object
 * per company. Only the keys a route reads are kept: the persons (redacted), the standard representation
 * rules (`esindusoiguse_normaalregulatsioonid`: `roll`, `sisu`) and the special conditions
 * (`esindusoiguse_eritingimused`). Lists of other natural persons the file may carry (building-association
 * members, persons off the card) never enter the log.
 */
export async function* readKaardileKantudIsikud(file: string): AsyncGenerator<SnapshotRow> {
  for await (const company of readCompanyArray(file)) {
    const rules = 'esindusoiguse_normaalregulatsioonid';
    const conditions = 'esindusoiguse_eritingimused';
    yield {
      kind: ISIKUD,
      id: String(company.ariregistri_kood),
      record: {
        ariregistri_kood: company.ariregistri_kood,
        nimi: company.nimi,
        kaardile_kantud_isikud: list(company.kaardile_kantud_isikud).map((p) =>
          redactPerson(p, { dropName: UNNAMED_CARD_ROLES.includes(String(p.isiku_roll)) }),
        ),
        ...(rules in company ? { [rules]: list(company[rules]) } : {}),
        ...(conditions in company
          ? { [conditions]: list(company[conditions]).map(redactSpecialCondition) }
          : {}),
      },
    };
  }
}

/** `..._osanikud.json`: shareholders and share pledges, one object per company. */
export async function* readOsanikud(file: string): AsyncGenerator<SnapshotRow> {
  for await (const company of readCompanyArray(file)) {
    const holders = (company.osanikud as Record<string, unknown>[] | undefined) ?? [];
    yield {
      kind: OSANIKUD,
      id: String(company.ariregistri_kood),
      record: { ...company, osanikud: holders.map((p) => redactPerson(p, { dropName: true })) },
    };
  }
}

/** `..._yldandmed.json`: general data, one object per company; a sole proprietor's is skipped. */
export async function* readYldandmed(file: string): AsyncGenerator<SnapshotRow> {
  for await (const company of readCompanyArray(file)) {
    const general = company.yldandmed as Record<string, unknown> | undefined;
    if (general?.oiguslik_vorm === 'FIE') continue;
    yield { kind: YLDANDMED, id: String(company.ariregistri_kood), record: company };
  }
}

/** What is kept of a beneficial owner (always a natural person): never a name, code, birth date or address. */
const BENEFICIAL_OWNER_FIELDS = [
  'kirje_id',
  'algus_kpv',
  'lopp_kpv',
  'kontrolli_teostamise_viis',
  'kontrolli_teostamise_viis_tekstina',
  'aadress_riik',
  'aadress_riik_tekstina',
  'lahknevusteade_esitatud',
];

/** `..._kasusaajad.json`: beneficial owners, one object per company; each owner reduced to the kept fields. */
export async function* readKasusaajad(file: string): AsyncGenerator<SnapshotRow> {
  for await (const company of readCompanyArray(file)) {
    const owners = (company.kasusaajad as Record<string, unknown>[] | undefined) ?? [];
    yield {
      kind: KASUSAAJAD,
      id: String(company.ariregistri_kood),
      record: {
        ariregistri_kood: company.ariregistri_kood,
        nimi: company.nimi,
        kasusaajad: owners.map((o) =>
          Object.fromEntries(BENEFICIAL_OWNER_FIELDS.filter((k) => k in o).map((k) => [k, o[k]])),
        ),
      },
    };
  }
}
