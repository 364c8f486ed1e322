import type { SnapshotReader, SnapshotSessions } from '../catalogue/snapshotReader.ts';
import { unavailable } from '../errors/apiError.ts';
import type { AppContext } from '../state.ts';

/** How many times a request reads its rows again after a pass was published under it, before giving up. */
const READ_ATTEMPTS = 4;

/**
 * One version per answer: runs `read` (a handler, or a quote that prepares the answer) with the request's
 * snapshot session as its state reader, then confirms that no pass was published since the state was read:
 * the rows are then of the versions cited. Otherwise the freshness guard judges the new state and `read` runs
 * again. A refusal it threw is confirmed the same way (a company absent from one version may exist in the
 * next). Without sessions (an app composed without snapshot state), `read` runs once as it is.
 */
export async function readConsistently<T>(
  ctx: AppContext,
  sessions: SnapshotSessions | undefined,
  read: (readSnapshots: SnapshotReader | undefined) => Promise<T>,
): Promise<T> {
  if (!sessions) return read(undefined);
  for (let attempt = 1; ; attempt++) {
    ctx.state.snapshotSession ??= sessions();
    const session = ctx.state.snapshotSession;
    let outcome: { value: T } | { error: unknown };
    try {
      outcome = { value: await read(session.read) };
    } catch (error) {
      outcome = { error };
    }
    if (await session.confirm()) {
      if ('error' in outcome) throw outcome.error;
      return outcome.value;
    }
    if (attempt >= READ_ATTEMPTS) {
      throw unavailable(
        'incident_interne',
        'Une nouvelle version du registre a été publiée pendant chaque lecture : réessayer. / A new register version was published during every read: retry.',
      );
    }
    ctx.state.log.info({ attempt }, 'a pass was published while the answer was read: reading it again');
    ctx.state.snapshotSession = sessions();
    delete ctx.state.prepared;
    await ctx.state.recheckFreshness?.();
  }
}
