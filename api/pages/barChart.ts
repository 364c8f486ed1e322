import { escapeHtml } from './html.ts';

/** One bar: where it stands on the axis, its height, and how its value is read aloud or in a tooltip. */
export interface Bar {
  label: string;
  value: number;
  /** The value as people read it (`12 appels`, `0,35 cr.`). */
  text: string;
}

const WIDTH = 600;
const HEIGHT = 170;
const LEFT = 8;
const TOP = 22;
const BOTTOM = 22;

/**
 * A bar chart drawn on the server as inline SVG: no script, no external file, scaled to its container (the
 * view box keeps its proportions, so a 390 px phone shows it whole). Colours and type come from the site's
 * stylesheet (classes `graphique`, `barre`, `axe`): the pages' policy allows no inline style. Each bar carries
 * its value as a tooltip, and the chart's title and summary are what a screen reader announces; the numbers
 * themselves are in the table each chart sits beside.
 */
export function barChart(args: {
  id: string;
  title: string;
  summary: string;
  bars: readonly Bar[];
  /** How the highest value reads, above the chart (default: the highest bar's text). */
  peakText?: string;
}): string {
  const { id, bars } = args;
  const max = Math.max(0, ...bars.map((b) => b.value));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const step = bars.length > 0 ? (WIDTH - LEFT * 2) / bars.length : 0;
  const barWidth = Math.max(1, step * 0.75);
  const rects = bars
    .map((b, i) => {
      const h = max > 0 ? (b.value / max) * plotHeight : 0;
      const x = LEFT + i * step + (step - barWidth) / 2;
      const y = TOP + plotHeight - h;
      return `<rect class="barre" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${h.toFixed(1)}"><title>${escapeHtml(`${b.label} : ${b.text}`)}</title></rect>`;
    })
    .join('');
  const first = bars[0]?.label ?? '';
  const last = bars.at(-1)?.label ?? '';
  const peak = bars.find((b) => b.value === max);
  const axisY = TOP + plotHeight;
  return `<figure class="graphique">
<svg id="${escapeHtml(id)}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${escapeHtml(id)}-titre ${escapeHtml(id)}-resume" preserveAspectRatio="xMidYMid meet">
<title id="${escapeHtml(id)}-titre">${escapeHtml(args.title)}</title>
<desc id="${escapeHtml(id)}-resume">${escapeHtml(args.summary)}</desc>
<line class="axe" x1="${LEFT}" y1="${axisY}" x2="${WIDTH - LEFT}" y2="${axisY}"></line>
${rects}
<text class="legende" x="${LEFT}" y="${TOP - 8}">max ${escapeHtml(args.peakText ?? peak?.text ?? '0')}</text>
<text class="legende" x="${LEFT}" y="${HEIGHT - 4}">${escapeHtml(first)}</text>
<text class="legende" x="${WIDTH - LEFT}" y="${HEIGHT - 4}" text-anchor="end">${escapeHtml(last)}</text>
</svg>
<figcaption>${escapeHtml(args.title)}</figcaption>
</figure>`;
}
