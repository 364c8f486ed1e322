import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mulberry32 } from '../core/mulberry32.ts';

/**
 * Provinces of a day's section A (INE codes, as the document ids end; the sheet prefix the registry prints) and
 * each one's share of the acts: Madrid and Barcelona carry most of them (in the real issue 183 of 2026,
 * Madrid's document ran to 38 pages). The others share the rest evenly.
 */
const PROVINCES: readonly (readonly [string, string, string, number])[] = [
  ['28', 'MADRID', 'M', 0.3],
  ['08', 'BARCELONA', 'B', 0.17],
  ['46', 'VALENCIA', 'V', 0.06],
  ['29', 'MÁLAGA', 'MA', 0.05],
  ['03', 'ALICANTE/ALACANT', 'A', 0.05],
  ['07', 'ILLES BALEARS', 'PM', 0.04],
  ['41', 'SEVILLA', 'SE', 0.04],
  ['10', 'CÁCERES', 'CC', 0.01],
];
const OTHERS: readonly (readonly [string, string, string])[] = [
  ['01', 'ARABA/ÁLAVA', 'VI'],
  ['02', 'ALBACETE', 'AB'],
  ['04', 'ALMERÍA', 'AL'],
  ['05', 'ÁVILA', 'AV'],
  ['06', 'BADAJOZ', 'BA'],
  ['09', 'BURGOS', 'BU'],
  ['11', 'CÁDIZ', 'CA'],
  ['12', 'CASTELLÓN', 'CS'],
  ['13', 'CIUDAD REAL', 'CR'],
  ['14', 'CÓRDOBA', 'CO'],
  ['15', 'A CORUÑA', 'C'],
  ['16', 'CUENCA', 'CU'],
  ['17', 'GIRONA', 'GI'],
  ['18', 'GRANADA', 'GR'],
  ['19', 'GUADALAJARA', 'GU'],
  ['20', 'GIPUZKOA', 'SS'],
];

const WORDS = [
  'IBERICA',
  'SOLUCIONES',
  'GESTION',
  'INVERSIONES',
  'NORTE',
  'LEVANTE',
  'DIGITAL',
  'OBRAS',
  'MAR',
];
const SURNAMES = ['GARCIA', 'LOPEZ', 'MARTINEZ', 'SANCHEZ', 'PEREZ', 'GOMEZ', 'RUIZ', 'DIAZ', 'MORENO'];
const GIVEN = ['JOSE', 'MARIA', 'ANTONIO', 'CARMEN', 'JAVIER', 'LAURA', 'DAVID', 'ANA'];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const pad = (n: number) => String(n).padStart(2, '0');

/** A day's publication date: consecutive weekdays from 2026-09-22 (issue 183). */
function publicationDate(day: number): Date {
  const d = new Date(Date.UTC(2026, 8, 22));
  for (let left = day; left > 0; ) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return d;
}

/**
 * `days` BORME issues of about `actsPerDay` acts each, as the open-data API publishes them: per day a sumario
 * (JSON, `datosabiertos/api/borme/sumario/AAAAMMDD`) and one section A XML per province it lists
 * (`diario_borme/xml.php?id=BORME-A-…`), in the layout of test/fixtures/es-borme/ (real): `<metadatos>` then
 * one `<p class="articulo">` and `<p class="parrafo">` per act, the act types in the real documents' mix
 * (constitutions, appointments and removals naming invented people, dissolutions, changes of address, capital),
 * about one company in six with two acts the same day, sheets with and without tomo/libro/folio.
 */
