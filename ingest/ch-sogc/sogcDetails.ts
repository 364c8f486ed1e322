import { CH_SOGC_ARCHIVE_START, type ChSogcFamille } from '../../schemas/enums/chSogc.ts';
import { familleOfRubric, type SogcListRecord, type SogcPublicationRecord } from './sogcPublications.ts';

/** Publications served at most in one answer; `troncature` and `listes_bornees` say when there are more. */
export const SOGC_MAX_LISTED = 100;

/** The archive's coverage, on every answer: an absence of publication says nothing of what came before. */
export const SOGC_COVERAGE = {
  depuis: CH_SOGC_ARCHIVE_START,
  note: 'Archive en ligne de la FOSC depuis le 1er juillet 2018 : aucune publication antérieure n’est lue, une absence ne remonte pas plus loin. / The SOGC online archive starts on 1 July 2018: an absence goes no further back.',
} as const;

/** Newest first; on the same day, the higher publication number first. */
const newestFirst = <T extends { date: string | null; numero: string | null }>(a: T, b: T) =>
  (b.date ?? '').localeCompare(a.date ?? '') || (b.numero ?? '').localeCompare(a.numero ?? '');

/** The company's name as its newest publication states it (null when none states it). */
export const denominationOf = (record: SogcListRecord) =>
  [...record.publications].sort(newestFirst).find((p) => p.societe?.nom)?.societe?.nom ?? null;

/** A publication as `evenements` serves it: the contract's members, its free text withheld. */
function servedPublication(p: SogcPublicationRecord) {
  return {
    date: p.date,
    numero: p.numero,
    type: p.type,
    sous_rubrique: p.sous_rubrique,
    langue: p.langue,
    cantons: p.cantons,
    office: p.office,
    societe: p.societe,
    changements: p.changements,
    publication_precedente: p.publication_precedente,
    texte_retenu: true,
  };
}

/** The list members every answer shares: counts, truncation, first and last dates, emptiness. */
function listMembers<T extends { date: string | null }>(
  all: readonly T[],
  total: number,
  lowerBound: boolean,
) {
  const listed = all.slice(0, SOGC_MAX_LISTED);
  const troncature = total > listed.length || lowerBound;
  return {
    listed,
    members: {
      nombre_publications: total,
      nombre_listees: listed.length,
      troncature,
      // The oldest of a cut list is not the company's first publication: not known, so null.
      premiere_publication_le: troncature ? null : (listed.at(-1)?.date ?? null),
      derniere_publication_le: listed[0]?.date ?? null,
      // Measured only when nothing was cut: a lower bound of zero proves nothing.
      aucune_publication: total === 0 && listed.length === 0 && !lowerBound,
    },
    bounded: { nombre_total: total, tronque: troncature, total_borne_basse: lowerBound },
  };
}

/**
 * GET /v1/eu/entreprise/CH/{id}/evenements: the company's commercial-register publications (rubric HR), newest
 * first, in the contract's order (`pays` and `id_national` come from the route).
 */
export function publicationsMembers(record: SogcListRecord, consulteLe: string): Record<string, unknown> {
  const { listed, members, bounded } = listMembers(
    [...record.publications].sort(newestFirst),
    record.total,
    false,
  );
  return {
    denomination: denominationOf(record),
    ...members,
    publications: listed.map(servedPublication),
    consulte_le: consulteLe,
    listes_bornees: { publications: bounded },
    couverture: SOGC_COVERAGE,
  };
}

/** An insolvency-related publication: its rubric and family, its references, never its text. */
interface InsolvencyItem {
  date: string | null;
  numero: string | null;
  rubrique: string | null;
  sous_rubrique: string | null;
  famille: ChSogcFamille;
  langue: string | null;
  cantons: string[];
  office: string | null;
  changements: SogcPublicationRecord['changements'];
  texte_retenu: true;
}

const itemOf = (p: SogcPublicationRecord, famille: ChSogcFamille): InsolvencyItem => ({
  date: p.date,
  numero: p.numero,
  rubrique: p.rubrique,
  sous_rubrique: p.sous_rubrique,
  famille,
  langue: p.langue,
  cantons: p.cantons,
  office: p.office,
  changements: p.changements,
  texte_retenu: true,
});

/**
 * GET /v1/eu/entreprise/CH/{id}/insolvabilite: the register's changes that flag a bankruptcy or a liquidation
 * (rubric HR), and the publications of the bankruptcy (KK), composition (NA) and liquidation call (LS)
 * rubrics. When the register list was cut, flagged changes beyond it are not known: the count is a lower
 * bound.
 */
export function insolvencyMembers(
  register: SogcListRecord,
  insolvency: SogcListRecord,
  consulteLe: string,
): Record<string, unknown> {
  const flagged = register.publications.flatMap((p) => {
    if (p.changements?.includes('faillite')) return [itemOf(p, 'faillite')];
    if (p.changements?.includes('liquidation')) return [itemOf(p, 'liquidation')];
    return [];
  });
  const others = insolvency.publications.flatMap((p) => {
    const famille = familleOfRubric(p.rubrique);
    return famille ? [itemOf(p, famille)] : [];
  });
  const registerCut = register.total > register.publications.length;
  const { listed, members, bounded } = listMembers(
    [...flagged, ...others].sort(newestFirst),
    flagged.length + insolvency.total,
    registerCut,
  );
  return {
    denomination: denominationOf(register),
    ...members,
    publications: listed,
    consulte_le: consulteLe,
    listes_bornees: { publications: bounded },
    couverture: SOGC_COVERAGE,
  };
}
