import type { AccountKey, CreditLot } from '../../../ops/accounts/accountState.ts';
import { formatCredits } from '../../../ops/accounts/credits.ts';
import type { DayUsage } from '../../../ops/accounts/dailyUsage.ts';
import type { AccountCall } from '../../../ops/accounts/recentCalls.ts';
import { PRICE_UNITS } from '../../catalogue/price.ts';
import { barChart } from '../../pages/barChart.ts';
import { dataTable } from '../../pages/dataTable.ts';
import { escapeHtml } from '../../pages/html.ts';
import { type Notice, renderPage } from '../../pages/pageLayout.ts';
import { pagePolicy } from '../../pages/siteAssets.ts';

/**
 * The account pages, rendered on the server: forms and tables, no script. Every value from outside (keys,
 * route names, notices) goes through `escapeHtml`. Texts are French, then English, like the API's messages.
 */

/** What the browser may load for an account page: our stylesheets, forms posted to itself, nothing else. */
export const ACCOUNT_CSP = pagePolicy({ formAction: "'self'" });

/** Where the pages live and what they link to. */
export interface PageSite {
  /** Path of the account pages, e.g. `/compte`. */
  base: string;
  serverUrl: string;
  freeCallsPerMonth: number;
}

export type { Notice };

function layout(site: PageSite, title: string, body: string, notice?: Notice): string {
  return renderPage({
    site: { serverUrl: site.serverUrl, accountUrl: site.base },
    current: site.base,
    title,
    body,
    notice,
  });
}

const csrfField = (token: string) => `<input type="hidden" name="_csrf" value="${escapeHtml(token)}">`;

const time = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 16).replace('T', ' '))} UTC</time>`;

const credits = (units: number) => `${escapeHtml(formatCredits(units))} cr.`;

/** Signed out: open an account, or sign in with a key. */
export function welcomePage(site: PageSite, csrf: string, notice?: Notice): string {
  const body = `<p>Un compte porte des clés d’API et des crédits prépayés (valables 12 mois), et
${site.freeCallsPerMonth} appels gratuits par mois sur les routes du quota. Sans compte, chaque appel se paie en x402.<br>
<span lang="en">An account holds API keys and prepaid credits (valid 12 months), and
${site.freeCallsPerMonth} free calls a month on free-quota routes. Without an account, each call is paid with x402.</span></p>
${priceUnits()}

<h2>Ouvrir un compte / Open an account</h2>
<form method="post" action="${escapeHtml(site.base)}/ouvrir">
${csrfField(csrf)}
<p>Votre première clé s’affichera une seule fois. / Your first key will be shown once.</p>
<button type="submit">Ouvrir un compte / Open an account</button>
</form>

<h2>Se connecter avec une clé / Sign in with a key</h2>
<form method="post" action="${escapeHtml(site.base)}/connexion">
${csrfField(csrf)}
<p><label for="cle">Clé d’API / API key</label><br>
<input type="password" id="cle" name="cle" autocomplete="off" required spellcheck="false" placeholder="rk_…"></p>
<button type="submit">Se connecter / Sign in</button>
</form>
`;
  return layout(site, 'Compte / Account', body, notice);
}

/** A key just made: the only time it is shown. */
export function keyShownPage(
  site: PageSite,
  args: { key: string; accountId: string; first: boolean },
): string {
  const intro = args.first
    ? `<p>Compte <code>${escapeHtml(args.accountId)}</code> ouvert. / Account opened.</p>`
    : `<p>Nouvelle clé du compte <code>${escapeHtml(args.accountId)}</code>. / New key of the account.</p>`;
  const body = `${intro}
