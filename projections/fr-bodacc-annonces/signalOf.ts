import type { LiveNotice } from './liveNotices.ts';

export type SignalCategory = 'ouverture_procedure' | 'plan' | 'liquidation' | 'cloture' | 'radiation';
export type ProcedureKind = 'sauvegarde' | 'redressement_judiciaire' | 'liquidation_judiciaire';

export interface Signal {
  categorie: SignalCategory;
  procedure: ProcedureKind | null;
  date: string;
  date_origine: 'jugement' | 'parution';
  date_parution: string;
  tribunal: string | null;
  nature: string | null;
  annonce_id: string;
  type_avis: string | null;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .toLowerCase();

/**
 * A live notice as a company signal, or null when it is none. Only what the notice publishes is read: the
 * judgment's own `famille` and `nature` words (no legal reading beyond them), or the radiation family.
 * Judgments about a person (personal bankruptcy, management ban), claim filings and other follow-ups are
 * not company signals and are left out.
 */
export function signalOf(notice: LiveNotice): Signal | null {
  if (!notice.date_parution) return null;
  const base = {
    date_parution: notice.date_parution,
    tribunal: notice.tribunal,
    annonce_id: notice.id,
    type_avis: notice.type_avis,
  };
  if (notice.famille === 'radiation') {
    const label = notice.famille_libelle ?? 'Radiation';
    return {
      categorie: 'radiation',
      procedure: null,
      date: notice.date_parution,
      date_origine: 'parution',
      nature: notice.radiation_commentaire ? `${label} : ${notice.radiation_commentaire}` : label,
      ...base,
    };
  }
  if (notice.famille !== 'collective' || !notice.jugement) return null;
  const nature = fold(notice.jugement.nature ?? '');
  const famille = fold(notice.jugement.famille ?? '');
  const categorie = categoryOf(nature, famille);
  if (!categorie) return null;
  return {
    categorie,
    procedure: procedureOf(nature),
    ...(notice.jugement.date
      ? { date: notice.jugement.date, date_origine: 'jugement' as const }
      : { date: notice.date_parution, date_origine: 'parution' as const }),
    nature: notice.jugement.nature,
    ...base,
  };
}

function categoryOf(nature: string, famille: string): SignalCategory | null {
  if (/faillite personnelle|interdiction de gerer|etat des creances|interdiction prevue/.test(nature))
    return null;
  if (/cloture|mettant fin/.test(nature)) return 'cloture';
  if (/\bplan\b/.test(nature) && !/resolution du plan/.test(nature)) return 'plan';
  if (famille.includes("jugement d'ouverture") || nature.includes("jugement d'ouverture")) {
    return 'ouverture_procedure';
  }
  if (/liquidation/.test(nature)) return 'liquidation';
  return null;
}

function procedureOf(nature: string): ProcedureKind | null {
  if (nature.includes('liquidation')) return 'liquidation_judiciaire';
  if (nature.includes('redressement')) return 'redressement_judiciaire';
  if (nature.includes('sauvegarde')) return 'sauvegarde';
  return null;
}
