import type { AccountKey, CreditLot } from '../../../ops/accounts/accountState.ts';
import { formatCredits } from '../../../ops/accounts/credits.ts';
import type { AccountCall } from '../../../ops/accounts/recentCalls.ts';
import { escapeHtml, styleHashSource } from '../../pages/html.ts';

/**
 * The account pages, rendered on the server: forms and tables, no script. Every value from outside (keys,
 * route names, notices) goes through `escapeHtml`. Texts are French, then English, like the API's messages.
 */

export const ACCOUNT_STYLE = [
  'body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}',
  'table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}',
  'th,td{border-bottom:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}',
  'caption{text-align:left;font-weight:600;padding:.25rem 0}',
  'form.inline{display:inline}',
  'button{font:inherit;padding:.35rem .9rem;cursor:pointer}',
  'input[type=password]{font:inherit;width:100%;max-width:34rem;padding:.35rem}',
  '.cle{font-family:ui-monospace,monospace;font-size:1.05rem;background:#f3f3f3;padding:.6rem;display:block;word-break:break-all;user-select:all}',
  '.notice{border-left:4px solid #2b6cb0;background:#eef4fb;padding:.5rem .8rem}',
  '.alerte{border-left:4px solid #b7791f;background:#fdf6e7;padding:.5rem .8rem}',
  '.num{text-align:right;font-variant-numeric:tabular-nums}',
  'nav{margin-bottom:1rem}',
].join('');

/** What the browser may load for an account page: its own style, forms posted to itself, nothing else. */
export const ACCOUNT_CSP = [
  "default-src 'none'",
  `style-src ${styleHashSource(ACCOUNT_STYLE)}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** Where the pages live and what they link to. */
export interface PageSite {
  /** Path of the account pages, e.g. `/compte`. */
  base: string;
  serverUrl: string;
  freeCallsPerMonth: number;
}

/** A message shown above a page's content. */
export interface Notice {
  kind: 'notice' | 'alerte';
  text: string;
}

function layout(site: PageSite, title: string, body: string, notice?: Notice): string {
  const banner = notice
    ? `<p class="${notice.kind}" role="${notice.kind === 'alerte' ? 'alert' : 'status'}">${escapeHtml(notice.text)}</p>\n`
    : '';
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Registres API</title>
<link rel="icon" href="data:,">
<style>${ACCOUNT_STYLE}</style>
</head>
<body>
<nav><a href="${escapeHtml(site.serverUrl)}/">Registres API</a> · <a href="${escapeHtml(site.serverUrl)}/docs">Documentation</a> · <a href="${escapeHtml(site.base)}">Compte / Account</a></nav>
<main>
<h1>${escapeHtml(title)}</h1>
${banner}${body}
</main>
</body>
</html>
`;
}

const csrfField = (token: string) => `<input type="hidden" name="_csrf" value="${escapeHtml(token)}">`;

const time = (iso: string) =>
  `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 16).replace('T', ' '))} UTC</time>`;

const credits = (units: number) => `${escapeHtml(formatCredits(units))} cr.`;

/** Signed out: open an account, or sign in with a key. */
export function welcomePage(site: PageSite, csrf: string, notice?: Notice): string {
  const body = `<p>Un compte porte des clés d’API et des crédits prépayés (1 crédit = 1 EUR, valables 12 mois), et
${site.freeCallsPerMonth} appels gratuits par mois sur les routes du quota. Sans compte, chaque appel se paie en x402.<br>
<span lang="en">An account holds API keys and prepaid credits (1 credit = 1 EUR, valid 12 months), and
${site.freeCallsPerMonth} free calls a month on free-quota routes. Without an account, each call is paid with x402.</span></p>

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
}

function lotState(lot: CreditLot, now: Date): string {
  if (Date.parse(lot.expiresAt) <= now.getTime()) return 'expiré / expired';
  if (lot.remaining === 0) return 'épuisé / spent';
  return 'actif / active';
}

function lotsTable(view: DashboardView): string {
  if (view.lots.length === 0) {
    return '<p>Aucun lot de crédits pour l’instant. / No credit lot yet.</p>';
  }
  const rows = [...view.lots]
    .sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt))
    .map(
      (
        lot,
      ) => `<tr><td><code>${escapeHtml(lot.lotId.slice(0, 8))}</code></td><td class="num">${credits(lot.amount)}</td>
<td class="num">${credits(lot.remaining)}</td><td>${time(lot.purchasedAt)}</td><td>${time(lot.expiresAt)}</td><td>${lotState(lot, view.now)}</td></tr>`,
    )
    .join('\n');
  return `<table id="lots">
<caption>Lots, échéance la plus proche d’abord (débités dans cet ordre) / Lots, closest expiry first (drawn in this order)</caption>
<thead><tr><th scope="col">Lot</th><th scope="col">Montant / Amount</th><th scope="col">Restant / Left</th><th scope="col">Acheté le / Bought</th><th scope="col">Expire le / Expires</th><th scope="col">État / State</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function callsTable(view: DashboardView): string {
  if (view.calls.length === 0) {
    return '<p id="appels">Aucun appel facturé pour l’instant. / No charged call yet.</p>';
  }
  const rows = view.calls
    .map((call) => {
      const path = view.routePaths.get(call.routeId) ?? call.routeId;
      const price = call.free ? 'gratuit (quota) / free (quota)' : credits(call.price);
      const status = call.status === null ? '2xx' : String(call.status);
      return `<tr><td>${time(call.at)}</td><td><code>${escapeHtml(path)}</code></td><td class="num">${price}</td><td class="num">${escapeHtml(status)}</td></tr>`;
    })
    .join('\n');
  return `<table id="appels">
<caption>Derniers appels facturés, le plus récent d’abord / Last charged calls, newest first</caption>
<thead><tr><th scope="col">Quand / When</th><th scope="col">Route</th><th scope="col">Prix / Price</th><th scope="col">Statut / Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p>Seules les réponses 2xx sont facturées, et donc listées ; un appel refusé ne coûte rien.
<span lang="en">Only 2xx answers are charged, and so listed; a refused call costs nothing.</span></p>`;
}

function keysTable(view: DashboardView, base: string): string {
  const active = view.keys.filter((k) => k.revokedAt === null);
  const rows = view.keys
    .map((key) => {
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
<button type="submit" aria-label="Révoquer la clé ${escapeHtml(key.keyHint)} / Revoke key ${escapeHtml(key.keyHint)}">Révoquer / Revoke${warn}</button></form>`;
      }
      return `<tr><td><code>${label}</code></td><td>${time(key.issuedAt)}</td><td>${action}</td></tr>`;
    })
    .join('\n');
  return `<table id="cles">
<caption>Clés (seul le début est affiché) / Keys (only the start is shown)</caption>
<thead><tr><th scope="col">Clé / Key</th><th scope="col">Créée le / Issued</th><th scope="col">État / State</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
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
${lotsTable(view)}
<p id="appels-gratuits">Appels gratuits ${escapeHtml(view.freeCalls.month)} : <strong>${view.freeCalls.used}</strong> sur ${site.freeCallsPerMonth} utilisés.
<span lang="en">Free calls ${escapeHtml(view.freeCalls.month)}: ${view.freeCalls.used} of ${site.freeCallsPerMonth} used.</span></p>

<h2>Recharger / Top up</h2>
<p id="recharge">La recharge par carte n’est pas encore ouverte ; les crédits sont ajoutés par l’exploitant du service.
<span lang="en">Card top-up is not yet open; credits are added by the service’s operator.</span></p>

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
