import type { ColumnSpec } from '../core/filesPass.ts';

/**
 * Columns of the `enheter` CSV: the early-2024 layout (54) and the newer one (66), verbatim from
 * shared/FORMATS.md §4, plus two names a 2025 importer reads. Mapped by name; others are reported.
 */
const ENHETER_KNOWN = [
  ...'organisasjonsnummer,navn,organisasjonsform.kode,organisasjonsform.beskrivelse,naeringskode1.kode,naeringskode1.beskrivelse,naeringskode2.kode,naeringskode2.beskrivelse,naeringskode3.kode,naeringskode3.beskrivelse,hjelpeenhetskode.kode,hjelpeenhetskode.beskrivelse,harRegistrertAntallAnsatte,antallAnsatte,registreringsdatoAntallAnsatteEnhetsregisteret,registreringsdatoantallansatteNAVAaregisteret,hjemmeside,epostadresse,telefon,mobil,postadresse.adresse,postadresse.poststed,postadresse.postnummer,postadresse.kommune,postadresse.kommunenummer,postadresse.land,postadresse.landkode,forretningsadresse.adresse,forretningsadresse.poststed,forretningsadresse.postnummer,forretningsadresse.kommune,forretningsadresse.kommunenummer,forretningsadresse.land,forretningsadresse.landkode,institusjonellSektorkode.kode,institusjonellSektorkode.beskrivelse,sisteInnsendteAarsregnskap,registreringsdatoenhetsregisteret,stiftelsesdato,registrertIMvaRegisteret,registreringsdatoMerverdiavgiftsregisteret,registreringsdatoMerverdiavgiftsregisteretEnhetsregisteret,frivilligMvaRegistrertBeskrivelser,registreringsdatoFrivilligMerverdiavgiftsregisteret,registrertIFrivillighetsregisteret,registreringsdatoFrivillighetsregisteret,registrertIForetaksregisteret,registreringsdatoForetaksregisteret,registrertIStiftelsesregisteret,registrertIPartiregisteret,registreringsdatoPartiregisteret,konkurs,konkursdato,underAvvikling,underAvviklingDato,underTvangsavviklingEllerTvangsopplosning,tvangsopplostPgaManglendeDagligLederDato,tvangsopplostPgaManglendeRevisorDato,tvangsopplostPgaManglendeRegnskapDato,tvangsopplostPgaMangelfulltStyreDato,tvangsavvikletPgaManglendeSlettingDato,overordnetEnhet,maalform,vedtektsdato,vedtektsfestetFormaal,aktivitet'.split(
    ',',
  ),
  'registreringsnummerIHjemlandet',
  'paategninger',
];

export const ENHETER_COLUMNS: ColumnSpec = {
  required: ['organisasjonsnummer', 'navn', 'organisasjonsform.kode'],
  known: ENHETER_KNOWN,
};

/** `underenheter` CSV, early-2024 layout (36 columns) and the newer additions (FORMATS.md §4). */
export const UNDERENHETER_COLUMNS: ColumnSpec = {
  required: ['organisasjonsnummer', 'navn'],
  known: [
    ...'organisasjonsnummer,navn,organisasjonsform.kode,organisasjonsform.beskrivelse,naeringskode1.kode,naeringskode1.beskrivelse,naeringskode2.kode,naeringskode2.beskrivelse,naeringskode3.kode,naeringskode3.beskrivelse,hjelpeenhetskode.kode,hjelpeenhetskode.beskrivelse,harRegistrertAntallAnsatte,antallAnsatte,hjemmeside,postadresse.adresse,postadresse.poststed,postadresse.postnummer,postadresse.kommune,postadresse.kommunenummer,postadresse.land,postadresse.landkode,beliggenhetsadresse.adresse,beliggenhetsadresse.poststed,beliggenhetsadresse.postnummer,beliggenhetsadresse.kommune,beliggenhetsadresse.kommunenummer,beliggenhetsadresse.land,beliggenhetsadresse.landkode,registreringsdatoIEnhetsregisteret,frivilligMvaRegistrertBeskrivelser,registrertIMvaregisteret,oppstartsdato,datoEierskifte,overordnetEnhet,nedleggelsesdato'.split(
      ',',
    ),
    'registreringsdatoAntallAnsatteEnhetsregisteret',
    'registreringsdatoantallansatteNAVAaregisteret',
    'epostadresse',
    'telefon',
    'mobil',
    'registreringsdatoMerverdiavgiftsregisteret',
    'registreringsdatoMerverdiavgiftsregisteretEnhetsregisteret',
    'registreringsdatoFrivilligMerverdiavgiftsregisteret',
  ],
};
