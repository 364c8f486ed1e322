import type { LiveSources } from '../../api/catalogue/route.ts';
import { databaseBytesCache } from '../../ingest/core/liveBytesCache.ts';
import type { LiveReaderDeps } from '../../ingest/core/liveRegisterClient.ts';
import { sireneApiSearchFromConfig } from '../../ingest/fr-sirene/frSireneApi.ts';
import { type Config, liveCredentialsVariable, liveUrlVariable } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import type { EventStore } from '../../ops/eventstore/port.ts';
import { readLiveObservation, readLiveObservations } from '../../projections/eu-live/euLiveProjection.ts';
import { EU_VIES_REGISTER } from '../../schemas/events/euViesEvents.ts';
import type { FrenchLiveReaders } from '../../schemas/live/frenchLiveReaders.ts';
import {
  EU_LIVE_REGISTERS,
  type EuLiveSource,
  FRENCH_LIVE_SOURCES,
  type FrenchLiveSource,
} from '../readSide.ts';

/** What the service's options say of the live registers (ComposeOptions). */
interface LiveSourceOptions {
  liveUrls?: Readonly<Record<string, string>>;
  liveCredentials?: Readonly<Record<string, string>>;
  liveRegisters?: readonly EuLiveSource[];
  frenchLiveSources?: readonly FrenchLiveSource[];
  livePolicy?: {
    timeoutMs?: number;
    breaker?: { failures: number; halfOpenAfterMs: number };
    maxDocumentBytes?: number;
  };
  sireneApi?: Config['sireneApi'];
  viesRequesterVat?: string | null;
  now?: () => Date;
}

/** A live register as the service reads it: its code, its public address, whether it needs credentials. */
interface LiveSource<R> {
  info: { register: string };
  defaultUrl: string;
  credentials: unknown;
  parts: { createReader(deps: LiveReaderDeps): R };
}

/**
 * The registers the service queries live: one reader per register, at the address the options, then the
 * environment, give; else its own. A register that needs credentials and has none gets no reader: it is not
 * configured (never reported down), and listed as such.
 */
export function serviceLiveSources(deps: {
  db: Database;
  store: EventStore;
  config: Config;
  opts: LiveSourceOptions;
}): LiveSources {
  const { db, store, config, opts } = deps;
  const bytesCache = databaseBytesCache(db.knex);
  const readerDeps = (source: LiveSource<unknown>): LiveReaderDeps | null => {
    const code = source.info.register;
    const credentials = opts.liveCredentials?.[code] ?? config.liveCredentials[liveCredentialsVariable(code)];
    if (source.credentials && !credentials) return null;
    // VIES's questions name this server as the requester when it has a VAT number (a consultation number back).
    const requester =
      code === EU_VIES_REGISTER
        ? opts.viesRequesterVat === undefined
          ? config.viesRequesterVat
          : opts.viesRequesterVat
        : null;
    return {
      baseUrl: opts.liveUrls?.[code] ?? config.liveUrls[liveUrlVariable(code)] ?? source.defaultUrl,
      ...(credentials ? { credentials } : {}),
      ...(requester ? { requester } : {}),
      store,
      readStream: (streamId, readOpts) => store.readStream(streamId, readOpts),
      recall: (register, url, maxAgeMs) =>
        readLiveObservation(db.knex, register, url, maxAgeMs, opts.now?.() ?? new Date()),
      recallMany: (register, urls, maxAgeMs) =>
        readLiveObservations(db.knex, register, urls, maxAgeMs, opts.now?.() ?? new Date()),
      bytesCache,
      ...(config.liveDocumentMaxBytes ? { maxDocumentBytes: config.liveDocumentMaxBytes } : {}),
      ...(opts.now ? { now: opts.now } : {}),
      ...opts.livePolicy,
    };
  };
  const readersOf = <R>(sources: readonly LiveSource<R>[]) =>
    new Map(
      sources.flatMap((source) => {
        const configured = readerDeps(source);
        return configured ? [[source.info.register, source.parts.createReader(configured)] as const] : [];
      }),
    );
  const europeSources = opts.liveRegisters ?? EU_LIVE_REGISTERS;
  const europe = readersOf(europeSources);
  // The French routes' live sources (the RNE, Judilibre, VIES): configured the same way. Each manifest's reader
  // is the port its register code names in FrenchLiveReaders.
  const frenchSources = opts.frenchLiveSources ?? FRENCH_LIVE_SOURCES;
  const french = readersOf(frenchSources);
  return {
    sireneSearch: sireneApiSearchFromConfig(opts.sireneApi ?? config.sireneApi, { store, now: opts.now }),
    europe,
    french: Object.fromEntries(french) as Partial<FrenchLiveReaders>,
    notConfigured: [
      ...europeSources.map((s) => s.info.register).filter((code) => !europe.has(code)),
      ...frenchSources.map((s) => s.info.register).filter((code) => !french.has(code)),
    ],
  };
}
