import { expect } from 'chai';
import { createAccountKey, creditAccount, showAccount } from '../../../app/cli/commands/keys.ts';
import { createKeyResolver } from '../../../ops/accounts/keyResolver.ts';
import type { CliContext } from '../../../ops/commandContext.ts';
import { loadConfig } from '../../../ops/config.ts';
import { targetDescription, testLogger } from '../../support/database.ts';
import { type AccountsDatabase, openAccountsDatabase } from './support/accountsDatabase.ts';

describe(`keys command (${targetDescription})`, () => {
  let accounts: AccountsDatabase;
  let lines: string[];
  const ctx = (): CliContext => ({
    config: loadConfig({}),
    logger: testLogger,
    out: (line) => lines.push(line),
    withDatabase: (fn) => fn(accounts.db, accounts.store),
  });
  const run = async (...argv: string[]) => {
    lines = [];
    const [sub, ...rest] = argv;
    if (sub === 'create') return createAccountKey(rest[0] === '--credits' ? { credits: rest[1] } : {}, ctx());
    if (sub === 'credit') return creditAccount(rest[0]!, rest[1]!, ctx());
    return showAccount(rest[0]!, ctx());
  };
  const field = (name: string) => lines.find((l) => l.startsWith(`${name}:`))?.split(/:\s+/)[1];

  before(async () => {
    accounts = await openAccountsDatabase();
  });
  after(async () => {
    await accounts?.close();
  });

  it('creates an account with credits and prints a key that the API then recognises', async () => {
    expect(await run('create', '--credits', '2.5')).to.equal(0);
    const key = field('key')!;
    expect(field('credits')).to.equal('2.5');
    await accounts.project();
    expect(await createKeyResolver(accounts.db.knex).resolve(key)).to.equal(field('account'));
  });

  it('adds credits to an account and shows its balance by lot and its free calls of the month', async () => {
    await run('create');
    const accountId = field('account')!;
    expect(await run('credit', accountId, '10')).to.equal(0);
    expect(await run('credit', accountId, '0.5')).to.equal(0);
    expect(await run('show', accountId)).to.equal(0);
    expect(field('balance')).to.equal('10.5 credits');
    expect(lines.some((l) => /free calls \d{4}-\d{2}: 0 of 150 used/.test(l))).to.equal(true);
    expect(lines.filter((l) => / of 10 {2}bought /.test(l) || / of 0\.5 {2}bought /.test(l))).to.have.length(
      2,
    );
  });

  it('refuses to credit an unknown account or a malformed amount', async () => {
    expect(await run('credit', 'ffffffffffffffff', '1')).to.equal(1);
    expect(await run('credit', 'ffffffffffffffff', '1,5')).to.equal(2);
    expect(await run('show', 'ffffffffffffffff')).to.equal(1);
  });
});
