import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { PROJECTIONS } from '../../../app/readSide.ts';
import { schemaMigrations } from '../../../app/server/migrateAll.ts';
import { childrenStartOnTemplate, migratedRecipe, targetDescription } from '../../support/database.ts';
import { type ServeProcess, startServeProcess } from '../../support/serveProcess.ts';

/** The registers a start said it seeded, from its `Demo data: a, b, … (…)` line. */
const seededBy = (output: string): string[] =>
  (/^Demo data: (.+) \(real-format samples/m.exec(output)?.[1] ?? '').split(', ').filter(Boolean);

describe(`registres serve after a crash while seeding the demo data (${targetDescription})`, function () {
  this.timeout(600_000);
  const started: ServeProcess[] = [];
  let dataDir: string;
  afterEach(async () => {
    for (const p of started.splice(0)) await p.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a start after a crash seeds every register still missing its demo data, the interrupted one too', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-crash-'));
    const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
    // Migrated already (a template's copy): what is tested is the seeding, not initdb and the migrations.
    await childrenStartOnTemplate(migratedRecipe(schemaMigrations(PROJECTIONS)), env);
    const first = await startServeProcess(env);
    started.push(first);
    // fr.rna is seeded in one snapshot pass: killed once that pass started, it leaves SnapshotStarted alone.
    await first.printed(/"register":"fr\.rna"[^\n]*"msg":"snapshot pass started"/);
    first.child.kill('SIGKILL');
    await first.exit;
    const completedBefore = [
      ...first.output().matchAll(/"msg":"demo data seeded \(\d+\/\d+\): ([a-z.-]+)"/g),
    ].map((m) => m[1]);

    const second = await startServeProcess(env);
    started.push(second);
    await second.printed(/^Ready: /m);
    const seededAfter = seededBy(second.output());
    expect(seededAfter).to.include('fr.rna');
    expect(completedBefore).to.include('fr.sirene');
    expect(seededAfter.filter((register) => completedBefore.includes(register))).to.deep.equal([]);
    expect(second.output()).to.match(/"msg":"seeding demo data \(1\/\d+\): RNA associations/);
  });
});