export async function generateBormeDays(
  dir: string,
  days: number,
  actsPerDay: number,
  seed = 27,
): Promise<{ documento: string[]; sumario: string[] }> {
  const random = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const person = () => `${pick(SURNAMES)} ${pick(SURNAMES)} ${pick(GIVEN)}`;
  const people = (n: number) => Array.from({ length: n }, person).join(';');
  const documento: string[] = [];
  const sumario: string[] = [];
  let actNumber = 423_000;
  let sheet = 100_000;
  const share = (1 - PROVINCES.reduce((s, p) => s + p[3], 0)) / OTHERS.length;
  const provinces = [
    ...PROVINCES,
    ...OTHERS.map(([code, titulo, prefix]) => [code, titulo, prefix, share] as const),
  ];

  for (let day = 0; day < days; day++) {
    const date = publicationDate(day);
    const year = date.getUTCFullYear();
    const compact = `${year}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
    const inscribed = `${pad(date.getUTCDate())}.${pad(date.getUTCMonth() + 1)}.${String(year).slice(2)}`;
    const issue = 183 + day;
    const items: Record<string, unknown>[] = [];
    let page = 44_000 + day * 200;
    for (const [code, titulo, prefix, weight] of provinces) {
      const id = `BORME-A-${year}-${issue}-${code}`;
      const file = path.join(dir, `${id}.xml`);
      const acts = Math.max(1, Math.round(actsPerDay * weight));
      const pages = Math.max(1, Math.ceil(acts / 13));
      const out = createWriteStream(file);
      const write = async (text: string) => {
        if (!out.write(text)) await once(out, 'drain');
      };
      await write(
        `<?xml version="1.0" encoding="UTF-8"?>\n<documento fecha_actualizacion="${compact}T071803Z">\n  <metadatos>\n    <identificador>${id}</identificador>\n    <titulo>${escapeXml(titulo)}</titulo>\n    <diario>Boletín Oficial del Registro Mercantil</diario>\n    <diario_numero>${issue}</diario_numero>\n    <seccion codigo="A">SECCIÓN PRIMERA. Empresarios. Actos inscritos</seccion>\n    <fecha_publicacion>${compact}</fecha_publicacion>\n    <pagina_inicial>${page}</pagina_inicial>\n    <pagina_final>${page + pages - 1}</pagina_final>\n    <url_pdf>https://www.boe.es/borme/dias/${year}/${compact.slice(4, 6)}/${compact.slice(6)}/pdfs/${id}.pdf</url_pdf>\n  </metadatos>\n  <texto>\n`,
      );
      let hoja = 0;
      for (let i = 0; i < acts; i++) {
        // About one act in six is a second act of the company before it, the same day.
        if (i === 0 || random() >= 1 / 6) hoja = sheet++;
        const name = `${pick(WORDS)} ${pick(WORDS)} ${hoja.toString(36).toUpperCase()} ${random() < 0.8 ? 'SL' : 'SA'}`;
        const r = random();
        const text =
          r < 0.25
            ? `Constitución. Comienzo de operaciones: ${inscribed}. Objeto social: Comercio al por menor. Domicilio: C/ ${pick(WORDS)} ${i % 90} (${escapeXml(titulo)}). Capital: 3.000,00 Euros. Declaración de unipersonalidad. Socio único: ${person()}. Nombramientos. Adm. Unico: ${person()}.`
            : r < 0.55
              ? `Ceses/Dimisiones. Adm. Solid.: ${people(2)}. Nombramientos. Adm. Unico: ${person()}. Apoderado: ${people(1 + (i % 3))}.`
              : r < 0.7
                ? `Disolución. Voluntaria. Extinción.`
                : r < 0.85
                  ? `Cambio de domicilio social. C/ ${pick(WORDS)} ${i % 120} (${escapeXml(titulo)}). Modificaciones estatutarias. Artículo de los estatutos: 2.`
                  : `Ampliación de capital. Capital: 12.000,00 Euros. Resultante Suscrito: 15.000,00 Euros. Reelecciones. Auditor: ${pick(WORDS)} AUDITORES SL.`;
        const tomo = random() < 0.3 ? `T ${1000 + (i % 900)}, L ${i % 700}, F ${i % 200}, ` : '';
        const registral = `${tomo}S 8 , H ${prefix} ${hoja}, I/A ${1 + (i % 9)} (${inscribed}).`;
        await write(
          `    <p class="articulo">${actNumber++} - ${name}.</p>\n    <p class="parrafo">${text}  Datos registrales. ${registral}</p>\n`,
        );
      }
      await write('  </texto>\n</documento>\n');
      out.end();
      await once(out, 'finish');
      documento.push(file);
      items.push({
        identificador: id,
        titulo,
        url_pdf: {
          szBytes: '0',
          szKBytes: '0',
          pagina_inicial: String(page),
          pagina_final: String(page + pages - 1),
          texto: `https://www.boe.es/borme/dias/${year}/${compact.slice(4, 6)}/${compact.slice(6)}/pdfs/${id}.pdf`,
        },
        url_html: `https://www.boe.es/diario_borme/txt.php?id=${id}`,
        url_xml: `https://www.boe.es/diario_borme/xml.php?id=${id}`,
      });
      page += pages;
    }
    const file = path.join(dir, `sumario_${compact}.json`);
    const body = {
      status: { code: '200', text: 'ok' },
      data: {
        sumario: {
          metadatos: { publicacion: 'BORME', fecha_publicacion: compact },
          diario: [
            {
              numero: String(issue),
              sumario_diario: { identificador: `BORME-S-${year}-${issue}` },
              seccion: [
                { codigo: 'A', nombre: 'SECCIÓN PRIMERA. Empresarios. Actos inscritos', item: items },
              ],
            },
          ],
        },
      },
    };
    await writeFile(file, JSON.stringify(body, null, 2));
    sumario.push(file);
  }
  return { documento, sumario };
}
