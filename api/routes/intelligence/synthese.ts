import { type BlocAbsent, isUpstreamOutage } from '../../../schemas/enums/blocAbsent.ts';
import {
  DRAPEAUX_INTELLIGENCE,
  type DrapeauIntelligence,
} from '../../../schemas/enums/drapeauxIntelligence.ts';

// biome-ignore lint/suspicious/noExplicitAny: the blocks' own shapes, read member by member with fallbacks
type Block = Record<string, any> | undefined;

const MONTH_MS = 30.436875 * 86_400_000;

/** Whole years from `date` (YYYY-MM-DD) to `now`; null without a date. */
export function fullYears(date: string | null, now: Date): number | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  let years = now.getUTCFullYear() - y;
  if (now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d)) years--;
  return years;
}

const monthsSince = (date: string, now: Date) => (now.getTime() - Date.parse(`${date}T00:00:00Z`)) / MONTH_MS;

/**
 * Computed facts only: counts, dates, trends and flags read from the blocks served, each under its block's
 * name; a block absent leaves its member null and raises no flag. No free text.
 */
export function syntheseOf(input: {
  profil: { date_creation: string | null; etat_administratif: string | null; nombre_etablissements: number };
  blocs: Partial<Record<string, Record<string, unknown>>>;
  absents: readonly BlocAbsent[];
  now: Date;
}): Record<string, unknown> {
  const { profil, now } = input;
  const b = input.blocs as Record<string, Block>;
  const drapeaux: DrapeauIntelligence[] = [];
  if (profil.etat_administratif === 'cesse') drapeaux.push('entreprise_cessee');

  const etablissements = b.etablissements
    ? {
        total: b.etablissements.nombre_etablissements as number,
        ouverts_listes: (b.etablissements.etablissements as { etat_administratif: string | null }[]).filter(
          (e) => e.etat_administratif === 'actif',
        ).length,
      }
    : null;

  const dirigeants = b.dirigeants
    ? {
        personnes_physiques: b.dirigeants.personnes_physiques.nombre as number,
        personnes_morales: (b.dirigeants.personnes_morales as unknown[]).length,
      }
    : null;

  const groupe = b.groupe_lei
    ? {
        etat: b.groupe_lei.etat as string,
        lei: (b.groupe_lei.lei as string | null) ?? null,
        mere_ultime_declaree: b.groupe_lei.mere_ultime?.etat === 'mere',
      }
    : null;

  let comptes: Record<string, unknown> | null = null;
  if (b.comptes) {
    const [last, previous] = b.comptes.exercices as {
      date_cloture: string;
      chiffre_affaires: number | null;
      resultat_net: number | null;
      croissance_ca: number | null;
      secteur: { ecarts: { marge_ebe: number | null } } | null;
    }[];
    if (last) {
      if (monthsSince(last.date_cloture, now) > 24) drapeaux.push('comptes_anciens');
      if (last.resultat_net !== null && last.resultat_net < 0) drapeaux.push('resultat_net_negatif');
      if (
        previous &&
        last.chiffre_affaires !== null &&
        previous.chiffre_affaires !== null &&
        last.chiffre_affaires < previous.chiffre_affaires
      ) {
        drapeaux.push('chiffre_affaires_en_baisse');
      }
      const gap = last.secteur?.ecarts.marge_ebe ?? null;
      if (gap !== null && gap <= -1) drapeaux.push('marge_ebe_sous_mediane_secteur');
    }
    comptes = {
      nombre_exercices: b.comptes.nombre_exercices,
      derniere_cloture: last?.date_cloture ?? null,
      chiffre_affaires_dernier: last?.chiffre_affaires ?? null,
      croissance_ca_dernier: last?.croissance_ca ?? null,
      resultat_net_dernier: last?.resultat_net ?? null,
      tendance_marge_ebe: b.comptes.tendances?.marge_ebe?.entreprise ?? null,
      position_marge_ebe_secteur: b.comptes.tendances?.marge_ebe?.position_dernier ?? null,
    };
  }

  let procedures: Record<string, unknown> | null = null;
  if (b.procedures_collectives) {
    const liste = b.procedures_collectives.liste as { categorie: string; date: string }[];
    // The list is newest first: the latest notice decides whether a proceeding is open.
    if (liste[0] && liste[0].categorie !== 'cloture') drapeaux.push('procedure_collective_ouverte');
    procedures = {
      nombre: b.procedures_collectives.nombre,
      derniere_date: liste[0]?.date ?? null,
      derniere_categorie: liste[0]?.categorie ?? null,
    };
  }

  const changements = b.changements
    ? {
        nombre_total: b.changements.nombre_total,
        derniere_parution: b.changements.annonces[0]?.date_parution ?? null,
      }
    : null;
  const marches = b.marches_publics
    ? {
        titulaire: b.marches_publics.nombre_marches_titulaire,
        acheteur: b.marches_publics.nombre_marches_acheteur,
        montant_total_titulaire_centimes: b.marches_publics.montant_total_titulaire_centimes,
      }
    : null;
  const marchesUe = b.marches_publics_ue
    ? { avis: b.marches_publics_ue.nombre_avis, attributions: b.marches_publics_ue.nombre_attributions }
    : null;
  const financements = b.financements_ue
    ? {
        projets: b.financements_ue.nombre_projets,
        contribution_ue_totale_eur: b.financements_ue.contribution_ue_totale_eur,
      }
    : null;
  const contentieux = b.contentieux ? { decisions: b.contentieux.synthese.nombre_decisions } : null;
  const documents = b.documents
    ? {
        actes: (b.documents.actes as unknown[]).length,
        bilans: (b.documents.bilans as unknown[]).length,
        bilans_confidentiels: b.documents.bilans_confidentiels,
      }
    : null;
  const servis = Object.keys(input.blocs).length;
  return {
    age_annees: fullYears(profil.date_creation, now),
    etat_administratif: profil.etat_administratif,
    blocs: {
      servis,
      absents: input.absents.length,
      dont_panne_amont: input.absents.filter(isUpstreamOutage).length,
    },
    etablissements,
    dirigeants,
    groupe,
    comptes,
    procedures_collectives: procedures,
    changements,
    marches_publics: marches,
    marches_publics_ue: marchesUe,
    financements_ue: financements,
    contentieux,
    documents,
    drapeaux: DRAPEAUX_INTELLIGENCE.filter((d) => drapeaux.includes(d.code)).map((d) => ({
      code: d.code,
      bloc: d.bloc,
    })),
  };
}
