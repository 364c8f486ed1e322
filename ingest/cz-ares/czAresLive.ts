import path from 'node:path';
import { SOURCE_ROOT } from '../../ops/sourceRoot.ts';
import type { EuLiveReader } from '../../schemas/europe/euLiveRegister.ts';
import { CZ_ARES_REGISTER } from '../../schemas/events/czAresEvents.ts';
import type { LiveRecordings } from '../core/liveRecordings.ts';
import { createLiveRegisterReader, type LiveReaderDeps } from '../core/liveRegisterClient.ts';
import { createAresReader, extractAres } from './aresReader.ts';

/**
 * ARES's client: no credentials; about 500 requests a minute per address is the fair use third parties
 * report (none is published), so this process sends at most 300; an unknown IČO is a 404 answer.
 */
export const createAresLive = (deps: LiveReaderDeps): EuLiveReader =>
  createLiveRegisterReader(
    {
      register: CZ_ARES_REGISTER,
      perMinute: 300,
      answerStatuses: [404],
      extract: extractAres,
      reader: createAresReader,
    },
    deps,
  );

/** The recorded answers (live/SOURCE.txt says which are real and which are built from the spec). */
export const ARES_RECORDINGS: LiveRecordings = {
  folder: path.join(SOURCE_ROOT, 'ingest', 'cz-ares', 'live'),
  answers: [
    {
      method: 'GET',
      path: '/ekonomicke-subjekty/26435675',
      status: 200,
      file: 'ekonomicke-subjekty_26435675.json',
    },
    {
      method: 'GET',
      path: '/ekonomicke-subjekty/26168685',
      status: 200,
      file: 'ekonomicke-subjekty_26168685.json',
    },
    {
      method: 'GET',
      path: '/ekonomicke-subjekty/12345679',
      status: 200,
      file: 'ekonomicke-subjekty_12345679_constructed.json',
    },
    {
      method: 'GET',
      path: '/ekonomicke-subjekty/87654326',
      status: 200,
      file: 'ekonomicke-subjekty_87654326_constructed.json',
    },
    { method: 'GET', path: '/ekonomicke-subjekty/27074358', status: 404, file: 'nenalezeno_27074358.json' },
    {
      method: 'POST',
      path: '/ekonomicke-subjekty/vyhledat',
      bodyMatches: { obchodniJmeno: 'cinestar' },
      status: 200,
      file: 'vyhledat_cinestar.json',
    },
  ],
};
