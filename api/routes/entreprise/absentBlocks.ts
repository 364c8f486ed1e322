/**
 * Members of the French company profile fed by registers the service does not read yet. Each is present and
 * null, and named in `blocs_absents` with the reason, until its source lands.
 */
const LATER_SOURCES: readonly { bloc: string; source: string }[] = [
  { bloc: 'dirigeants', source: 'Registre national des entreprises (INPI)' },
  { bloc: 'index_egapro', source: 'Index de l’égalité professionnelle (Egapro)' },
  { bloc: 'conventions_collectives', source: 'Conventions collectives par SIRET (ministère du Travail)' },
  { bloc: 'groupe_lei', source: 'GLEIF (LEI et relations de consolidation)' },
];

export function laterBlocks(): { nulls: Record<string, null>; blocsAbsents: Record<string, string>[] } {
  return {
    nulls: {
      dirigeants: null,
      index_egapro: null,
      conventions_collectives: null,
      conventions_collectives_notes: null,
      groupe_lei: null,
    },
    blocsAbsents: LATER_SOURCES.map(({ bloc, source }) => ({
      bloc,
      raison: 'source_non_integree',
      message: `Source non encore intégrée : ${source}. / Source not integrated yet.`,
    })),
  };
}
