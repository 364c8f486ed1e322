import { EU_CORDIS_REGISTER } from '../../schemas/events/euCordisEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';
import type { CordisFiles } from './ingestEuCordis.ts';

/**
 * `registres ingest eu-cordis --h2020-project <f> --h2020-organization <f> --horizon-project <f>
 * --horizon-organization <f> [--date] [--version]`: the files extracted from cordis-h2020projects-csv.zip and
 * cordis-HORIZONprojects-csv.zip. A programme is read when both its files are given.
 */
export const euCordisIngestSpec = fileIngestSpec({
  register: EU_CORDIS_REGISTER,
  summary:
    'CORDIS: EU research grants and their participants (Horizon 2020, Horizon Europe), project.csv and organization.csv of each programme',
  roles: [
    { name: 'h2020-project', required: false, description: 'project.csv of cordis-h2020projects-csv.zip' },
    {
      name: 'h2020-organization',
      required: false,
      description: 'organization.csv of cordis-h2020projects-csv.zip',
    },
    {
      name: 'horizon-project',
      required: false,
      description: 'project.csv of cordis-HORIZONprojects-csv.zip',
    },
    {
      name: 'horizon-organization',
      required: false,
      description: 'organization.csv of cordis-HORIZONprojects-csv.zip',
    },
  ],
  blocks: true,
  notes:
    'Columns are read by name (headers vary by programme and date). Participations without a readable VAT number are set aside. --date: the date of the download.',
  async load() {
    const { ingestEuCordis } = await import('./ingestEuCordis.ts');
    return ({ files, ...opts }) => {
      const cordis: CordisFiles = {};
      for (const [programme, stem] of [
        ['H2020', 'h2020'],
        ['HORIZON', 'horizon'],
      ] as const) {
        const project = files[`${stem}-project`];
        const organization = files[`${stem}-organization`];
        if (project && organization) cordis[programme] = { project, organization };
        else if (project || organization)
          throw new Error(`eu.cordis: --${stem}-project and --${stem}-organization go together`);
      }
      return ingestEuCordis({ ...opts, files: cordis });
    };
  },
});
