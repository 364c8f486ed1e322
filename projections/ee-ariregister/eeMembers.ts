import { estonianDate } from './eeAriregisterProfile.ts';

type Holder = Record<string, unknown>;
const text = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : String(v));
const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

export interface EeMember {
  type: 'personne_physique' | 'personne_morale';
  nom: string | null;
  registrikood_entite: string | null;
  code_etranger: string | null;
  pays: string | null;
  pays_libelle: string | null;
  part_pct: number | null;
  valeur_nominale: number | null;
  devise: string | null;
  propriete: { code: string | null; libelle: string | null };
  fraction: string | null;
  groupe: string | null;
  controle: { code: string | null; libelle: string | null; le: string | null } | null;
  depuis: string | null;
  role_source: string | null;
}

/**
 * Current shareholders of a company as the members route serves them: a legal person is named, with its
 * code and country; a natural person is counted, with its share, and never named or located (the ingest
 * already dropped its names and identifiers; this map reads none of them).
 */
export function eeMembers(holders: readonly Holder[]): EeMember[] {
  return holders
    .filter((h) => text(h.lopp_kpv) === null)
    .map((h) => {
      const legal = h.isiku_tyyp !== 'F';
      const code = text(h.isikukood_registrikood);
      const numerator = text(h.osaluse_murdosa_lugeja);
      const denominator = text(h.osaluse_murdosa_nimetaja);
      return {
        type: legal ? 'personne_morale' : 'personne_physique',
        nom: legal ? text(h.nimi_arinimi) : null,
        registrikood_entite: legal && code && /^\d{8}$/.test(code) ? code : null,
        code_etranger: legal ? text(h.valis_kood) : null,
        pays: legal ? (text(h.valis_kood_riik) ?? text(h.aadress_riik)) : null,
        pays_libelle: legal ? (text(h.valis_kood_riik_tekstina) ?? text(h.aadress_riik_tekstina)) : null,
        part_pct: num(h.osaluse_protsent),
        valeur_nominale: num(h.osaluse_suurus),
        devise: text(h.osaluse_valuuta),
        propriete: { code: text(h.osaluse_omandiliik), libelle: text(h.osaluse_omandiliik_tekstina) },
        fraction: numerator && denominator ? `${numerator}/${denominator}` : null,
        groupe: text(h.grupp),
        controle: text(h.kontrolli_allikas)
          ? {
              code: text(h.kontrolli_allikas),
              libelle: text(h.kontrolli_allikas_tekstina),
              le: estonianDate(h.kontrolli_allika_kpv),
            }
          : null,
        depuis: estonianDate(h.algus_kpv),
        role_source: text(h.isiku_roll),
      };
    });
}

/** Share held by natural persons, in percent, only when every current line gives its percentage. */
export function naturalPersonsPct(members: readonly EeMember[]): number | null {
  if (members.length === 0 || members.some((m) => m.part_pct === null)) return null;
  const sum = members
    .filter((m) => m.type === 'personne_physique')
    .reduce((s, m) => s + (m.part_pct ?? 0), 0);
  return Math.round(sum * 100) / 100;
}

/** `isiku_roll` of a founder on the registry card (`Asutaja`). */
export const FOUNDER_ROLE = 'ASUTAJA';

export interface EeFounder {
  type: 'personne_physique' | 'personne_morale';
  nom: string | null;
  registrikood_entite: string | null;
  apport: number | null;
  devise: string | null;
  depuis: string | null;
}

/**
 * The founders listed on the registry card: a legal person is named, with its code and contribution; a natural
 * person is counted with its contribution, never named (the ingest already dropped its names). Null when the
 * card lists none: the card does not always keep its founders, so no line is not "no founder".
 */
export function eeFounders(
  persons: readonly Holder[],
): { nombre: number; nombre_personnes_physiques: number; liste: EeFounder[] } | null {
  const founders = persons.filter((p) => p.isiku_roll === FOUNDER_ROLE);
  if (founders.length === 0) return null;
  const liste = founders.map((p): EeFounder => {
    const legal = p.isiku_tyyp !== 'F';
    const code = text(p.isikukood_registrikood);
    return {
      type: legal ? 'personne_morale' : 'personne_physique',
      nom: legal ? text(p.nimi_arinimi) : null,
      registrikood_entite: legal && code && /^\d{8}$/.test(code) ? code : null,
      apport: num(p.osamaks),
      devise: text(p.osamaksu_valuuta),
      depuis: estonianDate(p.algus_kpv),
    };
  });
  return {
    nombre: liste.length,
    nombre_personnes_physiques: liste.filter((f) => f.type === 'personne_physique').length,
    liste,
  };
}
