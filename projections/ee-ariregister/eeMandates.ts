import { estonianDate } from './eeAriregisterProfile.ts';

type Person = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/**
 * Register role codes (`isiku_roll`) → organ and role. JUHL is confirmed by public fixtures of the real
 * file; the others are the register's usual codes and are NOT confirmed: an unknown code is still served,
 * with `organe` and `role_fr` null and the source code and label kept.
 */
export const ROLES: Record<string, { organe: string; role: string; role_fr: string }> = {
  JUHL: { organe: 'directoire', role: 'membre_directoire', role_fr: 'Membre du directoire' },
  JUHE: { organe: 'directoire', role: 'president_directoire', role_fr: 'Président du directoire' },
  NOUL: {
    organe: 'conseil_surveillance',
    role: 'membre_conseil_surveillance',
    role_fr: 'Membre du conseil de surveillance',
  },
  NOUE: {
    organe: 'conseil_surveillance',
    role: 'president_conseil_surveillance',
    role_fr: 'Président du conseil de surveillance',
  },
  PROK: { organe: 'fondes_de_pouvoir', role: 'fonde_de_pouvoir', role_fr: 'Fondé de pouvoir (prokurist)' },
  TOSAN: { organe: 'associes_commandites', role: 'associe_commandite', role_fr: 'Associé commandité' },
  LIKV: { organe: 'tiers', role: 'liquidateur', role_fr: 'Liquidateur' },
  PANKR: { organe: 'tiers', role: 'administrateur_faillite', role_fr: 'Administrateur de la faillite' },
  AUDIITOR: { organe: 'tiers', role: 'commissaire_aux_comptes', role_fr: 'Commissaire aux comptes' },
  KONTAKT: { organe: 'tiers', role: 'personne_de_contact', role_fr: 'Personne de contact' },
};

/**
 * Rows of the card that are not mandates: ownership (partners holding shares) and founders (`ASUTAJA`), both
 * served by the members route, counted, natural persons never named.
 */
const NOT_MANDATES = ['O', 'OSAN', 'ASUTAJA'];

export interface EeMandate {
  organe: string | null;
  role: string;
  role_source: string | null;
  role_libelle: string | null;
  role_fr: string | null;
  origine: string;
  titulaire: { type: 'personne_physique' | 'personne_morale'; prenom: string | null; nom: string | null };
  inscrit_le: string | null;
  carte: { type: string | null; numero: string | null; inscription: string | null };
}

/** A mandate is current when it has no end date, or one after the snapshot. */
function isCurrent(p: Person, snapshotDate: string | null): boolean {
  const end = estonianDate(p.lopp_kpv);
  return end === null || (snapshotDate !== null && end > snapshotDate);
}

/**
 * Current mandates of a company's card. A natural person carries first name, last name and role only (the
 * ingest already removed identity codes, birth dates, addresses and e-mails; this map picks nothing else).
 */
export function eeMandates(persons: readonly Person[], snapshotDate: string | null): EeMandate[] {
  return persons
    .filter((p) => !NOT_MANDATES.includes(String(p.isiku_roll)) && isCurrent(p, snapshotDate))
    .map((p) => {
      const code = text(p.isiku_roll);
      const known = code ? ROLES[code] : undefined;
      const natural = p.isiku_tyyp === 'F';
      return {
        organe: known?.organe ?? null,
        role: known?.role ?? 'autre',
        role_source: code,
        role_libelle: text(p.isiku_roll_tekstina),
        role_fr: known?.role_fr ?? null,
        origine: 'fiche_registre',
        titulaire: {
          type: natural ? 'personne_physique' : 'personne_morale',
          prenom: natural ? text(p.eesnimi) : null,
          nom: text(p.nimi_arinimi),
        },
        inscrit_le: estonianDate(p.algus_kpv),
        carte: { type: text(p.kaardi_tyyp), numero: text(p.kaardi_nr), inscription: text(p.kande_nr) },
      };
    });
}
