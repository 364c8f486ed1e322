import { type EuProfileRow, undecidedFormRow } from '../../schemas/europe/euProfileRow.ts';
import type { EuStatut } from '../../schemas/europe/euStatut.ts';
import type { EsBormeAct } from '../../schemas/events/esBormeEvents.ts';
import { esLegalForm } from './esLegalForm.ts';

/** The acts that end a company's life on the register, and the unified status each gives (strongest last). */
const STATUS_ACTS: readonly (readonly [string, EuStatut])[] = [
  ['Disolución', 'en_cessation'],
  ['Extinción', 'radie'],
];

/** Acts in the order they were published: date, then act number. */
export function chronological(acts: readonly EsBormeAct[]): EsBormeAct[] {
  return [...acts].sort(
    (a, b) =>
      (a.fecha_publicacion ?? '').localeCompare(b.fecha_publicacion ?? '') || a.numero_acto - b.numero_acto,
  );
}

const lastOf = <T>(values: readonly (T | undefined)[]): T | null =>
  values.filter((v): v is T => v !== undefined).at(-1) ?? null;

/** The last known status: extinction, else dissolution, else active as far as the acts held say. */
function status(acts: readonly EsBormeAct[]): { statut: EuStatut; statut_detail: string | null } {
  for (const [label, statut] of [...STATUS_ACTS].reverse()) {
    if (acts.some((a) => a.actos.some((t) => t.tipo === label))) return { statut, statut_detail: label };
  }
  return { statut: 'actif', statut_detail: null };
}

/** A company's unified profile, from the headers of every act held under its sheet. */
export function esBormeProfile(hoja: string, unordered: readonly EsBormeAct[]): EuProfileRow {
  const acts = chronological(unordered);
  const last = acts.at(-1)!;
  const renamed = lastOf(acts.flatMap((a) => a.actos.map((t) => t.denominacion_nueva)));
  const lastRename = acts.findLastIndex((a) => a.actos.some((t) => t.denominacion_nueva));
  const lastHeading = acts.length - 1;
  const denomination = renamed !== null && lastRename === lastHeading ? renamed : last.denominacion;
  const form = esLegalForm(denomination);
  if (!form) return undecidedFormRow(hoja, null, null);
  const address = lastOf(acts.flatMap((a) => a.actos.map((t) => t.domicilio)));
  const constitution = acts.find((a) => a.actos.some((t) => t.tipo === 'Constitución'));
  return {
    id_national: hoja,
    personne_physique: false,
    denomination,
    forme_code: form.code,
    forme_libelle: form.libelle,
    ...status(acts),
    date_creation: constitution?.datos_registrales.fecha_inscripcion ?? null,
    adresse: address,
    code_postal: null,
    ville: address ? (/\(([^()]+)\)\s*$/.exec(address)?.[1]?.trim() ?? null) : null,
    pays_adresse: 'ES',
    tva: null,
    lei: null,
    lien_registre: null,
  };
}
