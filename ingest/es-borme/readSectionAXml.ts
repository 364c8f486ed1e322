import type { EsBormeAct } from '../../schemas/events/esBormeEvents.ts';
import {
  type ParseReport,
  parseSectionAArticles,
  type SectionAArticle,
  type SectionAHeader,
} from './parseSectionA.ts';
import { childOf, elementsOf, readXmlFile, textOf, type XmlElement } from './xmlTree.ts';

/** `20260922` → `2026-09-22`. */
export const compactDate = (text: string): string | null => {
  const m = /^\s*(\d{4})(\d{2})(\d{2})\s*$/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
};

/**
 * What a section A XML document (`diario_borme/xml.php?id=BORME-A-…`) says of itself, from `<metadatos>`:
 * `<identificador>`, `<titulo>` (the province), `<diario_numero>`, `<seccion codigo="A">`, `<fecha_publicacion>`.
 */
export function sectionAXmlHeader(root: XmlElement): SectionAHeader {
  const meta = childOf(root, 'metadatos');
  const field = (name: string) => textOf(childOf(meta, name)).trim();
  const documento = field('identificador');
  if (root.name !== 'documento' || !/^BORME-A-\d{4}-\d+-\d+$/.test(documento)) {
    throw new Error('not a BORME section A XML document: no <documento> with a BORME-A identificador');
  }
  const seccion = childOf(meta, 'seccion');
  if (seccion && seccion.attributes.codigo !== undefined && seccion.attributes.codigo !== 'A') {
    throw new Error(`${documento}: section ${seccion.attributes.codigo}, not A`);
  }
  const numero = field('diario_numero');
  return {
    documento,
    borme_numero: /^\d+$/.test(numero) ? Number(numero) : null,
    fecha_publicacion: compactDate(field('fecha_publicacion')),
    registro: field('titulo'),
  };
}

/** The `<p class="articulo">` headings of `<texto>`, each with the `<p class="parrafo">` texts that follow it. */
export function sectionAArticles(root: XmlElement): SectionAArticle[] {
  const texto = childOf(root, 'texto');
  if (!texto) throw new Error('BORME section A XML document without <texto>');
  const articles: SectionAArticle[] = [];
  for (const p of elementsOf(texto, 'p')) {
    const kind = p.attributes.class;
    if (kind === 'articulo') articles.push({ articulo: textOf(p), parrafos: [] });
    else if (kind === 'parrafo' && articles.length > 0) articles.at(-1)!.parrafos.push(textOf(p));
  }
  return articles;
}

/** The header and acts of one section A XML document. */
export async function readSectionAXml(
  file: string,
  report: ParseReport,
): Promise<{ header: SectionAHeader; acts: EsBormeAct[] }> {
  const root = await readXmlFile(file);
  const header = sectionAXmlHeader(root);
  return { header, acts: parseSectionAArticles(header, sectionAArticles(root), report) };
}
