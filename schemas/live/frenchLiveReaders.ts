import type { PeppolReader } from '../events/euPeppolEvents.ts';
import type { ViesReader } from '../events/euViesEvents.ts';
import type { JudilibreReader } from '../events/frJudilibreEvents.ts';
import type { RneReader } from '../events/frRneEvents.ts';
import type { WhiteListReader } from '../events/plWhiteListEvents.ts';

/**
 * The live sources the French routes read (not the European unified profile), keyed by register code: each
 * register's reader port, built by its `ingest/<stem>` folder and wired by the app (`HandlerDeps.live.french`).
 * A register listed here without credentials on this server is absent from `LiveSources.french`.
 */
export interface FrenchLiveReaders {
  'fr.rne': RneReader;
  'fr.judilibre': JudilibreReader;
  'eu.vies': ViesReader;
  'eu.peppol': PeppolReader;
  'pl.wl': WhiteListReader;
}

export type FrenchLiveRegister = keyof FrenchLiveReaders;

/** What every French live reader has: its code, for the metrics and the health route, and its breaker. */
export interface LiveReaderCircuit {
  readonly register: string;
  circuit(): 'closed' | 'open' | 'half-open';
}
