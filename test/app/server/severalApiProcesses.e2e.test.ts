import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { accountStream, chargesIn, monthOf } from '../../../ops/accounts/accountEvents.ts';
import {
  applyAccountEvent,
  balanceOf,
  emptyAccountState,
  freeCallsUsed,
} from '../../../ops/accounts/accountState.ts';
import { loadAccount } from '../../../ops/accounts/loadAccount.ts';
import { loadConfig } from '../../../ops/config.ts';
import { openDatabase } from '../../../ops/database/openDatabase.ts';
import type { RecordedEvent } from '../../../ops/eventstore/port.ts';
import { createPostgresEventStore } from '../../../ops/eventstore/postgres/index.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { childrenStartOnDemo } from '../../support/paidDemoService.ts';
import {
  createKeyWithCredits,
  runRegistres,
  type ServeProcess,
  startServeProcess,
} from '../../support/serveProcess.ts';

const PROCESSES = 3;
const CALLS = 400;
/** GET /v1/entreprise/{siren}: $0.005 (5000 units), in the free quota of 150 calls a month. */
const ROUTE = '/v1/entreprise/005420120';
const PRICE = 5000;
const FREE_CALLS = 150;

/**
 * Two balances: 37 calls (0.185 credit), charged before each answer; 150 calls (0.75 credit), enough for
 * the processes to lease part of it and charge the calls they serve from it after their answer.
 */
const SCENARIOS = [
  { paidCalls: 37, leases: false },
  { paidCalls: 150, leases: true },
] as const;

interface Answer {
  requestId: string;
  status: number;
  error: string | null;
  /** `Signature` member value without its label, as the served log keeps it. */
  signature: string | null;
}

/** What the log holds once every process has stopped. */
interface Logged {
  accountEvents: RecordedEvent[];
  /** Signatures of the `ResponseServed` events of the route with status 200. */
  servedSignatures: string[];
}

async function readLog(env: NodeJS.ProcessEnv, accountId: string): Promise<Logged & { balance: number }> {
  const db = await openDatabase(loadConfig(env), testLogger);
  try {
    const store = createPostgresEventStore({
      knex: db.knex,
      notifications: db.notifications,
      logger: testLogger,
    });
    const accountEvents = await store.readStream(accountStream(accountId));
    const { rows } = await db.knex.raw<{ rows: { signature: string }[] }>(
      `select data->>'signature' as signature from events
        where type = 'ResponseServed' and data->>'routeId' = 'entreprise.profil' and (data->>'status')::int = 200`,
    );
    const state = await loadAccount(db.knex, store, accountId);
    return {
      accountEvents,
      servedSignatures: rows.map((r) => r.signature),
      balance: state ? balanceOf(state, new Date()) : Number.NaN,
    };
  } finally {
    await db.close();
  }
}

/** One key's run: its scenario, its account, and what its calls were answered. */
interface KeyRun {
  paidCalls: number;
  leases: boolean;
  accountId: string;
  key: string;
  answers: Answer[];
  logged: Logged & { balance: number };
}

/**
 * The two keys' calls go to the same three processes at the same time: what each key was served and charged is
 * its own (its account's events, its requests), and the processes are started once for both.
 */
