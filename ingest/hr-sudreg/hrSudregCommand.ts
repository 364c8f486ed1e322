import { HR_ENTRY_ROLES, type HrEntryRole } from '../../schemas/events/hrSudregEntries.ts';
import { HR_SUDREG_REGISTER } from '../../schemas/events/hrSudregEvents.ts';
import { fileIngestSpec } from '../core/fileIngestCommand.ts';

/** The option of a state-bodies file role: the endpoint's name with hyphens (`--upisi-vrste-upisa`). */
const optionOf = (role: HrEntryRole) => role.replaceAll('_', '-');

/**
 * `registres ingest hr-sudreg --detalji <file> [--upisi <file> --upisi-vrste-upisa <file> …] [--date]
 * [--version]`
 */
export const hrSudregIngestSpec = fileIngestSpec({
  register: HR_SUDREG_REGISTER,
  summary:
    'Court register (Sudski registar open API): a recorded daily snapshot of detalji_subjekta answers, and the entries of the state-bodies tier',
  roles: [
    {
      name: 'detalji',
      required: true,
      description: 'JSON array of detalji_subjekta answers (expand_relations=true), .json or .json.gz',
    },
    ...HR_ENTRY_ROLES.map((role) => ({
      name: optionOf(role),
      required: false,
      description: `JSON array of the ${role} answers of the state-bodies tier (pages concatenated; ${
        role === 'ostali_tekstovi' || role === 'postupci' || role === 'zabiljezbe'
          ? 'only_active=0'
          : 'as served'
      })`,
    })),
  ],
  notes:
    'The files are recorded from sudreg-data.gov.hr with OAuth client credentials from configuration (the entries files from the state-bodies tier, api/drzavna_tijela); this command reads the recordings only (no network). A pass is the whole register: a pass without the entries files drops the entries, and GET …/HR/{oib}/evenements then answers 503 until a pass brings them.',
  async load() {
    const { ingestHrSudreg } = await import('./ingestHrSudreg.ts');
    return ({ files, lists: _lists, ...opts }) =>
      ingestHrSudreg({
        ...opts,
        file: files.detalji!,
        entries: Object.fromEntries(
          HR_ENTRY_ROLES.filter((role) => files[optionOf(role)]).map((role) => [
            role,
            files[optionOf(role)]!,
          ]),
        ),
      });
  },
});
