import { expect } from 'chai';
import { FRENCH_LIVE_SOURCES } from '../../../app/readSide.ts';
import { type LiveReplay, startLiveReplay } from '../../../app/server/liveReplay.ts';
import { createRneLive } from '../../../ingest/fr-rne/frRneLive.ts';
import { FR_RNE_REGISTER } from '../../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';

/** A demo company of the Sirene demo for which the RNE replay holds no recording. */
const UNRECORDED_SIREN = '005420021';
/** The RNE's recorded real 404 (ingest/fr-rne/live/SOURCE.txt). */
const RECORDED_ABSENT_SIREN = '317236248';

describe('LIVE_REPLAY=1: a question with no recording is an outage, never an absence (unit)', () => {
  let replay: LiveReplay;
  const store = {
    async append() {
      return { ok: true as const, nextExpectedVersion: 0n, lastPosition: 0n };
    },
  };
  const rne = () =>
    createRneLive({
      baseUrl: replay.urls[FR_RNE_REGISTER]!,
      credentials: replay.credentials[FR_RNE_REGISTER]!,
      store,
      breaker: { failures: 50, halfOpenAfterMs: 100 },
    });

  before(async () => {
    replay = await startLiveReplay(FRENCH_LIVE_SOURCES);
  });
  after(() => replay.close());

  it('an unrecorded question answers 503, not 404', async () => {
    const res = await fetch(`${replay.urls[FR_RNE_REGISTER]}/api/companies/${UNRECORDED_SIREN}`);
    expect(res.status).to.equal(503);
  });

  it('the officers reader reads an unrecorded company as the RNE unavailable, not as unknown', async () => {
    const err = await rne()
      .dirigeants(UNRECORDED_SIREN)
      .then(
        (answer) => answer.record,
        (e: unknown) => e,
      );
    expect(err).to.be.instanceOf(LiveUnavailableError);
    expect(err).to.include({ register: FR_RNE_REGISTER });
  });

  it('a recorded 404 is still replayed as the register holding no such company', async () => {
    expect((await rne().dirigeants(RECORDED_ABSENT_SIREN)).record).to.include({ connu: false });
  });
});
