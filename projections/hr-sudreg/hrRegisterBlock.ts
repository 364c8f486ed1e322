import type { Knex } from 'knex';
import type { HrSubject } from '../../schemas/events/hrSudregEvents.ts';
import { readDetails } from '../eu-profile/detailDocuments.ts';
import { hrProcedure } from './hrProcedure.ts';
import { HR_SUBJECTS } from './hrSudregProjection.ts';

/**
 * The contract's `registre_hr` block of the unified profile: the MBS, the court, the short name, the procedure,
 * the estates, whether it is a foreign company's branch, the last registered capital, the published e-mail
 * addresses, the snapshot date. The main activity, LEI group and EU funding blocks are not served yet.
 */
export async function hrRegisterBlock(knex: Knex, oib: string, photo: string | null) {
  const [subject] = (await readDetails(knex, HR_SUBJECTS, oib)) as unknown as HrSubject[];
  if (!subject) return {};
  return {
    registre_hr: {
      mbs: subject.mbs,
      tribunal: subject.sud_nadlezan,
      denomination_abregee: subject.skracena_tvrtka,
      procedure: hrProcedure(subject),
      masse_faillite: subject.stecajna_masa === 1,
      succursale_societe_etrangere: subject.ino_podruznica === 1,
      capital: subject.kapital ? { montant: subject.kapital.iznos, devise: subject.kapital.valuta } : null,
      emails_publies: subject.email_adrese ?? [],
      photo,
    },
  };
}
