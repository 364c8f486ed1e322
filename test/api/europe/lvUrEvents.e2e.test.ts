import { expect } from 'chai';
import { targetDescription } from '../../support/database.ts';
import { getJson, ingestEurope, startEuropeService } from '../../support/europeService.ts';
import type { RunningService } from '../../support/service.ts';

describe(`Latvian legal events, insolvency and accounts (e2e, ${targetDescription})`, () => {
  let t: RunningService;
  before(async () => {
    t = await startEuropeService(new Date('2026-11-20T10:00:00Z'));
    await ingestEurope(t, '2026-11-18', ['LV']);
  });
  after(() => t.stop());
  const get = (p: string) => getJson(`${t.baseUrl}/v1/eu/entreprise/LV/${p}`);

  it('events: a securing measure imposed by a bailiff names the bailiff by role only', async () => {
    const { res, body, text } = await get('40103900002/evenements');
    expect(res.status).to.equal(200);
    expect(body).to.include({ nombre_evenements: 2, aucun_evenement: false, licence: 'CC0 1.0' });
    expect(body.evenements[0]).to.deep.equal({
      famille: 'surete',
      type: 'interdiction',
      type_source: 'PROHIBITION',
      libelle_source: 'Aizliegums',
      date: '2024-06-10',
      fondement: 'aizliegums komercķīlas reģistrācijai',
      role: 'objet',
      societe_liee: null,
      numero_affaire: 'C12-0345-24',
      institution: { type: 'huissier_de_justice', nom: null, regnr: null },
      inscrit_le: null,
    });
    expect(body.evenements[1]).to.include({
      famille: 'suspension',
      type: 'suspension_activite',
      type_source: 'ACTIVITY_SUSPENDED',
      date: '2024-05-06',
    });
    expect(text).not.to.contain('Paraudziņa');
  });

  it('events: a liquidation is famille liquidation, type cessation_activite, with its grounds', async () => {
    const { body } = await get('40003900003/evenements');
    expect(body.evenements).to.have.length(1);
    expect(body.evenements[0]).to.include({
      famille: 'liquidation',
      type: 'cessation_activite',
      libelle_source: 'Likvidācija pēc dalībnieku lēmuma',
      date: '2021-01-04',
      fondement: 'Dalībnieku sapulces 2020. gada 15. decembra lēmums',
    });
  });

  it('events: a company with none on complete event files is measured (aucun_evenement)', async () => {
    const { body } = await get('40008900005/evenements');
    expect(body).to.include({ nombre_evenements: 0, aucun_evenement: true });
  });

  it('insolvency: a legal-protection proceeding (TAP) is told apart from insolvency, ended, with its court', async () => {
    const { res, body } = await get('40003900001/insolvabilite');
    expect(res.status).to.equal(200);
    expect(body).to.include({ nombre_procedures: 1, procedure_en_cours: false, aucune_procedure: false });
    expect(body.procedures[0]).to.deep.equal({
      forme: 'LEGAL_PROTECTION',
      nature: 'protection_juridique',
      type_source: 'TAP',
      debut: '2019-03-01',
      fin: '2019-11-29',
      en_cours: false,
      issue: 'Tiesiskās aizsardzības process izbeigts, plāns izpildīts',
      tribunal: 'Rīgas pilsētas tiesa',
      numero_affaire: 'C33-0101-19',
    });
  });

  it('insolvency: none on a complete file is measured (aucune_procedure)', async () => {
    const { body } = await get('40103900002/insolvabilite');
    expect(body).to.include({ nombre_procedures: 0, aucune_procedure: true, procedure_en_cours: false });
  });

  it('accounts: the filed annual reports, newest year first, with their headline figures', async () => {
    const { res, body } = await get('40003900001/comptes');
    expect(res.status).to.equal(200);
    expect(body).to.include({ nombre_comptes: 2, aucun_compte_depose: false });
    const { autres_postes, ...latest } = body.comptes[0];
    expect(latest).to.deep.equal({
      annee: 2024,
      debut: '2024-01-01',
      fin: '2024-12-31',
      effectif: 14,
      arrondi: 'ONES',
      devise: 'EUR',
      type_source: 'UGP',
      schema_source: 'DokGPUIENv1',
      depose_le: '2025-04-29T09:08:07Z',
      bilan: {
        actif_non_courant: 206600,
        actif_courant: 137660,
        total_actif: 344260,
        immobilisations_corporelles: 204100,
        capitaux_propres: 201260,
        dettes: 138400,
      },
      compte_resultat: {
        chiffre_affaires: 655900,
        produits: null,
        resultat_avant_impot: 54600,
        resultat_net: 34410,
      },
      flux_tresorerie: {
        exploitation: 57980,
        investissement: -4080,
        financement: -38300,
        variation: 15600,
        tresorerie_debut: 41200,
        tresorerie_fin: 56800,
      },
    });
    expect(autres_postes).to.deep.include({ etat: 'bilan', code: 'inventories', montant: 38940 });
    expect(autres_postes).to.deep.include({ etat: 'compte_resultat', code: 'other_taxes', montant: -12000 });
    expect(autres_postes).to.deep.include({
      etat: 'flux_tresorerie',
      code: 'cff_dividends_paid',
      montant: -28300,
    });
    expect(autres_postes.map((p: { code: string }) => p.code)).not.to.include.members([
      'total_assets',
      'statement_id',
    ]);
  });

  it('accounts: a statement the register did not publish is null, never zero', async () => {
    const { body } = await get('40003900001/comptes');
    expect(body.comptes[1]).to.include({ annee: 2023, flux_tresorerie: null });
    expect(body.comptes[1].bilan).to.include({ total_actif: 350650 });
    expect(body.comptes[1].compte_resultat).to.include({ chiffre_affaires: 612400, resultat_net: 30260 });
  });

  it('events: a reorganisation is listed for both companies, each with its role and the other’s number', async () => {
    const absorbed = (await get('40003900006/evenements')).body;
    expect(absorbed).to.include({ nombre_evenements: 1, aucun_evenement: false });
    expect(absorbed.evenements[0]).to.deep.equal({
      famille: 'reorganisation',
      type: 'fusion_absorption',
      type_source: 'ACQUISITION',
      libelle_source: 'Apvienošana pievienojot',
      date: '2026-10-01',
      fondement: null,
      role: 'absorbee',
      societe_liee: '40003900001',
      numero_affaire: null,
      institution: null,
      inscrit_le: null,
    });
    const absorbing = (await get('40003900001/evenements')).body;
    expect(absorbing.evenements).to.have.length(1);
    expect(absorbing.evenements[0]).to.include({
      famille: 'reorganisation',
      type: 'fusion_absorption',
      role: 'absorbante',
      societe_liee: '40003900006',
    });
  });

  it('the three routes refuse a sole trader and are priced as the contract says', async () => {
    for (const p of ['evenements', 'insolvabilite', 'comptes']) {
      const { res, body } = await get(`41500900004/${p}`);
      expect([res.status, body.error]).to.deep.equal([404, 'entreprise_individuelle_non_servie']);
    }
    const prices = Object.fromEntries(
      t.service.app.registry.routes.filter((r) => r.path.startsWith('/v1/eu/')).map((r) => [r.path, r.price]),
    );
    expect(prices).to.deep.include({
      '/v1/eu/recherche': 3000,
      '/v1/eu/entreprise/{pays}/{id}': 10_000,
      '/v1/eu/entreprise/EE/{registrikood}/dirigeants': 10_000,
      '/v1/eu/entreprise/EE/{registrikood}/associes': 20_000,
      '/v1/eu/entreprise/EE/{registrikood}/comptes': 20_000,
      '/v1/eu/entreprise/EE/{registrikood}/evenements': 20_000,
      '/v1/eu/entreprise/LV/{regnr}/associes': 20_000,
      '/v1/eu/entreprise/LV/{regnr}/dirigeants': 10_000,
      '/v1/eu/entreprise/LV/{regnr}/beneficiaires-effectifs': 20_000,
      '/v1/eu/entreprise/LV/{regnr}/comptes': 30_000,
      '/v1/eu/entreprise/LV/{regnr}/evenements': 20_000,
      '/v1/eu/entreprise/LV/{regnr}/insolvabilite': 20_000,
    });
  });
});
