import type { RouteDefinition } from '../api/catalogue/route.ts';
import type { DemoSeeder } from '../ingest/core/demoSeeder.ts';
import type { IngestCommandSpec } from '../ingest/core/ingestCommandSpec.ts';
import type { Projection } from '../projections/core/projection.ts';
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
  /** `registres ingest <key> …` commands, keyed by their command-line name. */
  ingest: Readonly<Record<string, IngestCommandSpec>>;
  /** A register of the European unified profile (its country is its dictionary entry's `pays`). */
  europe?: { idPattern: RegExp; idDescription: string; idLabel: string };
  load(): Promise<RegisterReadSide>;
}

export interface RegisterReadSide {
  demo?: DemoSeeder;
  projections?: readonly Projection[];
  /** The register's own priced routes (the European profile and search are built for every country). */
  routes?: readonly RouteDefinition[];
  /** A European register: the projection and table of its unified profile. */
  europeProfiles?: { projection: string; table: string };
}
