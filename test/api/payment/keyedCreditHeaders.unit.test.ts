import { expect } from 'chai';
import { ApiError } from '../../../api/errors/apiError.ts';
import { keyedCreditHeaders, type PaymentOptions } from '../../../api/middleware/payment.ts';
import type { AppContext } from '../../../api/state.ts';

/** A keyed request as the middleware sees it, and the ledger lookups it makes. */
function setUp() {
  const lookups: string[] = [];
  const opts = {
    keys: {
      async resolve(key: string) {
        lookups.push(`resolve ${key}`);
        return 'account-1';
      },
    },
    ledger: {
      async balance(account: string) {
        lookups.push(`balance ${account}`);
        return 2_500_000;
      },
    },
  } as unknown as Pick<PaymentOptions, 'keys' | 'ledger'>;
  const set: Record<string, string> = {};
  const ctx = {
    status: 200,
    get: (h: string) => (h.toLowerCase() === 'x-api-key' ? 'rk_test' : ''),
    set: (name: string, value: string) => {
      set[name] = value;
    },
    response: { get: (name: string) => set[name] ?? '' },
  } as unknown as AppContext;
  return { middleware: keyedCreditHeaders(opts), ctx, set, lookups };
}

describe('Credit headers on keyed refusals', () => {
  it('a keyed 400 says nothing was charged and what remains, from the ledger', async () => {
    const { middleware, ctx, set, lookups } = setUp();
    const refusal = new ApiError(400, 'parametre_invalide', 'x');
    await middleware(ctx, async () => {
      throw refusal;
    }).catch((e: unknown) => expect(e).to.equal(refusal));
    expect(set).to.deep.include({ 'X-Credits-Charged': '0' });
    expect(set['X-Credits-Remaining']).to.equal('2.5');
    expect(lookups).to.deep.equal(['resolve rk_test', 'balance account-1']);
  });

  it('a keyed 429 says nothing was charged without touching the database', async () => {
    const { middleware, ctx, set, lookups } = setUp();
    await middleware(ctx, async () => {
      throw new ApiError(429, 'trop_de_requetes', 'x');
    }).catch(() => undefined);
    expect(set).to.deep.equal({ 'X-Credits-Charged': '0' });
    expect(lookups).to.deep.equal([]);
  });
});
