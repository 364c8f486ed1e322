import PDFDocument from 'pdfkit';
import { BLOCS_INTELLIGENCE } from './intelligenceBlocks.ts';

/** Items of a list printed in the PDF; the JSON answer holds them all. */
export const PDF_LIST_ITEMS = 25;

const TITLES: Record<string, string> = {
  profil: 'Profil (Sirene)',
  etablissements: 'Établissements (Sirene)',
  dirigeants: 'Dirigeants (RNE) : personnes morales nommées, personnes physiques comptées par fonction',
  groupe_lei: 'Groupe LEI (GLEIF)',
  comptes: 'Comptes annuels et ratios, face à la médiane du secteur (ratios INPI-BCE)',
  score: 'Score de risque',
  procedures_collectives: 'Procédures collectives (BODACC)',
  changements: 'Chronologie des annonces (BODACC)',
  marches_publics: 'Marchés publics français (DECP)',
  marches_publics_ue: 'Marchés publics européens (TED)',
  financements_ue: 'Financements européens (CORDIS)',
  agrements: 'Agréments (RGE, Qualiopi)',
  contentieux: 'Décisions de justice (Judilibre)',
  documents: 'Dépôts au RNE (INPI)',
  lobbying: 'Lobbying',
  risques_industriels: 'Risques industriels',
  pi: 'Marques et propriété industrielle',
};

/** Members of a block left out of the PDF: the JSON's bookkeeping, not facts. */
const SKIPPED = new Set(['listes_bornees', 'siren', 'denomination']);

/**
 * The standard PDF fonts encode WinAnsi (cp1252): Latin-1 and these few more. Any other character is printed
 * as `?` rather than as a wrong glyph.
 */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const printable = (text: string): string =>
  [...text]
    .map((c) => ((c.codePointAt(0)! >= 0x20 && c.codePointAt(0)! <= 0xff) || CP1252_EXTRA.has(c) ? c : '?'))
    .join('');

const scalar = (value: unknown): string => {
  if (value === null || value === undefined) return 'non publié';
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  return String(value);
};

const isScalar = (value: unknown) => value === null || typeof value !== 'object';

/** The creation date the citation states (`… le 2026-12-02T10:00:00Z`); the epoch when it states none. */
export function servedAtOf(citation: unknown): Date {
  const match =
    typeof citation === 'string' ? /le (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})Z$/.exec(citation) : null;
  return new Date(match ? `${match[1]}Z` : 0);
}

type Doc = InstanceType<typeof PDFDocument>;

function heading(doc: Doc, text: string, size: number) {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(size).text(printable(text)).font('Helvetica').fontSize(9);
}

function line(doc: Doc, depth: number, text: string) {
  doc.text(printable(text), doc.page.margins.left + depth * 12, undefined, {
    width: doc.page.width - doc.page.margins.left - doc.page.margins.right - depth * 12,
  });
}

/** A JSON value as indented lines: scalars inline, objects by member, lists bounded. */
function value(doc: Doc, depth: number, label: string | null, v: unknown) {
  const prefix = label === null ? '' : `${label} : `;
  if (isScalar(v)) {
    line(doc, depth, `${prefix}${scalar(v)}`);
    return;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) {
      line(doc, depth, `${prefix}aucun`);
      return;
    }
    if (v.every(isScalar)) {
      line(doc, depth, `${prefix}${v.map(scalar).join(', ')}`);
      return;
    }
    if (label !== null) line(doc, depth, `${label} (${v.length}) :`);
    v.slice(0, PDF_LIST_ITEMS).forEach((item, i) => {
      value(doc, depth + 1, `${i + 1}.`, item);
    });
    if (v.length > PDF_LIST_ITEMS) {
      line(doc, depth + 1, `… et ${v.length - PDF_LIST_ITEMS} de plus (voir la réponse JSON).`);
    }
    return;
  }
  const entries = Object.entries(v as Record<string, unknown>).filter(([k]) => !SKIPPED.has(k));
  const inline = entries.filter(([, x]) => isScalar(x));
  if (label !== null) {
    // An object's scalar members on its own line, its nested members below it.
    line(doc, depth, `${label} ${inline.map(([k, x]) => `${k} : ${scalar(x)}`).join(' ; ')}`.trim());
  } else {
    for (const [k, x] of inline) line(doc, depth, `${k} : ${scalar(x)}`);
  }
  for (const [k, x] of entries) if (!isScalar(x)) value(doc, depth + 1, k, x);
}

/**
 * The intelligence report as a PDF, rendered from its enveloped JSON answer: title, citation, synthesis,
 * profile, every block in the route's order (an absent one with its reason), provenance and disclaimer.
 * Deterministic: its dates are the serving time the citation states and its file identifier is derived from
 * them (PDFKit), so the same JSON gives the same bytes.
 */
export function renderIntelligencePdf(answer: Record<string, unknown>): Promise<Buffer> {
  const servedAt = servedAtOf(answer.citation);
  const siren = String(answer.siren);
  const denomination = (answer.denomination as string | null) ?? siren;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: printable(`Rapport d’intelligence — ${denomination} (SIREN ${siren})`),
      Author: 'Registres API',
      Subject: printable(String(answer.citation ?? '')),
      CreationDate: servedAt,
      ModDate: servedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc
    .font('Helvetica-Bold')
    .fontSize(15)
    .text(printable(`Rapport d’intelligence : ${denomination}`));
  doc.font('Helvetica').fontSize(9).text(`SIREN ${siren}`);
  doc.moveDown(0.4).text(printable(`Citation : ${String(answer.citation ?? '')}`));

  heading(doc, 'Synthèse (faits calculés des blocs servis)', 12);
  value(doc, 0, null, answer.synthese);
  heading(doc, TITLES.profil!, 12);
  value(doc, 0, null, answer.profil);

  const blocs = (answer.blocs ?? {}) as Record<string, unknown>;
  const absents = (answer.blocs_absents ?? []) as { bloc: string; raison: string; message: string }[];
  for (const bloc of BLOCS_INTELLIGENCE) {
    heading(doc, TITLES[bloc] ?? bloc, 12);
    const absent = absents.find((a) => a.bloc === bloc);
    if (absent) line(doc, 0, `Bloc absent (${absent.raison}) : ${absent.message}`);
    else if (bloc in blocs) value(doc, 0, null, blocs[bloc]);
  }

  heading(doc, 'Provenance', 12);
  for (const p of (answer.provenance ?? []) as Record<string, unknown>[]) {
    line(
      doc,
      0,
      Object.entries(p)
        .map(([k, x]) => `${k} : ${scalar(x)}`)
        .join(' ; '),
    );
  }
  heading(doc, 'Sources et fraîcheur', 12);
  line(doc, 0, String(answer.source ?? ''));
  line(doc, 0, String(answer.data_freshness ?? ''));
  doc.moveDown(0.6);
  line(doc, 0, String(answer.note ?? ''));
  line(doc, 0, String(answer.disclaimer ?? ''));
  doc.end();
  return done;
}

/** The headers a PDF report carries in place of the envelope: its citation and provenance, percent-encoded. */
export function pdfHeadersOf(answer: Record<string, unknown>): Record<string, string> {
  return {
    'X-Citation': encodeURIComponent(String(answer.citation ?? '')),
    'X-Registre-Provenance': encodeURIComponent(JSON.stringify(answer.provenance ?? [])),
    'Content-Disposition': `inline; filename="intelligence-${String(answer.siren)}.pdf"`,
  };
}
