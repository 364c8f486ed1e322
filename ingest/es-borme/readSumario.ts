import { readFile } from 'node:fs/promises';
import { compactDate } from './readSectionAXml.ts';
import { childOf, elementsOf, readXmlFile, textOf, type XmlElement } from './xmlTree.ts';

/** One section A item of a day's sumario: a province's document. */
export interface SumarioItem {
  /** `BORME-A-2026-183-28` (year, diario number, province code). */
  identificador: string;
  /** The province as the sumario titles it (`MADRID`). */
  titulo: string;
}

/** One BORME diario (a day's issue) as its sumario lists it. */
export interface BormeDiario {
  /** `BORME-S-2026-183`. */
  identificador: string;
  numero: number;
  fecha_publicacion: string;
  /** The section A documents of the day, by province; the alphabetical index (`-99`) is not one. */
  documentos: SumarioItem[];
}

/** The section A document `-99` is the day's alphabetical index of companies, not a province's acts. */
export const isIndexDocument = (identificador: string) => /^BORME-A-\d{4}-\d+-99$/.test(identificador);

/** `item` (and `diario`, `seccion`) is an object, not an array, when there is one of it: normalise. */
const list = (value: unknown): Record<string, unknown>[] =>
  value === undefined || value === null
    ? []
    : (Array.isArray(value) ? value : [value]).filter(
        (v): v is Record<string, unknown> => typeof v === 'object' && v !== null,
      );

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** An XML element as the API's JSON renders it: attributes and child elements as keys, text as itself. */
function asJson(el: XmlElement): unknown {
  const children = elementsOf(el);
  if (children.length === 0 && Object.keys(el.attributes).length === 0) return textOf(el).trim();
  const out: Record<string, unknown> = { ...el.attributes };
  for (const child of children) {
    const value = asJson(child);
    const held = out[child.name];
    out[child.name] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
  }
  return out;
}

function diariosOfApi(body: Record<string, unknown>, file: string): BormeDiario[] {
  const status = body.status as Record<string, unknown> | undefined;
  if (str(status?.code) !== '200')
    throw new Error(`${file}: sumario status ${str(status?.code) || 'missing'}`);
  const sumario = (body.data as Record<string, unknown> | undefined)?.sumario as Record<string, unknown>;
  const fecha = compactDate(
    str((sumario?.metadatos as Record<string, unknown> | undefined)?.fecha_publicacion),
  );
  if (!sumario || !fecha)
    throw new Error(`${file}: not a BORME sumario (no data.sumario.metadatos.fecha_publicacion)`);
  return list(sumario.diario).map((diario) => {
    const identificador = str((diario.sumario_diario as Record<string, unknown> | undefined)?.identificador);
    const numero = str(diario.numero);
    if (!/^BORME-S-\d{4}-\d+$/.test(identificador) || !/^\d+$/.test(numero)) {
      throw new Error(`${file}: a diario without its number or sumario identificador`);
    }
    const items = list(diario.seccion)
      .filter((s) => str(s.codigo) === 'A')
      .flatMap((s) => list(s.item));
    return {
      identificador,
      numero: Number(numero),
      fecha_publicacion: fecha,
      documentos: items.map((i) => ({ identificador: str(i.identificador), titulo: str(i.titulo) })),
    };
  });
}

/** The sumario's own XML before the API (`xml.php?id=BORME-S-20150924`, ISO-8859-1). */
function diariosOfOldXml(root: XmlElement, file: string): BormeDiario[] {
  const fecha = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(textOf(childOf(childOf(root, 'meta'), 'fechaInv')).trim());
  if (!fecha) throw new Error(`${file}: sumario without <meta><fechaInv>`);
  return elementsOf(root, 'diario').map((diario) => ({
    identificador: childOf(diario, 'sumario_nbo')?.attributes.id ?? '',
    numero: Number(diario.attributes.nbo),
    fecha_publicacion: `${fecha[1]}-${fecha[2]}-${fecha[3]}`,
    documentos: elementsOf(diario, 'seccion')
      .filter((s) => s.attributes.num === 'A')
      .flatMap((s) => elementsOf(s, 'emisor'))
      .flatMap((e) => elementsOf(e, 'item'))
      .map((i) => ({ identificador: i.attributes.id ?? '', titulo: textOf(childOf(i, 'titulo')).trim() })),
  }));
}

/**
 * The diarios of a day's sumario: the open-data API's (`datosabiertos/api/borme/sumario/AAAAMMDD`, JSON or
 * its default XML) or the older `<sumario>` XML. Every section A item but the alphabetical index is a
 * document the day published.
 */
export async function readSumario(file: string): Promise<BormeDiario[]> {
  const head = (await readFile(file)).subarray(0, 64).toString('latin1').trimStart();
  let diarios: BormeDiario[];
  if (head.startsWith('{')) {
    diarios = diariosOfApi(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>, file);
  } else {
    const root = await readXmlFile(file);
    if (root.name === 'response') diarios = diariosOfApi(asJson(root) as Record<string, unknown>, file);
    else if (root.name === 'sumario') diarios = diariosOfOldXml(root, file);
    else throw new Error(`${file}: not a BORME sumario (root <${root.name}>)`);
  }
  for (const d of diarios) {
    const prefix = `BORME-A-${d.fecha_publicacion.slice(0, 4)}-${d.numero}-`;
    if (!/^BORME-S-\d{4}-\d+$/.test(d.identificador) || !Number.isInteger(d.numero)) {
      throw new Error(`${file}: a diario without its number or sumario identificador`);
    }
    const stray = d.documentos.find((i) => !i.identificador.startsWith(prefix));
    if (stray) throw new Error(`${file}: ${stray.identificador} listed in ${d.identificador}`);
    d.documentos = d.documentos.filter((i) => !isIndexDocument(i.identificador));
  }
  return diarios;
}
