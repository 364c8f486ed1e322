import type { Dirigeant } from '../../../schemas/events/frRneEvents.ts';

/** The officers of a KYB answer: legal persons named, natural persons counted by role, never named. */
export interface KybDirigeants {
  personnes_morales: {
    siren: string | null;
    denomination: string | null;
    fonction: string | null;
    code_fonction: string | null;
    actif: boolean | null;
  }[];
  personnes_physiques: {
    nombre: number;
    par_fonction: { fonction: string | null; code_fonction: string | null; nombre: number }[];
  };
}

/**
 * The RNE's officers as KYB serves them. The RNE reading already holds no natural person's name; this keeps
 * the count of natural persons per role (`code_fonction`, in the order first met) and the legal persons whole.
 */
export function kybDirigeantsOf(dirigeants: readonly Dirigeant[]): KybDirigeants {
  const personnes_morales: KybDirigeants['personnes_morales'] = [];
  const roles = new Map<string, { fonction: string | null; code_fonction: string | null; nombre: number }>();
  let nombre = 0;
  for (const d of dirigeants) {
    if (d.type === 'personne_morale') {
      personnes_morales.push({
        siren: d.siren,
        denomination: d.denomination,
        fonction: d.fonction,
        code_fonction: d.code_fonction,
        actif: d.actif,
      });
      continue;
    }
    nombre++;
    const key = `${d.code_fonction ?? ''}\u0000${d.fonction ?? ''}`;
    const role = roles.get(key) ?? { fonction: d.fonction, code_fonction: d.code_fonction, nombre: 0 };
    role.nombre++;
    roles.set(key, role);
  }
  return { personnes_morales, personnes_physiques: { nombre, par_fonction: [...roles.values()] } };
}
