import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { REGISTERS } from '../../app/registers.ts';
import { composeService, type Service } from '../../app/server/composeService.ts';
import { loadConfig } from '../../ops/config.ts';
import type { Database } from '../../ops/database/openDatabase.ts';
import { freshDatabase, targetDescription, testLogger } from '../support/database.ts';
import { type RunningService, startTestService } from '../support/service.ts';
import { ingestWidgets, widgetRoute, widgetsProjection } from '../support/widgetRegister.ts';

const registers = [...REGISTERS];
const base = {
  projections: [widgetsProjection],
  routes: [widgetRoute],
  registers: [...registers],
  payment: false as const,
  servedLogFlushMs: 20,
  rateLimits: false as const,
  liveRegisters: [],
  frenchLiveSources: [],
};

// biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
type Json = Record<string, any>;

async function health(baseUrl: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${baseUrl}/health`);
  return { status: res.status, body: (await res.json()) as Json };
}

/** Another process's service on the same database, composed as `serve` would with `role`. */
async function composeOn(db: Database, role: 'api' | 'all', opts: { deferDatabase?: boolean } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-health-'));
  const config = { ...loadConfig({ DATA_DIR: dataDir }), host: '127.0.0.1' };
  const service = await composeService(db, config, testLogger, { ...base, role, ...opts });
  const port = await service.listen(0, '127.0.0.1');
  return {
    service,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      await service.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`/health on every role (${targetDescription})`, function () {
  this.timeout(60_000);

  describe('an API process beside the projecting one', () => {
    let projecting: RunningService;
    let api: { service: Service; baseUrl: string; stop(): Promise<void> };
    before(async () => {
      projecting = await startTestService(base);
      const last = await ingestWidgets(projecting.service.store, { version: '2026-11-15' });
      await projecting.service.runner.caughtUp(last);
      // Answers served after the projections' last batch: the served log's events, which no projection reads.
      for (let i = 0; i < 5; i++)
        expect((await fetch(`${projecting.baseUrl}/v1/test/widget/0001`)).status).to.equal(200);
      await projecting.service.servedLog.flush();
      api = await composeOn(projecting.db, 'api');
    });
    after(async () => {
      await api?.stop();
      await projecting?.stop();
    });

    it('says which role each process has and whether it projects', async () => {
      expect((await health(projecting.baseUrl)).body.processus).to.deep.equal({
        role: 'all',
        projection: 'actif',
      });
      expect((await health(api.baseUrl)).body.processus).to.deep.equal({ role: 'api', projection: 'aucun' });
    });

    it('reports on the API process the position the projector reached, past the events it skipped', async () => {
      const head = (await projecting.service.store.headPosition()).toString();
      const deadline = Date.now() + 20_000;
      let seen: Json[] = [];
      while (Date.now() < deadline) {
        seen = (await health(api.baseUrl)).body.projections as Json[];
        if (seen.every((p) => p.position === head && p.retard === '0')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(seen.map((p) => ({ nom: p.nom, retard: p.retard }))).to.deep.equal(
        seen.map((p) => ({ nom: p.nom, retard: '0' })),
      );
      const metrics = await (await fetch(`${api.baseUrl}/metrics`)).text();
      expect(metrics).to.match(/registres_projection_lag_events\{projection="test-widgets"\} 0\b/);
    });
  });

  it('answers 503 demarrage, not an incident, while the first migrations run', async () => {
    const db = await freshDatabase();
    const starting = await composeOn(db, 'all', { deferDatabase: true });
    try {
      const { status, body } = await health(starting.baseUrl);
      expect(status).to.equal(503);
      expect(body).to.include({ statut: 'demarrage' });
      expect(body.error).to.equal(undefined);
      await starting.service.whenDatabaseReady();
      expect((await health(starting.baseUrl)).status).to.equal(200);
    } finally {
      await starting.stop();
      await db.close();
    }
  });
});
