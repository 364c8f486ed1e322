import { expect } from 'chai';
import { ApiError } from '../../../api/errors/apiError.ts';
import { prepareWatch, type WatchRules } from '../../../api/surveillance/createWatch.ts';
import { WATCH_PRICE_PER_ENTITY } from '../../../api/surveillance/watchPrice.ts';
import { watchableCountries } from '../../../app/server/watchableCountries.ts';

const rules: WatchRules = { countries: watchableCountries(), addressPolicy: 'public' };

/** The 400 a request is refused with: `{error, champ}`. */
function refusal(request: Parameters<typeof prepareWatch>[0]): { error: string; champ: string | undefined } {
  try {
    prepareWatch(request, rules);
  } catch (err) {
    expect(err).to.be.instanceOf(ApiError);
    const e = err as ApiError;
    expect(e.status).to.equal(400);
    return { error: e.code, champ: e.champ };
  }
  throw new Error('accepted');
}

describe('watch creation: validation and quote (unit)', () => {
  it('quotes the contract’s prices per distinct entity, in price units', () => {
    expect(WATCH_PRICE_PER_ENTITY).to.deep.equal({ 30: 50_000, 90: 135_000, 365: 500_000 });
    const prepared = prepareWatch(
      // The same SIREN three ways, and a real Norwegian organisation number (Brønnøysund's sample).
      {
        entites: [
          '005420120',
          { pays: 'FR', id: '005420120' },
          { pays: 'fr', id: '005420120' },
          { pays: 'NO', id: '998543118' },
        ],
        jours: 90,
      },
      rules,
    );
    expect(prepared.entities.map(({ pays, id }) => ({ pays, id }))).to.deep.equal([
      { pays: 'FR', id: '005420120' },
      { pays: 'NO', id: '998543118' },
    ]);
    expect(prepared.pricePerEntity).to.equal(135_000);
    expect(prepared.price).to.equal(270_000);
    expect(prepareWatch({ entites: ['005420120'], jours: 365 }, rules).price).to.equal(500_000);
    expect(prepareWatch({ entites: ['005420120'], jours: 30 }, rules).price).to.equal(50_000);
  });

  it('names the registers whose events carry each entity: Sirene and the BODACC for a SIREN', () => {
    const [fr, no] = prepareWatch(
      { entites: ['005420120', { pays: 'NO', id: '998543118' }], jours: 30 },
      rules,
    ).entities;
    expect(fr!.registres).to.deep.equal(['fr.sirene', 'fr.bodacc']);
    expect(no!.registres).to.include('no.brreg');
  });

  it('refuses a SIREN whose Luhn key fails, and a European identifier its register refuses', () => {
    expect(refusal({ entites: ['005420121'], jours: 30 })).to.deep.equal({
      error: 'parametre_invalide',
      champ: 'entites[0]',
    });
    expect(refusal({ entites: ['005420120', { pays: 'NO', id: '998543117' }], jours: 30 })).to.deep.equal({
      error: 'parametre_invalide',
      champ: 'entites[1]',
    });
  });

  it('refuses a country no register of which records changes', () => {
    expect(refusal({ entites: [{ pays: 'US', id: '123' }], jours: 30 })).to.deep.equal({
      error: 'pays_non_couvert',
      champ: 'entites[0]',
    });
  });

  it('derives the countries from the manifests: every profile register’s, none for the worldwide LEI', () => {
    const countries = watchableCountries().map((c) => c.pays);
    expect(countries).to.include.members(['NO', 'EE', 'LV', 'CZ', 'BE']);
    expect(countries).to.not.include('FR');
    expect(new Set(countries).size).to.equal(countries.length);
  });

  it('refuses a duration other than 30, 90 or 365 days, and an empty list', () => {
    expect(refusal({ entites: ['005420120'], jours: 60 }).champ).to.equal('jours');
    expect(refusal({ entites: ['005420120'], jours: '30' }).champ).to.equal('jours');
    expect(refusal({ entites: [], jours: 30 }).champ).to.equal('entites');
  });

  it('refuses a webhook URL that is not https or names a private or loopback address', () => {
    for (const url of [
      'http://example.org/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/h',
      'https://10.1.2.3/h',
      'https://localhost/h',
      'https://u:p@example.org/h',
      'ftp://example.org/',
    ]) {
      expect(refusal({ entites: ['005420120'], jours: 30, webhook_url: url }).champ, url).to.equal(
        'webhook_url',
      );
    }
    expect(
      prepareWatch({ entites: ['005420120'], jours: 30, webhook_url: 'https://example.org/hook' }, rules)
        .webhookUrl,
    ).to.equal('https://example.org/hook');
  });
});
