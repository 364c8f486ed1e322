/**
 * Event contract of Spain's BORME base (register `es.borme`, Boletín Oficial del Registro Mercantil, Sección
 * primera "Actos inscritos"). One pass reads every per-province section A document of the base held; each
 * act is one entity:
 * - `acto`: one numbered act of a document, id = `<year>-<act number>` (the number is unique per year),
 *   record = EsBormeAct. Natural persons named in the act (administrators, sole shareholders, attorneys,
 *   auditors) are never kept: an officers' act keeps each role and how many holders it names; free-text
 *   acts keep their type only.
 * - `diario`: one day's issue whose sumario the pass read, id = the sumario's identificador
 *   (`BORME-S-2026-183`), record = EsBormeDiario: its number, date and the section A documents it lists,
 *   each read (from its XML, else its PDF). Provenance only: no read model needs it.
 * - `fichier`: which document (or sumario) the pass read (see ingest/core/filesPass.ts).
 */
export const ES_BORME_REGISTER = 'es.borme';
export const ACT = 'acto';
export const DIARIO = 'diario';

/** A day's BORME issue, as its sumario lists it, and how each of its section A documents was read. */
export interface EsBormeDiario {
  identificador: string;
  numero: number;
  /** YYYY-MM-DD. */
  fecha_publicacion: string;
  documentos: { identificador: string; titulo: string; format: 'xml' | 'pdf' }[];
}

/** An officers' act names holders by role: the role verbatim, the number of holders, never their names. */
export interface EsBormeRole {
  cargo: string;
  nombre_titulaires: number;
}

/** One act type of a numbered act (`Constitución`, `Nombramientos`, `Disolución`…), label verbatim. */
export interface EsBormeActType {
  tipo: string;
  /** Officers' acts only: the roles named and their counts. */
  cargos?: EsBormeRole[];
  /** `Cambio de denominación social`: the new name (a company's). */
  denominacion_nueva?: string;
  /** `Constitución` (its `Domicilio:`) and `Cambio de domicilio social`: the registered address. */
  domicilio?: string;
}

/** One numbered act of a section A document. */
export interface EsBormeAct {
  /** Normalised registry sheet: province prefix, hyphen, number (`CC-11959`). */
  hoja: string;
  numero_acto: number;
  /** The company's name as the act's heading gives it (trailing period removed). */
  denominacion: string;
  /** The registry's province, as the document's title gives it (`CÁCERES`). */
  registro: string;
  /** Document id (`cve`), e.g. `BORME-A-2015-27-10`. */
  documento: string;
  borme_numero: number | null;
  /** Publication date of the BORME, YYYY-MM-DD. */
  fecha_publicacion: string | null;
  actos: EsBormeActType[];
  /** `Datos registrales`: tomo, libro, folio, sección, hoja as printed, inscripción and its date. */
  datos_registrales: {
    tomo: string | null;
    libro: string | null;
    folio: string | null;
    seccion: string | null;
    hoja: string;
    inscripcion: string | null;
    fecha_inscripcion: string | null;
  };
}

export const esBormeStreamOf = (row: { kind: string; id: string }) =>
  `${ES_BORME_REGISTER}-${row.kind}-${row.id}`;
