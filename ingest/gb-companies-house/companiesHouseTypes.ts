/**
 * Company types of Companies House (`type` of a company profile, `company_type` of a search item) with their
 * labels as Companies House's own code list spells them (api-enumerations `constants.yml`, `company_type`;
 * live/SOURCE.txt). Every type listed is a body corporate or a legal person under its own law (a company, an
 * LLP, a registered society, a Scottish partnership whose members are companies, an overseas company or
 * entity and its UK establishment). Companies House registers no sole trader. Not listed, so not guessed
 * (`forme_juridique_non_servie`): `limited-partnership` (no legal personality in England, partners who may be
 * natural persons), `converted-or-closed`, `other`, and any type the list does not have.
 */
export const COMPANIES_HOUSE_TYPES: Readonly<Record<string, string>> = {
  'private-unlimited': 'Private unlimited company',
  ltd: 'Private limited company',
  plc: 'Public limited company',
  'old-public-company': 'Old public company',
  'private-limited-guarant-nsc-limited-exemption':
    "Private Limited Company by guarantee without share capital, use of 'Limited' exemption",
  'private-limited-guarant-nsc': 'Private limited by guarantee without share capital',
  'private-unlimited-nsc': 'Private unlimited company without share capital',
  'private-limited-shares-section-30-exemption': "Private Limited Company, use of 'Limited' exemption",
  'protected-cell-company': 'Protected cell company',
  'assurance-company': 'Assurance company',
  'oversea-company': 'Overseas company',
  'eeig-establishment': 'European Economic Interest Grouping Establishment (EEIG)',
  'icvc-securities': 'Investment company with variable capital',
  'icvc-warrant': 'Investment company with variable capital',
  'icvc-umbrella': 'Investment company with variable capital',
  'registered-society-non-jurisdictional': 'Registered society',
  'industrial-and-provident-society': 'Industrial and Provident society',
  'northern-ireland': 'Northern Ireland company',
  'northern-ireland-other': 'Credit union (Northern Ireland)',
  llp: 'Limited liability partnership',
  'royal-charter': 'Royal charter company',
  'investment-company-with-variable-capital': 'Investment company with variable capital',
  'unregistered-company': 'Unregistered company',
  'european-public-limited-liability-company-se': 'European public limited liability company (SE)',
  'united-kingdom-societas': 'United Kingdom Societas',
  'uk-establishment': 'UK establishment company',
  'scottish-partnership': 'Scottish qualifying partnership',
  'charitable-incorporated-organisation': 'Charitable incorporated organisation',
  'scottish-charitable-incorporated-organisation': 'Scottish charitable incorporated organisation',
  'further-education-or-sixth-form-college-corporation':
    'Further education or sixth form college corporation',
  eeig: 'European Economic Interest Grouping (EEIG)',
  ukeig: 'United Kingdom Economic Interest Grouping',
  'registered-overseas-entity': 'Overseas entity',
};

/**
 * A company number: 8 characters, 8 digits (England and Wales) or 2 capital letters and 6 digits (SC Scotland,
 * NI Northern Ireland, OC an LLP, FC an overseas company, BR a UK establishment, RS a registered society…), no
 * check digit. Asked exactly as the register writes it: upper case, leading zeros included.
 */
export const COMPANY_NUMBER = /^(?:\d{8}|[A-Z]{2}\d{6})$/;
