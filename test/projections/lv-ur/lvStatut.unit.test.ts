import { expect } from 'chai';
import { lvEvents } from '../../../projections/lv-ur/lvEvents.ts';
import { lvProceedings } from '../../../projections/lv-ur/lvInsolvency.ts';
import { lvCessation } from '../../../projections/lv-ur/lvStatut.ts';

const ID = '40003900001';
type Rows = Record<
  'liquidations' | 'suspensions' | 'securing' | 'reorganisations',
  Record<string, unknown>[]
>;
const none: Rows = { liquidations: [], suspensions: [], securing: [], reorganisations: [] };
const reorganisation = (type: string, source: string, final: string) => ({
  id: '1',
  reorganization_type: type,
  reorganization_type_text: `${type} label`,
  source_entity_regcode: source,
  final_entity_regcode: final,
  registered: '2026-01-05',
});
const cessation = (rows: Partial<Rows>, proceedings: Record<string, unknown>[] = []) =>
  lvCessation(lvEvents(ID, { ...none, ...rows }), lvProceedings(proceedings));

describe('Latvian en_cessation from the legal events', () => {
  it('no event and no proceeding: not en_cessation', () => {
    expect(cessation({})).to.equal(null);
  });

  it('the source of a SEPARATION continues; the source of a DIVISION does not', () => {
    expect(cessation({ reorganisations: [reorganisation('SEPARATION', ID, '40003900009')] })).to.equal(null);
    expect(cessation({ reorganisations: [reorganisation('DIVISION', ID, '40003900009')] })).to.equal(
      'DIVISION label',
    );
  });

  it('the final company of a merger or transformation is not en_cessation', () => {
    for (const type of ['ACQUISITION', 'MERGER', 'TRANSFORMATION']) {
      expect(cessation({ reorganisations: [reorganisation(type, '40003900009', ID)] }), type).to.equal(null);
    }
  });

  it('a legal-protection proceeding (TAP) in progress is a rescue, not a cessation', () => {
    const tap = { proceeding_form: 'LEGAL_PROTECTION', proceeding_started_on: '2026-03-01' };
    expect(cessation({}, [tap])).to.equal(null);
    expect(cessation({}, [{ ...tap, proceeding_form: 'INSOLVENCY' }])).to.equal('INSOLVENCY');
  });

  it('a prohibition is not a suspension of activity', () => {
    const row = {
      suspension_code: 'PROHIBITION',
      suspension_code_text: 'Aizliegums',
      date_from: '2026-01-01',
    };
    expect(cessation({ suspensions: [row] })).to.equal(null);
  });

  it('a liquidation comes before any other cause', () => {
    const liquidation = {
      liquidation_type: 'VOLUNTARY',
      liquidation_type_text: 'Likvidācija pēc dalībnieku lēmuma',
      date_from: '2026-02-01',
    };
    const suspension = {
      suspension_code: 'ACTIVITY_SUSPENDED',
      suspension_code_text: 'Apturēta',
      date_from: '2026-03-01',
    };
    expect(cessation({ liquidations: [liquidation], suspensions: [suspension] })).to.equal(
      'Likvidācija pēc dalībnieku lēmuma',
    );
  });
});
