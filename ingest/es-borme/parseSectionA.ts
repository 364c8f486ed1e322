import type { EsBormeAct, EsBormeActType, EsBormeRole } from '../../schemas/events/esBormeEvents.ts';
import { normaliseHoja } from '../../schemas/identifiers/esHoja.ts';
import { ACT_LABELS, OFFICER_ACTS } from './bormeActLabels.ts';

/** What a section A document says of itself: its id, number, date and province. */
export interface SectionAHeader {
  documento: string;
  borme_numero: number | null;
  fecha_publicacion: string | null;
  registro: string;
}

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** Lines every page repeats (masthead, page number, cve, footer): not part of any act. */
const PAGE_FURNITURE = [
  /^BOLETÍN OFICIAL DEL REGISTRO MERCANTIL$/,
  /^Núm\. \d+ .* Pág\. \d+$/,
  /^cve: BORME-/,
  /^http:\/\/www\.boe\.es /,
  /^https:\/\/www\.boe\.es /,
];

const pad = (n: number) => String(n).padStart(2, '0');

/** `10 de febrero de 2015` → `2015-02-10`. */
function spanishDate(text: string): string | null {
  const m = /(\d{1,2}) de ([a-zé]+) de (\d{4})/i.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]!.toLowerCase());
  return month < 0 ? null : `${m[3]}-${pad(month + 1)}-${pad(Number(m[1]))}`;
}

/** `29.01.15` (day.month.two-digit year, the day may be space-padded) → `2015-01-29`. */
export function inscriptionDate(text: string, publishedYear: number | null): string | null {
  const m = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{2})\s*$/.exec(text);
  if (!m) return null;
  const yy = Number(m[3]);
  const century = publishedYear !== null && 2000 + yy > publishedYear ? 1900 : 2000;
  return `${century + yy}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
}

/** The document's own header, from the lines of its first page. */
export function sectionAHeader(lines: readonly string[]): SectionAHeader {
  const cve = lines.map((l) => /^cve: (BORME-A-\S+)/.exec(l)?.[1]).find(Boolean);
  const masthead = lines.find((l) => /^Núm\. \d+ /.test(l)) ?? '';
  const titled = lines.indexOf('Actos inscritos');
  const registro = titled >= 0 ? lines[titled + 1] : undefined;
  if (!cve || !registro) throw new Error('not a BORME section A document: no cve or no province title');
  const numero = /^Núm\. (\d+)/.exec(masthead)?.[1];
  return {
    documento: cve,
    borme_numero: numero ? Number(numero) : null,
    fecha_publicacion: spanishDate(masthead),
    registro,
  };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const LABEL_RE = new RegExp(
  `(?:^|(?<=[.:]\\s))(${[...ACT_LABELS]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|')})(?=[.:])`,
  'g',
);

/** `Adm. Solid.: A B;C D. Adm. Unico: E F.` → roles and counts (a role starts upper then lower case). */
function roles(raw: string): EsBormeRole[] {
  const content = raw.trim();
  const starts = [...content.matchAll(/(?:^|(?<=\.\s))([A-Z][a-zé][^:]*?):\s/g)];
  return starts.map((m, i) => {
    const from = m.index! + m[0].length;
    const to = i + 1 < starts.length ? starts[i + 1]!.index! : content.length;
    const holders = content.slice(from, to).trim().replace(/\.$/, '');
    return {
      cargo: m[1]!.trim(),
      nombre_titulaires: holders.split(';').filter((h) => h.trim() !== '').length,
    };
  });
}

/** The value after `key:` up to the first `. ` that is followed by an upper-case word or the end. */
function valueAfter(content: string, key: string): string | undefined {
  const at = content.indexOf(`${key}:`);
  if (at < 0) return undefined;
  const rest = content.slice(at + key.length + 1).trim();
  const end = /\.(?=\s+[A-Z][a-zé]|\s*$)/.exec(rest);
  return (end ? rest.slice(0, end.index) : rest).trim() || undefined;
}

function actType(tipo: string, content: string): EsBormeActType {
  if (OFFICER_ACTS.has(tipo)) return { tipo, cargos: roles(content) };
  if (tipo === 'Cambio de denominación social') {
    const name = content.trim().replace(/\.$/, '');
    return name ? { tipo, denominacion_nueva: name } : { tipo };
  }
  if (tipo === 'Cambio de domicilio social') {
    const address = content.trim().replace(/\.$/, '');
    return address ? { tipo, domicilio: address } : { tipo };
  }
  if (tipo === 'Constitución') {
    const address = valueAfter(content, 'Domicilio');
    return address ? { tipo, domicilio: address } : { tipo };
  }
  return { tipo };
}

/** `T 856, L 683, F 96, S 8, H CC 11959, I/A 2 (29.01.15).` */
function registryData(text: string, publishedYear: number | null) {
  const part = (key: string) =>
    new RegExp(`(?:^|,\\s*)${escapeRe(key)} ([^,(]+?)\\s*(?:,|\\(|$)`).exec(text)?.[1];
  const date = /\(([^)]*)\)\.?\s*$/.exec(text)?.[1];
  return {
    tomo: part('T') ?? null,
    libro: part('L') ?? null,
    folio: part('F') ?? null,
    seccion: part('S') ?? null,
    hoja: part('H') ?? '',
    inscripcion: part('I/A') ?? null,
    fecha_inscripcion: date ? inscriptionDate(date, publishedYear) : null,
  };
}

