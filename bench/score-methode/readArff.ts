import fs from 'node:fs/promises';

/** A numeric ARFF file whose last attribute is a 0/1 class (the Polish bankruptcy files). */
export interface ArffTable {
  relation: string;
  /** The numeric attributes' names, in file order (the class excluded). */
  attributes: string[];
  /** One row per data line; NaN where the file has `?`. */
  rows: Float64Array[];
  /** The class of each row: 1 bankrupt, 0 not. */
  labels: Uint8Array;
}

/** Reads an ARFF file (Weka's text format): numeric attributes, then the nominal class {0,1}. */
export async function readArffFile(file: string): Promise<ArffTable> {
  return parseArff(await fs.readFile(file, 'latin1'));
}

/** Parses ARFF text: `@relation`, `@attribute` lines, `@data`, comma-separated rows, `%` comments. */
export function parseArff(text: string): ArffTable {
  const lines = text.split(/\r?\n/);
  let relation = '';
  const attributes: { name: string; type: string }[] = [];
  let i = 0;
  for (; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '' || line.startsWith('%')) continue;
    const lower = line.toLowerCase();
    if (lower.startsWith('@relation')) relation = unquote(line.slice('@relation'.length).trim());
    else if (lower.startsWith('@attribute'))
      attributes.push(parseAttribute(line.slice('@attribute'.length).trim()));
    else if (lower.startsWith('@data')) break;
    else throw new Error(`ARFF header line ${i + 1} not understood: ${line.slice(0, 60)}`);
  }
  const last = attributes[attributes.length - 1];
  if (last?.type.replace(/\s/g, '') !== '{0,1}')
    throw new Error('ARFF: the last attribute is not a {0,1} class');
  const numeric = attributes.slice(0, -1);
  const notNumeric = numeric.find((a) => !/^(numeric|real|integer)$/i.test(a.type));
  if (notNumeric) throw new Error(`ARFF: attribute ${notNumeric.name} is ${notNumeric.type}, not numeric`);
  const rows: Float64Array[] = [];
  const labels: number[] = [];
  for (i++; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '' || line.startsWith('%')) continue;
    const cells = line.split(',');
    if (cells.length !== attributes.length) {
      throw new Error(
        `ARFF data line ${i + 1} has ${cells.length} values for ${attributes.length} attributes`,
      );
    }
    rows.push(Float64Array.from(cells.slice(0, -1), (cell) => parseValue(cell, i + 1)));
    const label = (cells[cells.length - 1] as string).trim();
    if (label !== '0' && label !== '1')
      throw new Error(`ARFF data line ${i + 1}: class ${label} is not 0 or 1`);
    labels.push(Number(label));
  }
  return { relation, attributes: numeric.map((a) => a.name), rows, labels: Uint8Array.from(labels) };
}

function parseAttribute(rest: string): { name: string; type: string } {
  const match = /^('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\S+)\s+(.+)$/.exec(rest);
  if (!match) throw new Error(`ARFF attribute not understood: ${rest}`);
  return { name: unquote(match[1] as string), type: (match[2] as string).trim() };
}

function parseValue(cell: string, line: number): number {
  const text = cell.trim();
  if (text === '?') return Number.NaN;
  const value = Number(text);
  if (text === '' || !Number.isFinite(value))
    throw new Error(`ARFF data line ${line}: ${text} is not a number`);
  return value;
}

function unquote(text: string): string {
  return /^(['"]).*\1$/.test(text) ? text.slice(1, -1) : text;
}
