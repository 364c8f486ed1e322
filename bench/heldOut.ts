import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dossierRoute } from '../api/routes/dossier.ts';
import { marchesPublicsRoute } from '../api/routes/marchesPublics.ts';
import { marchesPublicsUeRoute } from '../api/routes/marchesPublicsUe.ts';
import { composeService, type Service } from '../app/server/composeService.ts';
import { ingestEuTed } from '../ingest/eu-ted/ingestEuTed.ts';
import { ingestFrDecp } from '../ingest/fr-decp/ingestFrDecp.ts';
import { ingestFrIcpe } from '../ingest/fr-icpe/ingestFrIcpe.ts';
import { ingestFrSirene } from '../ingest/fr-sirene/ingestFrSirene.ts';
import { openAccount } from '../ops/accounts/openAccount.ts';
import { euTedProjection } from '../projections/eu-ted/euTedProjection.ts';
import { decpProjection } from '../projections/fr-decp/decpProjection.ts';
import { icpeProjection } from '../projections/fr-icpe/icpeProjection.ts';
import type { SnapshotCompletedData } from '../schemas/events/snapshotEvents.ts';
import { isLuhnValid } from '../schemas/params/luhn.ts';
import { asServiceDatabase } from './core/asServiceDatabase.ts';
import type { BenchContext } from './core/benchContext.ts';
import { BENCH_PAYMENT } from './core/benchPayment.ts';
import { formatSeconds } from './core/format.ts';
import { openBenchDatabase } from './core/openBenchDatabase.ts';
import { parseCount } from './core/parseCount.ts';
import { printTable, type TableRow } from './core/printTable.ts';
import { timed } from './core/timing.ts';
import { fixtureSirens } from './held-out/fixtureSirens.ts';
import { writeHeldOutSirene } from './held-out/heldOutSirene.ts';
import type { HeldOutReading } from './held-out/heldOutSource.ts';
import { readDecpHeldOut } from './held-out/readDecpHeldOut.ts';
import { readIcpeHeldOut } from './held-out/readIcpeHeldOut.ts';
import { readTedHeldOut } from './held-out/readTedHeldOut.ts';
import { loadNow } from './public-record/uptime.ts';
import { SIRENE_READ_MODELS } from './sirene/sireneReadModels.ts';

export const description =
  'Held-out check (issue 46): real upstream files outside the fixtures, ingested as in production, what they publish per SIREN vs what the routes serve';

const USAGE = `registres bench held-out --icpe <zip> --decp <json|zip> --ted <folder or files,...> [options]

${description}.
Real files only, obtained outside the fixtures: bench/held-out/SOURCE.txt says where each comes from and how
to get it again (they are not in git). For each source given:
  1. an independent minimal reader written for this check (bench/held-out/read*HeldOut.ts, papaparse, yauzl,
     JSON.parse, regular expressions: never the project's readers) computes what the file publishes per SIREN:
       icpe  installations (InstallationClassee.csv, numeroSiret's first 9 digits), their establishments,
             Seveso high and low;
       decp  contracts held (holders of type SIRET, initial or in modifications), contracts awarded (buyer
             SIRET), the sum of the held contracts' initial montant in cents;
       ted   award notices with an ADDRESS_CONTRACTOR of country FR whose NATIONALID gives the SIREN
             (TED XML R2.0.9);
  2. the SIRENs named by the register's demo (ingest/<register>/demo), its test fixtures
     (test/fixtures/<register>) and the Sirene demo are left out; SIRENs failing the Luhn check too (the
     routes refuse them); the others are checked (at most --max a source, every n-th in SIREN order, every
     SIREN published under a person's name kept);
  3. the file is ingested by the project's own ingest (ingestFrIcpe, ingestFrDecp, ingestEuTed: what
     \`registres ingest\` runs) into a fresh schema, with an unnamed Sirene unit per SIREN checked, and
     projected as \`serve\` does;
  4. each SIREN is asked of the running service with a funded API key: GET /dossier?blocs=risques_industriels,
     /marches-publics, /marches-publics-ue; the served counts are compared with the file's;
  5. every answer is scanned for the natural persons' names the file publishes (privacy).
Prints a table per source (SIRENs checked, matched exactly, mismatches and why, rows the ingest set aside and
why) and the privacy scan. DATABASE_URL selects PostgreSQL, else an embedded database in memory.

Options:
  --icpe FILE     Géorisques ICPE export ZIP
  --decp FILE     DECP JSON (2019 or 2024 schema), or a ZIP holding it
  --ted LIST      TED notice files or folders, comma-separated
  --max N         SIRENs checked a source (default 400)
  --date DATE     snapshot date given to the ingests (default today)
  --persons-as K  the Sirene unit written for a SIREN the file publishes under a person's name:
                  sole-proprietor (default; category 1000, as Sirene most likely says: the routes refuse it,
                  entreprise_individuelle_non_couverte, counted apart) or legal-person (category 5710: the
                  routes serve what the file publishes for it, compared and scanned for the name like the others)
`;