/** Acts whose sheet could not be read are counted, not kept. */
export interface ParseReport {
  withoutHoja: number;
}

/** `MAJORCA PALMA PEARLS SL(R.M. PALMA DE MALLORCA)`: the registry a province with several adds to a heading. */
const REGISTRY_NOTE = /\s*\(R\.M\. [^()]*\)$/;

/**
 * One numbered act: the company's name from its heading, the text of its act types (`Ceses/Dimisiones. Adm.
 * Solid.: …`) and its `Datos registrales` (`T 856, L 683, F 96, S 8, H CC 11959, I/A 2 (29.01.15).`). Null
 * (counted) without a sheet.
 */
function actOf(
  header: SectionAHeader,
  number: string,
  name: string,
  text: string,
  registral: string,
  report: ParseReport,
): EsBormeAct | null {
  const year = header.fecha_publicacion ? Number(header.fecha_publicacion.slice(0, 4)) : null;
  const data = registryData(registral.trim(), year);
  const hoja = normaliseHoja(data.hoja);
  if (!hoja) {
    report.withoutHoja++;
    return null;
  }
  const labels = [...text.matchAll(LABEL_RE)];
  const actos = labels.map((l, i) => {
    const from = l.index! + l[0].length + 1;
    const to = i + 1 < labels.length ? labels[i + 1]!.index! : text.length;
    return actType(l[1]!, text.slice(from, to));
  });
  return {
    hoja,
    numero_acto: Number(number),
    denominacion: name.trim().replace(/\.$/, '').replace(REGISTRY_NOTE, ''),
    registro: header.registro,
    documento: header.documento,
    borme_numero: header.borme_numero,
    fecha_publicacion: header.fecha_publicacion,
    actos,
    datos_registrales: data,
  };
}

/**
 * The numbered acts of a section A PDF's text lines (page furniture removed, lines joined): each runs from
 * `<n> - <NAME>.` to its `Datos registrales. … (dd.mm.yy).`
 */
export function parseSectionA(lines: readonly string[], report: ParseReport): EsBormeAct[] {
  const header = sectionAHeader(lines);
  const body = lines.filter((l) => !PAGE_FURNITURE.some((re) => re.test(l))).join(' ');
  const acts: EsBormeAct[] = [];
  const actRe = /(?:^|\s)(\d+) - (.*?)\s*Datos registrales\.\s*(.*?\(\s*[\d.]+\s*\)\.)/gs;
  for (const m of body.matchAll(actRe)) {
    const [, number, text, registral] = m as unknown as [string, string, string, string];
    // The heading runs to the first act type: a PDF does not mark where it ends.
    const first = new RegExp(LABEL_RE.source).exec(text)?.index ?? text.length;
    const act = actOf(header, number, text.slice(0, first), text.slice(first), registral, report);
    if (act) acts.push(act);
  }
  return acts;
}

/** One act of a section A XML document: its `<p class="articulo">` heading and `<p class="parrafo">` texts. */
export interface SectionAArticle {
  articulo: string;
  parrafos: string[];
}

/**
 * The numbered acts of a section A XML document (`<p class="articulo">57315 - VERAJERTE SL.</p>` then its
 * `<p class="parrafo">` texts, the last ending with `Datos registrales. …`): the same acts its PDF gives.
 */
export function parseSectionAArticles(
  header: SectionAHeader,
  articles: readonly SectionAArticle[],
  report: ParseReport,
): EsBormeAct[] {
  const acts: EsBormeAct[] = [];
  for (const { articulo, parrafos } of articles) {
    const heading = /^\s*(\d+) - (.*)$/s.exec(articulo);
    if (!heading) throw new Error(`${header.documento}: act heading without a number`);
    const text = parrafos.join(' ').replace(/\s+/g, ' ').trim();
    const m = /^(.*?)\s*Datos registrales\.\s*(.*)$/s.exec(text);
    if (!m) {
      report.withoutHoja++;
      continue;
    }
    const name = heading[2]!.replace(/\s+/g, ' ');
    const act = actOf(header, heading[1]!, name, m[1]!, m[2]!, report);
    if (act) acts.push(act);
  }
  return acts;
}
