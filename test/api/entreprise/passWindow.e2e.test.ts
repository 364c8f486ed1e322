import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PROJECTIONS } from '../../../app/readSide.ts';
import { schemaMigrations } from '../../../app/server/migrateAll.ts';
import { generateSireneFiles } from '../../../bench/sirene/generateSireneFiles.ts';
import { childrenStartOnTemplate, migratedRecipe, targetDescription } from '../../support/database.ts';
import {
  createKeyWithCredits,
  runRegistres,
  type ServeProcess,
  startServeProcess,
} from '../../support/serveProcess.ts';
import { readPlainCsv, removeTempDirs, tempDir, writeCsv } from '../../support/sireneFiles.ts';

const FIRST = '2026-11-01';
const SECOND = '2026-11-10';
/** What the second pass appends to every company's name and every establishment's street. */
const MARK = ' NOUVELLE';

interface Served {
  via: string;
  siren: string;
  version: string;
  sha256: string;
  denomination: string;
  adresse: string | null;
}

/**
 * One version per answer (issue 43, D1): while a changed Sirene pass is applied, a client reads company
 * profiles continuously from the projecting process and from an `--role api` process. Every answer's rows
 * (the unit's name, its head office's address) must come from the version its citation names.
 */
describe(`answers read during a Sirene pass cite the version of every row (${targetDescription})`, function () {
  this.timeout(300_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const running: ServeProcess[] = [];
  let files: { first: { units: string; etabs: string }; second: { units: string; etabs: string } };
  let sirens: string[];

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-window-'));
    env = {
      ...process.env,
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      RATE_LIMIT_PER_KEY: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
    };
    // Migrated already (a template's copy): the children need not run initdb and every migration first.
    await childrenStartOnTemplate(migratedRecipe(schemaMigrations(PROJECTIONS)), env);
    // Enough establishments that their read model takes a while after the units' one.
    const dir = await tempDir();
    const generated = await generateSireneFiles({ dir, rows: 6_000, seed: 43 });
    const units = await readPlainCsv(generated.unitesLegales);
    const etabs = await readPlainCsv(generated.etablissements);
    const markedUnits = {
      header: units.header,
      rows: units.rows.map((r) => ({
        ...r,
        denominationUniteLegale: r.denominationUniteLegale ? `${r.denominationUniteLegale}${MARK}` : '',
      })),
    };
    const markedEtabs = {
      header: etabs.header,
      rows: etabs.rows.map((r) => ({
        ...r,
        libelleVoieEtablissement: `${r.libelleVoieEtablissement}${MARK}`,
      })),
    };
    files = {
      first: { units: generated.unitesLegales, etabs: generated.etablissements },
      second: {
        units: await writeCsv(dir, 'units-2.csv', markedUnits),
        etabs: await writeCsv(dir, 'etabs-2.csv', markedEtabs),
      },
    };
    sirens = generated.sampleSirens.slice(0, 40);
  });
  after(async () => {
    for (const p of running.splice(0)) await p.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    await removeTempDirs();
  });

  const ingest = async (pass: { units: string; etabs: string }, version: string) => {
    const { code, out } = await runRegistres(
      env,
      [
        'ingest',
        'fr-sirene',
        '--unites-legales',
        pass.units,
        '--etablissements',
        pass.etabs,
        '--version',
        version,
      ],
      { stderr: true },
    );
    if (code !== 0) throw new Error(`ingest ${version} failed: ${out}`);
  };

  const read = async (
    via: ServeProcess,
    name: string,
    siren: string,
    key: string,
  ): Promise<Served | null> => {
    const res = await fetch(`${via.baseUrl}/v1/entreprise/${siren}`, { headers: { 'X-Api-Key': key } });
    // biome-ignore lint/suspicious/noExplicitAny: decoded wire JSON, checked field by field
    const body = (await res.json()) as Record<string, any>;
    if (res.status !== 200) return null;
    const sirene = body.provenance.find((p: { registre: string }) => p.registre === 'fr.sirene');
    return {
      via: name,
      siren,
      version: sirene.version,
      sha256: sirene.empreinte_sha256,
      denomination: body.denomination,
      adresse: body.siege.adresse,
    };
  };

  it('serves no answer whose rows come from two versions or from a version it does not cite', async () => {
    const projector = await startServeProcess(env);
    running.push(projector);
    await projector.printed(/Ready: database reached/);
    await ingest(files.first, FIRST);
    const { key } = await createKeyWithCredits(env, '100');
    const api = await startServeProcess(env, { args: ['--role', 'api'] });
    running.push(api);
    await api.printed(/Ready: database reached/);
    const readers = [
      { name: 'projecting process', via: projector },
      { name: '--role api process', via: api },
    ];
    // The first pass is served by both processes before the second one starts.
    for (;;) {
      const all = await Promise.all(readers.map((r) => read(r.via, r.name, sirens[0]!, key)));
      if (all.every((a) => a?.version === FIRST)) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const served: Served[] = [];
    let ingesting = true;
    const reading = Promise.all(
      readers.map(async (r) => {
        // Reads until the second pass is ingested and this process serves it for every company.
        for (let i = 0; ; i++) {
          const siren = sirens[i % sirens.length]!;
          const answer = await read(r.via, r.name, siren, key);
          if (answer) served.push(answer);
          if (!ingesting && i % sirens.length === sirens.length - 1) {
            const last = served.filter((s) => s.via === r.name).slice(-sirens.length);
            if (last.length === sirens.length && last.every((s) => s.version === SECOND)) return;
          }
        }
      }),
    );
    await ingest(files.second, SECOND);
    ingesting = false;
    await reading;

    const mixed = served.filter((s) => {
      const named = s.denomination.endsWith(MARK);
      const located = (s.adresse ?? '').includes(MARK.trim());
      return named !== located || named !== (s.version === SECOND);
    });
    expect(mixed, JSON.stringify(mixed.slice(0, 3))).to.deep.equal([]);
    // Both versions were served by both processes: the window was read through.
    for (const r of readers) {
      const versions = new Set(served.filter((s) => s.via === r.name).map((s) => s.version));
      expect([...versions].sort()).to.deep.equal([FIRST, SECOND]);
    }
    // One file fingerprint per version cited.
    const shas = new Map(served.map((s) => [s.version, s.sha256]));
    expect(shas.size).to.equal(2);
    for (const s of served) expect(s.sha256).to.equal(shas.get(s.version));
  });
});
