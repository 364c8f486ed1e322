import { expect } from 'chai';
import { ApiError } from '../../../api/errors/apiError.ts';
import { isKnownErrorCode } from '../../../api/errors/errorCodes.ts';
import { assertCovered, type UnitIdentity } from '../../../api/routes/entreprise/sireneCoverage.ts';
import { tvaIntracommunautaire } from '../../../api/routes/entreprise/tvaIntracommunautaire.ts';

const unit = (over: Partial<UnitIdentity>): UnitIdentity => ({
  siren: '005420021',
  statut_diffusion: 'O',
  etat_administratif: 'A',
  categorie_juridique: '5710',
  ...over,
});

function refusal(u: UnitIdentity | undefined): ApiError {
  try {
    assertCovered('005420021', u, (x) => ({ siren: x.siren }));
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('French company coverage rules and VAT number', () => {
  it('computes the intra-EU VAT key from the SIREN (DGFiP formula)', () => {
    expect(tvaIntracommunautaire('404833048')).to.equal('FR83404833048');
    expect(tvaIntracommunautaire('005420021')).to.equal('FR62005420021');
  });

  it('serves a diffusible legal person with its status and legal category', () => {
    expect(() => assertCovered('005420021', unit({}), () => ({}))).not.to.throw();
  });

  it('refuses in the contract order, each with a listed code', () => {
    const cases: [UnitIdentity | undefined, number, string][] = [
      [undefined, 404, 'entreprise_inconnue'],
      [unit({ statut_diffusion: 'N' }), 404, 'entreprise_inconnue'],
      [unit({ statut_diffusion: 'P', categorie_juridique: '1000' }), 400, 'diffusion_partielle_non_couverte'],
      [unit({ categorie_juridique: '1000' }), 400, 'entreprise_individuelle_non_couverte'],
      [unit({ categorie_juridique: '2110' }), 400, 'groupement_sans_personnalite_morale_non_couvert'],
      [unit({ categorie_juridique: '9210' }), 400, 'groupement_sans_personnalite_morale_non_couvert'],
      [unit({ categorie_juridique: '0000' }), 400, 'groupement_sans_personnalite_morale_non_couvert'],
      [unit({ categorie_juridique: null }), 404, 'identite_incomplete'],
      [unit({ etat_administratif: null }), 404, 'identite_incomplete'],
    ];
    for (const [u, status, code] of cases) {
      const err = refusal(u);
      expect([err.status, err.code], JSON.stringify(u)).to.deep.equal([status, code]);
      expect(isKnownErrorCode(code), code).to.equal(true);
    }
  });

  it('names every missing identity field and gives the partial record', () => {
    const err = refusal(unit({ etat_administratif: null, categorie_juridique: null }));
    expect(err.toBody()).to.deep.include({
      siren: '005420021',
      champs_absents: ['etat_administratif', 'nature_juridique'],
      fiche: { siren: '005420021' },
    });
  });
});