type SourceName = 'icpe' | 'decp' | 'ted';

interface SourceSpec {
  name: SourceName;
  /** Folder name of the register (ingest/<register>, test/fixtures/<register>). */
  registerDir: string;
  read(paths: readonly string[]): Promise<HeldOutReading>;
  ingest(deps: IngestDeps, paths: readonly string[]): Promise<SnapshotCompletedData>;
  /** The route asked, for a SIREN. */
  url(siren: string): string;
  /** The served facts, named as the reader names them, from the answer's body. */
  served(body: Json): Record<string, number>;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read member by member
type Json = any;

interface IngestDeps {
  service: Service;
  knex: Parameters<typeof ingestFrIcpe>[0]['knex'];
  ctx: BenchContext;
  date: string;
}

const SOURCES: Record<SourceName, SourceSpec> = {
  icpe: {
    name: 'icpe',
    registerDir: 'fr-icpe',
    read: (paths) => readIcpeHeldOut(paths[0]!),
    ingest: (d, paths) =>
      ingestFrIcpe({
        knex: d.knex,
        store: d.service.store,
        logger: d.ctx.logger,
        paths: [paths[0]!],
        snapshotDate: d.date,
      }),
    url: (siren) => `/v1/entreprise/${siren}/dossier?blocs=risques_industriels`,
    served: (body): Record<string, number> => {
      const block = body.blocs?.risques_industriels;
      if (!block) return {};
      return {
        installations: block.nombre_installations,
        etablissements: block.nombre_etablissements,
        seveso_haut: block.nombre_seveso_seuil_haut,
        seveso_bas: block.nombre_seveso_seuil_bas,
      };
    },
  },
  decp: {
    name: 'decp',
    registerDir: 'fr-decp',
    read: (paths) => readDecpHeldOut(paths[0]!),
    ingest: (d, paths) =>
      ingestFrDecp({
        knex: d.knex,
        store: d.service.store,
        logger: d.ctx.logger,
        file: paths[0]!,
        snapshotDate: d.date,
      }),
    url: (siren) => `/v1/entreprise/${siren}/marches-publics`,
    served: (body) => ({
      titulaire: body.nombre_marches_titulaire,
      acheteur: body.nombre_marches_acheteur,
      montant_centimes: body.montant_total_titulaire_centimes ?? 0,
    }),
  },
  ted: {
    name: 'ted',
    registerDir: 'eu-ted',
    read: (paths) => readTedHeldOut(paths),
    ingest: (d, paths) =>
      ingestEuTed({
        knex: d.knex,
        store: d.service.store,
        logger: d.ctx.logger,
        paths,
        snapshotDate: d.date,
      }),
    url: (siren) => `/v1/entreprise/${siren}/marches-publics-ue`,
    served: (body) => ({ avis: body.nombre_avis }),
  },
};

interface Options {
  paths: Partial<Record<SourceName, string[]>>;
  max: number;
  date: string;
  personsAs: 'sole-proprietor' | 'legal-person';
}

function parseOptions(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      icpe: { type: 'string' },
      decp: { type: 'string' },
      ted: { type: 'string' },
      max: { type: 'string' },
      date: { type: 'string' },
      'persons-as': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const paths: Options['paths'] = {};
  if (values.icpe) paths.icpe = [values.icpe];
  if (values.decp) paths.decp = [values.decp];
  if (values.ted) paths.ted = values.ted.split(',').filter(Boolean);
  const date = values.date ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`--date: not YYYY-MM-DD: ${date}`);
  const personsAs = values['persons-as'] ?? 'sole-proprietor';
  if (personsAs !== 'sole-proprietor' && personsAs !== 'legal-person')
    throw new Error(`--persons-as: sole-proprietor or legal-person, not ${personsAs}`);
  return { paths, max: parseCount('max', values.max, 400), date, personsAs };
}

/** One source read, its SIRENs chosen. */
interface Prepared {
  spec: SourceSpec;
  paths: string[];
  reading: HeldOutReading;
  checked: string[];
  leftOut: { fixtures: number; luhn: number; sampling: number };
}

