import type { Knex } from 'knex';
import { BE_KBO_PROFILES } from '../../../projections/be-kbo/beKboProjection.ts';
import type { NomNonServi } from '../../../schemas/enums/nomNonServi.ts';
import type { ViesNamePolicy } from '../../../schemas/events/euViesEvents.ts';
import type { EuVatNumber } from '../../../schemas/identifiers/euVatNumber.ts';
import { legalCategoryRefusal } from '../../../schemas/legalForms/legalCategoryCoverage.ts';
import { readUnit } from '../entreprise/readEtablissements.ts';

/**
 * Whether the name (and address) VIES returns for a number may be served: the contract never serves a natural
 * person's. Decided conservatively, before VIES is asked:
 * - FR: the SIREN inside the number (FR + 2-character key + 9 digits) in our Sirene copy. A diffusible legal
 *   person (a served legal category) → served as VIES gives it; a sole trader (category 1000) →
 *   `personne_physique`; a group without legal personality (indivisions, de facto ventures, often named after
 *   their members) → `personne_physique_possible`; a SIREN we do not know or under restricted diffusion →
 *   `identite_non_verifiable`.
 * - BE: the enterprise number in our KBO copy, which holds legal persons only: found → served; else the
 *   legal-form rule below.
 * - elsewhere, or BE unknown: served only when VIES's name carries a legal-form token
 *   (schemas/legalForms/viesLegalForms.ts); otherwise `personne_physique_possible`.
 * `policy` is what VIES's parser may keep in the log; `withheld`, when set, is served instead of the name
 * whatever VIES returned.
 */
export interface ViesNameDecision {
  policy: ViesNamePolicy;
  withheld: NomNonServi | null;
}

const TOKEN_RULE: ViesNameDecision = { policy: 'jeton_forme_juridique', withheld: null };
const VERIFIED: ViesNameDecision = { policy: 'personne_morale_verifiee', withheld: null };
const withheld = (why: NomNonServi): ViesNameDecision => ({ policy: 'jeton_forme_juridique', withheld: why });

/** A table a service composed without that register's read model does not have: nothing known of it. */
const isMissingTable = (err: unknown) => (err as { code?: unknown })?.code === '42P01';

async function frenchDecision(knex: Knex, number: string): Promise<ViesNameDecision> {
  const siren = /^[0-9A-Z]{2}(\d{9})$/.exec(number)?.[1];
  if (!siren) return withheld('identite_non_verifiable');
  const unit = await readUnit(knex, siren).catch((err: unknown) => {
    if (isMissingTable(err)) return undefined;
    throw err;
  });
  if (unit?.statut_diffusion !== 'O') return withheld('identite_non_verifiable');
  const category = unit.categorie_juridique;
  if (category === null) return withheld('identite_non_verifiable');
  const refusal = legalCategoryRefusal(category);
  if (refusal === 'entreprise_individuelle') return withheld('personne_physique');
  if (refusal !== null) return withheld('personne_physique_possible');
  return VERIFIED;
}

async function belgianDecision(knex: Knex, number: string): Promise<ViesNameDecision> {
  const row = await knex(BE_KBO_PROFILES)
    .first<{ personne_physique: boolean } | undefined>('personne_physique')
    .where({ id_national: number })
    .catch((err: unknown) => {
      if (isMissingTable(err)) return undefined;
      throw err;
    });
  if (!row) return TOKEN_RULE;
  return row.personne_physique ? withheld('personne_physique') : VERIFIED;
}

/** Whether (and how) the trader's name may be served, for one checked number. */
export function viesNameDecision(knex: Knex, vat: EuVatNumber): Promise<ViesNameDecision> {
  if (vat.memberState === 'FR') return frenchDecision(knex, vat.number);
  if (vat.memberState === 'BE') return belgianDecision(knex, vat.number);
  return Promise.resolve(TOKEN_RULE);
}
