import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader, LiveDetailAnswer } from '../../schemas/europe/euLiveRegister.ts';
import { SK_RUZ_REGISTER } from '../../schemas/events/skRuzEvents.ts';
import type { LiveQueryClient } from '../core/liveQuery.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { depositOf, readAccounts, statementFor, statementMembers } from './ruzAccounts.ts';
import { extractRuz } from './ruzRecords.ts';

/** The path of the statement route, whose price the list quotes (`telechargement`). */
const STATEMENT_PRICE_USD = '0.03';

/**
 * RÚZ as a live register of details only (the Slovak profile comes from RPO): the accounts list
 * (`comptes`) and one statement by closing date (`comptes/{date_cloture}`).
 */
export function createRuzReader(client: LiveQueryClient): EuLiveReader {
  const noProfile = () => Promise.reject(new Error('RÚZ serves no profile nor search: see sk.rpo'));
  return {
    register: SK_RUZ_REGISTER,
    profile: noProfile,
    searchesByName: false,
    search: noProfile,
    circuit: () => client.circuit(),
    details: {
      async comptes(ico): Promise<LiveDetailAnswer> {
        const read = await readAccounts(client, ico);
        if (read.outcome === 'refus') return read.answer;
        const depots = read.filings.map(depositOf);
        return {
          outcome: 'servi',
          denomination: depots[0]?.denomination ?? null,
          members: {
            nombre_depots: depots.length,
            depots,
            nombre_depots_pdf_seuls: read.pdfOnly,
            telechargement: {
              chemin: `/v1/eu/entreprise/SK/${ico}/comptes/{date_cloture}`,
              prix_usd: STATEMENT_PRICE_USD,
              note: 'Seuls les états structurés sont décodés ; un dépôt en PDF seul est absent de la liste, ce qui ne veut pas dire que la société n’a pas de comptes. / Only structured statements are decoded; a PDF-only filing is absent, which does not mean the company has no accounts.',
            },
          },
          observations: read.observations,
        };
      },
      async 'comptes/{date_cloture}'(ico, params): Promise<LiveDetailAnswer> {
        const read = await readAccounts(client, ico);
        if (read.outcome === 'refus') return read.answer;
        const date = params.date_cloture!;
        const found = statementFor(read.filings, date);
        if (!found) {
          return {
            outcome: 'element_absent',
            champ: 'date_cloture',
            message: `SK ${ico} : aucun état structuré clos le ${date} ; voir /v1/eu/entreprise/SK/${ico}/comptes. / No structured statement closing on ${date}.`,
            observations: read.observations,
          };
        }
        return {
          outcome: 'servi',
          denomination: found.chosen.denomination,
          members: statementMembers(found.chosen, found.others),
          observations: read.observations,
        };
      },
    },
  };
}

/**
 * RÚZ's client: no credentials and no published rate limit; scans beyond about a call a second meet its
 * firewall (a third party's report), so this process sends at most 600 calls a minute, in short bursts of one
 * company's filings, most of which are then served again from the read table for 30 days.
 */
export const createRuzLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    { register: SK_RUZ_REGISTER, perMinute: 600, extract: extractRuz, reader: createRuzReader },
    deps,
  );

const get = (p: string, file: string) => ({ method: 'GET' as const, path: p, status: 200, file });

/** The recorded answers (live/SOURCE.txt says which are real and which are built from them). */
export const RUZ_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'sk-ruz', 'live'),
  answers: [
    get('/uctovne-jednotky?ico=50826042&zmenene-od=1993-01-01', 'uctovne-jednotky_ico-50826042.json'),
    get('/uctovna-jednotka?id=1689373', 'uctovna-jednotka_id-1689373.json'),
    get('/uctovne-jednotky?ico=47654325&zmenene-od=1993-01-01', 'uctovne-jednotky_empty_2018.json'),
    get(
      '/uctovne-jednotky?ico=52772128&zmenene-od=1993-01-01',
      'uctovne-jednotky_ico-52772128_constructed.json',
    ),
    get('/uctovna-jednotka?id=2402131', 'uctovna-jednotka_id-2402131_constructed.json'),
    get('/uctovna-zavierka?id=4441347', 'uctovna-zavierka_id-4441347_constructed.json'),
    get('/uctovna-zavierka?id=4441350', 'uctovna-zavierka_id-4441350_constructed.json'),
    get('/uctovny-vykaz?id=7221914', 'uctovny-vykaz_id-7221914_completed_constructed.json'),
    get('/uctovny-vykaz?id=7400001', 'uctovny-vykaz_id-7400001_pdf-only_constructed.json'),
    get('/sablona?id=687', 'sablona_id-687_constructed.json'),
    get(
      '/uctovne-jednotky?ico=40123456&zmenene-od=1993-01-01',
      'uctovne-jednotky_ico-40123456_constructed.json',
    ),
    get('/uctovna-jednotka?id=3100001', 'uctovna-jednotka_id-3100001_constructed.json'),
  ],
};
