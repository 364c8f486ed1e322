import { RNA_IMPORT } from '../../schemas/events/frRnaEvents.ts';

/** What the association record serves of an RNA row: no manager address, no civility, phone, e-mail or note. */
export interface RnaRow {
  rna: string;
  source: string;
  id_ex: string | null;
  siret: string | null;
  titre: string | null;
  titre_court: string | null;
  objet: string | null;
  objet_social1: string | null;
  objet_social2: string | null;
  nature: string | null;
  groupement: string | null;
  position: string | null;
  gestion: string | null;
  date_creation: string | null;
  date_declaration: string | null;
  date_publication: string | null;
  date_dissolution: string | null;
  adresse: string | null;
  code_postal: string | null;
  commune: string | null;
  code_insee: string | null;
  site_web: string | null;
  mis_a_jour_le: string | null;
}

type Rec = Record<string, string | null | undefined>;

export function rnaRowOf(kind: string, id: string, r: Rec): RnaRow {
  const imported = kind === RNA_IMPORT;
  return {
    rna: id,
    source: kind,
    id_ex: text(imported ? r.id : r.id_ex),
    siret: /^\d{14}$/.test(text(r.siret) ?? '') ? text(r.siret) : null,
    titre: text(r.titre),
    titre_court: text(r.titre_court),
    objet: text(r.objet),
    objet_social1: socialCode(r.objet_social1),
    objet_social2: socialCode(r.objet_social2),
    nature: text(r.nature),
    groupement: text(r.groupement),
    position: text(r.position),
    gestion: text(r.gestion),
    date_creation: date(r.date_creat),
    date_declaration: date(r.date_decla),
    date_publication: date(r.date_publi),
    date_dissolution: date(r.date_disso),
    adresse: imported
      ? joined([r.adr1, r.adr2, r.adr3])
      : joined([
          r.adrs_complement,
          r.adrs_numvoie,
          r.adrs_repetition,
          r.adrs_typevoie,
          r.adrs_libvoie,
          r.adrs_distrib,
        ]),
    code_postal: text(r.adrs_codepostal),
    commune: text(imported ? r.libcom : r.adrs_libcommune),
    code_insee: text(r.adrs_codeinsee),
    site_web: text(r.siteweb),
    mis_a_jour_le: text(r.maj_time),
  };
}

function text(v: string | null | undefined): string | null {
  const t = v?.trim() ?? '';
  return t === '' ? null : t;
}

/** `0001-01-01` is how RNA writes "no date". */
function date(v: string | null | undefined): string | null {
  const t = text(v);
  if (!t || !/^\d{4}-\d{2}-\d{2}$/.test(t) || t === '0001-01-01') return null;
  return t;
}

/** `000000` is the nomenclature's "none". */
function socialCode(v: string | null | undefined): string | null {
  const t = text(v);
  return t && t !== '000000' ? t : null;
}

/** Address parts as published, `_` placeholders dropped, runs of spaces collapsed. */
function joined(parts: (string | null | undefined)[]): string | null {
  const kept = parts
    .map((p) => (p ?? '').replace(/\s+/g, ' ').trim())
    .filter((p) => p !== '' && p !== '_' && !/^_+$/.test(p))
    .map((p) => p.replace(/^_+/, ''));
  return kept.length > 0 ? kept.join(' ') : null;
}
