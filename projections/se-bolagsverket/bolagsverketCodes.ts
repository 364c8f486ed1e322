/**
 * Labels of Bolagsverket's code lists as published (kodlista 1–3 of the bulk file's page;
 * shared/samples/bolagsverket/kodlista_extracted.json), keyed by the code without its suffix.
 */
export const ORGANISATIONSFORMER: Readonly<Record<string, string>> = {
  AB: 'Aktiebolag',
  BAB: 'Bankaktiebolag',
  BF: 'Bostadsförening',
  BFL: 'Utländsk banks filial',
  BRF: 'Bostadsrättsförening',
  E: 'Enskild näringsverksamhet',
  EB: 'Enkla bolag',
  EEIG: 'Europeisk ekonomisk intressegruppering',
  EGTS: 'Europeisk gruppering för territoriellt samarbete',
  EK: 'Ekonomisk förening',
  FAB: 'Försäkringsaktiebolag',
  FF: 'Försäkringsförmedlare',
  FL: 'Filial',
  FOF: 'Försäkringsförening',
  HB: 'Handelsbolag',
  I: 'Ideell förening som bedriver näringsverksamhet',
  KB: 'Kommanditbolag',
  KHF: 'Kooperativ hyresrättsförening',
  MB: 'Medlemsbank',
  OFB: 'Ömsesidigt försäkringsbolag',
  OTPB: 'Ömsesidigt tjänstepensionsbolag',
  S: 'Stiftelse som bedriver näringsverksamhet',
  SB: 'Sparbank',
  SCE: 'Europakooperativ',
  SE: 'Europabolag',
  SF: 'Sambruksförening',
  TPAB: 'Tjänstepensionsaktiebolag',
  TPF: 'Tjänstepensionsförening',
  TSF: 'Trossamfund som bedriver näringsverksamhet',
};

export const AVREGISTRERINGSORSAKER: Readonly<Record<string, string>> = {
  AKEJH: 'Aktiekapitalet inte höjts',
  ARSEED: 'Årsredovisning saknas',
  AVREG: 'Avregistrerad',
  BABAKEJH: 'Ombildat till bankaktiebolag eller aktiekapitalet inte höjts',
  DELAV: 'Delning',
  DOM: 'Beslut av instans',
  FUAV: 'Fusion',
  GROMAV: 'Gränsöverskridande ombildning',
  KKAV: 'Konkurs',
  LIAV: 'Likvidation',
  NYINN: 'Ny innehavare',
  OMAV: 'Ombildning',
  OMBAB: 'Ombildat till bankaktiebolag',
  OVERK: 'Overksamhet',
  UTLKKLI: 'Det utländska företagets likvidation eller konkurs',
  VDSAK: 'Verkställande direktör saknas',
  VERKUPP: 'Verksamheten har upphört',
};

export const FORFARANDEN: Readonly<Record<string, string>> = {
  AC: 'Ackordsförhandling',
  DEOL: 'Överlåtande vid delning',
  DEOT: 'Övertagande vid delning',
  FR: 'Företagsrekonstruktion',
  FUOL: 'Överlåtande i fusion',
  FUOT: 'Övertagande i fusion',
  GROM: 'Gränsöverskridande ombildning',
  KK: 'Konkurs',
  LI: 'Likvidation',
  OM: 'Ombildning',
  RES: 'Resolution',
};

/** `AB-ORGFO` → `AB`. */
export const withoutSuffix = (code: string) => code.replace(/-[A-Z]+$/, '');
