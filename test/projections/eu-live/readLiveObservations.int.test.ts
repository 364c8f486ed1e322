import { expect } from 'chai';
import { runMigrations } from '../../../ops/database/migrations.ts';
import type { Database } from '../../../ops/database/openDatabase.ts';
import { projectionMigrationsFor } from '../../../projections/core/schema.ts';
import {
  EU_LIVE_OBSERVATIONS,
  euLiveProjection,
  readLiveObservations,
} from '../../../projections/eu-live/euLiveProjection.ts';
import { freshDatabase, targetDescription } from '../../support/database.ts';

describe(`the read table of live observations, several URLs at once (${targetDescription})`, () => {
  let db: Database;
  const now = new Date('2026-12-03T12:00:00Z');
  // Judilibre's searches hold a query string: a question mark and quotes written into the prepared statement.
  const search = "https://api.piste.gouv.fr/judilibre/v1.0/search?query=%22l'Oréal%22&page_size=50";
  const company = 'https://registre-national-entreprises.inpi.fr/api/companies/552032534';
  const filings = `${company}/attachments`;
  before(async () => {
    db = await freshDatabase();
    await runMigrations(db.knex, projectionMigrationsFor([euLiveProjection]));
    const row = (registre: string, url: string, observedAt: string) => ({
      registre,
      url,
      observed_at: observedAt,
      status: 200,
      body_sha256: 'a'.repeat(64),
      record: JSON.stringify({ url }),
    });
    await db.knex(EU_LIVE_OBSERVATIONS).insert([
      row('FR-JUDILIBRE', search, '2026-12-03T11:00:00.000Z'),
      row('FR-RNE', company, '2026-12-03T11:30:00.000Z'),
      // Older than the day asked for.
      row('FR-RNE', filings, '2026-12-02T11:59:59.000Z'),
    ]);
  });
  after(async () => {
    await db?.close();
  });

  it('answers the observations of the register younger than the age asked for, by URL', async () => {
    const day = 24 * 3600_000;
    for (let round = 0; round < 2; round++) {
      const rne = await readLiveObservations(db.knex, 'FR-RNE', [company, filings], day, now);
      expect([...rne.keys()]).to.deep.equal([company]);
      expect(rne.get(company)).to.deep.equal({
        url: company,
        status: 200,
        observedAt: '2026-12-03T11:30:00.000Z',
        bodySha256: 'a'.repeat(64),
        record: { url: company },
      });
      const judilibre = await readLiveObservations(db.knex, 'FR-JUDILIBRE', [search, company], day, now);
      expect([...judilibre.keys()]).to.deep.equal([search]);
      expect(await readLiveObservations(db.knex, 'FR-RNE', [search], day, now)).to.deep.equal(new Map());
    }
  });
});