export async function run(argv: string[], ctx: BenchContext): Promise<number> {
  const options = parseOptions(argv);
  if (options === 'help') {
    for (const line of USAGE.trimEnd().split('\n')) ctx.out(line);
    return 0;
  }
  const names = Object.keys(options.paths) as SourceName[];
  if (names.length === 0) {
    ctx.out('bench held-out: give at least one of --icpe, --decp, --ted (see --help)');
    return 2;
  }
  const prepared: Prepared[] = [];
  for (const name of names) prepared.push(await prepare(SOURCES[name], options.paths[name]!, options.max));

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-bench-held-out-'));
  const db = await openBenchDatabase(ctx.config, ctx.logger, { poolMax: 4 });
  try {
    ctx.out(
      `database: ${db.label} (${db.displayUrl}), schema ${db.schema}; persons as ${options.personsAs}; load ${loadNow()}`,
    );
    const service = await composeService(
      asServiceDatabase(db),
      { ...ctx.config, dataDir: dir, signingKeyFile: null },
      ctx.logger,
      {
        projections: [...SIRENE_READ_MODELS, decpProjection, icpeProjection, euTedProjection],
        routes: [marchesPublicsRoute, marchesPublicsUeRoute, dossierRoute],
        payment: BENCH_PAYMENT,
        rateLimits: false,
        frenchLiveSources: [],
        liveRegisters: [],
      },
    );
    try {
      const port = await service.listen(0, '127.0.0.1');
      const units = new Map<string, 'personne_morale' | 'personne_physique'>();
      for (const p of prepared)
        for (const siren of p.checked)
          if (units.get(siren) !== 'personne_physique')
            units.set(
              siren,
              p.reading.naturalPersons.has(siren) && options.personsAs === 'sole-proprietor'
                ? 'personne_physique'
                : 'personne_morale',
            );
      const sirene = await writeHeldOutSirene(dir, units);
      await ingestFrSirene({
        knex: db.knex,
        store: service.store,
        logger: ctx.logger,
        ...sirene,
        version: options.date,
        progress: false,
      });
      const deps: IngestDeps = { service, knex: db.knex, ctx, date: options.date };
      const ingested = new Map<SourceName, { completed: SnapshotCompletedData; seconds: number }>();
      for (const p of prepared) {
        const t = await timed(() => p.spec.ingest(deps, p.paths));
        ingested.set(p.spec.name, { completed: t.result, seconds: t.seconds });
      }
      await service.runner.caughtUp();
      const { key } = await openAccount(service.store, { credits: 1_000_000_000 });
      await service.runner.catchUp();
      const base = `http://127.0.0.1:${port}`;
      for (const p of prepared) {
        const done = ingested.get(p.spec.name)!;
        await checkSource(p, done, { base, key, ctx });
      }
    } finally {
      await service.close();
    }
  } finally {
    await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  return 0;
}

/** The file read on its own, and the SIRENs checked: not in the fixtures, Luhn-valid, at most `max`. */
async function prepare(spec: SourceSpec, paths: string[], max: number): Promise<Prepared> {
  const reading = await spec.read(paths);
  const fixtures = await fixtureSirens(spec.registerDir);
  const leftOut = { fixtures: 0, luhn: 0, sampling: 0 };
  const eligible: string[] = [];
  for (const siren of [...reading.expected.keys()].sort()) {
    if (fixtures.has(siren)) leftOut.fixtures++;
    else if (!isLuhnValid(siren)) leftOut.luhn++;
    else eligible.push(siren);
  }
  // Every SIREN published under a person's name (the privacy scan asks for them), then every n-th other.
  const persons = eligible.filter((s) => reading.naturalPersons.has(s));
  const others = eligible.filter((s) => !reading.naturalPersons.has(s));
  const room = Math.max(0, max - persons.length);
  const step = others.length > room ? others.length / room : 1;
  const sampled: string[] = [];
  for (let i = 0; sampled.length < Math.min(room, others.length); i++)
    sampled.push(others[Math.floor(i * step)]!);
  leftOut.sampling = others.length - sampled.length;
  return { spec, paths, reading, checked: [...persons, ...sampled].sort(), leftOut };
}

async function checkSource(
  p: Prepared,
  done: { completed: SnapshotCompletedData; seconds: number },
  deps: { base: string; key: string; ctx: BenchContext },
) {
  const { base, key, ctx } = deps;
  const served: string[] = [];
  const mismatches: TableRow[] = [];
  let matched = 0;
  let refusedPersons = 0;
  const compared: Record<string, number> = {};
  const statuses = new Map<number, number>();
  for (const siren of p.checked) {
    const res = await askWithRetry(`${base}${p.spec.url(siren)}`, key);
    const text = await res.text();
    served.push(text);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    const expected = p.reading.expected.get(siren) ?? {};
    if (
      res.status === 400 &&
      p.reading.naturalPersons.has(siren) &&
      text.includes('entreprise_individuelle_non_couverte')
    ) {
      // A SIREN the file publishes under a person's name, a sole proprietor in the Sirene unit written for
      // it: the contract refuses it (not charged), which is what is expected, not a mismatch.
      refusedPersons++;
      continue;
    }
    if (res.status !== 200) {
      mismatches.push({ siren, reason: `HTTP ${res.status} ${text.slice(0, 120)}` });
      continue;
    }
    const got = p.spec.served(JSON.parse(text));
    const facts = [...new Set([...Object.keys(expected), ...Object.keys(got)])];
    for (const f of facts) compared[f] = (compared[f] ?? 0) + (expected[f] ?? 0);
    const diffs = facts.filter((f) => (expected[f] ?? 0) !== (got[f] ?? 0));
    if (diffs.length === 0) {
      matched++;
      continue;
    }
    const hints = p.reading.hints.get(siren) ?? [];
    mismatches.push({
      siren,
      reason: diffs.map((f) => `${f}: file ${expected[f] ?? 0}, served ${got[f] ?? 0}`).join('; '),
      'what the file shows': hints.join('; ') || '(nothing found by the reader)',
    });
  }
  const names = [...p.reading.naturalPersons.values()].flat();
  const answers = served.join('\n').toUpperCase();
  const namesFound = names.filter((n) => answers.includes(n.toUpperCase()));
  const report = done.completed.report ?? {};
  printTable(
    `held-out ${p.spec.name}: ${p.paths.map((f) => path.basename(f)).join(', ')}`,
    [
      {
        'SIRENs in file': p.reading.expected.size,
        'in fixtures/demo (left out)': p.leftOut.fixtures,
        'Luhn-invalid (left out)': p.leftOut.luhn,
        'not sampled': p.leftOut.sampling,
        checked: p.checked.length,
        'matched exactly': matched,
        'sole proprietors refused (expected)': refusedPersons,
        mismatches: mismatches.length,
        'HTTP statuses': [...statuses].map(([s, n]) => `${n}x${s}`).join(' '),
        'ingest rows read': done.completed.counts.rows,
        'ingest time': formatSeconds(done.seconds),
        'persons named in file': names.length,
        'names found in answers': namesFound.length,
      },
    ],
    ctx.out,
  );
  ctx.out(`  file, as the check's reader counts it: ${describeCounts(p.reading.counts)}`);
  ctx.out(`  facts compared (the file's, summed over the SIRENs answered 200): ${describeCounts(compared)}`);
  ctx.out(`  ingest report (rows set aside and why): ${describeReport(report)}`);
  if (mismatches.length > 0) printTable(`  mismatches (${p.spec.name})`, mismatches.slice(0, 30), ctx.out);
  if (mismatches.length > 30) ctx.out(`  ... and ${mismatches.length - 30} more`);
  ctx.out(
    `  privacy: ${served.length} answers scanned for the ${names.length} natural persons' names the file publishes: ${
      namesFound.length === 0 ? 'none found' : `${namesFound.length} FOUND (names not printed)`
    }; load ${loadNow()}`,
  );
}

/** A request, asked again (at most twice) when the connection fails, as on a loaded machine it may. */
async function askWithRetry(url: string, key: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers: { 'X-Api-Key': key } });
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

function describeCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
    .join(', ');
}

/** The report's figures and the motifs of its examples, never a row's content. */
function describeReport(report: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(report)) {
    if (typeof v === 'number') parts.push(`${k} ${v}`);
    else if (k === 'exemplesEcartes' && Array.isArray(v)) {
      const motifs = new Map<string, number>();
      for (const e of v as { motif?: string }[])
        motifs.set(String(e.motif), (motifs.get(String(e.motif)) ?? 0) + 1);
      if (motifs.size > 0)
        parts.push(`examples: ${[...motifs].map(([m, n]) => `${n}x « ${m} »`).join(', ')}`);
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const inner = Object.entries(v as Record<string, unknown>).filter(([, x]) => typeof x === 'number');
      if (inner.length > 0) parts.push(`${k} {${inner.map(([a, b]) => `${a} ${b}`).join(', ')}}`);
    }
  }
  return parts.join(', ') || '(none)';
}
