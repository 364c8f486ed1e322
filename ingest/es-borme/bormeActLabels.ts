/** Acts that name holders by role (`Adm. Unico: NAME;NAME.`): only roles and counts are kept. */
const OFFICER_ACT_LABELS = [
  'Nombramientos',
  'Ceses/Dimisiones',
  'Reelecciones',
  'Revocaciones',
  'Cancelaciones de oficio de nombramientos',
  'Declaración de unipersonalidad',
  'Sociedad unipersonal',
] as const;

export const OFFICER_ACTS: ReadonlySet<string> = new Set(OFFICER_ACT_LABELS);

/**
 * Act types of BORME section A, labels verbatim as the documents print them (each followed by `.` or `:`).
 * Those of the samples (shared/samples/borme/BORME-A-2015-27-10.pdf, test/fixtures/es-borme/*.xml: 2026 spells
 * some with their accents) and the other usual ones; an act whose
 * type is not listed keeps the types that are (its text is never stored).
 */
export const ACT_LABELS = [
  'Constitución',
  ...OFFICER_ACT_LABELS,
  'Pérdida del caracter de unipersonalidad',
  'Pérdida del carácter de unipersonalidad',
  'Modificaciones estatutarias',
  'Cambio de denominación social',
  'Cambio de domicilio social',
  'Cambio de objeto social',
  'Ampliacion del objeto social',
  'Ampliación del objeto social',
  'Ampliación de capital',
  'Reducción de capital',
  'Desembolso de dividendos pasivos',
  'Disolución',
  'Extinción',
  'Reactivación de la sociedad',
  'Situación concursal',
  'Fusión por absorción',
  'Fusión por unión',
  'Escisión parcial',
  'Escisión total',
  'Transformación de sociedad',
  'Emisión de obligaciones',
  'Depósito de libros',
  'Primera inscripción',
  'Reapertura hoja registral',
  'Cierre provisional hoja registral por baja en el índice de Entidades Jurídicas',
  'Cierre provisional de la hoja registral por revocación del NIF',
  'Cierre provisional hoja registral Art.485 TRLC',
  'Otros conceptos',
  'Fe de erratas',
  'Página web de la sociedad',
] as const;
