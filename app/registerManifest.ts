import type { Knex } from 'knex';
import type { RouteDefinition } from '../api/catalogue/route.ts';
import type { DemoSeeder } from '../ingest/core/demoSeeder.ts';
import type { IngestCommandSpec } from '../ingest/core/ingestCommandSpec.ts';
import type { LiveRecordings } from '../ingest/core/liveRecordings.ts';
import type { LiveReaderDeps } from '../ingest/core/liveRegisterClient.ts';
import type { Projection } from '../projections/core/projection.ts';
import type { EuLiveReader } from '../schemas/europe/euLiveRegister.ts';
import type { FrenchLiveReaders } from '../schemas/live/frenchLiveReaders.ts';
import type { RegisterInfo } from '../schemas/registerInfo.ts';

/**
 * A register, declared once: everything the service derives from it (the register dictionary, the
 * `registres ingest` commands, the demo data, the projections, the priced routes, the European countries).
 * The light part (dictionary, commands, country) is read by the command line at start; the read side and the
 * demo data are loaded by `load` when a command or the server needs them, so `registres --help` stays fast.
 */
export interface RegisterManifest {
  /** The register's stem: its code with hyphens, the name of its folders (`lv-ur`) and command. */
  stem: string;
  /** Its entries in the register dictionary (Sirene's stock and its live API are two). */
  dictionary: readonly RegisterInfo[];
  /**
   * The stream of one entity's own events (its changes between passes, its updates) in the register of its
   * first dictionary entry, as its ingester writes them; default `<register>-<kind>-<id>` (the snapshot
   * pass's). The entity's history and `registres audit row` read it.
   */
  entityStreamOf?: (row: { kind: string; id: string }) => string;
  /**
   * What `registres audit row` adds, after the command that prints a row's line, about reading a row of this
   * register in its file (where a record ends, which file of the copy holds it); `sha256` is the file's.
   */
  auditRowNotes?: (sha256: string) => string[];
  /** `registres ingest <key> …` commands, keyed by their command-line name. */
  ingest: Readonly<Record<string, IngestCommandSpec>>;
  /**
   * `registres record <key> …` commands: record the register's upstream answers (network, credentials from
   * configuration) into the files its `ingest` command reads. Declared like an ingest command.
   */
  record?: Readonly<Record<string, IngestCommandSpec>>;
  /** A register of the European unified profile (its country is its dictionary entry's `pays`). */
  europe?: {
    /**
     * The register covers every country no national register covers (GLEIF's LEI entities, keyed by LEI):
     * the profile of such a country and the search without a country read it. Its entities' country is
     * their registered address's.
     */
    worldwide?: true;
    idPattern: RegExp;
    /** The identifier's check digit, when it has one (checked after the pattern). */
    idCheck?: (id: string) => boolean;
    /** The identifier as published, from any spelling the pattern accepts: what answers and caches key on. */
    canonicalId?: (id: string) => string;
    idDescription: string;
    idLabel: string;
    /**
     * A register queried live: how long an observation is served again without asking it, and its real
     * public address (`LIVE_URL_<code>` in the environment overrides it, e.g. `LIVE_URL_CZ_ARES`).
     */
    live?: {
      maxAgeMs: number;
      defaultUrl: string;
      /** A company its recorded answers serve (200): the contract suite every live register runs asks it. */
      sampleId: string;
      /**
       * The register answers only with credentials (Zefix, CVR, Companies House): `user:password` (or a key)
       * in `LIVE_CREDENTIALS_<code>`. Without them the register is not configured (503
       * `registre_non_configure` on its profile, left out of the search), never reported as down.
       */
      credentials?: { description: string };
      /**
       * The register serves only detail routes of a country whose profile comes from another register (the
       * Swiss gazette beside Zefix): it is not part of the unified profile nor of the search.
       */
      detailsOnly?: true;
    };
  };
  /**
   * A source queried live by the French routes (the RNE: officers, filings; Judilibre; VIES), its address
   * overridable by `LIVE_URL_<code>`; credentials, when it needs them, in `LIVE_CREDENTIALS_<code>`.
   */
  frenchLive?: {
    defaultUrl: string;
    /** A question its recorded answers serve (200): a SIREN, or a VAT number for VIES. */
    sampleId: string;
    /** Absent: the source answers anonymously (VIES). */
    credentials?: { description: string };
  };
  load(): Promise<RegisterReadSide>;
}

export interface RegisterReadSide {
  demo?: DemoSeeder;
  projections?: readonly Projection[];
  /** The register's own priced routes (the European profile and search are built for every country). */
  routes?: readonly RouteDefinition[];
  /** A European register: the projection and table of its unified profile. */
  europeProfiles?: {
    projection: string;
    table: string;
    /** A second identifier the register resolves to its own by a lookup (Croatia: an MBS to its OIB). */
    resolveId?: (knex: Knex, id: string) => Promise<string>;
    /** The register's own block of the profile (`registre_hr`), read for the company served. */
    profileBlock?: (knex: Knex, id: string, photo: string | null) => Promise<Record<string, unknown>>;
  };
  /** A European register queried live: how its reader is built, and the recorded answers of its demo. */
  europeLive?: LiveRegisterParts;
  /**
   * A source queried live by the French routes (`frenchLive`): its reader (the port its register code names
   * in `FrenchLiveReaders`), and its recorded answers.
   */
  frenchLive?: LiveRegisterParts<FrenchLiveReaders[keyof FrenchLiveReaders]>;
}

/** What the service needs to query a live register: its reader, and recorded answers to replay. */
export interface LiveRegisterParts<R = EuLiveReader> {
  createReader(deps: LiveReaderDeps): R;
  /** Recorded real answers (folder, and which request each answers), for `LIVE_REPLAY=1` and the tests. */
  recordings: LiveRecordings;
}