<p class="alerte" role="alert">Copiez cette clé maintenant : elle ne sera plus jamais affichée (seule son empreinte est conservée).<br>
<span lang="en">Copy this key now: it will never be shown again (only its hash is kept).</span></p>
<p><label for="nouvelle-cle">Votre clé / Your key</label>
<output id="nouvelle-cle" class="cle">${escapeHtml(args.key)}</output></p>
<p>Utilisez-la ainsi / Use it like this:</p>
<pre><code>curl -H 'X-Api-Key: ${escapeHtml(args.key)}' ${escapeHtml(site.serverUrl)}/v1/compte</code></pre>
<p><a href="${escapeHtml(site.base)}">Continuer vers le compte / Continue to the account</a></p>
`;
  return layout(site, 'Votre clé / Your key', body);
}

export interface DashboardView {
  accountId: string;
  now: Date;
  balance: number;
  lots: readonly CreditLot[];
  freeCalls: { month: string; used: number };
  calls: readonly AccountCall[];
  keys: readonly AccountKey[];
  /** The key this session was opened with. */
  sessionKeyHash: string;
  /** Route id → path, to show what each call asked. */
  routePaths: ReadonlyMap<string, string>;
  csrf: string;
  /** Keys an account may hold at once. */
  maxKeys: number;
  /** Calls and credits per UTC day over the last 30 days, today last. */
  usage: readonly DayUsage[];
}

function lotState(lot: CreditLot, now: Date): string {
  if (Date.parse(lot.expiresAt) <= now.getTime()) return 'expiré / expired';
  if (lot.remaining === 0) return 'épuisé / spent';
  return 'actif / active';
}

/** What a credit is worth and what an x402 amount is: said once, on every account page that shows credits. */
function priceUnits(): string {
  return `<p id="unites"><small>${escapeHtml(PRICE_UNITS.fr)}<br><span lang="en">${escapeHtml(PRICE_UNITS.en)}</span></small></p>`;
}

function lotsTable(view: DashboardView): string {
  if (view.lots.length === 0) {
    return '<p>Aucun lot de crédits pour l’instant. / No credit lot yet.</p>';
  }
  const rows = [...view.lots]
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt))
    .map((lot) => [
      `<code>${escapeHtml(lot.lotId.slice(0, 8))}</code>`,
      credits(lot.amount),
      credits(lot.remaining),
      time(lot.purchasedAt),
      time(lot.expiresAt),
      lotState(lot, view.now),
    ]);
  return dataTable({
    id: 'lots',
    caption:
      'Lots, échéance la plus proche d’abord (débités dans cet ordre) / Lots, closest expiry first (drawn in this order)',
    columns: [
      { label: 'Lot' },
      { label: 'Montant / Amount', numeric: true },
      { label: 'Restant / Left', numeric: true },
      { label: 'Acheté le / Bought' },
      { label: 'Expire le / Expires' },
      { label: 'État / State' },
    ],
    rows,
  });
}

function callsTable(view: DashboardView): string {
  if (view.calls.length === 0) {
    return '<p id="appels">Aucun appel facturé pour l’instant. / No charged call yet.</p>';
  }
  const rows = view.calls.map((call) => [
    time(call.at),
    `<code>${escapeHtml(view.routePaths.get(call.routeId) ?? call.routeId)}</code>`,
    call.free ? 'gratuit (quota) / free (quota)' : credits(call.price),
    escapeHtml(call.status === null ? '2xx' : String(call.status)),
  ]);
  const table = dataTable({
    id: 'appels',
    caption: 'Derniers appels facturés, le plus récent d’abord / Last charged calls, newest first',
    columns: [
      { label: 'Quand / When' },
      { label: 'Route' },
      { label: 'Prix / Price', numeric: true },
      { label: 'Statut / Status', numeric: true },
    ],
    rows,
  });
  return `${table}
<p>Seules les réponses 2xx sont facturées, et donc listées ; un appel refusé ne coûte rien.
<span lang="en">Only 2xx answers are charged, and so listed; a refused call costs nothing.</span></p>`;
}

/** Calls and credits per day over the last 30 days, as two bar charts. */
function usageCharts(usage: readonly DayUsage[]): string {
  const calls = usage.reduce((n, d) => n + d.calls, 0);
  const spent = usage.reduce((n, d) => n + d.credits, 0);
  const first = usage[0]?.day ?? '';
  const last = usage.at(-1)?.day ?? '';
  const span = `du ${first} au ${last} (UTC)`;
  return `<div class="grid" id="usage">