describe(`several registres serve processes on one database, two keys near the end of their credits (${targetDescription})`, function () {
  this.timeout(600_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let servers: ServeProcess[] = [];
  let exits: { code: number | null; signal: NodeJS.Signals | null }[];
  let servedSignatures: string[];
  const runs: KeyRun[] = SCENARIOS.map((s) => ({
    ...s,
    accountId: '',
    key: '',
    answers: [],
    logged: { accountEvents: [], servedSignatures: [], balance: Number.NaN },
  }));

  async function call(run: KeyRun, i: number): Promise<Answer> {
    const requestId = `several-${run.paidCalls}-${i}`;
    const res = await fetch(`${servers[i % PROCESSES]!.baseUrl}${ROUTE}`, {
      headers: { 'X-Api-Key': run.key, 'X-Request-Id': requestId },
    });
    const body = (await res.json()) as { error?: string };
    return {
      requestId,
      status: res.status,
      error: body.error ?? null,
      signature: res.headers.get('Signature')?.replace(/^sig1=/, '') ?? null,
    };
  }

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'registres-several-'));
    env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(LIVE_|INSEE_|X402_)/.test(name)),
    );
    Object.assign(env, {
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      RATE_LIMIT_PER_KEY: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
    });
    // On a copy of the demo: the seeding is not what this suite tests (serveLifecycle's first start does).
    await childrenStartOnDemo(env);

    for (const run of runs) {
      const opened = await createKeyWithCredits(env, ((run.paidCalls * PRICE) / 1_000_000).toString());
      run.accountId = opened.accountId;
      run.key = opened.key;
    }
    // The first process owns the embedded database (the others reach it through its socket) and seeds the demo
    // data; the others start once it is there.
    const first = await startServeProcess(env);
    servers.push(first);
    await first.printed(/Ready: database reached/);
    const others = await Promise.all(Array.from({ length: PROCESSES - 1 }, () => startServeProcess(env)));
    servers.push(...others);
    await Promise.all(others.map((s) => s.printed(/Ready: database reached/)));

    await Promise.all(
      runs.map(async (run) => {
        run.answers = await Promise.all(Array.from({ length: CALLS }, (_, i) => call(run, i)));
      }),
    );

    // The processes that reach the embedded database through the owner's socket stop before the owner.
    exits = [];
    for (const server of [...servers].reverse()) exits.push(await server.stop());
    for (const run of runs) run.logged = await readLog(env, run.accountId);
    servedSignatures = runs[0]!.logged.servedSignatures;
  });

  after(async () => {
    for (const server of servers) await server.stop();
    servers = [];
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const served = (run: KeyRun) => run.answers.filter((a) => a.status === 200);

  it('keeps every served answer once in the served log, and no withheld one', () => {
    expect(exits).to.deep.equal(Array.from({ length: PROCESSES }, () => ({ code: 0, signal: null })));
    expect([...servedSignatures].sort()).to.deep.equal(
      runs
        .flatMap(served)
        .map((a) => a.signature!)
        .sort(),
    );
  });

  for (const run of runs) {
    const { paidCalls: PAID_CALLS, leases } = run;
    describe(`one key near the end of ${PAID_CALLS} paid calls${leases ? ', served from leases' : ''}`, () => {
      /** The charges (one per paid call, whichever event holds it) and the free calls used. */
      const charges = () => chargesIn(run.logged.accountEvents);
      const freeCalls = () => run.logged.accountEvents.filter((e) => e.type === 'FreeCallUsed');

      it(
        leases
          ? 'sets part of the balance aside in leases'
          : 'charges every call before its answer (no lease)',
        () => {
          const leased = run.logged.accountEvents.filter((e) => e.type === 'CreditsLeased');
          if (leases) expect(leased).to.not.have.length(0);
          else expect(leased).to.have.length(0);
        },
      );

      it('serves exactly the calls the free quota and the credits pay for, across every process', () => {
        expect(served(run)).to.have.length(FREE_CALLS + PAID_CALLS);
      });

      it('refuses every other call 402 credits_insuffisants', () => {
        const refused = run.answers.filter((a) => a.status !== 200);
        expect(refused).to.have.length(CALLS - FREE_CALLS - PAID_CALLS);
        expect(new Set(refused.map((a) => `${a.status} ${a.error}`))).to.deep.equal(
          new Set(['402 credits_insuffisants']),
        );
      });

      it('never takes a credit lot below zero, and ends with the whole balance spent', () => {
        let state = emptyAccountState(run.accountId);
        for (const event of run.logged.accountEvents) {
          state = applyAccountEvent(state, event);
          for (const lot of state.lots)
            expect(lot.remaining, `after event ${event.streamVersion}`).to.be.at.least(0);
        }
        expect(run.logged.balance).to.equal(0);
        expect(freeCallsUsed(state, monthOf(new Date()))).to.equal(FREE_CALLS);
      });

      it('charges every served call exactly once and no refused call', () => {
        const charged = [
          ...charges().map((c) => c.requestId),
          ...freeCalls().map((e) => (e.data as { requestId: string }).requestId),
        ];
        expect(charged).to.have.length(new Set(charged).size);
        expect(new Set(charged)).to.deep.equal(new Set(served(run).map((a) => a.requestId)));
        expect(charges()).to.have.length(PAID_CALLS);
      });

      it('`registres keys show` prints a balance of 0 and the free calls of the month used up', async () => {
        const shown = await runRegistres(env, ['keys', 'show', run.accountId]);
        expect(shown.code).to.equal(0);
        expect(shown.out).to.match(/^balance: 0 credits$/m);
        expect(shown.out).to.match(
          new RegExp(`^free calls ${monthOf(new Date())}: ${FREE_CALLS} of ${FREE_CALLS} used$`, 'm'),
        );
      });
    });
  }
});
