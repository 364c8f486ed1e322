/**
 * `statut` of an EU-funded project (GET /v1/entreprise/{siren}/financements-ue), the source's `status` kept
 * verbatim in `statut_source`. The contract shows `signe` (source `SIGNED`); the others are ours:
 * - `signe`: the grant agreement is signed and running (`SIGNED`);
 * - `clos`: the project is over (`CLOSED`);
 * - `resilie`: the grant was terminated early (`TERMINATED`);
 * - `autre`: any other published value, which `statut_source` gives.
 */
export const CORDIS_STATUTS = ['signe', 'clos', 'resilie', 'autre'] as const;
export type CordisStatut = (typeof CORDIS_STATUTS)[number];

export const CORDIS_STATUT_OF_SOURCE: Readonly<Record<string, CordisStatut>> = {
  SIGNED: 'signe',
  CLOSED: 'clos',
  TERMINATED: 'resilie',
};

/**
 * `participation.role`: the contract's four values, verbatim (in English). The source's `role` is kept in
 * `role_source`. Horizon 2020 writes an associated partner `partner`, Horizon Europe `associatedPartner`;
 * a value outside these maps to null, with `role_source` as published.
 */
export const CORDIS_ROLES = ['coordinator', 'participant', 'associated partner', 'third party'] as const;
export type CordisRole = (typeof CORDIS_ROLES)[number];

export const CORDIS_ROLE_OF_SOURCE: Readonly<Record<string, CordisRole>> = {
  coordinator: 'coordinator',
  participant: 'participant',
  partner: 'associated partner',
  associatedPartner: 'associated partner',
  thirdParty: 'third party',
};
