import type { RouteDefinition } from '../api/catalogue/route.ts';
import { europeRoutes } from '../api/routes/europe.ts';
import type { DemoSeeder } from '../ingest/core/demoSeeder.ts';
import { accountsProjection } from '../projections/accounts/accountsProjection.ts';
import type { Projection } from '../projections/core/projection.ts';
import { euLiveProjection } from '../projections/eu-live/euLiveProjection.ts';
import type { EuLocalCopy } from '../projections/eu-profile/euLocalCopy.ts';
import { watchesProjection } from '../projections/surveillance/watchesProjection.ts';
import type { EuLiveRegister } from '../schemas/europe/euLiveRegister.ts';
import type { FrenchLiveReaders } from '../schemas/live/frenchLiveReaders.ts';
import type { LiveRegisterParts, RegisterManifest, RegisterReadSide } from './registerManifest.ts';
import { REGISTER_MANIFESTS } from './registers.ts';

/** Each register's manifest with its loaded read side, in manifest order. */
export interface LoadedRegister {
  manifest: RegisterManifest;
  parts: RegisterReadSide;
}

// Loaded once, when the server or a command that reads the data needs it (the command line's start does not).
export const LOADED_REGISTERS: readonly LoadedRegister[] = await Promise.all(
  REGISTER_MANIFESTS.map(async (manifest) => ({ manifest, parts: await manifest.load() })),
);

/** Demo datasets, in manifest order: `serve` runs each on a register that has never had a pass. */
export const DEMO_SEEDERS: readonly DemoSeeder[] = LOADED_REGISTERS.flatMap(({ parts }) =>
  parts.demo ? [parts.demo] : [],
);

/**
 * Every read model: the accounts (payment), the watches (their changes and webhook attempts), each register's,
 * then the live registers' observations.
 */
export const PROJECTIONS: readonly Projection[] = [
  accountsProjection,
  watchesProjection,
  ...LOADED_REGISTERS.flatMap(({ parts }) => parts.projections ?? []),
  ...(LOADED_REGISTERS.some(({ parts }) => parts.europeLive || parts.frenchLive) ? [euLiveProjection] : []),
];

/** The European registers held as local copies, in manifest order. */
export const EU_LOCAL_COPIES: readonly EuLocalCopy[] = LOADED_REGISTERS.flatMap(({ manifest, parts }) => {
  if (!manifest.europe || manifest.europe.live) return [];
  if (!parts.europeProfiles) throw new Error(`${manifest.stem}: a European register needs its profile table`);
  const entry = manifest.dictionary[0]!;
  return [{ pays: entry.pays, register: entry.code, ...parts.europeProfiles, ...manifest.europe }];
});

/** A European register queried live: what the routes know of it, how to read it, its default address. */
export interface EuLiveSource {
  info: EuLiveRegister;
  parts: LiveRegisterParts;
  defaultUrl: string;
  /** A company its recorded answers serve. */
  sampleId: string;
  /** Whether the register needs credentials to answer (and what they are, for the README and errors). */
  credentials: { description: string } | null;
  /** A register of detail routes only (not asked for the profile nor the search). */
  detailsOnly: boolean;
}

/** The European registers queried live, in manifest order. */
export const EU_LIVE_REGISTERS: readonly EuLiveSource[] = LOADED_REGISTERS.flatMap(({ manifest, parts }) => {
  const europe = manifest.europe;
  if (!europe?.live) return [];
  if (!parts.europeLive) throw new Error(`${manifest.stem}: a live register needs its reader`);
  const entry = manifest.dictionary[0]!;
  const info: EuLiveRegister = {
    pays: entry.pays,
    register: entry.code,
    idPattern: europe.idPattern,
    ...(europe.idCheck ? { idCheck: europe.idCheck } : {}),
    ...(europe.canonicalId ? { canonicalId: europe.canonicalId } : {}),
    idDescription: europe.idDescription,
    idLabel: europe.idLabel,
    maxAgeMs: europe.live.maxAgeMs,
  };
  return [
    {
      info,
      parts: parts.europeLive,
      defaultUrl: europe.live.defaultUrl,
      sampleId: europe.live.sampleId,
      credentials: europe.live.credentials ?? null,
      detailsOnly: europe.live.detailsOnly === true,
    },
  ];
});

/** A source queried live by the French routes (the RNE, Judilibre, VIES). */
export interface FrenchLiveSource {
  /** Its register code, as the live replay and the configuration variables name it. */
  info: { register: string };
  parts: LiveRegisterParts<FrenchLiveReaders[keyof FrenchLiveReaders]>;
  defaultUrl: string;
  /** A question its recorded answers serve. */
  sampleId: string;
  /** Null: the source answers anonymously. */
  credentials: { description: string } | null;
}

/** The French registers queried live, in manifest order. */
export const FRENCH_LIVE_SOURCES: readonly FrenchLiveSource[] = LOADED_REGISTERS.flatMap(
  ({ manifest, parts }) => {
    if (!manifest.frenchLive) return [];
    if (!parts.frenchLive) throw new Error(`${manifest.stem}: a French live register needs its reader`);
    return [
      {
        info: { register: manifest.dictionary[0]!.code },
        parts: parts.frenchLive,
        defaultUrl: manifest.frenchLive.defaultUrl,
        sampleId: manifest.frenchLive.sampleId,
        credentials: manifest.frenchLive.credentials ?? null,
      },
    ];
  },
);

const isEuropean = ({ manifest }: LoadedRegister) => manifest.europe !== undefined;

/**
 * The priced routes: the registers' own (French first, in manifest order), the European profile and search
 * built for every European country, then each European register's detail routes.
 */
export const PRICED_ROUTES: readonly RouteDefinition[] = [
  ...LOADED_REGISTERS.filter((l) => !isEuropean(l)).flatMap(({ parts }) => parts.routes ?? []),
  ...europeRoutes(
    EU_LOCAL_COPIES,
    EU_LIVE_REGISTERS.filter((l) => !l.detailsOnly).map((l) => l.info),
  ),
  ...LOADED_REGISTERS.filter(isEuropean).flatMap(({ parts }) => parts.routes ?? []),
];
