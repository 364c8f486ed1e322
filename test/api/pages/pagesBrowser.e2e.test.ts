import fs from 'node:fs/promises';
import path from 'node:path';
import axe from 'axe-core';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openAccount } from '../../../ops/accounts/openAccount.ts';
import { launchChromium } from '../../support/chromium.ts';
import { type PaidDemoService, startPaidDemoService } from '../../support/paidDemoService.ts';

/** The sizes the pages are checked at: a desktop browser, and a 390 px phone. */
const SIZES = [
  { name: 'bureau', width: 1280, height: 800 },
  { name: 'telephone', width: 390, height: 844 },
] as const;

/**
 * The site's pages (`/`, `/statut`, `/compte`) in headless Chromium at a desktop and a phone size: nothing
 * scrolls sideways, axe-core (injected into the page) finds no serious or critical violation, and what each
 * page is for is there. `PAGES_SCREENSHOTS_DIR=docs/screenshots` keeps a screenshot of each page at each size.
 */
describe('The site’s pages in a browser, desktop and phone (Chromium, axe-core)', function () {
  this.timeout(60_000);
  let paid: PaidDemoService;
  let browser: Browser;
  let key: string;
  const shots = process.env.PAGES_SCREENSHOTS_DIR;

  before(async () => {
    // No free call: the paid call draws credits, so the account's charts show them.
    paid = await startPaidDemoService({ demo: ['fr.sirene'], freeCallsPerMonth: 0 });
    browser = await launchChromium();
    key = (await openAccount(paid.t.service.store, { credits: 2_000_000 })).key;
    // The key opens the account once the accounts projection has it (at once on the embedded database).
    await paid.t.service.runner.caughtUp();
    const call = await fetch(`${paid.t.baseUrl}/v1/entreprise/005420120`, { headers: { 'X-Api-Key': key } });
    expect(call.status).to.equal(200);
    await paid.t.service.runner.caughtUp();
  });
  after(async () => {
    await browser?.close();
    await paid?.stop();
  });

  /** No serious or critical accessibility violation, as axe-core judges the page. */
  const expectAccessible = async (page: Page) => {
    await page.evaluate(axe.source);
    // Run in the page (a string: the tests are type-checked without the DOM's types).
    const violations = (await page.evaluate(
      `axe.run(document, { resultTypes: ['violations'] }).then((r) =>
         r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })))`,
    )) as { id: string; impact: string | null; nodes: number }[];
    const grave = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(grave, JSON.stringify(grave)).to.deep.equal([]);
  };

  const expectNoSidewaysScroll = async (page: Page, width: number) => {
    const scrollWidth = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    expect(scrollWidth, 'page width').to.be.at.most(width);
  };

  const shot = async (page: Page, name: string) => {
    if (!shots) return;
    await fs.mkdir(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };

  for (const size of SIZES) {
    describe(`at ${size.width} px (${size.name})`, () => {
      let context: BrowserContext;
      let page: Page;
      before(async () => {
        // axe-core is injected as a script: the test's context bypasses the pages' policy (they load none).
        context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          bypassCSP: true,
        });
        page = await context.newPage();
      });
      after(async () => {
        await context?.close();
      });

      it('/ shows the pitch, the search box and the price table, styled from this server', async () => {
        await page.goto(`${paid.t.baseUrl}/`);
        expect(await page.locator('#tarifs-familles tbody tr').count()).to.be.greaterThan(0);
        expect(await page.locator('#tarifs').textContent()).to.contain('1 crédit = 1 EUR');
        const font = (await page.evaluate('getComputedStyle(document.body).fontFamily')) as string;
        expect(font, 'Pico CSS applied').to.contain('system-ui');
        await expectNoSidewaysScroll(page, size.width);
        await expectAccessible(page);
        await shot(page, `accueil-${size.name}`);
      });

      it('/ runs the search’s free sample from its box and shows the signed answer', async () => {
        await page.goto(`${paid.t.baseUrl}/`);
        await page.getByRole('button', { name: /Rechercher/ }).click();
        await page.waitForURL(/\?q=/);
        expect(await page.locator('#essai-reponse header').textContent()).to.contain('HTTP 200');
        expect(await page.locator('#essai-signature').textContent()).to.match(/sig1=:/);
        expect(await page.locator('#essai-reponse pre').textContent()).to.contain('"citation"');
        await expectNoSidewaysScroll(page, size.width);
        await expectAccessible(page);
        await shot(page, `accueil-recherche-${size.name}`);
      });

      it('/statut shows every register in a table and the lag of 24 hours as a chart', async () => {
        await page.goto(`${paid.t.baseUrl}/statut`);
        expect(await page.locator('#registres tbody tr').count()).to.be.greaterThan(20);
        expect(await page.locator('#graphique-retard rect.barre').count()).to.equal(24);
        await expectNoSidewaysScroll(page, size.width);
        await expectAccessible(page);
        await shot(page, `statut-${size.name}`);
      });

      it('/compte, signed in, charts the calls and credits of 30 days beside the lots and the keys', async () => {
        await page.goto(`${paid.t.baseUrl}/compte`);
        await expectNoSidewaysScroll(page, size.width);
        await expectAccessible(page);
        await page.getByLabel(/Clé d’API/).fill(key);
        await page.getByRole('button', { name: /Se connecter/ }).click();
        expect(await page.locator('#lots tbody tr').count()).to.equal(1);
        expect(await page.locator('#cles tbody tr').count()).to.equal(1);
        const bars = page.locator('#graphique-appels rect.barre');
        expect(await bars.count()).to.equal(30);
        expect(await bars.last().locator('title').textContent()).to.match(/: 1 appel/);
        expect(
          await page.locator('#graphique-credits rect.barre').last().locator('title').textContent(),
        ).to.match(/: 0\.005 cr\./);
        await expectNoSidewaysScroll(page, size.width);
        await expectAccessible(page);
        await shot(page, `compte-${size.name}`);
      });
    });
  }

  it('/docs renders the reference: the key in X-Api-Key, the profile’s curl with it, its real sample answer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(r.url()));
      await page.goto(`${paid.t.baseUrl}/docs`);
      // Scalar (served from this server) renders the document in the page; an operation shows once opened.
      await page.getByText('Entreprises françaises / French companies').first().click();
      await page
        .getByText(/^Fiche d’une entreprise française/)
        .first()
        .click();
      await page.getByText('"citation": "INSEE Sirene').first().waitFor({ timeout: 30_000 });
      const text = (await page.evaluate('document.body.innerText')) as string;
      expect(text).not.to.contain('YOUR_SECRET_TOKEN');
      const curl = /curl [^\n]*\/v1\/entreprise\/\d{9}[\s\S]*?Test Request/.exec(text)?.[0] ?? '';
      expect(curl, 'the profile’s request example').to.contain('X-Api-Key');
      expect(failed, 'requests the page could not make (a CDN?)').to.deep.equal([]);
      await shot(page, 'docs-bureau');
    } finally {
      await context.close();
    }
  });
});
