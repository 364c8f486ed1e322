import { expect } from 'chai';
import type { Knex } from 'knex';
import { tendanceOf } from '../../../api/routes/intelligence/comptesBlock.ts';
import { renderIntelligencePdf, servedAtOf } from '../../../api/routes/intelligence/intelligencePdf.ts';
import {
  createSectorMediansCache,
  nafDivisionOf,
  type SectorYear,
} from '../../../api/routes/intelligence/sectorMedians.ts';
import { syntheseOf } from '../../../api/routes/intelligence/synthese.ts';

const NOW = new Date('2026-12-02T10:00:00Z');
const CITATION = 'Sirene (version 2026-11-20) — servi par Registres API le 2026-12-02T10:00:00Z';
const knex = {} as Knex;

describe('intelligence report: trends, sector medians, synthesis, PDF (unit)', () => {
  it('reads the NAF division from a class code, null from anything else', () => {
    expect(nafDivisionOf('70.10Z')).to.equal('70');
    expect(nafDivisionOf('7010Z')).to.equal(null);
    expect(nafDivisionOf(null)).to.equal(null);
  });

  it('calls a change under one point stable, else up or down; null without two values', () => {
    expect(tendanceOf(8, 8.9)).to.equal('stable');
    expect(tendanceOf(8, 9)).to.equal('hausse');
    expect(tendanceOf(8, 6.5)).to.equal('baisse');
    expect(tendanceOf(null, 6)).to.equal(null);
  });

  it('reads a division’s medians once per copy; a request does not wait past its bound', async () => {
    const year: SectorYear = {
      annee: 2024,
      nombre_entreprises: 3,
      medianes: { marge_ebe: 5, marge_nette: 2, bfr_sur_ca: 10 },
    };
    let release!: (v: SectorYear[]) => void;
    let reads = 0;
    const reader = () => {
      reads++;
      return new Promise<SectorYear[]>((resolve) => {
        release = resolve;
      });
    };
    const cache = createSectorMediansCache({ waitMs: 0 });
    const window = { from: 2020, to: 2024 };
    expect(await cache.read(knex, '70', window, 'v1', reader)).to.equal(null);
    release([year]);
    expect(await cache.read(knex, '70', window, 'v1', reader)).to.deep.equal([year]);
    expect(reads).to.equal(1);
    // Another copy of the register is read again.
    const next = cache.read(knex, '70', window, 'v2', reader);
    release([]);
    expect(await next).to.deep.equal([]);
    expect(reads).to.equal(2);
  });

  it('raises each flag from its block by its rule, and none from an absent block', () => {
    const blocs = {
      comptes: {
        nombre_exercices: 2,
        exercices: [
          {
            date_cloture: '2023-12-31',
            chiffre_affaires: 90,
            resultat_net: -5,
            croissance_ca: -10,
            secteur: { ecarts: { marge_ebe: -2.5 } },
          },
          {
            date_cloture: '2022-12-31',
            chiffre_affaires: 100,
            resultat_net: 3,
            croissance_ca: null,
            secteur: null,
          },
        ],
        tendances: { marge_ebe: { entreprise: 'baisse', position_dernier: 'en_dessous' } },
      },
      procedures_collectives: {
        nombre: 1,
        liste: [{ categorie: 'cloture', date: '2021-03-01' }],
        tronque: false,
      },
    };
    const s = syntheseOf({
      profil: { date_creation: '2000-12-03', etat_administratif: 'cesse', nombre_etablissements: 1 },
      blocs,
      absents: [{ bloc: 'contentieux', raison: 'amont_indisponible', message: 'x' }],
      now: NOW,
    });
    expect(s.age_annees).to.equal(25);
    expect((s.drapeaux as { code: string }[]).map((d) => d.code)).to.deep.equal([
      'entreprise_cessee',
      'comptes_anciens',
      'resultat_net_negatif',
      'chiffre_affaires_en_baisse',
      'marge_ebe_sous_mediane_secteur',
    ]);
    expect(s.blocs).to.deep.equal({ servis: 2, absents: 1, dont_panne_amont: 1 });
    expect(s.contentieux).to.equal(null);
    expect(s.procedures_collectives).to.deep.equal({
      nombre: 1,
      derniere_date: '2021-03-01',
      derniere_categorie: 'cloture',
    });
  });

  it('renders the same bytes for the same JSON, dated by its citation', async () => {
    const answer = {
      citation: CITATION,
      provenance: [{ registre: 'fr.sirene', version: '2026-11-20' }],
      siren: '005420120',
      denomination: 'SOCIETE DES SUCRERIES DU MARQUENTERRE',
      synthese: { drapeaux: [] },
      profil: { siren: '005420120' },
      blocs: {},
      blocs_absents: [{ bloc: 'pi', raison: 'copie_indisponible', message: 'Copie ≥ 1 jour' }],
    };
    const first = await renderIntelligencePdf(answer);
    const second = await renderIntelligencePdf(structuredClone(answer));
    expect(first.equals(second)).to.equal(true);
    expect(servedAtOf(CITATION).toISOString()).to.equal('2026-12-02T10:00:00.000Z');
    const later = await renderIntelligencePdf({
      ...answer,
      citation: CITATION.replace('10:00:00', '10:00:01'),
    });
    expect(later.equals(first)).to.equal(false);
  });
});