${barChart({
  id: 'graphique-appels',
  title: `Appels par jour, 30 jours / Calls per day, 30 days`,
  summary: `${calls} appels ${span}. / ${calls} calls over 30 days.`,
  bars: usage.map((d) => ({ label: d.day, value: d.calls, text: `${d.calls} appel(s)` })),
})}
${barChart({
  id: 'graphique-credits',
  title: `Crédits débités par jour, 30 jours / Credits drawn per day, 30 days`,
  summary: `${formatCredits(spent)} crédits ${span}. / ${formatCredits(spent)} credits over 30 days.`,
  bars: usage.map((d) => ({ label: d.day, value: d.credits, text: `${formatCredits(d.credits)} cr.` })),
})}
</div>`;
}

function keysTable(view: DashboardView, base: string): string {
  const active = view.keys.filter((k) => k.revokedAt === null);
  const rows = view.keys.map((key) => {
    const mine = key.keyHash === view.sessionKeyHash;
    const label = `${escapeHtml(key.keyHint)}…${mine ? ' (cette session / this session)' : ''}`;
    let action = '';
    if (key.revokedAt !== null) {
      action = `révoquée le / revoked ${time(key.revokedAt)}`;
    } else if (active.length <= 1) {
      action = 'dernière clé : créez-en une autre pour la révoquer / last key: create another to revoke it';
    } else {
      const warn = mine ? ' (vous déconnecte / signs you out)' : '';
      action = `<form class="inline" method="post" action="${escapeHtml(base)}/cles/revoquer">
${csrfField(view.csrf)}<input type="hidden" name="cle" value="${escapeHtml(key.keyHash)}">
<button type="submit" class="secondary" aria-label="Révoquer la clé ${escapeHtml(key.keyHint)} / Revoke key ${escapeHtml(key.keyHint)}">Révoquer / Revoke${warn}</button></form>`;
    }
    return [`<code>${label}</code>`, time(key.issuedAt), action];
  });
  return dataTable({
    id: 'cles',
    caption: 'Clés (seul le début est affiché) / Keys (only the start is shown)',
    columns: [{ label: 'Clé / Key' }, { label: 'Créée le / Issued' }, { label: 'État / State' }],
    rows,
  });
}

/** Signed in: balance by lot, free calls, recent calls, keys. */
export function dashboardPage(site: PageSite, view: DashboardView, notice?: Notice): string {
  const active = view.keys.filter((k) => k.revokedAt === null).length;
  const newKey =
    active < view.maxKeys
      ? `<form method="post" action="${escapeHtml(site.base)}/cles">
${csrfField(view.csrf)}<button type="submit">Créer une autre clé / Create another key</button>
</form>`
      : `<p>${view.maxKeys} clés actives au plus ; révoquez-en une d’abord. / At most ${view.maxKeys} active keys; revoke one first.</p>`;
  const body = `<p>Compte / Account <code id="compte">${escapeHtml(view.accountId)}</code></p>

<h2>Solde / Balance</h2>
<p><strong id="solde">${credits(view.balance)}</strong> utilisables (lots non expirés) / spendable (unexpired lots)</p>
${priceUnits()}
${lotsTable(view)}
<p id="appels-gratuits">Appels gratuits ${escapeHtml(view.freeCalls.month)} : <strong>${view.freeCalls.used}</strong> sur ${site.freeCallsPerMonth} utilisés.
<span lang="en">Free calls ${escapeHtml(view.freeCalls.month)}: ${view.freeCalls.used} of ${site.freeCallsPerMonth} used.</span></p>

<h2>Recharger / Top up</h2>
<p id="recharge">La recharge par carte n’est pas encore ouverte ; les crédits sont ajoutés par l’exploitant du service.
<span lang="en">Card top-up is not yet open; credits are added by the service’s operator.</span></p>

<h2>Usage sur 30 jours / Use over 30 days</h2>
${usageCharts(view.usage)}

<h2>Derniers appels / Recent calls</h2>
${callsTable(view)}

<h2>Clés / Keys</h2>
${keysTable(view, site.base)}
${newKey}

<h2>Session</h2>
<form method="post" action="${escapeHtml(site.base)}/deconnexion">
${csrfField(view.csrf)}<button type="submit">Se déconnecter / Sign out</button>
</form>
`;
  return layout(site, 'Votre compte / Your account', body, notice);
}

/** A refusal or an outage, as a page. */
export function refusalPage(site: PageSite, title: string, message: string): string {
  const body = `<p class="alerte" role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(site.base)}">Retour au compte / Back to the account</a></p>
`;
  return layout(site, title, body);
}
