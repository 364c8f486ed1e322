import { ES_BORME_REGISTER } from '../../schemas/events/esBormeEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** `registres ingest es-borme --documento <file>... [--sumario <file>...] [--date] [--version]` */
export const esBormeIngestSpec = fileIngestSpec({
  register: ES_BORME_REGISTER,
  summary:
    'BORME section A "Actos inscritos" documents (boe.es, one per day and province, XML or PDF) and their days’ sumarios',
  roles: [
    {
      name: 'documento',
      required: true,
      repeatable: true,
      description:
        'a BORME-A-<year>-<number>-<province>.xml (xml.php) or .pdf document, named by its id (repeat for every document of the base; the XML is read where both are given)',
    },
    {
      name: 'sumario',
      required: false,
      repeatable: true,
      description:
        'a day’s sumario (datosabiertos/api/borme/sumario/<AAAAMMDD>, JSON or XML): every section A document it lists must be given',
    },
  ],
  notes:
    'A pass is the whole BORME base: give every document held each time (a document left out is dropped), with the sumarios of their days (a document its sumario lists and not given fails the pass).',
  rowsLabel: 'acts',
  async load() {
    const { ingestEsBorme } = await import('./ingestEsBorme.ts');
    return ({ files: _files, lists, ...opts }) =>
      ingestEsBorme({ ...opts, documents: lists.documento ?? [], sumarios: lists.sumario ?? [] });
  },
});
