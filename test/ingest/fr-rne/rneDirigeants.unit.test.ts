import { expect } from 'chai';
import { extractRneDirigeants } from '../../../ingest/fr-rne/rneDirigeants.ts';
import { RNE_ROLE_LABELS } from '../../../ingest/fr-rne/rneRoleCodes.ts';
import type { Dirigeant, RneDirigeantsRecord } from '../../../schemas/events/frRneEvents.ts';
import { LiveUnavailableError } from '../../../schemas/live/liveUnavailable.ts';
import {
  LEAKS,
  leakedValues,
  naturalPersonValues,
  RNE_COMPANIES,
  RNE_NOT_FOUND,
  recordedBody,
  recordedJson,
} from './rneRecordings.ts';

const BASE = 'https://registre-national-entreprises.inpi.fr';
const urlOf = (siren: string) => `${BASE}/api/companies/${siren}`;
const parse = (c: { siren: string; file: string }) =>
  extractRneDirigeants(200, recordedJson(c.file), urlOf(c.siren));
const count = (list: Dirigeant[], pred: (d: Dirigeant) => boolean) => list.filter(pred).length;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return null;
};

describe('RNE officers parser: roles kept, natural persons reduced to their role (unit)', () => {
  it('reads Danone’s 13 pouvoirs: 11 natural persons by role, 2 auditors by SIREN and name', () => {
    const record = parse(RNE_COMPANIES.danone);
    expect(record).to.include({
      kind: 'fr-rne-dirigeants',
      siren: '552032534',
      connu: true,
      non_diffusible: false,
    });
    const list = record.dirigeants;
    expect(list).to.have.length(13);
    expect(count(list, (d) => d.type === 'personne_physique')).to.equal(11);
    expect(list[0]).to.deep.equal({
      type: 'personne_physique',
      code_fonction: '53',
      fonction: 'Directeur Général',
      actif: true,
      code_fonction_secondaire: '65',
      fonction_secondaire: 'Administrateur',
    });
    expect(count(list, (d) => d.code_fonction === '65')).to.equal(9);
    expect(list[10]).to.include({ code_fonction: '51', fonction: "Président du conseil d'administration" });
    expect(list.slice(11)).to.deep.equal([
      {
        type: 'personne_morale',
        code_fonction: '71',
        fonction: 'Commissaire aux comptes titulaire',
        actif: true,
        code_fonction_secondaire: null,
        fonction_secondaire: null,
        siren: '344366315',
        denomination: 'ERNST & YOUNG AUDIT',
      },
      {
        type: 'personne_morale',
        code_fonction: '71',
        fonction: 'Commissaire aux comptes titulaire',
        actif: true,
        code_fonction_secondaire: null,
        fonction_secondaire: null,
        siren: '784824153',
        denomination: 'FORVIS MAZARS SA',
      },
    ]);
  });

  it('reads the SCI’s gérant and its ten legal-person partners and auditor', () => {
    const list = parse(RNE_COMPANIES.sci).dirigeants;
    expect(list).to.have.length(11);
    expect(list[0]).to.deep.include({ type: 'personne_physique', code_fonction: '30', fonction: 'Gérant' });
    const legal = list.filter((d) => d.type === 'personne_morale');
    expect(legal).to.have.length(10);
    expect(legal.map((d) => d.code_fonction)).to.deep.equal([
      '75',
      '29',
      '75',
      '75',
      '75',
      '75',
      '75',
      '75',
      '75',
      '71',
    ]);
    expect(legal[0]).to.include({
      siren: '320229644',
      denomination: 'Indigo Park',
      fonction: 'Associé indéfiniment responsable',
    });
    expect(legal[1]).to.include({
      siren: '642020887',
      denomination: 'Indigo Infra',
      fonction: 'Gérant et associé indéfiniment responsable',
    });
    expect(legal[9]).to.include({ siren: '572028041', denomination: 'DELOITTE & ASSOCIES' });
  });

  it('reads the holding’s board (roles 99, 64, 61) and its three legal persons', () => {
    const list = parse(RNE_COMPANIES.holding).dirigeants;
    expect(list.map((d) => [d.type, d.code_fonction, d.fonction])).to.deep.equal([
      ['personne_physique', '99', 'Autre'],
      ['personne_physique', '64', 'Membre du conseil de surveillance'],
      ['personne_physique', '61', 'Président du conseil de surveillance'],
      ['personne_physique', '64', 'Membre du conseil de surveillance'],
      ['personne_physique', '64', 'Membre du conseil de surveillance'],
      ['personne_morale', '99', 'Autre'],
      ['personne_morale', '71', 'Commissaire aux comptes titulaire'],
      ['personne_morale', '71', 'Commissaire aux comptes titulaire'],
    ]);
    expect(list[5]).to.include({ siren: '921583266', denomination: 'Agache Commandité' });
  });

  it('serves a sole trader as one natural person of role 101, Entrepreneur, and nothing else', () => {
    const record = parse(RNE_COMPANIES.soleTrader);
    expect(record).to.include({ connu: true, non_diffusible: false });
    expect(record.dirigeants).to.deep.equal([
      {
        type: 'personne_physique',
        code_fonction: '101',
        fonction: 'Entrepreneur',
        actif: null,
        code_fonction_secondaire: null,
        fonction_secondaire: null,
      },
    ]);
  });

  for (const [name, company] of Object.entries(RNE_COMPANIES)) {
    it(`keeps no name, first name, birth date or home address of any natural person (${name})`, () => {
      const personal = naturalPersonValues(company.file);
      expect(personal, 'the recording names natural persons').to.not.be.empty;
      const raw = recordedBody(company.file).toString('utf8');
      expect(leakedValues(raw, personal).length, 'the check finds them in the raw answer').to.equal(
        personal.length,
      );
      const kept = JSON.stringify(parse(company));
      expect(leakedValues(kept, personal).length, LEAKS).to.equal(0);
      const physical = parse(company).dirigeants.filter((d) => d.type === 'personne_physique');
      for (const d of physical) expect(d).to.have.all.keys(Object.keys(physical[0]!));
      expect(Object.keys(physical[0]!)).to.not.include.members(['siren', 'denomination', 'nom']);
    });
  }

  it('a 404 is the RNE saying it holds no such company, whatever its body (the recorded one included)', () => {
    for (const body of [null, { message: 'whatever' }, recordedJson(RNE_NOT_FOUND.file)]) {
      expect(extractRneDirigeants(404, body, urlOf('317236248'))).to.deep.equal({
        kind: 'fr-rne-dirigeants',
        siren: '317236248',
        connu: false,
        non_diffusible: false,
        dirigeants: [],
        capital: null,
        evenements_capital: [],
      } satisfies RneDirigeantsRecord);
    }
  });

  it('a company the RNE marks not disclosable keeps no officer at all', () => {
    const body = recordedJson(RNE_COMPANIES.sci.file) as { formality: Record<string, unknown> };
    body.formality.diffusionINSEE = 'N';
    const record = extractRneDirigeants(200, body, urlOf(RNE_COMPANIES.sci.siren));
    expect(record).to.include({ connu: true, non_diffusible: true });
    expect(record.dirigeants).to.deep.equal([]);
  });

  it('an unknown role code keeps its code with a null label', () => {
    const body = recordedJson(RNE_COMPANIES.sci.file) as {
      formality: { content: { personneMorale: { composition: { pouvoirs: Record<string, unknown>[] } } } };
    };
    body.formality.content.personneMorale.composition.pouvoirs[0]!.roleEntreprise = '9999';
    const first = extractRneDirigeants(200, body, urlOf(RNE_COMPANIES.sci.siren)).dirigeants[0];
    expect(first).to.include({ code_fonction: '9999', fonction: null });
  });

  it('refuses as unreadable an answer of another shape or about another company', () => {
    const cases: [unknown, string][] = [
      ['<html>', RNE_COMPANIES.sci.siren],
      [{ siren: RNE_COMPANIES.sci.siren }, RNE_COMPANIES.sci.siren],
      [recordedJson(RNE_COMPANIES.sci.file), RNE_COMPANIES.danone.siren],
      [{ siren: '552032534', formality: { siren: '552032534', content: {} } }, '552032534'],
    ];
    for (const [body, siren] of cases) {
      const err = refusal(() => extractRneDirigeants(200, body, urlOf(siren)));
      expect(err).to.be.instanceOf(LiveUnavailableError);
      expect((err as LiveUnavailableError).reason).to.equal('illisible');
    }
  });

  it('labels every code from 11 to 219 the code list names, the documented ones as documented', () => {
    expect(Object.keys(RNE_ROLE_LABELS)).to.have.length(79);
    expect(RNE_ROLE_LABELS).to.include({
      '30': 'Gérant',
      '53': 'Directeur Général',
      '65': 'Administrateur',
      '73': 'Président de SAS',
      '205': 'Président',
      '219': "Président de l'organe collégial de contrôle",
    });
  });
});
