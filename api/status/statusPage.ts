import { barChart } from '../pages/barChart.ts';
import { dataTable } from '../pages/dataTable.ts';
import { escapeHtml } from '../pages/html.ts';
import { renderPage, type SiteLinks } from '../pages/pageLayout.ts';
import type { LagSample } from './lagHistory.ts';
import type { FreshnessState, RegisterStatus } from './registerStatus.ts';

/** What `/statut` answers, in JSON and as the page. */
export interface StatusBody {
  statut: 'ok' | 'degrade';
  genere_le: string;
  registres: RegisterStatus[];
  /** This process's samples of the largest projection lag, one a minute at most, over 24 h. */
  retard_24h: { a: string; retard: number }[];
}

const HOUR_MS = 3_600_000;

const FRESHNESS_LABEL: Record<FreshnessState, string> = {
  a_jour: 'à jour / fresh',
  perimee: 'périmée / stale',
  sans_seuil: 'sans seuil / no threshold',
  aucune_photo: 'aucune photo / no snapshot',
  en_direct: 'en direct / live',
};

/** The 24 hours before `now`, one bar an hour: the largest lag sampled in it (0 when none was). */
function hourlyBars(samples: readonly LagSample[], now: Date) {
  const end = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  return Array.from({ length: 24 }, (_, i) => {
    const from = end - (23 - i) * HOUR_MS;
    const inHour = samples.filter((s) => {
      const t = Date.parse(s.at);
      return t >= from && t < from + HOUR_MS;
    });
    const lag = Math.max(0, ...inHour.map((s) => s.lag));
    const label = `${new Date(from).toISOString().slice(11, 16)} UTC`;
    return { label, value: lag, text: inHour.length ? `${lag} évènement(s)` : 'pas de mesure / no sample' };
  });
}

function registerRow(r: RegisterStatus): string[] {
  const fresh = r.fraicheur;
  const stale = fresh.etat === 'perimee' || fresh.etat === 'aucune_photo';
  const age =
    fresh.age_jours === null
      ? ''
      : ` (${fresh.age_jours} j${fresh.seuil_jours === null ? '' : ` / seuil ${fresh.seuil_jours} j`})`;
  const circuitAlert = r.circuit === 'ouvert' || r.circuit === 'semi_ouvert';
  return [
    `<code>${escapeHtml(r.code)}</code><br><small>${escapeHtml(r.nom_court)} · ${escapeHtml(r.pays)}</small>`,
    r.mode === 'direct' ? 'en direct / live' : 'copie locale / local copy',
    r.derniere_photo
      ? `${escapeHtml(r.derniere_photo.date_photo)}<br><small>${escapeHtml(r.derniere_photo.version)}</small>`
      : '—',
    `<span class="${stale ? 'etat-alerte' : 'etat-ok'}">${FRESHNESS_LABEL[fresh.etat]}${escapeHtml(age)}</span>`,
    escapeHtml(r.retard_projection ?? '—'),
    r.circuit
      ? `<span class="${circuitAlert ? 'etat-alerte' : 'etat-ok'}">${escapeHtml(r.circuit)}</span>`
      : '—',
  ];
}

/** `/statut` for people: the state, each register in a table, and the lag of the last 24 hours as a chart. */
export function renderStatusPage(site: SiteLinks, status: StatusBody, samples: readonly LagSample[]): string {
  const now = new Date(status.genere_le);
  const bars = hourlyBars(samples, now);
  const peak = Math.max(0, ...bars.map((b) => b.value));
  const state =
    status.statut === 'ok'
      ? '<p id="etat" class="notice" role="status">Tout va bien. / All good.</p>'
      : '<p id="etat" class="alerte" role="status">Service dégradé : une projection échoue ou un circuit est ouvert. / Degraded: a projection fails or a circuit is open.</p>';
  const body = `${state}
<p><small>Mesuré le / Measured at <time datetime="${escapeHtml(status.genere_le)}">${escapeHtml(status.genere_le)}</time>. Les mêmes faits que <a href="${escapeHtml(site.serverUrl)}/health"><code>/health</code></a>, pour les personnes ; en JSON : <a href="${escapeHtml(site.serverUrl)}/statut?format=json"><code>/statut?format=json</code></a>.</small></p>
<h2>Retard des projections, 24 h / Projection lag, 24 h</h2>
${barChart({
  id: 'graphique-retard',
  title:
    'Plus grand retard des projections par heure (évènements) / Largest projection lag per hour (events)',
  summary: `Retard le plus grand sur 24 h : ${peak} évènement(s), mesuré par ce processus. / Largest lag over 24 h, sampled by this process.`,
  bars,
  peakText: `${peak} évènement(s)`,
})}
<h2>Registres / Registers</h2>
${dataTable({
  id: 'registres',
  caption: `${status.registres.length} registres / registers`,
  columns: [
    { label: 'Registre / Register' },
    { label: 'Mode' },
    { label: 'Dernière photo / Last snapshot' },
    { label: 'Fraîcheur / Freshness' },
    { label: 'Retard (évènements) / Lag (events)', numeric: true },
    { label: 'Circuit' },
  ],
  rows: status.registres.map(registerRow),
})}`;
  return renderPage({
    site,
    current: `${site.serverUrl}/statut`,
    title: 'Statut / Status',
    heading: 'Statut du service / Service status',
    body,
  });
}
