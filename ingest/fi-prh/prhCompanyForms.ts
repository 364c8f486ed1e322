/**
 * Company forms of Finland's trade register (YTJ `companyForms[].type`), all legal persons under Finnish law
 * (partnerships included). A code not listed here is not guessed (a private trader; 19, a branch of a foreign
 * trader, who may be a natural person): the profile
 * answers `forme_juridique_non_servie`. Source: live/SOURCE.txt.
 */
export const PRH_COMPANY_FORMS: Readonly<Record<string, string>> = {
  '2': 'Housing company',
  '3': 'Resident-administered area',
  '4': 'Right-of-occupancy association',
  '5': 'Partnership',
  '6': 'Non-profit association',
  '7': 'Finnish branch of a European economic interest grouping',
  '8': 'European economic interest grouping',
  '9': 'Mortgage society',
  '10': 'Limited liability joint-stock property company',
  '11': 'Public mutual insurance company',
  '12': 'Mutual insurance company',
  '13': 'Limited partnership',
  '14': 'Co-operative',
  '15': 'Co-operative bank',
  '16': 'Limited company',
  '17': 'Public limited company',
  '18': 'Foundation',
  '20': 'Savings bank',
  '21': 'Association for carrying on economic activity',
  '22': 'State-owned company',
  '23': 'Public limited insurance company',
  '24': 'Limited insurance company',
  '25': 'Insurance association',
  '80': 'European company',
  '83': 'European co-operative society',
  '84': 'European co-operative bank',
};
