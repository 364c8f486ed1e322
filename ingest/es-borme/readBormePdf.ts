import { readFile } from 'node:fs/promises';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text lines of a BORME PDF, page after page, as pdf.js lays them out (a line ends at `hasEOL`). */
export async function readPdfLines(file: string): Promise<string[]> {
  const data = new Uint8Array(await readFile(file));
  const doc = await getDocument({ data, disableFontFace: true, verbosity: 0 }).promise;
  const lines: string[] = [];
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const content = await (await doc.getPage(p)).getTextContent();
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          if (line.trim() !== '') lines.push(line.trim());
          line = '';
        }
      }
      if (line.trim() !== '') lines.push(line.trim());
    }
  } finally {
    await doc.destroy();
  }
  return lines;
}
