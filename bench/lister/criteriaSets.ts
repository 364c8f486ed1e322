/**
 * Ten typical criteria sets, each with the SQL a developer would write by hand for the same question
 * (literals inlined, LIKE for prefixes): the baseline the list routes' generated, bound SQL is compared to.
 */
export interface CriteriaSet {
  name: string;
  criteres: { champ: string; op: string; valeur: unknown }[];
  tri?: string;
  handWhere: string;
  handOrder: string;
}

export const CRITERIA_SETS: CriteriaSet[] = [
  {
    name: 'dept 75 + NAF 62 + CA 1-10 M€',
    criteres: [
      { champ: 'siege.departement', op: '=', valeur: '75' },
      { champ: 'identite.naf', op: 'commence_par', valeur: '62' },
      { champ: 'finances.ca', op: 'entre', valeur: [1_000_000, 10_000_000] },
    ],
    handWhere: `etat = 'A' and departement = '75' and naf like '62%' and ca between 1000000 and 10000000`,
    handOrder: 'order by siren',
  },
  {
    name: 'PACA depts + SAS family',
    criteres: [
      { champ: 'siege.departement', op: 'in', valeur: ['13', '83', '84', '04', '05', '06'] },
      { champ: 'identite.forme', op: 'commence_par', valeur: '57' },
    ],
    handWhere: `etat = 'A' and departement in ('13','83','84','04','05','06') and forme like '57%'`,
    handOrder: 'order by siren',
  },
  {
    name: 'NAF 47.11 + workforce >= 11',
    criteres: [
      { champ: 'identite.naf', op: 'commence_par', valeur: '47.11' },
      { champ: 'identite.tranche_effectifs', op: '>=', valeur: '11' },
    ],
    handWhere: `etat = 'A' and naf like '47.11%' and tranche_effectifs >= '11' and tranche_effectifs ~ '^[0-9]+$'`,
    handOrder: 'order by siren',
  },
  {
    name: 'postal code 690xx',
    criteres: [{ champ: 'siege.code_postal', op: 'commence_par', valeur: '690' }],
    handWhere: `etat = 'A' and code_postal like '690%'`,
    handOrder: 'order by siren',
  },
  {
    name: 'CA > 50 M€, by CA desc',
    criteres: [{ champ: 'finances.ca', op: '>', valeur: 50_000_000 }],
    tri: '-finances.ca',
    handWhere: `etat = 'A' and ca > 50000000`,
    handOrder: 'order by ca desc nulls last, siren',
  },
  {
    name: 'created since 2020 in 33, newest first',
    criteres: [
      { champ: 'identite.date_creation', op: '>=', valeur: '2020-01-01' },
      { champ: 'siege.departement', op: '=', valeur: '33' },
    ],
    tri: '-identite.date_creation',
    handWhere: `etat = 'A' and date_creation >= date '2020-01-01' and departement = '33'`,
    handOrder: 'order by date_creation desc nulls last, siren',
  },
  {
    name: 'loss-making, CA > 1 M€, dept 59',
    criteres: [
      { champ: 'finances.resultat_net', op: '<', valeur: 0 },
      { champ: 'siege.departement', op: '=', valeur: '59' },
      { champ: 'finances.ca', op: '>', valeur: 1_000_000 },
    ],
    handWhere: `etat = 'A' and resultat_net < 0 and departement = '59' and ca > 1000000`,
    handOrder: 'order by siren',
  },
  {
    name: 'ceased in 44 with accounts since 2023',
    criteres: [
      { champ: 'identite.etat', op: '=', valeur: 'C' },
      { champ: 'siege.departement', op: '=', valeur: '44' },
      { champ: 'finances.date_cloture', op: '>=', valeur: '2023-01-01' },
    ],
    handWhere: `etat = 'C' and departement = '44' and date_cloture >= date '2023-01-01'`,
    handOrder: 'order by siren',
  },
  {
    name: 'SARL in construction (41), by CA desc',
    criteres: [
      { champ: 'identite.forme', op: '=', valeur: '5499' },
      { champ: 'identite.naf', op: 'commence_par', valeur: '41' },
    ],
    tri: '-finances.ca',
    handWhere: `etat = 'A' and forme = '5499' and naf like '41%'`,
    handOrder: 'order by ca desc nulls last, siren',
  },
  {
    name: 'Paris area, BFR > 50 %, CA 0.5-5 M€',
    criteres: [
      { champ: 'siege.departement', op: 'in', valeur: ['75', '92', '93', '94'] },
      { champ: 'finances.bfr_sur_ca', op: '>', valeur: 50 },
      { champ: 'finances.ca', op: 'entre', valeur: [500_000, 5_000_000] },
    ],
    handWhere: `etat = 'A' and departement in ('75','92','93','94') and bfr_sur_ca > 50 and ca between 500000 and 5000000`,
    handOrder: 'order by siren',
  },
  {
    name: 'no criteria (every active company)',
    criteres: [],
    handWhere: `etat = 'A'`,
    handOrder: 'order by siren',
  },
];
