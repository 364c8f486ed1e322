import { EU_CORDIS_REGISTER } from '../../schemas/events/euCordisEvents.ts';
import { datedFilesDemo, demoFilesOf } from '../core/demoSeeder.ts';
import { type CordisFiles, ingestEuCordis } from './ingestEuCordis.ts';

/** The demo files of CORDIS: real rows of the real files (see demo/SOURCE.txt), none French. */
export const EU_CORDIS_DEMO_FILES: CordisFiles = {
  H2020: demoFilesOf('eu-cordis', { project: 'h2020-project.csv', organization: 'h2020-organization.csv' }),
  HORIZON: demoFilesOf('eu-cordis', {
    project: 'horizon-project.csv',
    organization: 'horizon-organization.csv',
  }),
};

export const euCordisDemo = datedFilesDemo(
  EU_CORDIS_REGISTER,
  'CORDIS Horizon 2020 et Horizon Europe : participations réelles (aucune française), projets réels',
  EU_CORDIS_DEMO_FILES,
  ingestEuCordis,
);
