import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { GB_COMPANIES_HOUSE_REGISTER } from '../../schemas/events/gbCompaniesHouseEvents.ts';
import type { LiveRecording, LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { createCompaniesHouseReader, extractCompaniesHouse } from './companiesHouseReader.ts';

/**
 * Companies House's client: HTTP Basic with the REST API key as the user name and no password (the key alone
 * in `LIVE_CREDENTIALS_GB_COMPANIES_HOUSE`); 600 requests per 5 minutes is the limit third parties report, so
 * this process sends at most 100 a minute; an unknown company number is a 404 answer.
 */
export const createCompaniesHouseLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    {
      register: GB_COMPANIES_HOUSE_REGISTER,
      perMinute: 100,
      auth: 'basic',
      answerStatuses: [404],
      extract: extractCompaniesHouse,
      reader: createCompaniesHouseReader,
    },
    deps,
  );

const company = (number: string, file: string, status = 200): LiveRecording => ({
  method: 'GET',
  path: `/company/${number}`,
  status,
  file,
});

/** The recorded answers (live/SOURCE.txt says which are real and which are constructed). */
export const COMPANIES_HOUSE_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'gb-companies-house', 'live'),
  answers: [
    company('00445790', 'ch_00445790.json'),
    company('04374209', 'ch_04374209.json'),
    company('00000006', 'ch_00000006.json'),
    company('SC090312', 'ch_SC090312.json'),
    company('99999999', 'ch_404.json', 404),
    company('LP000123', 'ch_LP000123_limited-partnership_constructed.json'),
    company('09000001', 'ch_09000001_care-of_constructed.json'),
    {
      method: 'GET',
      path: '/search/companies?q=tesco&items_per_page=10',
      status: 200,
      file: 'ch_search_tesco.json',
    },
  ],
};
