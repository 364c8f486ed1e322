import { expect } from 'chai';
import { programmesOf, projectOf } from '../../../api/routes/financementsUe.ts';

/**
 * The served shape of one participation, on the values of real CORDIS rows (COMET GLOBAL INNOVATION in GeoFit,
 * test/fixtures/eu-cordis) as the read tables hold them: no French participation was found public, so the
 * route's e2e test can only answer `aucun_financement`; this proves the mapping member by member.
 */
describe('financements-ue: one participation as served', () => {
  const line = {
    participation_id: '792210-928228018-20',
    projet_id: '792210',
    programme: 'H2020',
    acronyme: 'GeoFit',
    titre: null,
    statut_source: 'SIGNED',
    debut: null,
    fin: null,
    projet_cout_total_centimes: null,
    contribution_ue_max_centimes: null,
    regime_financement: null,
    appel: null,
    role_source: 'participant',
    contribution_ue_centimes: '28481250',
    contribution_ue_nette_centimes: '28481250',
    cout_total_centimes: '40687500',
    fin_anticipee: false,
    pme: true,
    type_activite: 'PRC',
    nom_publie: 'COMET GLOBAL INNOVATION, SL',
  };

  it('maps every member, amounts in euros exactly as published, statuses normalised beside the source', () => {
    expect(JSON.stringify(projectOf(line))).to.equal(
      JSON.stringify({
        id: '792210',
        programme: 'H2020',
        programme_libelle: 'Horizon 2020 (2014-2020)',
        acronyme: 'GeoFit',
        titre: null,
        statut: 'signe',
        statut_source: 'SIGNED',
        debut: null,
        fin: null,
        cout_total_eur: null,
        contribution_ue_max_eur: null,
        regime_financement: null,
        appel: null,
        lien: 'https://cordis.europa.eu/project/id/792210',
        participation: {
          role: 'participant',
          role_source: 'participant',
          contribution_ue_eur: 284812.5,
          contribution_ue_nette_eur: 284812.5,
          cout_total_eur: 406875,
          fin_anticipee: false,
          pme: true,
          type_activite: 'PRC',
          nom_publie: 'COMET GLOBAL INNOVATION, SL',
        },
      }),
    );
  });

  it('maps the real roles to the contract’s four, and keeps an unknown one as null beside its source', () => {
    const role = (role_source: string) =>
      (projectOf({ ...line, role_source }).participation as { role: unknown }).role;
    expect(
      ['coordinator', 'participant', 'partner', 'thirdParty', 'associatedPartner'].map(role),
    ).to.deep.equal([
      'coordinator',
      'participant',
      'associated partner',
      'third party',
      'associated partner',
    ]);
    expect(role('constructor')).to.equal(null);
    expect(projectOf({ ...line, statut_source: 'CLOSED' }).statut).to.equal('clos');
    expect(projectOf({ ...line, statut_source: 'SUSPENDED' }).statut).to.equal('autre');
  });

  it('names the programmes whose organisation file the pass read', () => {
    expect(programmesOf(['h2020-organization', 'h2020-project'])).to.deep.equal(['H2020']);
    expect(programmesOf(['horizon-project', 'horizon-organization', 'h2020-organization'])).to.deep.equal([
      'H2020',
      'HORIZON',
    ]);
  });
});
