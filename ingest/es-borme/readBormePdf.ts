import { Worker } from 'node:worker_threads';

/**
 * pdf.js's legacy build (the one for Node) installs core-js polyfills over native globals of the thread that
 * imports it (JSON.stringify, JSON.parse, Array.prototype.push, …): JSON.stringify then ignores the order of a
 * replacer array, and every push and JSON call of the process pays for the wrapper. So PDFs are read in one
 * worker thread of their own, started on the first PDF; it holds the process open only while a PDF is read.
 *
 * The worker is given its code as text (plain JavaScript, the same whether the service runs built or from its
 * sources) and imports pdf.js by its resolved address. A line ends at pdf.js's `hasEOL`; blank lines are left
 * out; pages follow each other.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const pdfjs = import(${JSON.stringify(import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs'))});
async function textLines(file) {
  const { getDocument } = await pdfjs;
  const data = new Uint8Array(readFileSync(file));
  const doc = await getDocument({ data, disableFontFace: true, verbosity: 0 }).promise;
  const lines = [];
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
parentPort.on('message', ({ id, file }) => {
  textLines(file).then(
    (lines) => parentPort.postMessage({ id, lines }),
    (err) => parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) }),
  );
});
`;

type PdfLinesAnswer = { id: number; lines: string[] } | { id: number; error: string };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (lines: string[]) => void; reject: (err: Error) => void }>();

function pdfWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  started.unref();
  started.on('message', (answer: PdfLinesAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if ('lines' in answer) waiting.resolve(answer.lines);
    else waiting.reject(new Error(answer.error));
  });
  const fail = (err: Error) => {
    worker = null;
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the PDF worker stopped (exit ${code})`)));
  worker = started;
  return started;
}

/** The text lines of a BORME PDF, page after page, as pdf.js lays them out. */
export function readPdfLines(file: string): Promise<string[]> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    const reader = pdfWorker();
    reader.ref();
    reader.postMessage({ id, file });
  });
}
