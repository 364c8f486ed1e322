import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { purchaseCredits } from '../../../ops/accounts/purchaseCredits.ts';
import { launchChromium } from '../../support/chromium.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

/**
 * A person in headless Chromium, with JavaScript off (the pages must not need it): opens an account, copies
 * its key, pays a call with it, sees the call and the new balance, makes a second key, signs out and in with
 * it, revokes the first key, and sees the next call presenting that key answer 402.
 * `ACCOUNT_SCREENSHOTS_DIR=dir` keeps a screenshot of each page.
 */
describe('account pages in a browser (Chromium, no JavaScript)', function () {
  this.timeout(60_000);
  let service: PaidDemoService;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const shots = process.env.ACCOUNT_SCREENSHOTS_DIR;

  before(async () => {
    // No free call: a paid call draws credits, so the balance moves.
    service = await startPaidDemoService({ freeCallsPerMonth: 0 });
    browser = await launchChromium();
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
  });
  after(async () => {
    await context?.close();
    await browser?.close();
    await service?.stop();
  });

  const shot = async (name: string) => {
    if (!shots) return;
    await fs.mkdir(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };
  const call = (key: string) =>
    fetch(`${service.t.baseUrl}/v1/entreprise/005420120`, { headers: { 'X-Api-Key': key } });

  let firstKey = '';
  let secondKey = '';
  let accountId = '';

  it('opens an account and shows its first key once', async () => {
    await page.goto(`${service.t.baseUrl}/compte`);
    expect(await page.title()).to.contain('Compte');
    await shot('1-accueil');
    await page.getByRole('button', { name: /Ouvrir un compte/ }).click();
    firstKey = (await page.locator('#nouvelle-cle').textContent())?.trim() ?? '';
    expect(firstKey).to.match(/^rk_[A-Za-z0-9_-]{43}$/);
    accountId = (await page.locator('main code').first().textContent()) ?? '';
    expect(accountId).to.match(/^[0-9a-f]{16}$/);
    await shot('2-cle-affichee');
  });

  it('shows the account, with the credits the operator added', async () => {
    await purchaseCredits(service.t.service.store, accountId, 2_000_000);
    await page.getByRole('link', { name: /Continuer vers le compte/ }).click();
    expect(await page.locator('#compte').textContent()).to.equal(accountId);
    expect(await page.locator('#solde').textContent()).to.equal('2 cr.');
    expect(await page.locator('#lots tbody tr').count()).to.equal(1);
    expect(await page.locator('#recharge').textContent()).to.contain('pas encore ouverte');
    expect(await page.content()).to.not.contain(firstKey);
  });

  it('after a call paid with the key, lists the call and the new balance', async () => {
    const paid = await call(firstKey);
    expect(paid.status).to.equal(200);
    const charged = paid.headers.get('x-credits-charged');
    const remaining = paid.headers.get('x-credits-remaining');
    expect(Number(charged)).to.be.greaterThan(0);
    await page.reload();
    expect(await page.locator('#solde').textContent()).to.equal(`${remaining} cr.`);
    const row = page.locator('#appels tbody tr').first();
    expect(await row.textContent()).to.contain('/v1/entreprise/{siren}');
    expect(await row.textContent()).to.contain(`${charged} cr.`);
    expect(await row.textContent()).to.contain('200');
    await shot('3-compte');
  });

  it('creates a second key, shown once', async () => {
    await page.getByRole('button', { name: /Créer une autre clé/ }).click();
    secondKey = (await page.locator('#nouvelle-cle').textContent())?.trim() ?? '';
    expect(secondKey).to.match(/^rk_/);
    expect(secondKey).to.not.equal(firstKey);
    await page.getByRole('link', { name: /Continuer vers le compte/ }).click();
    expect(await page.locator('#cles tbody tr').count()).to.equal(2);
  });

  it('signs out, then in again with the second key', async () => {
    await page.getByRole('button', { name: /Se déconnecter/ }).click();
    expect(await page.locator('[role=status]').textContent()).to.contain('déconnecté');
    await page.getByLabel(/Clé d’API/).fill(secondKey);
    await page.getByRole('button', { name: /Se connecter/ }).click();
    expect(await page.locator('#compte').textContent()).to.equal(accountId);
    expect(await page.locator('#cles').textContent()).to.contain(`${secondKey.slice(0, 7)}… (cette session`);
  });

  it('revokes the first key: the next call presenting it answers 402, the second key still pays', async () => {
    await page
      .getByRole('button', {
        name: `Révoquer la clé ${firstKey.slice(0, 7)} / Revoke key ${firstKey.slice(0, 7)}`,
      })
      .click();
    expect(await page.locator('[role=status]').textContent()).to.contain('révoquée');
    expect(await page.locator('#cles').textContent()).to.contain('révoquée le');
    await shot('4-cle-revoquee');
    const refused = await call(firstKey);
    expect(refused.status).to.equal(402);
    expect(refused.headers.get('x-credits-charged')).to.equal(null);
    expect((await call(secondKey)).status).to.equal(200);
  });
});
