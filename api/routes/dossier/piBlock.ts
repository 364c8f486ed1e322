import type { Knex } from 'knex';
import { INPI_TITRES_TABLE } from '../../../projections/fr-inpi-pi/inpiPiProjection.ts';
import { RAISONS_BLOC_ABSENT } from '../../../schemas/enums/blocAbsent.ts';
import { INPI_BREVET, INPI_MARQUE } from '../../../schemas/events/frInpiPiEvents.ts';
import { PI_MARQUES_LISTE_MAX } from '../../../schemas/responses/pi.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';

/**
 * `pi` has no route of its own: $0.01, the price of the dossier's other blocks read from one local copy for
 * the whole company (`finances`, `agrements`).
 */
export const PI_PRICE = 10_000;

/**
 * The dossier's `pi` block: the trademarks and patents whose holders INPI publishes with this SIREN (the
 * current holder, else the applicant). A title without a SIREN is never the company's. The marks listed are
 * the newest filings (at most PI_MARQUES_LISTE_MAX), counted all. Designs are not read: `modeles.nombre` is
 * null. Neither a mark nor a patent in the (complete) copy: absent `aucune_donnee`, not charged.
 */
export async function readPiBlock(knex: Knex, siren: string): Promise<BlockReading<Record<string, unknown>>> {
  const held = () => knex(INPI_TITRES_TABLE).whereRaw('titulaires_siren @> array[?]::text[]', [siren]);
  const counts = (await held().select('type').count({ n: '*' }).groupBy('type')) as {
    type: string;
    n: string | number;
  }[];
  const countOf = (type: string) => Number(counts.find((c) => c.type === type)?.n ?? 0);
  const nombreMarques = countOf(INPI_MARQUE);
  const nombreBrevets = countOf(INPI_BREVET);
  if (nombreMarques + nombreBrevets === 0) {
    return absentBlock({
      bloc: 'pi',
      raison: 'aucune_donnee',
      message: RAISONS_BLOC_ABSENT.find((r) => r.code === 'aucune_donnee')!.signification,
    });
  }
  const marques = (await held()
    .where({ type: INPI_MARQUE })
    .select('numero', 'libelle', 'statut')
    .orderBy([
      { column: 'date_depot', order: 'desc', nulls: 'last' },
      { column: 'numero', order: 'desc' },
    ])
    .limit(PI_MARQUES_LISTE_MAX)) as { numero: string; libelle: string | null; statut: string | null }[];
  return served(
    {
      marques: {
        nombre: nombreMarques,
        liste: marques.map((m) => ({ numero: m.numero, libelle: m.libelle, statut: m.statut })),
        tronque: nombreMarques > marques.length,
      },
      brevets: { nombre: nombreBrevets },
      modeles: { nombre: null },
    },
    [],
  );
}
