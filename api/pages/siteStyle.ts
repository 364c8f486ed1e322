/**
 * What the pages add to Pico CSS, served beside it from our own origin (siteAssets.ts): the chart's colours,
 * notices, monospace keys that wrap on a phone, and wide tables that become one card per row under 640 px
 * (each cell shows its column's name from `data-label`), so that no page scrolls sideways at 390 px.
 */
export const SITE_CSS = `:root {
  --registres-alerte: #9a5b00;
}
main.container {
  padding-top: 1rem;
}
nav.site,
nav.site ul {
  flex-wrap: wrap;
}
nav.site ul:first-child li:first-child a {
  font-weight: 700;
}
code,
pre,
.cle {
  overflow-wrap: anywhere;
  word-break: break-word;
}
pre {
  white-space: pre-wrap;
  max-height: 32rem;
}
.cle {
  display: block;
  padding: 0.6rem;
  font-family: var(--pico-font-family-monospace);
  background: var(--pico-code-background-color);
  user-select: all;
}
.notice,
.alerte {
  padding: 0.5rem 0.8rem;
  border-left: 4px solid var(--pico-primary);
  background: var(--pico-card-sectioning-background-color);
}
.alerte {
  border-left-color: var(--registres-alerte);
}
.num {
  text-align: right;
  font-variant-numeric: tabular-nums;
}
form.inline {
  display: inline;
  margin: 0;
}
form.inline button {
  margin: 0;
  width: auto;
}
.etat-ok {
  color: var(--pico-ins-color);
}
.etat-alerte {
  color: var(--registres-alerte);
  font-weight: 600;
}
figure.graphique {
  margin: 0.5rem 0 1.5rem;
  max-width: 46rem;
}
figure.graphique svg {
  width: 100%;
  height: auto;
  display: block;
}
figure.graphique .barre {
  fill: var(--pico-primary);
}
figure.graphique .axe {
  stroke: var(--pico-muted-border-color);
  stroke-width: 1;
}
figure.graphique .legende {
  fill: var(--pico-muted-color);
  font-size: 16px;
}
figure.graphique figcaption {
  font-size: 0.9em;
  color: var(--pico-muted-color);
}
/* On a phone a wide table becomes one card per row: each cell shows its column's name. */
@media (max-width: 640px) {
  table.empilable thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
  }
  table.empilable tr {
    display: block;
    border-bottom: 1px solid var(--pico-muted-border-color);
    padding: 0.4rem 0;
  }
  table.empilable td {
    display: flex;
    justify-content: space-between;
    gap: 1rem;
    border: none;
    padding: 0.15rem 0.25rem;
    text-align: right;
  }
  table.empilable td::before {
    content: attr(data-label);
    font-weight: 600;
    text-align: left;
  }
}
`;
