/**
 * Company forms of Denmark's CVR (`virksomhedsform[].virksomhedsformkode`), with the long description the
 * register publishes (`langBeskrivelse`, cut at 50 characters as CVR stores it) and whether the form is a legal
 * person (`morale`) or a natural person's business (`physique`: a sole proprietorship, a personally owned small
 * business, a deceased person's estate, all named after the person). A code not listed here is not guessed
 * (95 trust, 210 other foreign enterprise, 270 unit being registered, 280 other forms, 285 special financial
 * undertaking, 990 form not stated): the profile answers `forme_juridique_non_servie`. Source: live/SOURCE.txt.
 */
export const CVR_COMPANY_FORMS: Readonly<
  Record<string, { libelle: string; personne: 'morale' | 'physique' }>
> = {
  '10': { libelle: 'Enkeltmandsvirksomhed', personne: 'physique' },
  '15': { libelle: 'Personligt ejet Mindre Virksomhed', personne: 'physique' },
  '20': { libelle: 'Dødsbo', personne: 'physique' },
  '30': { libelle: 'Interessentskab', personne: 'morale' },
  '40': { libelle: 'Kommanditselskab', personne: 'morale' },
  '45': { libelle: 'Medarbejderinvesteringsselskab', personne: 'morale' },
  '50': { libelle: 'Partrederi', personne: 'morale' },
  '60': { libelle: 'Aktieselskab', personne: 'morale' },
  '70': { libelle: 'Kommanditaktieselskab/Partnerselskab', personne: 'morale' },
  '80': { libelle: 'Anpartsselskab', personne: 'morale' },
  '81': { libelle: 'Iværksætterselskab', personne: 'morale' },
  '90': { libelle: 'Fonde og andre selvejende institutioner', personne: 'morale' },
  '100': { libelle: 'Erhvervsdrivende fond', personne: 'morale' },
  '110': { libelle: 'Forening', personne: 'morale' },
  '115': { libelle: 'Frivillig forening', personne: 'morale' },
  '130': { libelle: 'Andelsselskab (-forening)', personne: 'morale' },
  '140': { libelle: 'Andelsselskab med begrænset ansvar', personne: 'morale' },
  '150': { libelle: 'Forening eller selskab med begrænset ansvar', personne: 'morale' },
  '151': { libelle: 'Selskab med begrænset ansvar', personne: 'morale' },
  '152': { libelle: 'Forening med begrænset ansvar', personne: 'morale' },
  '160': { libelle: 'Europæisk Økonomisk Firmagruppe', personne: 'morale' },
  '170': { libelle: 'Filial af udenlandsk aktieselskab', personne: 'morale' },
  '180': { libelle: 'Filial af udenlandsk anpartsselskab', personne: 'morale' },
  '190': { libelle: 'Filial af udenlandsk virksomhed med begrænset ansv', personne: 'morale' },
  '195': { libelle: 'SCE-selskab', personne: 'morale' },
  '220': { libelle: 'Fast forretningssted af Europæisk økonomisk Firmag', personne: 'morale' },
  '230': { libelle: 'Statslig administrativ enhed', personne: 'morale' },
  '235': { libelle: 'Selvstændig offentlig virksomhed', personne: 'morale' },
  '240': { libelle: 'Amtskommune', personne: 'morale' },
  '245': { libelle: 'Region', personne: 'morale' },
  '250': { libelle: 'Primærkommune', personne: 'morale' },
  '260': { libelle: 'Folkekirkelige Institutioner', personne: 'morale' },
  '290': { libelle: 'SE-selskab', personne: 'morale' },
  '291': { libelle: 'Filial af SE-selskab', personne: 'morale' },
  '520': { libelle: 'Grønlandsk afdeling af udenlandsk selskab', personne: 'morale' },
};
