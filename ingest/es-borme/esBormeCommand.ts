import { ES_BORME_REGISTER } from '../../schemas/events/esBormeEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest es-borme --documento <file>... [--date] [--version]` */
export const esBormeIngestSpec = fileIngestSpec({
  register: ES_BORME_REGISTER,
  summary: 'BORME section A "Actos inscritos" documents (boe.es, one PDF per day and province)',
  roles: [
    {
      name: 'documento',
      required: true,
      repeatable: true,
      description:
        'a BORME-A-<year>-<number>-<province>.pdf document (repeat for every document of the base)',
    },
  ],
  notes:
    'A pass is the whole BORME base: give every document held each time (a document left out is dropped).',
  rowsLabel: 'acts',
  async load() {
    const { ingestEsBorme } = await import('./ingestEsBorme.ts');
    return ({ files: _files, lists, ...opts }) =>
      ingestEsBorme({ ...opts, documents: lists.documento ?? [] });
  },
});
