import path from 'node:path';
import { expect } from 'chai';
import { runIngestCommand } from '../../../app/cli/ingestCommand.ts';
import { esBormeIngestSpec } from '../../../ingest/es-borme/esBormeCommand.ts';
import { ltJarIngestSpec } from '../../../ingest/lt-jar/ltJarCommand.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { SOURCE_ROOT } from '../../../ops/sourceRoot.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { getJson, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

const demo = (stem: string, file: string) => path.join(SOURCE_ROOT, 'ingest', stem, 'demo', file);

describe(`registres ingest: a role given many times (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  const lines: string[] = [];
  const cli = (): CliContext => ({
    config: loadConfig({}),
    logger: testLogger,
    out: (line) => lines.push(line),
    withDatabase: (fn) => fn(t.db, t.service.store),
  });
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
  });
  after(() => t.stop());
  beforeEach(() => {
    lines.length = 0;
  });

  it('lt-jar reads every --finansai file it is given, and their accounts are served', async () => {
    const argv = [
      '--iregistruoti',
      demo('lt-jar', 'JAR_IREGISTRUOTI_constructed.csv'),
      ...[
        'JAR_FA_RODIKLIAI_PLNA_2022_constructed.csv',
        'JAR_FA_RODIKLIAI_PLNA_2025_n_constructed.csv',
      ].flatMap((f) => ['--finansai', demo('lt-jar', f)]),
      '--date',
      '2026-11-19',
    ];
    expect(await runIngestCommand('lt-jar', ltJarIngestSpec, argv, cli())).to.equal(0);
    expect(lines.join('\n')).to.match(/^lt\.jar 2026-11-19: \d+ rows, \d+ recorded/m);
    await t.service.runner.caughtUp();
    const { res, body } = await getJson(`${t.baseUrl}/v1/eu/entreprise/LT/110003978/comptes`);
    expect(res.status).to.equal(200);
    expect((body as { nombre_exercices: number }).nombre_exercices).to.be.greaterThan(1);
  });

  it('es-borme requires a document, and counts acts', async () => {
    expect(await runIngestCommand('es-borme', esBormeIngestSpec, [], cli())).to.equal(2);
    expect(lines.join('\n')).to.contain('--documento');
    lines.length = 0;
    const argv = ['--documento', demo('es-borme', 'BORME-A-2015-27-10.pdf'), '--date', '2026-11-19'];
    expect(await runIngestCommand('es-borme', esBormeIngestSpec, argv, cli())).to.equal(0);
    expect(lines.join('\n')).to.match(/^es\.borme 2026-11-19: \d+ acts, \d+ recorded/m);
  });
});
