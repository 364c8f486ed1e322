import { euFsfProjection } from '../../../projections/eu-fsf/euFsfProjection.ts';
import { frGelsProjection } from '../../../projections/fr-gels/frGelsProjection.ts';
import { EU_FSF_REGISTER } from '../../../schemas/events/euFsfEvents.ts';
import { FR_GELS_REGISTER } from '../../../schemas/events/frGelsEvents.ts';
import { absentBlock, served } from '../entreprise/blockReading.ts';
import type { SanctionsScreen, ScreenedList, ScreeningCandidate } from './kybSanctions.ts';
import { screenLegalPersons } from './sanctionsScreening.ts';

/**
 * The lists a KYB screens against, the EU consolidated financial sanctions list and the French asset-freeze
 * register: their registers and read models (the freshness guard checks their snapshots).
 */
export const SCREENED_LISTS = {
  registers: [EU_FSF_REGISTER, FR_GELS_REGISTER],
  projections: [euFsfProjection.name, frGelsProjection.name],
};

/**
 * The KYB's screening on the lists held here (screenLegalPersons). Their provenance is the freshness guard's
 * (the lists are among the route's registers, and a stale one refuses the KYB); a list with no version read
 * makes the block absent rather than a screening that did not happen presented as clean.
 */
export const kybSanctionsScreen: SanctionsScreen = async (knex, candidates, registers) => {
  const screened = candidates.filter((c) => c.denomination || c.siren || c.lei);
  const { resultats, listes } = await screenLegalPersons(
    knex,
    screened.map((c) => ({ nom: c.denomination ?? '', identifiants: { siren: c.siren, lei: c.lei } })),
  );
  const missing = listes.filter((l) => l.version === null).map((l) => l.liste);
  if (missing.length > 0) {
    return absentBlock({
      bloc: 'sanctions',
      raison: 'copie_indisponible',
      message: `Liste(s) de sanctions pas encore chargée(s) : ${missing.join(', ')} ; criblage non fait. / Sanctions list(s) not loaded yet: ${missing.join(', ')}; no screening done.`,
    });
  }
  const lists: ScreenedList[] = listes.map((l) => ({
    registre: l.liste,
    nom: registers.find((r) => r.code === l.liste)?.nomComplet ?? l.liste,
    version: l.version!,
    date_publication: l.date,
    empreinte_sha256: l.sha256,
  }));
  const who = (rank: number): ScreeningCandidate => screened[rank]!;
  return served(
    {
      listes: lists,
      hits: resultats.map((hit) => ({
        qualite: who(hit.candidat).qualite,
        cible: who(hit.candidat).denomination,
        siren: who(hit.candidat).siren,
        lei: who(hit.candidat).lei,
        liste: hit.liste,
        entree: hit.entree,
        nom_liste: hit.nom_liste,
        methode: hit.methode,
        valeur_rapprochee: hit.valeur_rapprochee,
        date_liste: hit.date_liste,
      })),
    },
    [],
  );
};
