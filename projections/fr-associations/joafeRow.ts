import { parseJsonMember } from '../../schemas/records/noticeSirens.ts';

export interface JoafeTheme {
  code: string;
  libelle: string | null;
}

/** A JOAFE notice as the association notices route serves it. Notices carry no SIREN and no person's name. */
export interface JoafeRow {
  id: string;
  rna: string;
  parution: string | null;
  date_parution: string | null;
  numero_annonce: number | null;
  type_code: string | null;
  type_libelle: string | null;
  forme: string | null;
  departement: string | null;
  date_declaration: string | null;
  lieu_declaration: string | null;
  titre: string | null;
  ancien_titre: string | null;
  nouveau_titre: string | null;
  objet: string | null;
  nouvel_objet: string | null;
  siege: { adresse: string | null; code_postal: string | null; commune: string | null } | null;
  site_web: string | null;
  themes: JoafeTheme[];
}

type Rec = Record<string, unknown>;

export function joafeRowOf(id: string, r: Rec): JoafeRow {
  const contenu = parseJsonMember(r.contenu) as Rec | null;
  const mainNode = text(r.internal_contenu_main_node);
  const main = (mainNode && contenu && (contenu[mainNode] as Rec | undefined)) || firstObject(contenu);
  const subNode = text(r.internal_contenu_subnode);
  const sub = (subNode && main && (main[subNode] as Rec | undefined)) || null;
  return {
    id,
    rna: String(r.numero_rna).trim().toUpperCase(),
    parution: text(r.parution_numero),
    date_parution: isoDate(r.dateparution),
    numero_annonce: typeof r.numero_annonce === 'number' ? r.numero_annonce : integer(r.numero_annonce),
    type_code: text(r.metadonnees_type_code),
    type_libelle: text(r.typeavis),
    forme: text(r.association_type_libelle),
    departement: text(r.departement_code),
    date_declaration: isoDate(r.datedeclaration),
    lieu_declaration: text(r.lieupref) ?? text(r.mapped_lieu_pref),
    titre: text(r.titre) ?? text(sub?.titre),
    ancien_titre: text(r.titre_ancien) ?? text(sub?.ancienTitre),
    nouveau_titre: text(r.titre_nouveau) ?? text(sub?.nouveauTitre),
    objet: text(r.objet) ?? text(sub?.objet),
    nouvel_objet: text(sub?.nouvelObjet),
    siege: siegeOf(parseJsonMember(r.siege_social) as Rec | null),
    site_web: text(sub?.siteWeb) ?? text(main?.siteWeb),
    themes: themesOf(r.domaine_activite_categorise, r.domaine_activite_libelle_categorise),
  };
}

function siegeOf(s: Rec | null): JoafeRow['siege'] {
  if (!s || typeof s !== 'object') return null;
  const adresse = [text(s.complGeographique), text(s.BP_ou_Lieudit_ou_CommuneDeleguee)]
    .filter((x): x is string => x !== null)
    .join(' ');
  return {
    adresse: adresse === '' ? null : adresse,
    code_postal: text(s.codePostal),
    commune: text(s.commune),
  };
}

/**
 * `domaine_activite_categorise` = `19000/19010` (theme / sub-theme), several joined by `###`; the labels
 * follow the same layout. Each code is served once with its label when the layouts agree.
 */
function themesOf(codes: unknown, labels: unknown): JoafeTheme[] {
  const c = text(codes);
  if (!c) return [];
  const l = text(labels);
  const codeGroups = c.split('###');
  const labelGroups = l ? l.split('###') : [];
  const out: JoafeTheme[] = [];
  codeGroups.forEach((group, i) => {
    const groupCodes = group.split('/').map((x) => x.trim());
    const groupLabels = labelGroups.length === codeGroups.length ? labelGroups[i]!.split('/') : [];
    groupCodes.forEach((code, j) => {
      if (code === '' || out.some((t) => t.code === code)) return;
      const libelle = groupLabels.length === groupCodes.length ? groupLabels[j]!.trim() : null;
      out.push({ code, libelle: libelle || null });
    });
  });
  return out;
}

function firstObject(value: Rec | null): Rec | null {
  if (!value) return null;
  for (const v of Object.values(value)) if (v && typeof v === 'object' && !Array.isArray(v)) return v as Rec;
  return null;
}

function text(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = String(v).trim();
  return t === '' ? null : t;
}

function isoDate(v: unknown): string | null {
  const t = text(v);
  return t && /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : null;
}

function integer(v: unknown): number | null {
  const n = Number(v);
  return Number.isInteger(n) ? n : null;
}
