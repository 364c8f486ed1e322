import type { HandlerDeps } from '../../catalogue/route.ts';
import { readAlertes } from '../alertes.ts';
import { absentBlock, type BlockReading, served } from '../entreprise/blockReading.ts';
import { ETABLISSEMENTS_LIMIT } from '../entreprise/etablissementsList.ts';
import { readEtablissements } from '../entreprise/readEtablissements.ts';
import type { UnitRow } from '../entreprise/unitFields.ts';
import { readCompanyVat } from '../tva/readCompanyVat.ts';

/**
 * `facturation_prep` has no route of its own among the French ones; the contract prices the invoicing
 * verification `/v1/facturation/dossier` at $0.03, which is what this block is: $0.03.
 */
export const FACTURATION_PREP_PRICE = 30_000;

const NOTE =
  'Numéro de TVA calculé du SIREN et vérifié en direct auprès de VIES ; adresse de facturation : le siège dans Sirene ; établissements ouverts dans Sirene ; procédures collectives : les signaux des annonces BODACC en vigueur (aucun signal ne prouve pas l’absence de procédure). / VAT number computed from the SIREN and checked live with VIES; billing address: the Sirene head office; open establishments; collective proceedings from live BODACC notices (none does not prove there is none).';

const bloc = 'facturation_prep';

/** What an invoice to a French company needs beyond its VAT number: the billing address and what stands in the way. */
export interface BillingFacts {
  adresse_facturation: {
    siret: string;
    adresse: string | null;
    code_postal: string | null;
    commune: string | null;
  } | null;
  etablissements_ouverts: string[];
  procedures_collectives: Awaited<ReturnType<typeof readAlertes>>['alertes'];
  listes_bornees: {
    etablissements_ouverts: { nombre_total: number; tronque: boolean; total_borne_basse: boolean };
    procedures_collectives: { nombre_total: number; tronque: boolean; total_borne_basse: boolean };
  };
}

/**
 * The head office's address as billing address, the open establishments' SIRETs and the collective
 * proceedings of the company's live BODACC notices (the alerts' reading, radiations left out): read by this
 * block and by GET /v1/facturation/dossier.
 */
export async function readBillingFacts(deps: HandlerDeps, unit: UnitRow): Promise<BillingFacts> {
  const [{ total, rows }, alertes] = await Promise.all([
    readEtablissements(deps.knex, unit.siren, ETABLISSEMENTS_LIMIT),
    readAlertes(deps.knex, unit),
  ]);
  const siege = rows.find((e) => e.est_siege);
  const ouverts = rows.filter((e) => e.etat_administratif === 'A').map((e) => e.siret);
  const procedures = alertes.alertes.filter((a) => a.categorie !== 'radiation');
  const etablissementsTronque = total > rows.length;
  const alertesTronque = alertes.listes_bornees.alertes.tronque;
  return {
    adresse_facturation: siege
      ? {
          siret: siege.siret,
          adresse: siege.adresse,
          code_postal: siege.code_postal,
          commune: siege.commune,
        }
      : null,
    etablissements_ouverts: ouverts,
    procedures_collectives: procedures,
    listes_bornees: {
      etablissements_ouverts: {
        nombre_total: ouverts.length,
        tronque: etablissementsTronque,
        total_borne_basse: etablissementsTronque,
      },
      procedures_collectives: {
        nombre_total: procedures.length,
        tronque: alertesTronque,
        total_borne_basse: alertesTronque,
      },
    },
  };
}

/**
 * What an invoice to the company needs, checked: its identity, its French VAT number (computed from the SIREN)
 * and VIES's verdict on it, and its billing facts (readBillingFacts). VIES down or the member state unavailable
 * makes the block absent (`amont_indisponible`), never a VAT number "invalid".
 */
export async function readFacturationPrepBlock(
  deps: HandlerDeps,
  unit: UnitRow,
): Promise<BlockReading<Record<string, unknown>>> {
  const vat = await readCompanyVat(deps, unit.siren, bloc);
  if (!vat.value) return absentBlock(vat.absent!);
  const facts = await readBillingFacts(deps, unit);
  return served(
    {
      siren: unit.siren,
      denomination: unit.denomination,
      numero_tva: vat.value.numero_tva,
      tva: vat.value.tva,
      ...facts,
      note: NOTE,
    },
    vat.provenance,
  );
}
